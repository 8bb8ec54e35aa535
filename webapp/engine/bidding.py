"""Bid values and the auction (rules.md §4).

The valid bids are derived from the game values, not typed in:

>>> len(BID_VALUES), BID_VALUES[:6], BID_VALUES[-1]
(63, (18, 20, 22, 23, 24, 27), 264)
>>> next_bid(18), next_bid(0), next_bid(264)
(20, 18, None)

The auction: middlehand bids to forehand, then rearhand to the survivor.

>>> auction = Auction()
>>> for action in (Bid(18), Hold(), Bid(20), Pass(), Pass()):
...     auction = auction.apply(action)
>>> auction.finished, auction.declarer, auction.value
(True, <Position.MIDDLEHAND: 1>, 20)
"""

from __future__ import annotations

from typing import Final

from .actions import Action, Bid, Hold, IllegalAction, Pass, Reason
from .deal import Position
from .rules import BASE_VALUES, null_value

__all__ = ["BID_VALUES", "next_bid", "is_valid_bid", "Auction"]

# Most levels a game can have: 11 matadors + game + hand + Schneider + announced + Schwarz +
# announced + ouvert in a suit game; Grand has at most 4 matadors.
_MAX_MULTIPLIER: Final = {"suit": 11 + 7, "grand": 4 + 7}


def _derive_bid_values() -> tuple[int, ...]:
    values: set[int] = set()
    for game_type, base in BASE_VALUES.items():
        top = _MAX_MULTIPLIER["suit" if game_type.suit is not None else "grand"]
        values.update(base * multiplier for multiplier in range(2, top + 1))
    for hand in (False, True):
        for ouvert in (False, True):
            values.add(null_value(hand=hand, ouvert=ouvert))
    return tuple(sorted(values))


BID_VALUES: Final[tuple[int, ...]] = _derive_bid_values()
"""The 63 valid bids: every value a game can have, lowest first."""

_BID_SET: Final = frozenset(BID_VALUES)
_BIDS: Final = {value: Bid(value) for value in BID_VALUES}


def is_valid_bid(value: int) -> bool:
    """Return whether ``value`` is a valid bid (an int: ``18.0`` is not a bid)."""
    return type(value) is int and value in _BID_SET


def next_bid(value: int) -> int | None:
    """Return the lowest valid bid above ``value``, or None above 264."""
    for candidate in BID_VALUES:
        if candidate > value:
            return candidate
    return None


_PASS: Final = Pass()
_HOLD: Final = Hold()
_ANSWERS: Final[tuple[Action, ...]] = (_HOLD, _PASS)
# The bidder's choices above each value, shared: bids lowest first, then pass.
_BIDDER_CHOICES: Final[dict[int, tuple[Action, ...]]] = {
    value: (*(_BIDS[v] for v in BID_VALUES if v > value), _PASS) for value in (0, *BID_VALUES)
}
_FOREHAND_ALONE: Final[tuple[Action, ...]] = (_BIDS[18], _PASS)

# Stages of the auction.
_MIDDLE_TO_FORE: Final = 1
_REAR_TO_SURVIVOR: Final = 2
_FOREHAND_ALONE_STAGE: Final = 3
_DONE: Final = 4


class Auction:
    """The state of the auction; immutable, `apply` returns a new one.

    ``value`` is the highest value said so far (0 before any bid). When the auction is finished,
    ``declarer`` is the highest bidder with ``value`` as the bid, or None if the hand was passed in.
    """

    __slots__ = (
        "stage",
        "bidder",
        "answerer",
        "value",
        "pending",
        "declarer",
        "bidders",
        "history",
    )

    stage: int
    bidder: Position
    answerer: Position
    value: int
    pending: bool
    declarer: Position | None
    bidders: frozenset[Position]
    history: tuple[tuple[Position, Action], ...]

    def __init__(self) -> None:
        """Start the auction: middlehand bids to forehand."""
        put = object.__setattr__
        put(self, "stage", _MIDDLE_TO_FORE)
        put(self, "bidder", Position.MIDDLEHAND)
        put(self, "answerer", Position.FOREHAND)
        put(self, "value", 0)
        put(self, "pending", False)
        put(self, "declarer", None)
        put(self, "bidders", frozenset())
        put(self, "history", ())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Auction is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Auction) and other.history == self.history

    def __hash__(self) -> int:
        return hash(self.history)

    def __repr__(self) -> str:
        return f"<Auction {' '.join(f'{p.name}:{a}' for p, a in self.history)}>"

    @property
    def finished(self) -> bool:
        """Return whether the auction is over."""
        return self.stage == _DONE

    @property
    def passed_in(self) -> bool:
        """Return whether all three passed."""
        return self.stage == _DONE and self.declarer is None

    @property
    def to_act(self) -> Position | None:
        """Return who speaks next, or None when finished."""
        if self.stage == _DONE:
            return None
        return self.answerer if self.pending else self.bidder

    def legal_actions(self) -> tuple[Action, ...]:
        """Return what the player to act may say, bids lowest first."""
        if self.stage == _DONE:
            return ()
        if self.pending:
            return _ANSWERS
        if self.stage == _FOREHAND_ALONE_STAGE:
            return _FOREHAND_ALONE
        return _BIDDER_CHOICES[self.value]

    def check(self, action: Action) -> None:
        """Raise `IllegalAction` unless the player to act may say ``action``."""
        if self.stage == _DONE:
            raise IllegalAction(Reason.WRONG_PHASE, action)
        if isinstance(action, Pass):
            return
        if isinstance(action, Hold):
            if not self.pending:
                raise IllegalAction(Reason.WRONG_PHASE, action)
            return
        if not isinstance(action, Bid):
            raise IllegalAction(Reason.WRONG_PHASE, action)
        if self.pending:
            raise IllegalAction(Reason.WRONG_PHASE, action)
        if not is_valid_bid(action.value):
            raise IllegalAction(Reason.INVALID_BID_VALUE, action)
        if self.stage == _FOREHAND_ALONE_STAGE and action.value != BID_VALUES[0]:
            # With both others passed forehand can only play at 18.
            raise IllegalAction(Reason.INVALID_BID_VALUE, action)
        if action.value <= self.value:
            raise IllegalAction(Reason.BID_NOT_HIGHER, action)

    def apply(self, action: Action) -> Auction:
        """Return the auction after the player to act says ``action``."""
        self.check(action)
        new = object.__new__(Auction)
        put = object.__setattr__
        actor = self.answerer if self.pending else self.bidder
        stage, bidder, answerer = self.stage, self.bidder, self.answerer
        value, pending, declarer, bidders = self.value, False, self.declarer, self.bidders
        survivor: Position | None = None
        if isinstance(action, Bid):
            value, pending = action.value, True
            bidders = bidders | {actor}
            if stage == _FOREHAND_ALONE_STAGE:
                stage, declarer = _DONE, actor
        elif isinstance(action, Hold):
            bidders = bidders | {actor}
        elif stage == _FOREHAND_ALONE_STAGE:
            stage = _DONE
        else:
            # A pass: the other of the pair survives this stage.
            survivor = bidder if actor == answerer else answerer
        if survivor is not None:
            if stage == _MIDDLE_TO_FORE:
                stage, bidder, answerer = _REAR_TO_SURVIVOR, Position.REARHAND, survivor
            elif value:
                stage, declarer = _DONE, survivor
            else:
                stage = _FOREHAND_ALONE_STAGE
                bidder = answerer = Position.FOREHAND
        put(new, "stage", stage)
        put(new, "bidder", bidder)
        put(new, "answerer", answerer)
        put(new, "value", value)
        put(new, "pending", pending and stage != _DONE)
        put(new, "declarer", declarer)
        put(new, "bidders", bidders)
        put(new, "history", (*self.history, (actor, action)))
        return new
