"""Printable handouts printed to PDF by headless Chromium: the page count on A4 and Letter, no
block cut across a page, nothing in English on a French or German handout."""

from __future__ import annotations

import io
import re

import pytest
from playwright.sync_api import Page
from pypdf import PdfReader

from tests.browser.conftest import ARTIFACTS
from tests.helpers import english_phrases

pytestmark = pytest.mark.browser

A4 = (595, 842)
LETTER = (612, 792)
"""Page sizes in PDF points."""


def _printed(page: Page, url: str) -> tuple[list[str], list[tuple[float, float]], list[str]]:
    """Print ``url`` to PDF as a browser would; return each page's text, its size, and each block's text."""
    page.goto(url)
    page.emulate_media(media="print")
    blocks = page.eval_on_selector_all(".handout-block, .handout-sheet tbody tr", "els => els.map(e => e.innerText)")
    pdf = page.pdf(prefer_css_page_size=True, print_background=False)
    name = re.sub(r"\W+", "-", url.split("/", 3)[-1])
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"handout-{name}.pdf").write_bytes(pdf)
    reader = PdfReader(io.BytesIO(pdf))
    texts = [" ".join((p.extract_text() or "").split()) for p in reader.pages]
    sizes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]
    return texts, sizes, [" ".join(block.split()) for block in blocks]


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


def _on_one_page(block: str, texts: list[str]) -> bool:
    """Tell whether the block's first and last words are printed on the same page."""
    words = _words(block)
    if len(words) < 2:
        return True
    head, tail = " ".join(words[:2]), " ".join(words[-2:])
    pages = [" ".join(_words(text)) for text in texts]
    return any(head in text and tail in text for text in pages)


@pytest.mark.parametrize(("lang", "paper", "size"), [("fr", "a4", A4), ("de", "a4", A4), ("de", "letter", LETTER)])
def test_the_rules_summary_prints_on_two_pages_at_most(page: Page, live_server: str, lang: str, paper: str, size: tuple[int, int]) -> None:
    texts, sizes, blocks = _printed(page, f"{live_server}/{lang}/learn/handouts/rules?paper={paper}")
    assert 1 <= len(texts) <= 2
    assert all(abs(w - size[0]) < 2 and abs(h - size[1]) < 2 for w, h in sizes)
    assert len(blocks) == 8
    for block in blocks:
        assert _on_one_page(block, texts), block[:60]
    printed = " ".join(texts)
    leaks = [phrase for phrase in english_phrases(lang) if phrase in printed]
    assert leaks == []


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_value_table_and_score_sheets_print_whole(page: Page, live_server: str, lang: str) -> None:
    for path, most in (("values", 2), ("scoresheet?players=3", 2), ("scoresheet?players=4", 2)):
        sep = "&" if "?" in path else "?"
        texts, _sizes, blocks = _printed(page, f"{live_server}/{lang}/learn/handouts/{path}{sep}paper=a4")
        assert 1 <= len(texts) <= most, path
        for block in blocks:
            assert _on_one_page(block, texts), (path, block[:60])
        printed = " ".join(texts)
        assert [phrase for phrase in english_phrases(lang) if phrase in printed] == [], path
    values = " ".join(_printed(page, f"{live_server}/{lang}/learn/handouts/values")[0])
    for number in ("216", "264", "59", "18"):
        assert number in values
