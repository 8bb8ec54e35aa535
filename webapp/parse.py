"""Read what a visitor sends: numbers, ids, cards and seats, each refused in one place.

Every area turns form fields, URL parts, cookies and file cells into values here, before they
are used or reach the database. A refusal is a `Refused` carrying a stable reason code: the
engine's `InputReason` (``out_of_range``, ``missing``) or a `Problem` of reading
(``not_a_number``, ``not_a_card``, …), the codes the scoring API answers with.

Only plain ASCII is read as a number: ``str.isdigit`` and ``int`` also take ``²``, ``٣``,
``7_5`` and thousands of digits, which either fail later or mean something nobody typed.

>>> number("36"), number(" -2 ", signed=True), number("\N{MINUS SIGN}2", signed=True)
(36, -2, -2)
>>> for text in ("²", "7_5", "1e3", "0x1F", "9" * 5000, "", "+", "-3"):
...     print(repr(text[:8]), number_or_none(text))
'²' None
'7_5' None
'1e3' None
'0x1F' None
'99999999' None
'' None
'+' None
'-3' None
>>> number("12", high=11)
Traceback (most recent call last):
...
webapp.parse.Refused: out_of_range
>>> is_token("b3Qk-x_9"), is_token("a\\x00b"), is_token("a" * 65), is_token("")
(True, False, False, False)
>>> [str(c) for c in cards(["CJ", " HT"])]
['CJ', 'HT']
>>> seat("2", players=3)
2
>>> choice("dark", ("auto", "light", "dark"))
'dark'
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from enum import Enum
from typing import Final, TypeGuard

from webapp.engine import Card, InputReason

__all__ = [
    "MAX_DIGITS",
    "MINUS",
    "Problem",
    "Reason",
    "Refused",
    "TOKEN",
    "card",
    "cards",
    "choice",
    "is_token",
    "number",
    "number_or_none",
    "seat",
    "token",
]

MINUS: Final = "\N{MINUS SIGN}"
MAX_DIGITS: Final = 18
"""The most digits any number Kiebitz reads may have (a deal number has up to 18)."""
TOKEN: Final = r"[A-Za-z0-9_-]{1,64}"
"""The form of every id Kiebitz hands out (``secrets.token_urlsafe``): letters, digits, ``-``, ``_``."""

_DIGITS: Final = re.compile(r"[0-9]+", re.ASCII)
_TOKEN: Final = re.compile(TOKEN, re.ASCII)


class Problem(Enum):
    """Why a value could not be read (the rules' own checks are the engine's `InputReason`)."""

    NOT_A_NUMBER = "not_a_number"
    NOT_A_FLAG = "not_a_flag"
    UNKNOWN_CHOICE = "unknown_choice"
    UNKNOWN_PARAMETER = "unknown_parameter"
    REPEATED = "repeated"
    NOT_A_CARD = "not_a_card"
    CARD_TWICE = "card_twice"
    WRONG_COUNT = "wrong_count"


Reason = InputReason | Problem


class Refused(ValueError):
    """A value that was refused, with the reason code (and the card, when one card is at fault)."""

    def __init__(self, reason: Reason, card: Card | None = None) -> None:
        super().__init__(reason.value)
        self.reason = reason
        self.card = card


def number(
    text: str,
    *,
    low: int | None = None,
    high: int | None = None,
    signed: bool = False,
    digits: int = MAX_DIGITS,
) -> int:
    """Return the whole number ``text`` writes in ASCII digits (at most ``digits`` of them).

    Spaces around it do not count; a sign (``+``, ``-`` or the real minus sign) only when
    ``signed``. Refuse anything else with ``not_a_number``, and a number outside
    ``low``..``high`` with ``out_of_range``.
    """
    text = text.strip()
    body = text[1:] if signed and text[:1] in ("+", "-", MINUS) else text
    if len(body) > digits or not _DIGITS.fullmatch(body):
        raise Refused(Problem.NOT_A_NUMBER)
    value = int(body)
    if text[:1] in ("-", MINUS):
        value = -value
    if (low is not None and value < low) or (high is not None and value > high):
        raise Refused(InputReason.OUT_OF_RANGE)
    return value


def number_or_none(
    text: str | None,
    *,
    low: int | None = None,
    high: int | None = None,
    signed: bool = False,
    digits: int = MAX_DIGITS,
) -> int | None:
    """Return `number` of ``text``, or None where it would refuse it (or ``text`` is None)."""
    try:
        return number(text or "", low=low, high=high, signed=signed, digits=digits)
    except Refused:
        return None


def is_token(text: str | None) -> TypeGuard[str]:
    """Tell whether ``text`` has the form of an id Kiebitz hands out (see `TOKEN`)."""
    return text is not None and _TOKEN.fullmatch(text) is not None


def token(text: str | None) -> str | None:
    """Return ``text`` if it has the form of an id, else None: nothing else is looked up."""
    return text if is_token(text) else None


def card(text: str) -> Card:
    """Return the card written as suit letter and rank (``CJ``, ``HT``); refuse with ``not_a_card``."""
    try:
        return Card.parse(text.strip())
    except ValueError:
        raise Refused(Problem.NOT_A_CARD) from None


def cards(texts: Iterable[str], allowed: Collection[Card] | None = None) -> tuple[Card, ...]:
    """Return the cards ``texts`` write, in order: each a card (of ``allowed``, if given), none twice."""
    found: list[Card] = []
    for text in texts:
        picked = card(text)
        if allowed is not None and picked not in allowed:
            raise Refused(Problem.UNKNOWN_CHOICE, picked)
        if picked in found:
            raise Refused(Problem.CARD_TWICE, picked)
        found.append(picked)
    return tuple(found)


def seat(text: str, *, players: int = 3, first: int = 0) -> int:
    """Return the seat ``text`` numbers (``first`` .. ``first + players - 1``), counted from 0."""
    return number(text, low=first, high=first + players - 1, digits=2) - first


def choice(text: str, choices: Collection[str]) -> str:
    """Return ``text`` if it is one of ``choices`` (exactly, nothing around it); refuse with ``unknown_choice``."""
    if text not in choices:
        raise Refused(Problem.UNKNOWN_CHOICE)
    return text
