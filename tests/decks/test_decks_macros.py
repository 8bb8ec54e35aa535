"""The card macros: one <img> (or a button around it) per card, named in the current language."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from flask import Flask, render_template_string

from conftest import LANGUAGES, InLanguage, make_app
from webapp.decks import CARD_SIZES, Deck, card_name

IMPORT = '{% from "decks/macros.html" import card, card_back, card_row %}'


class Tags(HTMLParser):
    """Collect start tags as (tag, attributes) pairs."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, Any]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags(html: str, name: str | None = None) -> list[dict[str, Any]]:
    parser = Tags()
    parser.feed(html)
    return [attrs for tag, attrs in parser.tags if name is None or tag == name]


def render(source: str, **context: Any) -> str:
    return render_template_string(IMPORT + source, **context)


@pytest.mark.parametrize("deck", list(Deck))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_is_an_img_with_its_name(in_lang: InLanguage, lang: str, deck: Deck) -> None:
    with in_lang(lang):
        for n in ("CJ", "HT", "D7", "SA"):
            html = render("{{ card(c, deck) }}", c=n, deck=deck)
            (img,) = tags(html)
            assert re.fullmatch(f"/static/cards/{deck.slug}/sprite.svg\\?v=[0-9a-f]+#{n}", img["src"])
            assert img["alt"] == card_name(n, deck) != ""
            assert img["title"] == img["alt"]
            assert img["class"] == "card card--md"
            assert (int(img["width"]), int(img["height"])) == CARD_SIZES["md"]
            assert img["data-card"] == n


def test_card_names_in_alt_follow_the_language(in_lang: InLanguage) -> None:
    expected = {"en": "Unter of acorns", "de": "Eichel-Unter", "fr": "Unter de gland",
                "fi": "tammenterho-Unter", "ms": "Unter biji ek"}
    for lang, name in expected.items():
        with in_lang(lang):
            (img,) = tags(render('{{ card("CJ", "german", size="xl") }}'))
            assert img["alt"] == name
            assert img["class"] == "card card--xl"


def test_engine_cards_work_too(in_lang: InLanguage, engine: SimpleNamespace) -> None:
    ten = next(c for c in engine.DECK if str(c) == "HT")
    with in_lang("fi"):
        (img,) = tags(render("{{ card(c, deck, size='sm') }}", c=ten, deck=Deck.FRENCH))
    assert img["alt"] == "herttakymppi"
    assert img["src"].split("?v=")[0].endswith("/french/sprite.svg") and img["src"].endswith("#HT")
    assert (img["width"], img["height"]) == ("50", "70")


@pytest.mark.parametrize("size", list(CARD_SIZES))
def test_sizes(in_lang: InLanguage, size: str) -> None:
    with in_lang("en"):
        (img,) = tags(render("{{ card('SQ', size=size) }}", size=size))
    assert img["class"] == f"card card--{size}"
    assert (int(img["width"]), int(img["height"])) == CARD_SIZES[size]


def test_decorative_card_has_empty_alt(in_lang: InLanguage) -> None:
    with in_lang("de"):
        (img,) = tags(render("{{ card('CJ', 'french', decorative=True) }}"))
    assert img["alt"] == ""
    assert "title" not in img


def test_interactive_card_is_a_submit_button(in_lang: InLanguage) -> None:
    with in_lang("de"):
        html = render("{{ card('SJ', 'french', interactive=True) }}")
        (button,) = tags(html, "button")
        (img,) = tags(html, "img")
    assert button["type"] == "submit"
    assert (button["name"], button["value"]) == ("card", "SJ")
    assert "aria-pressed" not in button and "disabled" not in button
    assert img["alt"] == "Pik-Bube"  # the button's accessible name


def test_toggle_and_disabled_buttons(in_lang: InLanguage) -> None:
    with in_lang("fr"):
        html = render(
            "{{ card('DA', 'four-colour', interactive=True, name='lay', selected=True) }}"
            "{{ card('D7', 'four-colour', interactive=True, name='lay', selected=False) }}"
            "{{ card('D8', 'four-colour', interactive=True, disabled=True, form='play') }}"
        )
    b1, b2, b3 = tags(html, "button")
    assert (b1["name"], b1["value"], b1["aria-pressed"]) == ("lay", "DA", "true")
    assert b2["aria-pressed"] == "false"
    assert "disabled" in b3 and b3["form"] == "play"
    assert [img["alt"] for img in tags(html, "img")] == ["as de carreau", "sept de carreau", "huit de carreau"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_back(in_lang: InLanguage, lang: str) -> None:
    with in_lang(lang):
        html = render("{{ card_back() }}{{ card_back('lg', label='Skat') }}")
    first, second = tags(html, "img")
    assert first["src"].split("?v=")[0] == "/static/cards/french/sprite.svg" and first["src"].endswith("#back")
    assert first["alt"] and (lang == "en" or first["alt"] != "face-down card")
    assert second["alt"] == "Skat" and second["class"] == "card card--lg card--back"


def test_card_row(in_lang: InLanguage, engine: SimpleNamespace) -> None:
    hand = [c for c in engine.DECK if str(c) in {"CJ", "HA", "HT", "S7"}]
    with in_lang("ms"):
        html = render(
            "{{ card_row(hand, 'german', interactive=True, selected=['HA'], enabled=legal, label='Kad anda') }}",
            hand=hand,
            legal=[c for c in hand if str(c).startswith("H")],
        )
    (ul,) = tags(html, "ul")
    assert ul["class"] == "card-row card-row--md" and ul["aria-label"] == "Kad anda"
    assert len(tags(html, "li")) == 4
    buttons = {b["value"]: b for b in tags(html, "button")}
    assert set(buttons) == {"CJ", "HA", "HT", "S7"}
    assert buttons["HA"]["aria-pressed"] == "true" and buttons["HT"]["aria-pressed"] == "false"
    assert "disabled" in buttons["CJ"] and "disabled" in buttons["S7"]
    assert "disabled" not in buttons["HA"] and "disabled" not in buttons["HT"]
    alts = {img["data-card"]: img["alt"] for img in tags(html, "img")}
    assert alts["CJ"] == "Unter biji ek" and alts["HA"] == "Daus hati"


def test_plain_card_row(in_lang: InLanguage) -> None:
    with in_lang("en"):
        html = render("{{ card_row(['CJ', 'SJ'], 'french', size='sm', fan=True) }}")
    (ul,) = tags(html, "ul")
    assert ul["class"] == "card-row card-row--sm card-row--fan" and "aria-label" not in ul
    assert not tags(html, "button")
    assert [img["alt"] for img in tags(html, "img")] == ["jack of clubs", "jack of spades"]


def test_filters_for_other_templates(in_lang: InLanguage, engine: SimpleNamespace) -> None:
    with in_lang("de"):
        html = render_template_string(
            "{{ c | card_name(deck) }}|{{ s | suit_name(deck) }}|{{ r | rank_name('german') }}|"
            "{{ g | game_name(deck) }}|{{ 'jack of clubs' | upper_first }}|{{ c | card_image(deck) }}",
            c="CQ", s=engine.Suit.SPADES, r=engine.Rank.ACE, g=engine.GameType.SPADES, deck=Deck.GERMAN,
        )
    assert html == "Eichel-Ober|Grün|Daus|Grün|Jack of clubs|cards/german/CQ.svg"


def test_names_are_escaped(in_lang: InLanguage) -> None:
    with in_lang("en"):
        html = render("{{ card_back(label=label) }}", label='"><script>')
    assert "<script>" not in html and "&#34;&gt;&lt;script&gt;" in html


def test_macros_work_when_decks_is_not_the_default_domain(translations: Path) -> None:
    """The real app has several domains; the names always come from ``decks``."""
    app: Flask = make_app(translations, domain="messages")
    with app.test_request_context("/de/"):
        from flask import g
        from flask_babel import refresh

        g.lang = "de"
        refresh()
        (img,) = tags(render("{{ card('CJ', 'german') }}"))
    assert img["alt"] == "Eichel-Unter"
