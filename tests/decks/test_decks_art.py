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
ALL_FILES = [STATIC / card_image(n, d) for d in Deck for n in NOTATIONS] + [STATIC / back_image()]


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_cards", ROOT / "tools" / "make_cards.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_card_of_every_deck_has_an_image() -> None:
    assert len(ALL_FILES) == 97
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


def test_committed_images_match_the_generator() -> None:
    """tools/make_cards.py is the source of the art: rerun it after changing it."""
    generated = load_generator().cards()
    assert len(generated) == 97
    stale = [
        name for name, text in generated.items()
        if (STATIC / "cards" / name).read_text(encoding="utf-8") != text
    ]
    assert not stale, f"run tools/make_cards.py: {stale[:5]}"


def test_licence_note_is_there() -> None:
    note = (STATIC / "cards" / "LICENSE.txt").read_text(encoding="utf-8")
    assert "CC0" in note and "AGPL-3.0-or-later" in note
