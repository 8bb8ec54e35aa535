"""Presentation mode for lesson steps: the question first, the answer on request, nothing stored."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.helpers import english_leaks
from webapp.i18n import LANGUAGES
from webapp.lessons.course import LESSONS, lesson_named
from webapp.lessons.steps import Choose, Pick


def _first(kind: str) -> tuple[str, int]:
    for lesson in LESSONS:
        for number, step in enumerate(lesson.steps, start=1):
            if step.kind == kind:
                return lesson.slug, number
    raise AssertionError(kind)


def _links(html: str) -> dict[str, str]:
    return {key: href.replace("&amp;", "&") for href, key in re.findall(r'<a [^>]*href="([^"]+)"[^>]*data-key="(\w+)"', html)}


def test_a_question_shows_first_and_the_answer_on_request(client: FlaskClient) -> None:
    slug, number = _first("choose")
    step = lesson_named(slug).steps[number - 1]  # type: ignore[union-attr]
    assert isinstance(step, Choose)
    question = client.get(f"/en/learn/{slug}/{number}/present").get_data(as_text=True)
    assert "present-choice--right" not in question and "The answer:" not in question
    assert 'class="site-header"' not in question
    reveal = _links(question)["reveal"]
    assert reveal == f"/en/learn/{slug}/{number}/present?answer=1"
    answer = client.get(reveal).get_data(as_text=True)
    assert answer.count("present-choice--right") == 1 and "The answer:" in answer
    assert "reveal" not in _links(answer)
    assert _links(answer)["next"] == f"/en/learn/{slug}/{number + 1}/present"


def test_picked_cards_are_marked_only_once_revealed(client: FlaskClient) -> None:
    slug, number = _first("pick")
    step = lesson_named(slug).steps[number - 1]  # type: ignore[union-attr]
    assert isinstance(step, Pick)
    question = client.get(f"/en/learn/{slug}/{number}/present").get_data(as_text=True)
    answer = client.get(f"/en/learn/{slug}/{number}/present?answer=1").get_data(as_text=True)
    assert "present-card--right" not in question
    marked = re.findall(r'present-card--right">\s*<img[^>]*data-card="(\w\w)"', answer)
    assert sorted(marked) == sorted(str(card) for card in step.answer())
    if step.hint:
        assert "How to find it:" in answer


@pytest.mark.parametrize("kind", ["explain", "number", "order", "play"])
def test_every_kind_of_step_can_be_shown_and_revealed(client: FlaskClient, kind: str) -> None:
    slug, number = _first(kind)
    assert client.get(f"/en/learn/{slug}/{number}/present").status_code == 200
    answer = client.get(f"/en/learn/{slug}/{number}/present?answer=1").get_data(as_text=True)
    assert ("The answer:" in answer) == (kind != "explain")


def test_presenting_stores_no_learner(client: FlaskClient) -> None:
    slug, number = _first("choose")
    response = client.get(f"/en/learn/{slug}/{number}/present?answer=1")
    assert "learner" not in response.headers.get("Set-Cookie", "")


def test_an_unknown_step_is_not_found(client: FlaskClient) -> None:
    assert client.get("/en/learn/no-such-lesson/1/present").status_code == 404
    assert client.get("/en/learn/deck/999/present").status_code == 404


def test_htmx_gets_the_step_alone(client: FlaskClient) -> None:
    slug, number = _first("choose")
    part = client.get(f"/en/learn/{slug}/{number}/present?answer=1", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert part.lstrip().startswith('<section id="present-slide"')


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_presented_step_is_in_its_language(client: FlaskClient, lang: str) -> None:
    for kind in ("choose", "pick", "play"):
        slug, number = _first(kind)
        html = client.get(f"/{lang}/learn/{slug}/{number}/present?answer=1").get_data(as_text=True)
        assert f'<html lang="{lang}"' in html
        assert english_leaks(html, lang) == []
