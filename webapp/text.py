"""Free text as people type it (names, titles, messages), made one canonical string.

Every area passes free text through `clean_text` where it comes in (a form, a file), before it
is checked, compared or stored. Text that looks the same is then the same string: "Anna" and
"Anna" with a zero-width space after it are one name, an "é" typed as "e" and a combining accent
is the "é" of another keyboard, and no bidi control can make a name display backwards.
Pure Python, no Flask: any floor may use it.
"""

from __future__ import annotations

import unicodedata
from typing import Final

__all__ = ["INVISIBLE", "clean_text"]

#: Characters that show nothing but change how text compares or displays: the zero-width
#: characters and the bidi controls (marks, embeddings, overrides, isolates).
INVISIBLE: Final = frozenset(
    "\u200b\u200c\u200d\u2060\ufeff"  # zero-width space, non-joiner, joiner; word joiner; BOM
    "\u200e\u200f\u061c"  # left-to-right, right-to-left and Arabic letter marks
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings, pop, overrides
    "\u2066\u2067\u2068\u2069"  # isolates
)


def clean_text(text: str) -> str:
    r"""Return free text NFC-normalised, without invisible or control characters, white space folded.

    >>> clean_text("  Anna\tMaria\x00 ")
    'Anna Maria'
    >>> clean_text("Anna\u200b") == clean_text("\u202eAnna") == "Anna"
    True
    >>> clean_text("Rene\u0301") == "Ren\u00e9"
    True
    """
    kept = "".join(ch for ch in text
                   if ch not in INVISIBLE and (ch.isspace() or unicodedata.category(ch) != "Cc"))
    return " ".join(unicodedata.normalize("NFC", kept).split())
