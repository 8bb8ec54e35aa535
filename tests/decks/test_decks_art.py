"""The card images: all there, well-formed, alike in shape, self-contained, up to date."""

from __future__ import annotations

import hashlib
import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from conftest import ROOT
from webapp.decks import Deck, back_image, card_image

STATIC = ROOT / "webapp" / "static"
NOTATIONS = [s + r for s in "CSHD" for r in "789TJQKA"]
SVG = "{http://www.w3.org/2000/svg}"
COLOUR_SAFE = [STATIC / card_image(n, Deck.FRENCH, colour_safe=True) for n in NOTATIONS]
ALL_FILES = [STATIC / card_image(n, d) for d in Deck for n in NOTATIONS] + COLOUR_SAFE + [STATIC / back_image()]


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_cards", ROOT / "tools" / "make_cards.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_card_of_every_deck_has_an_image() -> None:
    assert len(ALL_FILES) == 129
    missing = [str(p.relative_to(STATIC)) for p in ALL_FILES if not p.is_file()]
    assert not missing


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: str(p.relative_to(STATIC)))
def test_image_is_a_small_self_contained_svg(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    assert root.get("viewBox") == "0 0 240 336"
    assert len(text.encode()) < 10_000
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    for el in root.iter():
        tag = el.tag.removeprefix(SVG)
        # no scripts, embedded documents, raster images or text that needs a font
        assert tag not in {"script", "foreignObject", "image", "text", "style", "a", "iframe"}, tag
        for name, value in el.attrib.items():
            if name.endswith("href"):
                assert value.startswith("#") and value[1:] in ids, (name, value)
            for ref in re.findall(r"url\(([^)]*)\)", value):
                assert ref.startswith("#") and ref[1:] in ids, (name, value)
            assert "http" not in value, (name, value)
            assert not name.startswith("on"), name
    # the only http in the file is the SVG namespace
    assert text.count("http") == 1 and "http://www.w3.org/2000/svg" in text


@pytest.mark.parametrize("deck", list(Deck))
def test_each_card_of_a_deck_looks_different(deck: Deck) -> None:
    digests = {hashlib.sha256((STATIC / card_image(n, deck)).read_bytes()).hexdigest() for n in NOTATIONS}
    assert len(digests) == 32


def test_four_colour_deck_colours_its_suits() -> None:
    def colours(deck: Deck, suit: str) -> set[str]:
        text = (STATIC / card_image(suit + "7", deck)).read_text()
        return set(re.findall(r'fill="(#[0-9a-f]{6})"', text))

    generator = load_generator()
    assert generator.GREEN in colours(Deck.FOUR_COLOUR, "S")
    assert generator.ORANGE in colours(Deck.FOUR_COLOUR, "D")
    assert generator.GREEN not in colours(Deck.FRENCH, "S")
    assert generator.RED in colours(Deck.FRENCH, "D")


def _seen_with_deficiency(colour: str, matrix: tuple[tuple[float, ...], ...]) -> tuple[float, float, float]:
    """Return ``colour`` (``#rrggbb``) as CIELAB, seen with a colour vision deficiency (Machado 2009, severity 1)."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    rgb = [linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5)]
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in matrix)
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, (
        0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))


@pytest.mark.parametrize("matrix", [DEUTERANOPIA, PROTANOPIA], ids=["deuteranopia", "protanopia"])
def test_colour_safe_suits_stay_apart_for_red_green_colour_blindness(matrix: tuple[tuple[float, ...], ...]) -> None:
    """High contrast's faces: every two suits' pips at least 25 apart in CIELAB, as a red-green colour-blind eye sees them.

    The four-colour deck's green spades and red hearts are only about 12 apart under deuteranopia.
    """
    inks = {suit: load_generator().PALETTES["colour-safe"][suit].ink for suit in "CSHD"}
    seen = {suit: _seen_with_deficiency(ink, matrix) for suit, ink in inks.items()}
    for suit, other in [("C", "S"), ("C", "H"), ("C", "D"), ("S", "H"), ("S", "D"), ("H", "D")]:
        distance = sum((a - b) ** 2 for a, b in zip(seen[suit], seen[other])) ** 0.5
        assert distance >= 25, (suit, other, distance)
    for suit, ink in inks.items():
        assert f'fill="{ink}"' in (STATIC / card_image(suit + "7", Deck.FRENCH, colour_safe=True)).read_text()


def test_committed_images_match_the_generator() -> None:
    """tools/make_cards.py is the source of the art: rerun it after changing it."""
    generated = load_generator().cards()
    assert len(generated) == 129
    stale = [
        name for name, text in generated.items()
        if (STATIC / "cards" / name).read_text(encoding="utf-8") != text
    ]
    assert not stale, f"run tools/make_cards.py: {stale[:5]}"


def test_licence_note_is_there() -> None:
    note = (STATIC / "cards" / "LICENSE.txt").read_text(encoding="utf-8")
    assert "CC0" in note and "AGPL-3.0-or-later" in note
