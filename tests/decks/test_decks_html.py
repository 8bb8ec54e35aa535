"""The card macros written in Python give the HTML the Jinja macros gave, byte for byte.

``reference_macros.html`` keeps the Jinja macros as they were; every test here renders the
same call both ways, in a request, and compares the strings. Also: the names remembered per
catalog follow the language and the deck when they change in one process and one request.
"""

from __future__ import annotations

import re

import functools
import json
import itertools
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from flask import Flask, current_app, g, render_template_string
from flask_babel import force_locale, refresh
from jinja2 import Environment, Template
from markupsafe import Markup

from conftest import LANGUAGES, InLanguage, make_app
from webapp.decks import Deck, back_name, card_name, game_name, names, rank_name, suit_name

REFERENCE = (Path(__file__).parent / "reference_macros.html").read_text(encoding="utf-8")
NEW = '{% from "decks/macros.html" import card, card_back, card_row, card_faces %}'

CLASSES = ("", "wide glow", '"><b>', Markup("<i>safe</i>"))


@functools.cache
def _compiled(env: Environment, source: str) -> Template:
    return env.from_string(source)


def compiled(source: str) -> Template:
    """Compile a template once per app (``render_template_string`` compiles on every call)."""
    return _compiled(current_app.jinja_env, source)


def both(call: str, **context: Any) -> tuple[str, str]:
    """Render ``call`` with the Python macros and with the reference macros."""
    new = compiled(NEW + "{{ " + call + " }}").render(**context)
    old = compiled(REFERENCE + "{{ " + call + " }}").render(**context)
    return new, old


def assert_same(call: str, **context: Any) -> None:
    new, old = both(call, **context)
    assert new == old, call


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_every_option(in_lang: InLanguage, lang: str, engine: SimpleNamespace) -> None:
    queen = next(c for c in engine.DECK if str(c) == "SQ")
    options = itertools.product(
        (False, True),  # interactive
        (None, True, False),  # selected
        (False, True),  # disabled
        (False, True),  # decorative
        CLASSES,
        (None, "play", 'a"b'),  # form
        (True, False),  # title
    )
    with in_lang(lang):
        for interactive, selected, disabled, decorative, classes, form, title in options if lang == "de" else ():
            assert_same(
                "card(c, deck, size='lg', interactive=interactive, name='lay', selected=selected,"
                " disabled=disabled, decorative=decorative, classes=classes, form=form, title=title)",
                c="CJ", deck=Deck.GERMAN, interactive=interactive, selected=selected, disabled=disabled,
                decorative=decorative, classes=classes, form=form, title=title,
            )
        for c, deck, size in itertools.product(("D7", "HT", queen), (None, *Deck, "four-colour"), ("sm", "xl", "huge")):
            assert_same("card(c, deck, size=size)", c=c, deck=deck, size=size)
            assert_same("card(c, deck, size, True)", c=c, deck=deck, size=size)
        assert_same("card('CA')")
        assert_same("card('CA', 'german', interactive=1, selected='', disabled=0, title='')")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_back_every_option(in_lang: InLanguage, lang: str) -> None:
    labels = (None, "", "Skat", '"<x>&', Markup("<b>Skat</b>"), names.DECK_LABELS["german"])
    with in_lang(lang):
        for size, label, decorative, classes in itertools.product(("md", "sm", "huge"), labels, (False, True), CLASSES):
            assert_same("card_back(size, label=label, decorative=decorative, classes=classes)",
                        size=size, label=label, decorative=decorative, classes=classes)
        assert_same("card_back()")


def test_card_row_every_option(in_lang: InLanguage, engine: SimpleNamespace) -> None:
    hand = [c for c in engine.DECK if str(c) in {"CJ", "HA", "HT", "S7", "D9"}]
    options = itertools.product(
        (hand, ["CJ", "SJ"], []),  # cards
        (None, [], ["HA", "SJ"], hand[:2]),  # selected
        (None, [], ["HT", "CJ"]),  # enabled
        (None, "", "Your cards", '"<x>'),  # label
        (False, True),  # fan
        (False, True),  # interactive
        CLASSES[:3:2],
    )
    with in_lang("fi"):
        for cards, selected, enabled, label, fan, interactive, classes in options:
            assert_same(
                "card_row(cards, 'german', size='sm', interactive=interactive, name='play', selected=selected,"
                " enabled=enabled, label=label, fan=fan, form='f', classes=classes)",
                cards=cards, selected=selected, enabled=enabled, label=label, fan=fan,
                interactive=interactive, classes=classes,
            )
        assert_same("card_row(cards)", cards=hand)
        assert_same("card_row(cards, deck, 'lg', True)", cards=hand, deck=Deck.FOUR_COLOUR)


def test_the_same_errors(in_lang: InLanguage) -> None:
    with in_lang("en"):
        for call in ("card('XX')", "card('CJ', 'tarot')", "card('ZZ', decorative=True)"):
            with pytest.raises(ValueError):
                render_template_string(NEW + "{{ " + call + " }}")
            with pytest.raises(ValueError):
                render_template_string(REFERENCE + "{{ " + call + " }}")


def test_cards_are_markup_like_a_macro_call(in_lang: InLanguage) -> None:
    with in_lang("en"):
        html = render_template_string(NEW + "{% set x = card('CJ') %}{{ x ~ '<' }}|{{ card_row(['CJ']) | length }}")
    assert re.match(r'<img src="/static/cards/french/sprite\.svg\?v=[0-9a-f]+#CJ"', html)
    assert 'draggable="false">&lt;|' in html


def test_names_follow_the_language_in_one_request(app: Flask) -> None:
    with app.test_request_context("/de/"):
        said, drawn = [], []
        for lang in ("de", "fr", "de", "en", "fi"):
            g.lang = lang
            refresh()
            said.append((card_name("CJ", Deck.GERMAN), back_name(), Deck.GERMAN.label))
            drawn.append(render_template_string(NEW + "{{ card('CJ', 'german') }}{{ card_back() }}"))
        with force_locale("ms"):
            forced = card_name("CJ", "german")
        after = card_name("CJ", "german")
    assert [s[0] for s in said] == [
        "Eichel-Unter", "Unter de gland", "Eichel-Unter", "Unter of acorns", "tammenterho-Unter"
    ]
    assert said[0] == said[2] and said[1][1:] != said[0][1:] != said[3][1:]
    assert said[3][1:] == ("face-down card", "German")
    for (name, back, _), html in zip(said, drawn):
        assert f'alt="{name}"' in html and f'alt="{back}"' in html
    assert forced == "Unter biji ek"
    assert after == "tammenterho-Unter"


def test_names_follow_the_language_and_deck_across_requests(in_lang: InLanguage, engine: SimpleNamespace) -> None:
    hearts = engine.Suit.HEARTS
    seen = {}
    for lang in ("fr", "en", "fr", "de"):
        for deck in (Deck.GERMAN, Deck.FRENCH, Deck.FOUR_COLOUR, Deck.GERMAN):
            with in_lang(lang):
                seen[lang, deck] = (
                    card_name("SA", deck), suit_name(hearts, deck), rank_name("ACE", deck), game_name("CLUBS", deck)
                )
    assert seen["fr", Deck.GERMAN] == ("Daus de feuille", "cœur", "Daus", "Gland")
    assert seen["fr", Deck.FRENCH] == seen["fr", Deck.FOUR_COLOUR] == ("as de pique", "cœur", "as", "Trèfle")
    assert seen["en", Deck.GERMAN] == ("Daus of leaves", "hearts", "Daus", "Acorns")
    assert seen["de", Deck.FRENCH] == ("Pik-Ass", "Herz", "Ass", "Kreuz")


def test_names_outside_a_request_are_english() -> None:
    assert card_name("CJ", "german") == "Unter of acorns"
    assert back_name() == "face-down card"


def test_a_second_app_has_its_own_static_folder(translations: Path) -> None:
    other = make_app(translations)
    other.static_url_path = "/assets"
    other.view_functions.clear()
    other.url_map = type(other.url_map)()
    other.add_url_rule("/assets/<path:filename>", endpoint="static", view_func=other.send_static_file)
    with other.test_request_context("/fr/", base_url="http://localhost/skat/"):
        g.lang = "fr"
        refresh()
        html = render_template_string(NEW + "{{ card('CJ') }}{{ card_back() }}")
    assert re.search(r'src="/skat/assets/cards/french/sprite\.svg\?v=[0-9a-f]+#CJ" alt="valet de trèfle"', html)
    assert re.search(r'src="/skat/assets/cards/french/sprite\.svg\?v=[0-9a-f]+#back"', html)


def test_remembered_cards_follow_the_root_the_deck_and_the_language(app: Flask, engine: SimpleNamespace) -> None:
    """A card's HTML is remembered per catalog; the static folder's URL and the deck are part of its key."""
    jack = next(c for c in engine.DECK if str(c) == "CJ")
    calls = "card('CJ') ~ '|' ~ card(c, 'german') ~ '|' ~ card_row(['CJ'], 'four-colour')"
    expected = {"en": ("jack of clubs", "Unter of acorns"), "de": ("Kreuz-Bube", "Eichel-Unter")}
    for _ in range(2):
        for root in ("/", "/skat/", "/a/b/"):
            for lang, (french, german) in expected.items():
                with app.test_request_context(f"/{lang}/", base_url=f"http://localhost{root}"):
                    g.lang = lang
                    refresh()
                    new, old = both(calls, c=jack)
                assert new == old
                first, second, third = new.split("|")
                versioned = r'/sprite\.svg\?v=[0-9a-f]+#CJ" alt="'
                assert re.search(f'src="{root}static/cards/french{versioned}{french}"', first)
                assert re.search(f'src="{root}static/cards/german{versioned}{german}"', second)
                assert re.search(f'src="{root}static/cards/four-colour{versioned}{french}"', third)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_faces_are_each_card_drawn_once(in_lang: InLanguage, lang: str, engine: SimpleNamespace) -> None:
    grid = [["CJ", "SA", engine.Card(engine.Suit.HEARTS, engine.Rank.TEN)], ["D7"]]
    with in_lang(lang):
        for deck in (None, *Deck, "german"):
            faces = compiled(NEW + "{{ card_faces(grid, deck, size='sm', title=False) | tojson }}").render(
                grid=grid, deck=deck)
            cells = {str(c): str(compiled(NEW + "{{ card(c, deck, size='sm', title=False) }}").render(c=c, deck=deck))
                     for row in grid for c in row}
            assert json.loads(faces) == cells
            assert sorted(json.loads(faces)) == ["CJ", "D7", "HT", "SA"]
