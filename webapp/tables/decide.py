"""A person's decision at a table, practice included: read from the form, checked, answered.

The one path a move takes at a practice table and at a table with people: the form names the
revision it was made on (a stale form from another tab changes nothing), its choice becomes an
engine action, the rules check it, and the computer seats answer up to the next person's turn.
The views only load, store and show; what they refuse comes back as a `Refusal`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from flask_babel import LazyString

from webapp import parse, words
from webapp.engine import GameState, IllegalAction, Position, Reason, parse_action
from webapp.i18n import lazy_gettext
from webapp.practice import screen

__all__ = ["Refusal", "BAD_FORM", "TWO_CARDS", "stale_form", "decide"]

BAD_FORM: LazyString = lazy_gettext(
    "That form could not be read, so nothing was changed. Use the buttons on this page."
)
TWO_CARDS: LazyString = lazy_gettext("Choose exactly two cards to lay away.")


@dataclass(frozen=True, slots=True)
class Refusal:
    """A move refused, with what to tell the person and the HTTP status (nothing was changed)."""

    notice: LazyString | str
    status: int = 400


def stale_form(form: Mapping[str, str], revision: int, stale: LazyString | str) -> Refusal | None:
    """Refuse a form that names no revision (400) or another than ``revision`` (409, ``stale``)."""
    named = parse.number_or_none(form.get("revision"), digits=9)
    if named is None:
        return Refusal(BAD_FORM)
    if named != revision:
        return Refusal(stale, 409)
    return None


def decide(form: Mapping[str, list[str]], state: GameState, position: Position,
           answer: Callable[[GameState], GameState]) -> GameState | Refusal:
    """Apply the decision of ``position`` the form names, and ``answer`` it (the computer seats).

    Return the new state, or what was refused: two cards to lay away but not two, a choice
    that is no action, or one the rules do not allow now.
    """
    if "discard" in form and len(form["discard"]) != 2:
        return Refusal(TWO_CARDS)
    try:
        action = parse_action(screen.parse_choice(dict(form)) or "")
    except ValueError:
        return Refusal(words.illegal(Reason.UNKNOWN_ACTION))
    try:
        return answer(state.apply(action, by=position))
    except IllegalAction as refusal:
        return Refusal(words.illegal(refusal.reason))
