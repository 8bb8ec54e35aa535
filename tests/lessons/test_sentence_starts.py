"""A card or seat name that opens a sentence starts it with a capital, in every language and deck:
crawled on the feedback of wrong lesson answers and on the coach of practice hands."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.practice import drive
from webapp.engine import Position
from webapp.lessons.course import LESSONS

from .solving import wrong_answers
from .test_views import feedback, form_for

LANGUAGES = ("en", "fr", "fi", "ms", "de")
DECKS = ("french", "four-colour", "german")
SENTENCE = re.compile(r"(?:^|(?<=[.?!])\s+)(\S+)")


def lower_starts(text: str) -> list[str]:
    """Return the sentences of ``text`` whose first letter is lower case."""
    text = " ".join(unescape(text).split())
    found = []
    for match in SENTENCE.finditer(text):
        word = match.group(1).lstrip("«»„“”\"'(–—−")
        if word[:1].isalpha() and word[:1].islower():
            found.append(text[match.start(1):match.start(1) + 60])
    return found


def test_lower_starts_finds_a_name_opening_a_sentence_in_lower_case() -> None:
    assert lower_starts("Sut trup: lekuk. sat daiman dimainkan dahulu.") == ["sat daiman dimainkan dahulu."]
    assert lower_starts("Sut trup: Lekuk. Sat daiman dimainkan dahulu. 3 × 10 = 30.") == []


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_feedback_opens_every_sentence_with_a_capital(client: FlaskClient, lang: str, deck: str) -> None:
    client.set_cookie("deck", deck)
    for lesson in LESSONS:
        for number, step in enumerate(lesson.steps, start=1):
            if not step.interactive:
                continue
            url = f"/{lang}/learn/{lesson.slug}/{number}"
            for wrong in wrong_answers(step)[:2]:
                client.post(url, data=form_for(step, wrong))
                html = client.get(url).get_data(as_text=True)
                assert lower_starts(feedback(html)) == [], (url, wrong)


def coach_texts(html: str) -> str:
    """Return the coach's advice and the last trick's taker on a practice page."""
    parts = re.findall(r'<p class="(?:coach__move|coach__reason|trick-box__winner)">(.*?)</p>', html, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", part) for part in parts)


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coach_opens_every_sentence_with_a_capital(app: Flask, client: FlaskClient, lang: str, deck: str) -> None:
    client.set_cookie("deck", deck)
    said = 0
    for seed, seat, choose in [(11, Position.FOREHAND, drive.declarer_choice), (5, Position.MIDDLEHAND, drive.defender_choice)]:
        hand_id = drive.start(client, seed=seed, seat=seat, lang=lang)
        for _ in range(40):
            state, revision, _seat = drive.stored(app, hand_id)
            if state.finished:
                break
            html = client.get(f"/{lang}/play/{hand_id}?hint=1").get_data(as_text=True)
            text = coach_texts(html)
            said += bool(text)
            assert lower_starts(text) == [], (seed, text)
            action = choose(state)
            client.post(f"/{lang}/play/{hand_id}", data={"revision": str(revision), **drive.form_for(action)})
    assert said > 10
