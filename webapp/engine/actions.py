"""Actions as frozen records, the reasons an action is refused, and their notation tokens.

Every action has one notation token (no spaces, URL-safe); `parse_action` reads it back:

>>> [token(action) for action in (Bid(18), Hold(), Pass(), PickUp(), PlayHand())]
['18', 'yes', 'pass', 'skat', 'hand']
>>> token(Discard(Card.parse("D7"), Card.parse("CA"))), token(Play(Card.parse("CJ")))
('discard-CA-D7', 'CJ')
>>> token(Declare(GameType.GRAND, ouvert=True)), token(Declare(GameType.NULL, ouvert=True))
('grand-ouvert', 'null-ouvert')
>>> parse_action("hearts-schneider") == Declare(GameType.HEARTS, schneider=True)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from .cards import DECK, Card
from .rules import GameType

__all__ = [
    "Action",
    "Bid",
    "Hold",
    "Pass",
    "PickUp",
    "PlayHand",
    "Discard",
    "Push",
    "Declare",
    "Play",
    "Kontra",
    "Re",
    "Reason",
    "IllegalAction",
    "token",
    "parse_action",
]


class Reason(Enum):
    """Why an action was refused."""

    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    UNKNOWN_ACTION = "unknown_action"
    # auction
    INVALID_BID_VALUE = "invalid_bid_value"
    BID_NOT_HIGHER = "bid_not_higher"
    # skat and declaring
    DISCARD_NOT_HELD = "discard_not_held"
    SAME_CARD_TWICE = "same_card_twice"
    ANNOUNCEMENT_NOT_ALLOWED = "announcement_not_allowed"
    NULL_BELOW_BID = "null_below_bid"
    GAME_NOT_ALLOWED = "game_not_allowed"
    # Schieberamsch
    JACK_NOT_PUSHABLE = "jack_not_pushable"
    # play
    CARD_NOT_IN_HAND = "card_not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    # Kontra and Re (house rule)
    KONTRA_NOT_ALLOWED = "kontra_not_allowed"
    RE_NOT_ALLOWED = "re_not_allowed"


class IllegalAction(ValueError):
    """An action that the rules refuse; the state it was applied to is unchanged."""

    def __init__(self, reason: Reason, action: object = None) -> None:
        super().__init__(reason.name, action)
        self.reason = reason
        self.action = action


@dataclass(frozen=True, slots=True)
class Bid:
    """Say a bid value (the bidder's number; forehand's ``18`` when both others passed)."""

    value: int


@dataclass(frozen=True, slots=True)
class Hold:
    """Say "yes": hold the value just bid."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: in the auction, or (Ramsch) neither take the skat nor declare a Grand hand."""


@dataclass(frozen=True, slots=True)
class PickUp:
    """Pick up the skat: as declarer (a skat game), or in Schieberamsch to push it on."""


@dataclass(frozen=True, slots=True)
class PlayHand:
    """Play without looking at the skat (a hand game)."""


def _order_two_cards(record: Discard | Push) -> None:
    """Put the higher card first, so equal actions have equal fields and one notation."""
    if record.first.index < record.second.index:
        first, second = record.second, record.first
        object.__setattr__(record, "first", first)
        object.__setattr__(record, "second", second)


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay away two cards to the skat; the order of the two cards does not matter."""

    first: Card
    second: Card

    def __post_init__(self) -> None:
        _order_two_cards(self)


@dataclass(frozen=True, slots=True)
class Push:
    """Schieberamsch: push two cards on as the skat; the order does not matter."""

    first: Card
    second: Card

    def __post_init__(self) -> None:
        _order_two_cards(self)


@dataclass(frozen=True, slots=True)
class Declare:
    """Announce the game. Implied announcements are filled in (ouvert → Schwarz → Schneider).

    Whether it is a hand game follows from `PickUp` or `PlayHand`, so it is not a field here.

    >>> Declare(GameType.GRAND, ouvert=True)
    Declare(game_type=<GameType.GRAND: 'grand'>, schneider=True, schwarz=True, ouvert=True)
    """

    game_type: GameType
    schneider: bool = field(default=False, kw_only=True)
    schwarz: bool = field(default=False, kw_only=True)
    ouvert: bool = field(default=False, kw_only=True)

    def __post_init__(self) -> None:
        if self.game_type is not GameType.NULL:
            schwarz = self.schwarz or self.ouvert
            object.__setattr__(self, "schwarz", schwarz)
            object.__setattr__(self, "schneider", self.schneider or schwarz)


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick."""

    card: Card


@dataclass(frozen=True, slots=True)
class Kontra:
    """A defender doubles (house rule)."""


@dataclass(frozen=True, slots=True)
class Re:
    """The declarer answers a Kontra and doubles again (house rule)."""


Action = Bid | Hold | Pass | PickUp | PlayHand | Discard | Push | Declare | Play | Kontra | Re

ACTION_TYPES: Final = frozenset(
    (Bid, Hold, Pass, PickUp, PlayHand, Discard, Push, Declare, Play, Kontra, Re)
)

_WORDS: Final[dict[type, str]] = {
    Hold: "yes",
    Pass: "pass",
    PickUp: "skat",
    PlayHand: "hand",
    Kontra: "kontra",
    Re: "re",
}
_SINGLETONS: Final[dict[str, Action]] = {
    "yes": Hold(),
    "pass": Pass(),
    "skat": PickUp(),
    "hand": PlayHand(),
    "kontra": Kontra(),
    "re": Re(),
}
_PLAYS: Final = {str(card): Play(card) for card in DECK}


def token(action: Action) -> str:
    """Return the notation token of an action."""
    if isinstance(action, Play):
        return action.card._text
    if isinstance(action, Bid):
        return str(action.value)
    if isinstance(action, Discard | Push):
        word = "discard" if isinstance(action, Discard) else "push"
        return f"{word}-{action.first}-{action.second}"
    if isinstance(action, Declare):
        text = action.game_type.value
        if action.ouvert:
            return text + "-ouvert"
        if action.schwarz:
            return text + "-schwarz"
        if action.schneider:
            return text + "-schneider"
        return text
    return _WORDS[type(action)]


def parse_action(text: str) -> Action:
    """Return the action written as a notation token."""
    play = _PLAYS.get(text)
    if play is not None:
        return play
    single = _SINGLETONS.get(text)
    if single is not None:
        return single
    if text.isascii() and text.isdigit() and len(text) <= 3:  # not "²" or thousands of digits
        return Bid(int(text))
    word, _, rest = text.partition("-")
    if word in ("discard", "push"):
        first, _, second = rest.partition("-")
        try:
            cards = Card.parse(first), Card.parse(second)
        except ValueError:
            raise ValueError(f"not an action: {text!r}") from None
        return Discard(*cards) if word == "discard" else Push(*cards)
    try:
        game_type = GameType(word)
    except ValueError:
        raise ValueError(f"not an action: {text!r}") from None
    if rest not in ("", "ouvert", "schwarz", "schneider"):
        raise ValueError(f"not an action: {text!r}")
    return Declare(
        game_type,
        schneider=rest == "schneider",
        schwarz=rest == "schwarz",
        ouvert=rest == "ouvert",
    )


def play(card: Card) -> Play:
    """Return the shared `Play` record for a card."""
    return _PLAYS[card._text]
