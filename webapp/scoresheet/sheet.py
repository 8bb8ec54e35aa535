"""The list (Skatliste) of a three- or four-player table with house rules: a pure computation.

A list is its number of players, its house rules and its entries, one per hand, in the order the
hands were played. Everything else is derived from them by `build`, every time: who deals and
who sits out, which hands fall in a Bock or a Ramsch round, the rounds still to come, each hand's
score (from the engine: `settle`, `settle_ramsch`), running totals, won and lost games and the
Seeger-Fabian totals. An edit or a deletion is simply a different list of entries.

Seats are numbered from 0 clockwise; seat 0 deals first and the deal passes after every hand
(rules.md §2). At four players the dealer sits out.

>>> rules = PRESETS[Preset.PUB]
>>> hearts = Game(declarer=1, contract=Contract(GameType.HEARTS), bid=18, matadors=2, points=60)
>>> sheet = build(3, rules, [hearts])
>>> sheet.rows[0].scores, [str(r) for r in sheet.rounds]
((0, -60, 0), ['bock:3'])
>>> sheet.next.dealer, sheet.next.round
(1, <RoundKind.BOCK: 'bock'>)

Entries travel as flat string fields (the entry form, the CSV file and the database use the same
names): `entry_from_fields` reads them and says which field is wrong, `entry_to_fields` writes
them. `check` tells whether an entry may stand at its place in a list.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Final, TypeAlias, TypeVar

from webapp import parse
from webapp.engine import (
    BID_VALUES,
    BockTrigger,
    Contract,
    GameType,
    InputReason,
    InvalidInput,
    RamschSettlement,
    Settlement,
    bock_triggers,
    settle,
    settle_ramsch,
)
from webapp.engine.tally import missed_schwarz_tricks, ramsch_tricks
from webapp.text import clean_text

__all__ = [
    "Preset",
    "HouseRules",
    "PRESETS",
    "Tricks",
    "Game",
    "Ramsch",
    "PassedIn",
    "BockAdded",
    "Entry",
    "hand_index",
    "Problem",
    "Issue",
    "EntryError",
    "RoundKind",
    "Slot",
    "Round",
    "Row",
    "Sheet",
    "build",
    "check",
    "first_invalid",
    "check_names",
    "clean_text",
    "MAX_NAME",
    "MAX_TITLE",
    "seat_fields",
    "entry_from_fields",
    "entry_to_fields",
    "ENTRY_FIELDS",
    "PLAYERS",
]

PLAYERS: Final = (3, 4)
DUEL: Final = 2
"""The columns of Skat for two's list: two people; the computer holds the table's third seat
(seat 2), deals in turn and is never scored (rules.md §11)."""
_ALL_TRICKS: Final = 10
_ALL_POINTS: Final = 120  # the card points of the whole deck
_RAMSCH_POINTS: Final = _ALL_POINTS
_MAX_PUSHES: Final = 3
_NO_AUCTION_BID: Final = BID_VALUES[0]  # a Grand hand in a Ramsch round follows no auction


class Preset(Enum):
    """The starting points for a list's house rules."""

    ISKO = "isko"  # the tournament list: Seeger-Fabian, no house rules
    PUB = "pub"  # Kontra and Re, Bock rounds, Ramsch when all pass
    CUSTOM = "custom"


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The rules a list is kept by; all off is the plain ISkO list with classic scores.

    Options that depend on another one are dropped when it is off (a Ramsch round after a Bock
    round needs a Bock trigger, Schieberamsch needs some Ramsch, ...), and a list played all in
    Ramsch has no Bock, so equal rules always compare equal. ``kontra_after_18``,
    ``ramsch_skat_to_loser`` and ``schieberamsch_no_jacks`` are kept by the players; the list
    only shows them. ``bock`` holds the game events that start a Bock round (the engine's
    `BockTrigger`); ``bock_two_rounds`` adds one after two full rounds without any Bock: rounds
    counted from seat 0's deal, or with ``bock_two_rounds_any`` any six hands in a row (eight at
    four players).
    """

    kontra: bool = False
    kontra_after_18: bool = False
    ramsch_passed_in: bool = False
    ramsch_after_bock: bool = False
    ramsch_grand_hand: bool = False
    ramsch_list: bool = False
    ramsch_skat_to_loser: bool = False
    schieberamsch: bool = False
    schieberamsch_no_jacks: bool = False
    bock: frozenset[BockTrigger] = frozenset()
    bock_two_rounds: bool = False
    bock_two_rounds_any: bool = False
    bock_one_per_hand: bool = False
    bock_schneider_outside_bock: bool = False
    seeger_fabian: bool = False

    def __post_init__(self) -> None:
        drop: set[str] = set()
        if self.ramsch_list:
            object.__setattr__(self, "bock", frozenset())
            drop |= {"ramsch_passed_in", "ramsch_after_bock", "bock_two_rounds"}
        if not self.bock_two_rounds or "bock_two_rounds" in drop:
            drop.add("bock_two_rounds_any")
        if not self.kontra:
            drop.add("kontra_after_18")
        if not (self.bock or (self.bock_two_rounds and "bock_two_rounds" not in drop)):
            drop |= {"ramsch_after_bock", "bock_one_per_hand"}
        if BockTrigger.SCHNEIDER not in self.bock:
            drop.add("bock_schneider_outside_bock")
        ramsch_rounds = self.ramsch_list or (self.ramsch_after_bock and "ramsch_after_bock" not in drop)
        if not ramsch_rounds:
            drop.add("ramsch_grand_hand")
        if not (ramsch_rounds or self.ramsch_passed_in):
            drop |= {"ramsch_skat_to_loser", "schieberamsch"}
        if not self.schieberamsch or "schieberamsch" in drop:
            drop.add("schieberamsch_no_jacks")
        for name in drop:
            object.__setattr__(self, name, False)

    @property
    def has_ramsch(self) -> bool:
        """Tell whether any hand of the list can be a Ramsch."""
        return self.ramsch_list or self.ramsch_passed_in or self.ramsch_after_bock

    def tokens(self) -> tuple[str, ...]:
        """Return the rules as words (``kontra``, ``bock:re``, ...), for files and storage."""
        words = [name for name in _FLAGS if getattr(self, name)]
        words += [f"bock:{trigger.value}" for trigger in BockTrigger if trigger in self.bock]
        return tuple(words)

    @classmethod
    def from_tokens(cls, tokens: Iterable[str]) -> HouseRules:
        """Read rules written by `tokens`; raise ValueError naming an unknown word."""
        flags: dict[str, bool] = {}
        bock: set[BockTrigger] = set()
        for token in tokens:
            if token.startswith("bock:"):
                try:
                    bock.add(BockTrigger(token[5:]))
                except ValueError:
                    raise ValueError(token) from None
            elif token in _FLAGS:
                flags[token] = True
            else:
                raise ValueError(token)
        return cls(bock=frozenset(bock), **flags)

    @property
    def preset(self) -> Preset:
        """Return the preset these rules are, or CUSTOM."""
        return next((preset for preset, rules in PRESETS.items() if rules == self), Preset.CUSTOM)


_FLAGS: Final = tuple(
    name for name in HouseRules.__dataclass_fields__ if name != "bock"
)

PRESETS: Final[Mapping[Preset, HouseRules]] = {
    Preset.ISKO: HouseRules(seeger_fabian=True),
    Preset.PUB: HouseRules(
        kontra=True,
        ramsch_passed_in=True,
        bock=frozenset(
            {BockTrigger.SPLIT_60_60, BockTrigger.VALUE_120, BockTrigger.KONTRA_SUCCEEDED, BockTrigger.RE}
        ),
        bock_one_per_hand=True,
    ),
}


class Tricks(Enum):
    """The declarer's tricks as far as the score cares: Schwarz either way, or neither."""

    SOME = "some"
    ALL = "all"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Game:
    """A game with a declarer: what the list records of it.

    ``matadors`` is signed (+2 "with 2", −2 "without 2"); ``points`` are the declarer's card
    points, skat included; a Null is won when the declarer took no trick (``Tricks.NONE``).
    ``bid`` is None only for a Grand hand played instead of a Ramsch round's Ramsch.
    """

    declarer: int
    contract: Contract
    bid: int | None
    matadors: int | None = None
    points: int | None = None
    tricks: Tricks = Tricks.SOME
    kontra: bool = False
    re: bool = False


@dataclass(frozen=True, slots=True)
class Ramsch:
    """A Ramsch: each seat's card points (None for the seat sitting out), Jungfrau, Durchmarsch.

    As on paper, the points may be the loser's alone (or the tied losers', the same for each),
    the others None: the score is the same whatever the others took (see `paper_split`).
    """

    points: tuple[int | None, ...]
    jungfrau: frozenset[int] = frozenset()
    durchmarsch: int | None = None
    pushes: int = 0


@dataclass(frozen=True, slots=True)
class PassedIn:
    """Everybody passed and nobody played: the deal passes on (ISkO)."""


@dataclass(frozen=True, slots=True)
class BockAdded:
    """One more Bock round, added by hand after the hands before it (birthdays, disputes).

    It is no hand: it takes no place in the deal, and it queues a Bock round (and the Ramsch
    round after it, if the list plays one) as a game's Bock trigger does.
    """


Entry: TypeAlias = Game | Ramsch | PassedIn | BockAdded


class Problem(Enum):
    """Why an entry cannot stand in a list (beyond the engine's `InputReason`)."""

    MALFORMED = "malformed"  # not one of the values the field takes
    NOT_A_NUMBER = "not_a_number"
    NOT_A_PLAYER = "not_a_player"  # no such seat at this table
    SITS_OUT = "sits_out"  # the dealer sits out this hand at a four-table
    NO_KONTRA = "no_kontra"  # the house rules have no Kontra and Re
    NO_PUSHES = "no_pushes"  # the house rules have no Schieberamsch
    NO_RAMSCH = "no_ramsch"  # a Ramsch where the house rules play none
    NO_BOCK = "no_bock"  # a Bock round added to a list played all in Ramsch
    PLAY_RAMSCH = "play_ramsch"  # "passed in" where a Ramsch is played instead
    RAMSCH_ROUND = "ramsch_round"  # a game in a Ramsch round (other than an allowed Grand hand)
    NO_KONTRA_IN_RAMSCH_ROUND = "no_kontra_in_ramsch_round"
    JUNGFRAU_HAS_POINTS = "jungfrau_has_points"  # a player without a trick has no card points
    NOT_120 = "not_120"  # a Ramsch's card points add up to 120
    NAME_MISSING = "name_missing"
    NAME_TOO_LONG = "name_too_long"
    NAME_TWICE = "name_twice"
    TITLE_TOO_LONG = "title_too_long"


@dataclass(frozen=True, slots=True)
class Issue:
    """What is wrong with an entry, and in which field (``points_2``: seat 2's Ramsch points)."""

    field: str
    reason: InputReason | Problem
    value: int | None = None  # a number the message may quote (the Ramsch points' sum)


class EntryError(ValueError):
    """An entry that cannot stand; ``issue`` says where and why."""

    def __init__(self, issue: Issue) -> None:
        super().__init__(issue.field, issue.reason.name)
        self.issue = issue


class RoundKind(Enum):
    """The kind of round a hand falls in."""

    PLAIN = "plain"
    BOCK = "bock"
    RAMSCH = "ramsch"


@dataclass(frozen=True, slots=True)
class Slot:
    """A hand's place in the list: its number (from 1), the dealer, and its round."""

    number: int
    players: int
    """The seats at the table (three at Skat for two, whose list has two columns)."""
    round: RoundKind

    @property
    def dealer(self) -> int:
        """Return the dealer's seat: seat 0 deals first, then the deal passes clockwise."""
        return (self.number - 1) % self.players

    @property
    def sitting_out(self) -> int | None:
        """Return the seat that sits out (the dealer at a four-table), or None."""
        return self.dealer if self.players == 4 else None

    @property
    def seats(self) -> tuple[int, ...]:
        """Return the seats that play this hand, clockwise from seat 0."""
        return tuple(seat for seat in range(self.players) if seat != self.sitting_out)

    @property
    def bock(self) -> bool:
        """Tell whether the hand's score counts double."""
        return self.round is RoundKind.BOCK


@dataclass(frozen=True, slots=True)
class Round:
    """A Bock or Ramsch round still to come, with the hands left in it."""

    kind: RoundKind
    hands: int

    def __str__(self) -> str:
        return f"{self.kind.value}:{self.hands}"


@dataclass(frozen=True, slots=True)
class Row:
    """One hand of the list, as derived: its score per seat, the totals after it, and more.

    ``issues`` name what no longer fits after an earlier hand was changed or deleted (the hand
    is still scored as entered, in the round it now falls in); ``invalid`` is what the engine
    refused in an entry stored before it became stricter (such a hand scores nothing).
    """

    slot: Slot
    entry: Entry
    settlement: Settlement | RamschSettlement | None
    scores: tuple[int, ...]
    seeger_fabian: tuple[int, ...]
    totals: tuple[int, ...]
    seeger_fabian_totals: tuple[int, ...]
    triggers: tuple[BockTrigger, ...]
    two_rounds: bool  # two full rounds without Bock ended with this hand and started one
    new_bock_rounds: int
    issues: tuple[Issue, ...]
    invalid: Issue | None = None
    added_bock: int = 0  # Bock rounds added by hand after this hand

    @property
    def won(self) -> bool | None:
        """Return whether the declarer won, or None for a Ramsch or a hand passed in."""
        return self.settlement.won if isinstance(self.settlement, Settlement) else None


@dataclass(frozen=True, slots=True)
class Sheet:
    """A whole list, derived from its entries by `build`."""

    players: int
    rules: HouseRules
    rows: tuple[Row, ...]
    next: Slot
    rounds: tuple[Round, ...]  # the rounds to come, the one under way first
    totals: tuple[int, ...]
    seeger_fabian_totals: tuple[int, ...]
    won: tuple[int, ...]
    lost: tuple[int, ...]
    added_first: int = 0  # Bock rounds added by hand before the first hand

    @property
    def standings(self) -> tuple[int, ...]:
        """Return the totals the list is kept in: Seeger-Fabian or classic."""
        return self.seeger_fabian_totals if self.rules.seeger_fabian else self.totals


def _slot(number: int, players: int, rules: HouseRules, queue: Sequence[Round]) -> Slot:
    if rules.ramsch_list:
        kind = RoundKind.RAMSCH
    else:
        kind = queue[0].kind if queue else RoundKind.PLAIN
    return Slot(number=number, players=players, round=kind)


def _fit_issues(entry: Entry, slot: Slot, rules: HouseRules) -> list[Issue]:
    """Return what keeps ``entry`` from standing in ``slot`` (the place, not the entry itself)."""
    issues: list[Issue] = []
    ramsch_round = slot.round is RoundKind.RAMSCH
    if isinstance(entry, BockAdded):
        pass  # it takes no place in the deal
    elif isinstance(entry, Game):
        if entry.declarer == slot.sitting_out:
            issues.append(Issue("declarer", Problem.SITS_OUT))
        if ramsch_round:
            grand_hand = entry.contract.game_type is GameType.GRAND and entry.contract.hand
            if not (rules.ramsch_grand_hand and grand_hand):
                issues.append(Issue("game", Problem.RAMSCH_ROUND))
            elif entry.kontra:
                issues.append(Issue("kontra", Problem.NO_KONTRA_IN_RAMSCH_ROUND))
        elif entry.bid is None:
            issues.append(Issue("bid", InputReason.MISSING))
    elif isinstance(entry, Ramsch):
        if not (ramsch_round or rules.ramsch_passed_in):
            issues.append(Issue("kind", Problem.NO_RAMSCH))
        out = slot.sitting_out
        paper = _paper_issue(entry, slot.seats) if len(entry.points) == slot.players else None
        if paper and (out is None or int(paper.field.rpartition("_")[2]) <= out):
            issues.append(paper)  # the problems are named seat by seat
            paper = None
        if out is not None and out < len(entry.points):
            if entry.points[out] is not None:
                issues.append(Issue(f"points_{out + 1}", Problem.SITS_OUT))
            if out in entry.jungfrau:
                issues.append(Issue(f"jungfrau_{out + 1}", Problem.SITS_OUT))
            if out == entry.durchmarsch:
                issues.append(Issue("durchmarsch", Problem.SITS_OUT))
        issues += [paper] if paper else []
    elif ramsch_round:
        issues.append(Issue("kind", Problem.RAMSCH_ROUND))
    elif rules.ramsch_passed_in:
        issues.append(Issue("kind", Problem.PLAY_RAMSCH))
    return issues


def _entry_issues(entry: Entry, players: int, rules: HouseRules) -> list[Issue]:
    """Return what is wrong with ``entry`` wherever it stands (before the engine looks at it)."""
    issues: list[Issue] = []
    if isinstance(entry, BockAdded):
        if rules.ramsch_list:
            issues.append(Issue("kind", Problem.NO_BOCK))
    elif isinstance(entry, Game):
        if not 0 <= entry.declarer < players:
            issues.append(Issue("declarer", Problem.NOT_A_PLAYER))
        if not rules.kontra:
            issues += [Issue(name, Problem.NO_KONTRA) for name in ("kontra", "re") if getattr(entry, name)]
    elif isinstance(entry, Ramsch):
        players = seats_at(players)  # in Skat for two the computer plays the Ramsch too
        if not rules.has_ramsch:
            issues.append(Issue("kind", Problem.NO_RAMSCH))
        if len(entry.points) != players:
            issues.append(Issue("ramsch", Problem.MALFORMED))
            return issues
        written = [seat for seat, points in enumerate(entry.points) if points is not None]
        if len(written) > 3:
            issues.append(Issue("ramsch", Problem.MALFORMED))
            return issues
        for seat in sorted(entry.jungfrau):
            if not 0 <= seat < players:
                issues.append(Issue(f"jungfrau_{seat + 1}", Problem.NOT_A_PLAYER))
            elif entry.points[seat]:
                issues.append(Issue(f"points_{seat + 1}", Problem.JUNGFRAU_HAS_POINTS))
        if entry.durchmarsch is not None and not 0 <= entry.durchmarsch < players:
            issues.append(Issue("durchmarsch", Problem.NOT_A_PLAYER))
        total = sum(points for points in entry.points if points is not None)
        in_range = all(0 <= points <= _RAMSCH_POINTS for points in entry.points if points is not None)
        if not in_range:
            issues.append(Issue("ramsch", InputReason.OUT_OF_RANGE))
        elif len(written) == 3 and total != _RAMSCH_POINTS:
            issues.append(Issue("ramsch", Problem.NOT_120, value=total))
        if entry.pushes and not rules.schieberamsch:
            issues.append(Issue("pushes", Problem.NO_PUSHES))
    return issues


_GAME_FIELDS: Final = {"declarer_points": "points", "declarer_tricks": "tricks", "game_type": "game"}


def _settle_game(game: Game, *, players: int, bock: bool) -> Settlement:
    contract = game.contract
    declarer_tricks: int | None
    if contract.game_type is GameType.NULL:
        declarer_tricks = {Tricks.NONE: 0, Tricks.SOME: 1, Tricks.ALL: _ALL_TRICKS}[game.tricks]
    elif game.tricks is Tricks.SOME:
        declarer_tricks = None
        points = game.points
        if points is not None and 0 <= points <= _ALL_POINTS and (
                contract.schwarz_announced or points in (0, _ALL_POINTS)):
            declarer_tricks = missed_schwarz_tricks(points)  # "not all" is all that counts
    else:
        declarer_tricks = _ALL_TRICKS if game.tricks is Tricks.ALL else 0
    return settle(
        contract,
        matadors=game.matadors,
        declarer_points=None if contract.game_type is GameType.NULL else game.points,
        declarer_tricks=declarer_tricks,
        bid=_NO_AUCTION_BID if game.bid is None else game.bid,
        kontra=game.kontra,
        re=game.re,
        bock=bock,
        players=players,
        worked=False,  # a list shows the scores, not how they were worked out
    )


def _written(ramsch: Ramsch, seats: Sequence[int]) -> dict[int, int]:
    """Return the card points written for the playing ``seats``, by seat."""
    return {seat: points for seat in seats if (points := ramsch.points[seat]) is not None}


def _paper_issue(ramsch: Ramsch, seats: Sequence[int]) -> Issue | None:
    """Return what keeps a Ramsch written as on paper from being scored, or None.

    Either every playing seat's points are written, or only the loser's (the same for tied
    losers), or none with a Durchmarsch; the others must be able to have fewer points.
    """
    written = _written(ramsch, seats)
    empty = [seat for seat in seats if seat not in written]
    if not empty or any(not 0 <= points <= _ALL_POINTS for points in written.values()):
        return None  # every player's points, checked as a whole; or points out of range
    if not written and ramsch.durchmarsch is not None:
        return None
    if len(set(written.values())) > 1 or not written or paper_split(ramsch, seats) is None:
        return Issue(f"points_{empty[0] + 1}", InputReason.MISSING)
    return None


def paper_split(ramsch: Ramsch, seats: Sequence[int]) -> tuple[int, ...] | None:
    """Return each playing seat's card points, with ones that fit where only the losers' are written.

    The unwritten seats get fewer points than the losers (none for a Jungfrau, all for a
    Durchmarsch), split so that tricks fit them; the score does not depend on the split. Return
    None when no split fits.
    """
    written = _written(ramsch, seats)
    if ramsch.durchmarsch is not None and ramsch.durchmarsch in seats and not written:
        written = {ramsch.durchmarsch: _ALL_POINTS}
    if not written or len(set(written.values())) > 1:
        return None
    most = next(iter(written.values()))
    free = [seat for seat in seats if seat not in written and seat not in ramsch.jungfrau]
    rest = _ALL_POINTS - most * len(written)
    candidates: list[tuple[int, ...]] = []
    if len(free) == 0:
        candidates = [()] if rest == 0 else []
    elif len(free) == 1:
        candidates = [(rest,)]
    else:
        half = rest // 2
        candidates = [(a, rest - a) for step in range(half + 1) for a in {half - step, half + step}
                      if 0 <= a <= rest]
    for split in candidates:
        points = dict(written) | dict(zip(free, split))
        if any(points[seat] >= most for seat in free) and ramsch.durchmarsch is None:
            continue
        full = tuple(points.get(seat, 0) for seat in seats)
        try:
            _ramsch_tricks(ramsch, seats, full)
        except InvalidInput:
            continue
        return full
    return None


def _ramsch_tricks(ramsch: Ramsch, seats: Sequence[int], points: Sequence[int]) -> tuple[int, ...]:
    return ramsch_tricks(
        points,
        jungfrau={seats.index(seat) for seat in ramsch.jungfrau if seat in seats},
        durchmarsch=None if ramsch.durchmarsch not in seats else seats.index(ramsch.durchmarsch),
    )


def _settle_ramsch(ramsch: Ramsch, seats: Sequence[int], *, bock: bool) -> RamschSettlement:
    points = paper_split(ramsch, seats) if len(_written(ramsch, seats)) < len(seats) else None
    if points is None:
        points = tuple(ramsch.points[seat] or 0 for seat in seats)
    tricks = _ramsch_tricks(ramsch, seats, points)
    return settle_ramsch(points, tricks, pushes=ramsch.pushes, bock=bock, worked=False)


def _score(
    entry: Entry, slot: Slot
) -> tuple[Settlement | RamschSettlement | None, tuple[int, ...], tuple[int, ...]]:
    """Score ``entry`` in ``slot``: the settlement, classic scores and Seeger-Fabian scores."""
    players = slot.players
    if isinstance(entry, Game):
        settlement = _settle_game(entry, players=players, bock=slot.bock)
        scores = tuple(settlement.score if seat == entry.declarer else 0 for seat in range(players))
        fabian = settlement.seeger_fabian
        seeger = tuple(
            fabian.declarer if seat == entry.declarer else fabian.others for seat in range(players)
        )
        return settlement, scores, seeger
    if isinstance(entry, Ramsch):
        ramsch = _settle_ramsch(entry, slot.seats, bock=slot.bock)
        by_seat = dict(zip(slot.seats, ramsch.scores))
        scores = tuple(by_seat.get(seat, 0) for seat in range(players))
        return ramsch, scores, scores
    zero = (0,) * players
    return None, zero, zero


def _engine_issue(entry: Entry, error: InvalidInput) -> Issue:
    """Turn the engine's complaint into an issue on the entry's own field names."""
    if isinstance(entry, Ramsch):
        name = error.field if error.field in ("durchmarsch", "pushes") else "ramsch"
    else:
        name = _GAME_FIELDS.get(error.field, error.field)
    return Issue(name, error.reason)


_TRIGGER_ORDER: Final = tuple(BockTrigger)
"""The Bock triggers in the order a row lists them."""


def _triggers(settlement: Settlement | RamschSettlement | None, slot: Slot,
              rules: HouseRules) -> list[BockTrigger]:
    """Return the Bock triggers of the list's rules that a hand sets off (the engine finds them).

    A hand in a Ramsch round starts no Bock round (nor does its Grand Hand).
    """
    if not rules.bock or slot.round is RoundKind.RAMSCH or not isinstance(settlement, Settlement):
        return []
    fired = bock_triggers(settlement) & rules.bock
    if rules.bock_schneider_outside_bock and slot.bock:
        fired -= {BockTrigger.SCHNEIDER}
    return [trigger for trigger in _TRIGGER_ORDER if trigger in fired]


def _two_rounds_without_bock(rows: Sequence[Row], slot: Slot, *, any_hands: bool) -> bool:
    """Tell whether ``slot`` ends two full rounds without any Bock.

    Every hand of the two rounds was played outside Bock and Ramsch rounds and none of them
    started a Bock round. The rounds are counted from seat 0's deal (the last seat deals the
    last hand of a round), or, ``any_hands``, are any six hands in a row (eight at four players).
    """
    span = 2 * slot.players
    at_round_end = any_hands or slot.dealer == slot.players - 1
    if not at_round_end or slot.round is not RoundKind.PLAIN or len(rows) < span - 1:
        return False
    earlier = rows[len(rows) - (span - 1):]
    return all(row.slot.round is RoundKind.PLAIN and not row.new_bock_rounds for row in earlier)


def _check_players(players: int) -> None:
    if players not in PLAYERS and players != DUEL:
        raise ValueError("a list is kept for three or four players, or two at Skat for two")


def seats_at(players: int) -> int:
    """Return the seats at the table of a list of ``players`` columns (Skat for two's has three).

    >>> seats_at(DUEL), seats_at(4)
    (3, 4)
    """
    return 3 if players == DUEL else players


def build(players: int, rules: HouseRules, entries: Iterable[Entry]) -> Sheet:
    """Derive the whole list from its entries: rows, totals, and what comes next."""
    _check_players(players)
    columns, players = players, seats_at(players)  # Skat for two: the computer's seat is dropped last
    queue: list[Round] = []
    rows: list[Row] = []
    totals = [0] * players
    seeger_totals = [0] * players
    won = [0] * players
    lost = [0] * players
    added_first = 0
    for entry in entries:
        if isinstance(entry, BockAdded):
            if rules.ramsch_list:  # refused by `check`; a list played all in Ramsch has no Bock
                continue
            _queue_bock(queue, players, rules)
            if rows:
                rows[-1] = replace(rows[-1], added_bock=rows[-1].added_bock + 1)
            else:
                added_first += 1
            continue
        slot = _slot(len(rows) + 1, players, rules, queue)
        issues = _fit_issues(entry, slot, rules)
        invalid: Issue | None = None
        try:
            settlement, scores, seeger = _score(entry, slot)
        except InvalidInput as error:  # stored before a stricter engine: shown, scored 0
            invalid = _engine_issue(entry, error)
            settlement, scores, seeger = None, (0,) * players, (0,) * players
        triggers = _triggers(settlement, slot, rules)
        new_rounds = min(len(triggers), 1) if rules.bock_one_per_hand else len(triggers)
        two_rounds = not new_rounds and rules.bock_two_rounds and _two_rounds_without_bock(
            rows, slot, any_hands=rules.bock_two_rounds_any)
        new_rounds += two_rounds
        if queue:
            head = queue[0]
            queue[0] = Round(head.kind, head.hands - 1)
            if not queue[0].hands:
                queue.pop(0)
        for _ in range(new_rounds):
            _queue_bock(queue, players, rules)
        totals = [total + score for total, score in zip(totals, scores)]
        seeger_totals = [total + score for total, score in zip(seeger_totals, seeger)]
        if isinstance(entry, Game) and isinstance(settlement, Settlement) and 0 <= entry.declarer < players:
            (won if settlement.won else lost)[entry.declarer] += 1
        rows.append(
            Row(
                slot=slot,
                entry=entry,
                settlement=settlement,
                scores=scores,
                seeger_fabian=seeger,
                totals=tuple(totals),
                seeger_fabian_totals=tuple(seeger_totals),
                triggers=tuple(triggers),
                two_rounds=two_rounds,
                new_bock_rounds=new_rounds,
                issues=tuple(issues),
                invalid=invalid,
            )
        )
    if columns != players:
        rows = [_columns(row, columns) for row in rows]
    return Sheet(
        players=columns,
        rules=rules,
        rows=tuple(rows),
        next=_slot(len(rows) + 1, players, rules, queue),
        rounds=tuple(queue),
        totals=tuple(totals[:columns]),
        seeger_fabian_totals=tuple(seeger_totals[:columns]),
        won=tuple(won[:columns]),
        lost=tuple(lost[:columns]),
        added_first=added_first,
    )


def _columns(row: Row, columns: int) -> Row:
    """Return ``row`` with the scores of its first ``columns`` seats only (the people's)."""
    return replace(row, scores=row.scores[:columns], seeger_fabian=row.seeger_fabian[:columns],
                   totals=row.totals[:columns], seeger_fabian_totals=row.seeger_fabian_totals[:columns])


def _queue_bock(queue: list[Round], players: int, rules: HouseRules) -> None:
    """Queue a Bock round, and the Ramsch round that follows it if the list plays one."""
    queue.append(Round(RoundKind.BOCK, players))
    if rules.ramsch_after_bock:
        queue.append(Round(RoundKind.RAMSCH, players))


def hand_index(entries: Sequence[Entry], number: int) -> int:
    """Return where hand ``number`` (from 1) stands among ``entries`` (added Bock rounds count).

    Raise ValueError when the list has no such hand.
    """
    seen = 0
    for index, entry in enumerate(entries):
        if not isinstance(entry, BockAdded):
            seen += 1
            if seen == number:
                return index
    raise ValueError("no such hand")


def check(players: int, rules: HouseRules, entries: Sequence[Entry], entry: Entry,
          *, at: int | None = None) -> Slot:
    """Check that ``entry`` may stand as hand ``at`` (counted from 0; the next hand by default).

    Return the hand's slot; raise `EntryError` with the first issue: the entry itself, its place
    in the list, then whatever the engine refuses.
    """
    index = len(entries) if at is None else at
    if not 0 <= index <= len(entries):
        raise ValueError("no such hand")
    slot = build(players, rules, entries[:index]).next
    issues = _entry_issues(entry, players, rules)
    issues += _fit_issues(entry, slot, rules) if not issues else []
    if issues:
        raise EntryError(issues[0])
    try:
        _score(entry, slot)
    except InvalidInput as error:
        raise EntryError(_engine_issue(entry, error)) from None
    return slot


def first_invalid(players: int, rules: HouseRules, entries: Sequence[Entry]) -> tuple[int, Issue] | None:
    """Return the first entry (its index and issue) that no list could hold, or None.

    Unlike `check`, an entry's place is not judged: a list whose later hands stopped fitting
    after an edit (and was then saved to a file) reads back as it was, those hands marked.
    """
    for index, entry in enumerate(entries):
        issues = _entry_issues(entry, players, rules)
        if issues:
            return index, issues[0]
    hands = [index for index, entry in enumerate(entries) if not isinstance(entry, BockAdded)]
    for index, row in zip(hands, build(players, rules, entries).rows):
        if row.invalid is not None:
            return index, row.invalid
    return None


MAX_NAME: Final = 24
MAX_TITLE: Final = 60


def check_names(names: Sequence[str], *, duel: bool = False) -> tuple[str, ...]:
    """Return the players' names, cleaned; raise `EntryError` on ``player_<n>`` (from 1).

    Three or four names (or, with ``duel``, the two people of Skat for two's list, which a table
    keeps and a file brings back), none empty, none longer than `MAX_NAME`, no name twice
    (whatever its capitals).
    """
    cleaned = tuple(clean_text(name) for name in names)
    if len(cleaned) not in PLAYERS and not (duel and len(cleaned) == DUEL):
        raise EntryError(Issue("players", Problem.MALFORMED))
    seen: set[str] = set()
    for number, name in enumerate(cleaned, start=1):
        if not name:
            raise EntryError(Issue(f"player_{number}", Problem.NAME_MISSING))
        if len(name) > MAX_NAME:
            raise EntryError(Issue(f"player_{number}", Problem.NAME_TOO_LONG, value=MAX_NAME))
        if name.casefold() in seen:
            raise EntryError(Issue(f"player_{number}", Problem.NAME_TWICE))
        seen.add(name.casefold())
    return cleaned


# ---------------------------------------------------------------------------------------------
# Flat string fields: one spelling of an entry for the form, the CSV file and the database.

GAME_FIELDS: Final = (
    "declarer", "game", "hand", "schneider_announced", "schwarz_announced", "ouvert",
    "matadors", "without", "points", "tricks", "null_result", "bid", "kontra", "re",
)
RAMSCH_FIELDS: Final = ("durchmarsch", "pushes")
ENTRY_FIELDS: Final = ("kind", *GAME_FIELDS, *RAMSCH_FIELDS)
"""The names of an entry's fields; a Ramsch adds ``points_<seat>`` and ``jungfrau_<seat>``."""

NUMBER_DIGITS: Final = 4
"""The most digits a number of an entry may have (card points and bids have three)."""
_TRUE: Final = frozenset({"1", "on", "true", "yes"})
_FALSE: Final = frozenset({"", "0", "off", "false", "no"})
_GAMES: Final = {game.value: game for game in GameType if game is not GameType.RAMSCH}
_NULL_RESULTS: Final = {"won": Tricks.NONE, "lost": Tricks.SOME}
_TRICKS: Final = {tricks.value: tricks for tricks in Tricks}


def seat_fields(players: int) -> tuple[str, ...]:
    """Return the per-seat Ramsch field names of a table of ``players``."""
    return tuple(f"{name}_{seat}" for seat in range(1, players + 1) for name in ("points", "jungfrau"))


def _text(fields: Mapping[str, str], name: str) -> str:
    return str(fields.get(name) or "").strip()


def _flag(fields: Mapping[str, str], name: str) -> bool:
    text = _text(fields, name).lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise EntryError(Issue(name, Problem.MALFORMED))


def _number(fields: Mapping[str, str], name: str) -> int | None:
    text = _text(fields, name)
    if not text:
        return None
    try:
        return parse.number(text, signed=True, digits=NUMBER_DIGITS)
    except parse.Refused:
        raise EntryError(Issue(name, Problem.NOT_A_NUMBER)) from None


def _seat(fields: Mapping[str, str], name: str, players: int) -> int | None:
    text = _text(fields, name)
    if not text:
        return None
    try:
        return parse.seat(text, players=players, first=1)
    except parse.Refused as refused:
        problem = Problem.NOT_A_PLAYER if refused.reason is InputReason.OUT_OF_RANGE else Problem.NOT_A_NUMBER
        raise EntryError(Issue(name, problem)) from None


_T = TypeVar("_T")


def _choice(fields: Mapping[str, str], name: str, choices: Mapping[str, _T]) -> _T | None:
    text = _text(fields, name)
    if not text:
        return None
    if text not in choices:
        raise EntryError(Issue(name, Problem.MALFORMED))
    return choices[text]


def _game_from_fields(fields: Mapping[str, str], players: int) -> Game:
    declarer = _seat(fields, "declarer", players)
    if declarer is None:
        raise EntryError(Issue("declarer", InputReason.MISSING))
    game_type = _choice(fields, "game", _GAMES)
    if game_type is None:
        raise EntryError(Issue("game", InputReason.MISSING))
    options = {name: _flag(fields, name)
               for name in ("hand", "schneider_announced", "schwarz_announced", "ouvert")}
    try:
        contract = Contract(game_type, **options)
    except InvalidInput as error:
        raise EntryError(Issue(error.field, error.reason)) from None
    count = _number(fields, "matadors")
    matadors = None if count is None else (-count if _flag(fields, "without") else count)
    if game_type is GameType.NULL:
        result = _choice(fields, "null_result", _NULL_RESULTS)
        if result is None:
            raise EntryError(Issue("null_result", InputReason.MISSING))
        tricks, points = result, None
    else:
        points = _number(fields, "points")
        if points is None:
            raise EntryError(Issue("points", InputReason.MISSING))
        said = _choice(fields, "tricks", _TRICKS)
        if said is None and points in (0, _ALL_POINTS):  # only the tricks tell whether it was Schwarz: ask
            raise EntryError(Issue("tricks", InputReason.MISSING, value=points))
        tricks = said or Tricks.SOME
    return Game(
        declarer=declarer,
        contract=contract,
        bid=_number(fields, "bid"),
        matadors=matadors,
        points=points,
        tricks=tricks,
        kontra=_flag(fields, "kontra"),
        re=_flag(fields, "re"),
    )


def _ramsch_from_fields(fields: Mapping[str, str], players: int) -> Ramsch:
    points = tuple(_number(fields, f"points_{seat}") for seat in range(1, players + 1))
    jungfrau = frozenset(
        seat for seat in range(players) if _flag(fields, f"jungfrau_{seat + 1}")
    )
    pushes = _number(fields, "pushes") or 0
    if not 0 <= pushes <= _MAX_PUSHES:
        raise EntryError(Issue("pushes", InputReason.OUT_OF_RANGE))
    ramsch = Ramsch(
        points=points,
        jungfrau=jungfrau,
        durchmarsch=_seat(fields, "durchmarsch", players),
        pushes=pushes,
    )
    paper = _paper_issue(ramsch, range(players)) if players == 3 else None  # at four, the slot tells
    if paper:
        raise EntryError(paper)
    return ramsch


def entry_from_fields(fields: Mapping[str, str], *, players: int) -> Entry:
    """Read an entry from its string fields; raise `EntryError` naming the first bad field.

    Fields that do not belong to the entry's kind (or game) are ignored, but for matadors in a
    Null, which the engine refuses.
    """
    _check_players(players)
    kind = _text(fields, "kind")
    if kind == "game":
        return _game_from_fields(fields, players)
    if kind == "ramsch":
        return _ramsch_from_fields(fields, seats_at(players))
    if kind == "passed":
        return PassedIn()
    if kind == "bock":
        return BockAdded()
    raise EntryError(Issue("kind", InputReason.MISSING if not kind else Problem.MALFORMED))


def _write_flag(value: bool) -> str:
    return "1" if value else ""


def entry_to_fields(entry: Entry) -> dict[str, str]:
    """Write an entry as string fields that `entry_from_fields` reads back to the same entry."""
    if isinstance(entry, Game):
        contract = entry.contract
        null = contract.game_type is GameType.NULL
        fields = {
            "kind": "game",
            "declarer": str(entry.declarer + 1),
            "game": contract.game_type.value,
            "hand": _write_flag(contract.hand),
            "schneider_announced": _write_flag(contract.schneider_announced),
            "schwarz_announced": _write_flag(contract.schwarz_announced),
            "ouvert": _write_flag(contract.ouvert),
            "matadors": "" if entry.matadors is None else str(abs(entry.matadors)),
            "without": _write_flag(entry.matadors is not None and entry.matadors < 0),
            "points": "" if entry.points is None else str(entry.points),
            "tricks": "" if null else entry.tricks.value,
            "null_result": ("won" if entry.tricks is Tricks.NONE else "lost") if null else "",
            "bid": "" if entry.bid is None else str(entry.bid),
            "kontra": _write_flag(entry.kontra),
            "re": _write_flag(entry.re),
        }
        return fields
    if isinstance(entry, Ramsch):
        fields = {"kind": "ramsch"}
        for seat, points in enumerate(entry.points, start=1):
            fields[f"points_{seat}"] = "" if points is None else str(points)
            fields[f"jungfrau_{seat}"] = _write_flag(seat - 1 in entry.jungfrau)
        fields["durchmarsch"] = "" if entry.durchmarsch is None else str(entry.durchmarsch + 1)
        fields["pushes"] = str(entry.pushes)
        return fields
    if isinstance(entry, BockAdded):
        return {"kind": "bock"}
    return {"kind": "passed"}

