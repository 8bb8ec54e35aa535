"""A deck's cards as one SVG file: a page's cards cost one request, cached for a year.

``cards/<folder>/sprite.svg`` is not a file on disk: :mod:`webapp.assets` builds it from the
folder's card files and the back (``cards/back.svg``) when it is first asked for, and again
when one of them changes, so its content hash (the ``?v=`` of its URL) changes with any card.
Each card is a group whose id is its notation (``CJ``; the back is ``back``), hidden unless it
is the URL's fragment (``:target``). An ``<img src="…/sprite.svg?v=…#CJ">`` therefore shows
the jack alone, at the size and with the alt text of any image: the browser fetches the file
once (a fragment is not part of what it caches) and every card of the page is drawn from it.

The card files' own ids (``p``, ``i``, …, see ``tools/make_cards.py``) are prefixed with the
card's notation (``CJ-p``), so that the cards' shapes do not take each other's.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import Final

SPRITE: Final = "sprite.svg"
BACK: Final = "back"
"""The fragment of the face-down card (the same back in every deck)."""
BACK_FILE: Final = "cards/back.svg"
_SPRITE_PATH: Final = re.compile(r"cards/([a-z-]+)/sprite\.svg")
_CARD_FILE: Final = re.compile(r"[CSHD][789TJQKA]\.svg")
_ROOT: Final = re.compile(r"^\s*<svg\b[^>]*>|</svg>\s*$")
_ID: Final = re.compile(r'\b(id="|href="#|url\(#)([\w-]+)')
HEAD: Final = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 336" width="240" height="336">'
    "<style>.card{display:none}.card:target{display:inline}</style>"
)


def sprite_path(folder: str) -> str:
    """Return the sprite of the card folder ``folder`` as a path under the static folder.

    >>> sprite_path("german")
    'cards/german/sprite.svg'
    """
    return f"cards/{folder}/{SPRITE}"


def sources(static_folder: str, filename: str) -> list[tuple[str, str]] | None:
    """Return the files the sprite ``filename`` is made of, as (fragment, path) pairs.

    None if ``filename`` is not a sprite's path or its folder has no cards.
    """
    found = _SPRITE_PATH.fullmatch(filename)
    if found is None or not static_folder:
        return None
    folder = os.path.join(static_folder, "cards", found.group(1))
    try:
        names = sorted(name for name in os.listdir(folder) if _CARD_FILE.fullmatch(name))
    except OSError:
        return None
    if not names:
        return None
    cards = [(name.removesuffix(".svg"), os.path.join(folder, name)) for name in names]
    return [*cards, (BACK, os.path.join(static_folder, BACK_FILE))]


def build(cards: Iterable[tuple[str, bytes]]) -> bytes:
    """Return the sprite of ``cards`` (fragment, the card's SVG file), each card a group by its fragment."""
    parts = [HEAD]
    for fragment, data in cards:
        inner = _ROOT.sub("", data.decode("utf-8"))
        inner = _ID.sub(lambda found: f"{found.group(1)}{fragment}-{found.group(2)}", inner)
        parts.append(f'<g id="{fragment}" class="card">{inner}</g>')
    parts.append("</svg>")
    return "".join(parts).encode("utf-8")
