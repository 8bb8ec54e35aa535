"""A kept page spliced into gzip is the page with this request's values, for any text and places."""

from __future__ import annotations

import gzip
import random
import zlib

from webapp.kept_pages import KeptPage

A, B = "\x00a\x00", "\x00b\x00"
SIZES = {A: 5, B: 70_000}


def _unzipped(body: bytes) -> str:
    """The page in ``body``, which must be one gzip member and nothing after it."""
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    text = inflater.decompress(body).decode()
    assert inflater.eof and not inflater.unused_data
    assert gzip.decompress(body).decode() == text
    return text


def test_any_page_with_any_values_unzips_to_the_page_filled_in() -> None:
    dealer = random.Random(7)
    words = ["<p>", "Kreuz-Bube", "ä ö ü €", "\n", "Grand Hand", "x" * 40_000, "", "♣♠♥♦", "aaaaa", "y" * 20]
    for _ in range(300):
        parts = [dealer.choice([A, B, *words]) for _ in range(dealer.randrange(0, 12))]
        page = KeptPage.of("".join(parts), SIZES)
        values = page.filled(lambda stand_in: "".join(dealer.choice("abxy-_.") for _ in range(SIZES[stand_in])))
        filled = iter(value.decode() for value in values)
        expected = "".join(next(filled) if part in (A, B) else part for part in parts)
        assert page.text(values).decode() == expected
        spliced = page.gzip(values)
        assert spliced is not None and _unzipped(spliced) == expected


def test_a_spliced_page_is_as_small_as_one_compressed_whole() -> None:
    """Each piece refers back to the pieces before it, as one stream would."""
    row = "<tr><td>Grand Hand</td><td>Anna</td><td>72</td><td>+96</td></tr>\n"
    text = f'<html><body data-token="{A}">' + row * 300 + f'<input value="{A}">' + row * 300 + "</body></html>"
    page = KeptPage.of(text, SIZES)
    values = page.filled(lambda _: "T0k3n")
    spliced = page.gzip(values)
    assert spliced is not None and _unzipped(spliced) == page.text(values).decode()
    assert len(spliced) <= len(gzip.compress(page.text(values), 9)) + 60 * len(page.places)  # a block head each


def test_each_place_is_filled_in_order() -> None:
    page = KeptPage.of(f"<form>{A}</form><form>{B}</form>{A}", {A: 1, B: 1})
    assert page.places == (A, B, A)
    calls: list[str] = []
    values = page.filled(lambda stand_in: calls.append(stand_in) or str(len(calls)))
    assert calls == [A, B, A]
    assert page.text(values) == b"<form>1</form><form>2</form>3"
    spliced = page.gzip(values)
    assert spliced is not None and _unzipped(spliced) == "<form>1</form><form>2</form>3"


def test_a_value_of_another_length_or_a_page_with_a_nul_is_not_spliced() -> None:
    page = KeptPage.of(f"<p>{A}</p>", SIZES)
    assert page.gzip([b"four"]) is None and page.gzip([b"sixes"]) is not None
    assert page.text([b"four"]) == b"<p>four</p>"
    odd = KeptPage.of(f"<p>\x00{A}</p>", SIZES)
    assert odd.gzip([b"sixes"]) is None and odd.text([b"sixes"]) == b"<p>\x00sixes</p>"
