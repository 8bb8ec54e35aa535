"""Free text is one canonical string: normalised, without invisible characters, spaces folded."""

from __future__ import annotations

import pytest

from webapp.text import INVISIBLE, clean_text


@pytest.mark.parametrize("typed", [
    "Anna\u200b", "\u200bAnna", "An\u200dna", "\ufeffAnna", "Anna\u2060",  # zero-width
    "\u202eAnna", "Anna\u202c", "\u2066Anna\u2069", "\u200fAnna\u200e", "\u061cAnna",  # bidi
    " Anna\t", "An\x00na", "Anna\x7f",  # spaces, controls
])
def test_what_looks_like_anna_is_anna(typed: str) -> None:
    assert clean_text(typed) == "Anna"


def test_text_is_nfc_so_either_keyboards_accent_is_one_letter() -> None:
    assert clean_text("Ren\u0065\u0301") == clean_text("Ren\u00e9") == "Ren\u00e9"
    assert clean_text("Mu\u0308ller") == "M\u00fcller"
    assert clean_text("A\u200b\u0308") == "\u00c4"  # the accent joins its letter once the space goes


def test_white_space_is_folded_and_words_stay_apart() -> None:
    assert clean_text("Anna\tMaria\n von\u00a0Berg") == "Anna Maria von Berg"
    assert clean_text("a \u200b b") == "a b"


def test_only_invisible_characters_make_empty_text() -> None:
    assert clean_text("".join(sorted(INVISIBLE))) == ""


def test_visible_letters_of_every_script_stay() -> None:
    for text in ("Ütz", "Ærø", "Łódź", "Ōsaka", "Тимо", "محمد", "שרה", "李", "🂡 Skat 🃏"):
        assert clean_text(text) == text
