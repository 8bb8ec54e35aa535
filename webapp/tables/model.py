"""The table model: seats held by people or computer players, a game family, a series of hands.

Pure game flow on top of the engine and the scoresheet's rules (no requests, no database):

- a `Family` says what differs between the games a table can host (how many seats, how many of
  them people hold, whether the computer bids); a new family (a four-seat table, Lieutenant
  Skat) is one more entry in `FAMILIES`;
- `seat_positions` says which seat holds which position in a hand (the deal passes on);
- `options_for` turns the table's house rules and the hand's place in the list into the
  engine's `Options` (a Bock round, Ramsch when all pass, Kontra and Re);
- `advance` lets the computer seats move until a person must decide (practice uses it too);
- `entry_for` writes a finished hand as the scoresheet's entry, seat by seat.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from enum import Enum

from webapp.engine import (
    Action,
    Deal,
    GameState,
    GameType,
    Options,
    Pass,
    Phase,
    Position,
    RamschSettlement,
    SeatView,
    Settlement,
    seat_positions as engine_seat_positions,
)
from webapp.scoresheet.sheet import (
    Entry,
    Game,
    HouseRules,
    PassedIn,
    Ramsch,
    RoundKind,
    Slot,
    Tricks,
)

__all__ = [
    "Family",
    "FAMILIES",
    "LIEUTENANT",
    "family",
    "move_seed",
    "hand_seed",
    "seat_positions",
    "number_for",
    "options_for",
    "advance",
    "start",
    "Chooser",
    "entry_for",
]

Chooser = Callable[[SeatView, str, int], Action]
"""A computer player: its seat view, its level and a seed -> its action."""


@dataclass(frozen=True, slots=True)
class Family:
    """What a kind of table is: its seats, the seats people hold, and how the computer plays."""

    key: str
    seats: int
    """Seats at the table (3; a four-seat table lets the dealer sit out)."""
    people: int
    """Seats held by people; the others are computer players."""
    computer_bids: bool
    """Whether a computer seat bids (in Skat for two it never does, rules.md §11)."""
    computers_scored: bool = True
    """Whether the list has a column for each computer seat (in Skat for two only the people
    are scored, rules.md §11: its list has their two columns)."""
    game: str = "skat"
    """The game the table plays, which says its engine state, its screen and how a game is
    scored: "skat" (`GameState`, the practice table's screen, the list) or "lieutenant"
    (`LieutenantState`, the screen of `webapp.tables.lieutenant`, game points in a series)."""

    @property
    def computers(self) -> int:
        """Return how many seats computer players hold (the last seats)."""
        return self.seats - self.people

    @property
    def columns(self) -> int:
        """Return the list's columns: one per seat, or one per person if computers are not scored.

        >>> FAMILIES["two"].columns, FAMILIES["three"].columns
        (2, 3)
        """
        return self.seats if self.computers_scored else self.people


FAMILIES: Mapping[str, Family] = {
    "three": Family("three", seats=3, people=3, computer_bids=True),
    "two": Family("two", seats=3, people=2, computer_bids=False, computers_scored=False),
    "four": Family("four", seats=4, people=4, computer_bids=True),
    "practice": Family("practice", seats=3, people=1, computer_bids=True),
    "practice-four": Family("practice-four", seats=4, people=1, computer_bids=True),
}
"""The tables that can be opened, by key: Skat for three, Skat for two, four at the table (the
dealer sits out each hand, rules.md §2), and a practice table of one person with the computer
players in the other seats, at three or at four."""

LIEUTENANT = Family("lieutenant", seats=2, people=1, computer_bids=False, game="lieutenant")
"""Lieutenant Skat (rules.md §11): the host's seat and player 2's, held on the host's device, by
the computer or by a person who joins by the link (`webapp.tables.lieutenant`); opened from its
own start page, so it is not among the Skat tables' `FAMILIES`."""


def family(key: str) -> Family:
    """Return the family with this key; raise KeyError if there is none."""
    return FAMILIES[key]


def move_seed(seed: int, moves: int) -> int:
    """Return the seed a computer player samples with at move number ``moves`` of deal ``seed``.

    Derived from the deal and the move, so a replayed deal gets the same answers.
    """
    digest = hashlib.blake2b(f"{seed}:{moves}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def hand_seed(table_seed: int, number: int) -> int:
    """Return the deal of hand ``number`` (from 0) of a table: each table its own series."""
    digest = hashlib.blake2b(f"table:{table_seed}:{number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 4


def seat_positions(number: int, seats: int) -> tuple[Position | None, ...]:
    """Return each seat's position in hand ``number`` (from 0): seat 0 deals the first hand.

    >>> seat_positions(0, 3)
    (<Position.REARHAND: 2>, <Position.FOREHAND: 0>, <Position.MIDDLEHAND: 1>)
    >>> seat_positions(1, 3)[1]
    <Position.REARHAND: 2>
    """
    return engine_seat_positions(dealer=number % seats, players=seats)


def number_for(position: Position | None, seats: int) -> int:
    """Return the first hand number in which seat 0 plays ``position`` (a practice hand's person;
    None: deals and sits out at four).

    >>> number_for(Position.FOREHAND, 3), number_for(Position.REARHAND, 4)
    (2, 1)
    """
    return next(number for number in range(seats) if seat_positions(number, seats)[0] == position)


def options_for(rules: HouseRules, slot: Slot) -> Options:
    """Return the engine's options for the hand in ``slot`` of a list kept by ``rules``.

    >>> from webapp.scoresheet.sheet import PRESETS, Preset
    >>> pub = options_for(PRESETS[Preset.PUB], Slot(4, 3, RoundKind.BOCK))
    >>> pub.kontra_re, pub.ramsch_when_passed, pub.bock, pub.ramsch
    (True, True, True, False)
    >>> options_for(PRESETS[Preset.ISKO], Slot(1, 3, RoundKind.PLAIN)).kontra_re
    False
    """
    return Options(
        ramsch=slot.round is RoundKind.RAMSCH,
        ramsch_when_passed=rules.ramsch_passed_in,
        kontra_re=rules.kontra,
        kontra_only_if_bid=rules.kontra_after_18,
        schieberamsch=rules.schieberamsch,
        push_jacks_allowed=not rules.schieberamsch_no_jacks,
        grand_hand_in_ramsch=rules.ramsch_grand_hand and slot.round is RoundKind.RAMSCH,
        skat_to_loser=rules.ramsch_skat_to_loser,
        bock=slot.bock,
        players=slot.players,
    )


def _never_bids(view: SeatView) -> Action | None:
    """Return a pass for a computer seat that does not bid, while the auction runs."""
    if view.phase is Phase.BIDDING and any(isinstance(a, Pass) for a in view.legal_actions):
        return Pass()
    return None


def advance(
    state: GameState,
    people: Collection[Position],
    *,
    level: str,
    seed: int,
    choose: Chooser,
    computer_bids: bool = True,
) -> GameState:
    """Let the computer seats move until a person must decide or the hand is over.

    ``people`` are the positions people hold this hand; every other position is a computer
    player of ``level``, asked through ``choose`` with its own seat view only.
    """
    while not state.finished and state.to_act is not None and state.to_act not in people:
        actor = state.to_act
        view = state.view(actor)
        action = None if computer_bids else _never_bids(view)
        if action is None:
            action = choose(view, level, move_seed(seed, len(state.actions)))
        state = state.apply(action, by=actor)
    return state


def start(deal_seed: int, options: Options) -> GameState:
    """Return the hand of deal ``deal_seed`` under ``options``, before anybody moved."""
    return GameState.new(Deal.from_seed(deal_seed), options)


def _tricks(settlement: Settlement) -> Tricks:
    tricks = settlement.declarer_tricks
    if settlement.contract.game_type is GameType.NULL:
        return Tricks.NONE if tricks == 0 else (Tricks.ALL if tricks == 10 else Tricks.SOME)
    if tricks == 10 or (tricks is None and settlement.schwarz and settlement.won):
        return Tricks.ALL
    if tricks == 0 or (tricks is None and settlement.schwarz and not settlement.won):
        return Tricks.NONE
    return Tricks.SOME


def entry_for(state: GameState, seats: tuple[Position | None, ...]) -> Entry:
    """Return the list entry of a finished hand; ``seats`` gives each seat's position.

    Raises ValueError for a hand that is not over.
    """
    if not state.finished and state.phase is not Phase.PASSED_IN:
        raise ValueError("the hand is not over")
    settlement = state.settlement
    if settlement is None:
        return PassedIn()
    if isinstance(settlement, RamschSettlement):
        by_position = {position: index for index, position in enumerate(Position)}
        points = tuple(None if p is None else settlement.points[by_position[p]] for p in seats)
        return Ramsch(
            points=points,
            jungfrau=frozenset(seat for seat, p in enumerate(seats)
                               if p is not None and by_position[p] in settlement.jungfrau),
            durchmarsch=(None if settlement.durchmarsch is None
                         else seats.index(Position(settlement.durchmarsch))),
            pushes=settlement.pushes,
        )
    declarer = state.declarer
    assert declarer is not None
    null = settlement.contract.game_type is GameType.NULL
    no_auction = state.options.ramsch  # a Grand hand instead of a Ramsch round's Ramsch
    return Game(
        declarer=seats.index(declarer),
        contract=settlement.contract,
        bid=None if no_auction else settlement.bid,
        matadors=None if null else settlement.matadors,
        points=None if null else settlement.declarer_points,
        tricks=_tricks(settlement),
        kontra=settlement.kontra,
        re=settlement.re,
    )

