"""Every worked example of rules.md §12, through the calculator page and through the API."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from flask.testing import FlaskClient

from webapp.i18n import MINUS


@dataclass(frozen=True)
class Example:
    """One row of rules.md §12: the inputs as URL parameters and what every part must say."""

    name: str
    params: dict[str, str]
    value: int
    won: bool
    overbid: bool
    score: int


def _params(game: str, matadors: int | None, **more: object) -> dict[str, str]:
    params = {"game": game, **{key: str(value) for key, value in more.items()}}
    if matadors is not None:
        params["matadors"] = str(matadors)
    return params


EXAMPLES = [
    Example("diamonds-61", _params("diamonds", 1, declarer_points=61, bid=18), 18, True, False, 18),
    Example("diamonds-60", _params("diamonds", 1, declarer_points=60, bid=18), 18, False, False, -36),
    Example("clubs-85", _params("clubs", 2, declarer_points=85, bid=36), 36, True, False, 36),
    Example("hearts-hand-schneider", _params("hearts", -2, hand=1, declarer_points=95, bid=40),
            50, True, False, 50),
    Example("grand-all-tricks", _params("grand", 4, declarer_points=120, declarer_tricks=10, bid=96),
            168, True, False, 168),
    Example("spades-declarer-schneider", _params("spades", -1, declarer_points=25, bid=22),
            33, False, False, -66),
    Example("diamonds-overbid", _params("diamonds", 1, declarer_points=70, bid=24), 27, False, True, -54),
    Example("hearts-schneider-announced",
            _params("hearts", 1, hand=1, schneider_announced=1, declarer_points=80, bid=30),
            50, False, False, -100),
    Example("null-ouvert-trick", _params("null", None, ouvert=1, declarer_tricks=1, bid=46),
            46, False, False, -92),
    Example("grand-ouvert",
            _params("grand", 4, hand=1, ouvert=1, declarer_points=120, declarer_tricks=10, bid=264),
            264, True, False, 264),
    Example("clubs-kontra-re", _params("clubs", 2, declarer_points=85, bid=36, kontra=1, re=1),
            36, True, False, 144),
    Example("diamonds-kontra-overbid", _params("diamonds", 1, declarer_points=75, bid=22, kontra=1),
            27, False, True, -108),
]


def page_params(example: Example) -> dict[str, str]:
    """Return the form's parameters: a Null's outcome is "took a trick" on the page."""
    params = dict(example.params)
    if params["game"] == "null":
        params["took_trick"] = "1" if params.pop("declarer_tricks") != "0" else "0"
    return params


def signed(score: int) -> str:
    return ("+" if score > 0 else MINUS) + str(abs(score))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda example: example.name)
def test_the_api_agrees_with_rules_md(reader: FlaskClient, example: Example) -> None:
    response = reader.get("/api/v1/score", query_string=example.params)
    assert response.status_code == 200, response.get_json()
    data = response.get_json()
    assert (data["value"], data["won"], data["overbid"], data["score"]) == (
        example.value, example.won, example.overbid, example.score,
    )
    assert data["steps"][-1] == {"kind": "score", "value": example.score}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda example: example.name)
def test_the_page_agrees_with_rules_md(reader: FlaskClient, example: Example) -> None:
    response = reader.get("/en/calculator/", query_string=page_params(example))
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    verdict = ("Won: " if example.won else "Lost: ") + signed(example.score)
    assert f'<p class="verdict verdict--{"won" if example.won else "lost"}">{verdict}</p>' in html
    assert f"<dd class=\"{'score-plus' if example.score > 0 else 'score-minus'}\">{signed(example.score)}</dd>" in html
    if example.overbid:
        assert f"<dt>Lost value (overbid)</dt><dd>{example.value}</dd>" in html
    else:
        assert f"<dt>Game value</dt><dd>{example.value}</dd>" in html


def test_hearts_with_2_hand_in_words_and_numbers(reader: FlaskClient) -> None:
    html = reader.get(
        "/en/calculator/?game=hearts&hand=1&matadors=2&declarer_points=75&bid=36"
    ).get_data(as_text=True)
    assert "10 × (2 + 1 + 1) = 40" in html
    assert "The game value 40 reaches the bid of 36." in html
    assert "Won: +40" in html
    for label in ("Hearts", "with 2", "Hand"):
        assert f"<li>{label}</li>" in html


def test_an_overbid_works_out_the_next_multiple_of_the_base_value(reader: FlaskClient) -> None:
    html = reader.get(
        "/en/calculator/?game=diamonds&matadors=1&declarer_points=70&bid=24"
    ).get_data(as_text=True)
    assert "9 × 3 = 27" in html
    assert "The game value 18 is below the bid of 24" in html
    assert f"{MINUS}2 × 27 = {MINUS}54" in html


@pytest.mark.parametrize(
    "params, declarer, others",
    [
        ({"game": "diamonds", "matadors": "1", "declarer_points": "61", "bid": "18"}, "+68", "0"),
        ({"game": "diamonds", "matadors": "1", "declarer_points": "60", "bid": "18"}, f"{MINUS}86", "+40"),
        ({"game": "diamonds", "matadors": "1", "declarer_points": "60", "bid": "18", "players": "4"},
         f"{MINUS}86", "+30"),
    ],
)
def test_seeger_fabian_of_the_first_rows(
    reader: FlaskClient, params: dict[str, str], declarer: str, others: str
) -> None:
    html = reader.get(
        "/en/calculator/", query_string={**params, "list": "seeger_fabian"}
    ).get_data(as_text=True)
    assert f">{declarer}</dd>" in html.split("Declarer (Seeger-Fabian)", 1)[1]
    assert f"<dt>Each other player</dt><dd>{others}</dd>" in html
    data = reader.get("/api/v1/score", query_string=params).get_json()
    assert data["seeger_fabian"] == {
        "declarer": int(declarer.replace(MINUS, "-")),
        "each_other": int(others),
    }


def test_the_readme_shows_what_the_api_answers(reader: FlaskClient) -> None:
    import json
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Scoring API", 1)[1]
    url, answer = re.search(r"curl '[^']*(/api/v1/score\?[^']*)'\n```\n\n```json\n(.*?)\n```", section, re.S).groups()
    assert reader.get(url).get_json() == json.loads(answer)
    error_url = re.findall(r"curl '[^']*(/api/v1/score\?[^']*)'", section)[1]
    error = reader.get(error_url)
    documented = json.loads(section.split(error_url, 1)[1].split("```json\n", 1)[1].split("\n```", 1)[0])
    assert error.status_code == 400
    data = error.get_json()
    assert {key: data[key] for key in ("field", "reason", "message")} == {
        key: documented[key] for key in ("field", "reason", "message")}
