"""The hands' rows written in Python give the HTML the Jinja loop gave, byte for byte.

``reference_table.html`` keeps ``scoresheet/_table.html`` as it was, with the rows as a Jinja
loop; each test renders the table both ways from the same context, in a request, and compares.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from flask import Flask, render_template

from webapp.decks import Deck
from webapp.i18n import LANGUAGES
from webapp.scoresheet import views
from webapp.scoresheet.sheet import HouseRules
from webapp.storage import scoresheet as store

REFERENCE = (Path(__file__).parent / "reference_table.html").read_text(encoding="utf-8")
BENCH = Path(__file__).resolve().parents[2] / "bench" / "scoresheet.py"


def _evening() -> tuple[HouseRules, list[dict[str, str]]]:
    """Return the scoresheet bench's house rules and evening of 48 hands (Bock, Ramsch, Kontra, Re)."""
    spec = importlib.util.spec_from_file_location("bench_scoresheet", BENCH)
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench.RULES, bench.evening()


def _both(app: Flask, token: str, lang: str, deck: Deck, *, editable: bool) -> tuple[str, str]:
    with app.test_request_context(f"/{lang}/lists/{token}", headers={"Cookie": f"deck={deck.slug}"}):
        app.preprocess_request()
        context = views._context(views._load(token), editable=editable)
        new = render_template("scoresheet/_table.html", **context)
        old = app.jinja_env.from_string(REFERENCE).render(**context)
    return new, old


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rows_of_a_whole_evening_are_the_jinja_loops(app: Flask, lang: str) -> None:
    rules, hands = _evening()
    with app.app_context():
        token = store.create_list(title="Evening", players=["Anna", "Ben", "Cem", "Dora"],
                                  rules=rules.tokens(), hands=hands)
    for deck in Deck:
        for editable in (True, False):
            new, old = _both(app, token, lang, deck, editable=editable)
            assert new == old
            assert new.count("<tr id=\"hand-") == 48 and "hand__bock" in new


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_rows_with_issues_and_markup_in_names_are_the_jinja_loops(app: Flask, lang: str) -> None:
    rules, hands = _evening()
    misplaced = [*reversed(hands[:20]), {"kind": "ramsch", "points_1": "1", "points_2": "59", "points_3": "60"},
                 {"kind": "passed"}, {"kind": "game", "declarer": "1", "game": "grand", "matadors": "1",
                                      "points": "70", "bid": "24", "kontra": "1"}]
    names = ['<b>Anna</b>', 'Ben & "Co"', "Cem's", "Dora"]
    with app.app_context():
        tokens = [
            store.create_list(title="<i>x</i>", players=names, rules=rules.tokens(), hands=misplaced),
            store.create_list(title="", players=names[:3], rules=HouseRules().tokens(),
                              hands=[{**hand, "declarer": "2"} for hand in hands[:12] if hand["kind"] == "game"]),
        ]
    pages = []
    for token in tokens:
        for deck in Deck:
            new, old = _both(app, token, lang, deck, editable=True)
            assert new == old
            pages.append(new)
    assert "hand__issue" in pages[0] and "hand--issue" in pages[0]
    assert "&lt;b&gt;Anna&lt;/b&gt;" in pages[0] and "<b>Anna" not in pages[0]
    assert "Ben &amp; &#34;Co&#34;" in pages[0]
