"""Game value, win or loss, overbidding and list scores: the arithmetic every part shares.

>>> settlement = settle(Contract(GameType.HEARTS, hand=True), matadors=2, declarer_points=75,
...                     bid=36)
>>> settlement.multiplier, settlement.value, settlement.won, settlement.score
(4, 40, True, 40)
>>> [(step.kind.name, step.value) for step in settlement.steps][:4]
[('BASE_VALUE', 10), ('LEVEL', 2), ('LEVEL', 1), ('LEVEL', 1)]
>>> lost = settle(Contract(GameType.DIAMONDS), matadors=1, declarer_points=70, bid=24)
>>> lost.overbid, lost.game_value, lost.value, lost.loss_reason, lost.score
(True, 18, 27, <LossReason.OVERBID: 'overbid'>, -54)
>>> settle_ramsch(points=(70, 50, 0), tricks=(6, 4, 0)).scores
(-140, 0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from .bidding import is_valid_bid
from .cards import DECK, CardSet
from .rules import BASE_VALUES, GameType, null_value, rules_for

__all__ = [
    "Contract",
    "Level",
    "LossReason",
    "InputReason",
    "InvalidInput",
    "StepKind",
    "Step",
    "SeegerFabian",
    "Settlement",
    "RamschSettlement",
    "matadors",
    "matador_range",
    "settle",
    "settle_ramsch",
    "WIN_POINTS",
    "BockTrigger",
    "bock_triggers",
    "Target",
    "win_target",
    "win_value",
]

WIN_POINTS: Final = 61
_SCHNEIDER_POINTS: Final = 30  # a side with this many points or fewer is Schneider
_SEEGER_FABIAN_WIN: Final = 50
_SEEGER_FABIAN_BONUS: Final = {3: 40, 4: 30}
_DURCHMARSCH: Final = 120


class InputReason(Enum):
    """Why `Contract`, `settle` or `settle_ramsch` refused its input."""

    MISSING = "missing"
    OUT_OF_RANGE = "out_of_range"
    NOT_ALLOWED = "not_allowed"
    NEEDS_HAND = "needs_hand"
    INVALID_BID = "invalid_bid"
    NULL_BELOW_BID = "null_below_bid"
    RE_WITHOUT_KONTRA = "re_without_kontra"
    INCONSISTENT = "inconsistent"


class InvalidInput(ValueError):
    """Input that cannot describe a real game; ``field`` names the offending argument."""

    def __init__(self, field: str, reason: InputReason) -> None:
        super().__init__(field, reason.name)
        self.field = field
        self.reason = reason


class Level(Enum):
    """The components of a multiplier, in the order they are counted."""

    MATADORS = "matadors"
    GAME = "game"
    HAND = "hand"
    SCHNEIDER = "schneider"
    SCHNEIDER_ANNOUNCED = "schneider_announced"
    SCHWARZ = "schwarz"
    SCHWARZ_ANNOUNCED = "schwarz_announced"
    OUVERT = "ouvert"


class LossReason(Enum):
    """Why the declarer lost."""

    NOT_ENOUGH_POINTS = "not_enough_points"
    SCHNEIDER_MISSED = "schneider_missed"
    SCHWARZ_MISSED = "schwarz_missed"
    OVERBID = "overbid"
    NULL_TRICK_TAKEN = "null_trick_taken"


@dataclass(frozen=True, slots=True)
class Contract:
    """The game the declarer plays: game type and options, checked and completed.

    Implied announcements are filled in: Schwarz announced implies Schneider announced, and a
    suit or Grand ouvert implies both.

    >>> Contract(GameType.GRAND, hand=True, ouvert=True).schwarz_announced
    True
    >>> Contract(GameType.CLUBS, schneider_announced=True)
    Traceback (most recent call last):
    ...
    webapp.engine.score.InvalidInput: ('schneider_announced', 'NEEDS_HAND')
    """

    game_type: GameType
    hand: bool = field(default=False, kw_only=True)
    schneider_announced: bool = field(default=False, kw_only=True)
    schwarz_announced: bool = field(default=False, kw_only=True)
    ouvert: bool = field(default=False, kw_only=True)

    def __post_init__(self) -> None:
        if self.game_type is GameType.RAMSCH:
            raise InvalidInput("game_type", InputReason.NOT_ALLOWED)
        if self.game_type is GameType.NULL:
            for name in ("schneider_announced", "schwarz_announced"):
                if getattr(self, name):
                    raise InvalidInput(name, InputReason.NOT_ALLOWED)
            return
        if self.ouvert and not self.hand:
            raise InvalidInput("ouvert", InputReason.NEEDS_HAND)
        for name in ("schwarz_announced", "schneider_announced"):
            if getattr(self, name) and not self.hand:
                raise InvalidInput(name, InputReason.NEEDS_HAND)
        schwarz = self.schwarz_announced or self.ouvert
        object.__setattr__(self, "schwarz_announced", schwarz)
        object.__setattr__(self, "schneider_announced", self.schneider_announced or schwarz)

    @property
    def base_value(self) -> int | None:
        """Return the base value, or None for Null (which has fixed values)."""
        return BASE_VALUES.get(self.game_type)

    @property
    def null_value(self) -> int | None:
        """Return the fixed value of a Null game, else None."""
        if self.game_type is not GameType.NULL:
            return None
        return null_value(hand=self.hand, ouvert=self.ouvert)


def matador_range(game_type: GameType) -> int:
    """Return the most matadors a game can count: 11 in a suit game, 4 in Grand."""
    if not game_type.has_matadors:
        raise InvalidInput("game_type", InputReason.NOT_ALLOWED)
    return len(rules_for(game_type).trumps)


def matadors(cards: CardSet, game_type: GameType) -> int:
    """Return the matadors of the declarer's cards (ten cards and the skat): +n with, −n without.

    >>> matadors(CardSet.parse("CJ SJ DJ HA"), GameType.HEARTS)
    2
    >>> matadors(CardSet.parse("HJ DJ"), GameType.GRAND)
    -2
    """
    matador_range(game_type)
    trumps = rules_for(game_type).trumps
    holds_top = trumps[0] in cards
    count = 0
    for trump in trumps:
        if (trump in cards) != holds_top:
            break
        count += 1
    return count if holds_top else -count


class StepKind(Enum):
    """One line of a worked score; the web layer writes each one in the user's language.

    A suit or Grand game gives BASE_VALUE, one LEVEL per level (``level``, ``value`` = count),
    MULTIPLIER, GAME_VALUE; a Null gives NULL_VALUE. Then BID_REACHED or OVERBID (``value`` = the
    bid) and for an overbid OVERBID_VALUE; then WON or LOST (``reason``) with the value scored;
    LIST_SCORE (+value or −2 × value); KONTRA, RE, BOCK (each the score after doubling); SCORE.
    Ramsch gives RAMSCH_POINTS or DURCHMARSCH, then JUNGFRAU, PUSH, BOCK and SCORE.
    """

    BASE_VALUE = "base_value"
    LEVEL = "level"
    MULTIPLIER = "multiplier"
    GAME_VALUE = "game_value"
    NULL_VALUE = "null_value"
    BID_REACHED = "bid_reached"
    OVERBID = "overbid"
    OVERBID_VALUE = "overbid_value"
    WON = "won"
    LOST = "lost"
    LIST_SCORE = "list_score"
    KONTRA = "kontra"
    RE = "re"
    BOCK = "bock"
    SCORE = "score"
    RAMSCH_POINTS = "ramsch_points"
    DURCHMARSCH = "durchmarsch"
    JUNGFRAU = "jungfrau"
    PUSH = "push"


@dataclass(frozen=True, slots=True)
class Step:
    """One line of a worked score: a kind, its number, and the level or loss reason it is about."""

    kind: StepKind
    value: int
    level: Level | None = None
    reason: LossReason | None = None

    def as_dict(self) -> dict[str, object]:
        """Return plain JSON-ready data."""
        data: dict[str, object] = {"kind": self.kind.value, "value": self.value}
        if self.level is not None:
            data["level"] = self.level.value
        if self.reason is not None:
            data["reason"] = self.reason.value
        return data


@dataclass(frozen=True, slots=True)
class SeegerFabian:
    """Seeger-Fabian list entry: the declarer's score and the bonus each other player gets."""

    declarer: int
    others: int


@dataclass(frozen=True, slots=True)
class Settlement:
    """The result of a suit, Grand or Null game, with how it was computed.

    ``game_value`` is base × multiplier (or the Null value); ``value`` is what is scored, which is
    the overbid value when the declarer overbid. ``score`` is the classic list entry for the
    declarer after Kontra, Re and Bock.
    """

    contract: Contract
    bid: int
    matadors: int | None
    declarer_points: int | None
    declarer_tricks: int | None
    levels: tuple[tuple[Level, int], ...]
    multiplier: int | None
    game_value: int
    overbid: bool
    overbid_value: int | None
    value: int
    won: bool
    loss_reason: LossReason | None
    schneider: bool
    schwarz: bool
    kontra: bool
    re: bool
    bock: bool
    players: int
    score: int
    seeger_fabian: SeegerFabian
    steps: tuple[Step, ...]

    def as_dict(self) -> dict[str, object]:
        """Return plain JSON-ready data (enums as their string values)."""
        contract = self.contract
        return {
            "contract": {
                "game_type": contract.game_type.value,
                "hand": contract.hand,
                "schneider_announced": contract.schneider_announced,
                "schwarz_announced": contract.schwarz_announced,
                "ouvert": contract.ouvert,
            },
            "bid": self.bid,
            "matadors": self.matadors,
            "declarer_points": self.declarer_points,
            "declarer_tricks": self.declarer_tricks,
            "levels": [[level.value, count] for level, count in self.levels],
            "multiplier": self.multiplier,
            "game_value": self.game_value,
            "overbid": self.overbid,
            "overbid_value": self.overbid_value,
            "value": self.value,
            "won": self.won,
            "loss_reason": None if self.loss_reason is None else self.loss_reason.value,
            "schneider": self.schneider,
            "schwarz": self.schwarz,
            "kontra": self.kontra,
            "re": self.re,
            "bock": self.bock,
            "players": self.players,
            "score": self.score,
            "seeger_fabian": {
                "declarer": self.seeger_fabian.declarer,
                "others": self.seeger_fabian.others,
            },
            "steps": [step.as_dict() for step in self.steps],
        }


def _subset_sums() -> tuple[frozenset[int], ...]:
    # sums[k]: every card-point total that k cards of the deck can have.
    sums: list[set[int]] = [{0}] + [set() for _ in DECK]
    for card in DECK:
        for count in range(len(DECK), 0, -1):
            sums[count].update(total + card.points for total in sums[count - 1])
    return tuple(frozenset(totals) for totals in sums)


_SUMS_OF: Final = _subset_sums()
_ANY_SUM: Final = frozenset().union(*_SUMS_OF)


def _check_range(name: str, value: int | None, low: int, high: int) -> None:
    if value is not None and not low <= value <= high:
        raise InvalidInput(name, InputReason.OUT_OF_RANGE)


def _check_cards_taken(points: int | None, tricks: int | None) -> None:
    """Refuse points that no set of cards the declarer could hold adds up to.

    The declarer's cards are the tricks taken (three cards each) plus the skat.
    """
    if points is None:
        return
    possible = _ANY_SUM if tricks is None else _SUMS_OF[3 * tricks + 2]
    if points not in possible:
        raise InvalidInput("declarer_points", InputReason.INCONSISTENT)


def _game_steps(
    *,
    base: int | None,
    levels: Sequence[tuple[Level, int]],
    multiplier: int | None,
    game_value: int,
    bid: int,
    overbid_value: int | None,
    value: int,
    loss_reason: LossReason | None,
    list_score: int,
    doublings: Sequence[tuple[bool, StepKind]],
    score: int,
) -> tuple[Step, ...]:
    """Write the worked score of a suit, Grand or Null game from the numbers `settle` found."""
    steps: list[Step] = []
    if base is None:
        steps.append(Step(StepKind.NULL_VALUE, game_value))
    else:
        assert multiplier is not None
        steps.append(Step(StepKind.BASE_VALUE, base))
        steps.extend(Step(StepKind.LEVEL, count, level=level) for level, count in levels)
        steps.append(Step(StepKind.MULTIPLIER, multiplier))
        steps.append(Step(StepKind.GAME_VALUE, game_value))
    if overbid_value is not None:
        steps.append(Step(StepKind.OVERBID, bid))
        steps.append(Step(StepKind.OVERBID_VALUE, overbid_value))
    else:
        steps.append(Step(StepKind.BID_REACHED, bid))
    if loss_reason is None:
        steps.append(Step(StepKind.WON, value))
    else:
        steps.append(Step(StepKind.LOST, value, reason=loss_reason))
    steps.append(Step(StepKind.LIST_SCORE, list_score))
    factor = 1
    for said, kind in doublings:  # Kontra, Re and Bock in that order, each the score after it
        if said:
            factor *= 2
            steps.append(Step(kind, list_score * factor))
    steps.append(Step(StepKind.SCORE, score))
    return tuple(steps)


def settle(
    contract: Contract,
    *,
    matadors: int | None = None,
    declarer_points: int | None = None,
    declarer_tricks: int | None = None,
    bid: int,
    kontra: bool = False,
    re: bool = False,
    bock: bool = False,
    players: int = 3,
    worked: bool = True,
) -> Settlement:
    """Value and score a suit, Grand or Null game (rules.md §6–§10).

    Suit and Grand need ``matadors`` (signed) and ``declarer_points`` (skat included);
    ``declarer_tricks`` decides Schwarz and is needed when Schwarz was announced or the card
    points are 0 or 120 (a side may take a trick of no card points, so only the tricks tell);
    otherwise it may be None. Null needs ``declarer_tricks`` (0 = won) and no matadors.
    Impossible input raises `InvalidInput`. ``worked=False`` leaves out the worked score
    (``steps`` is empty), for a list that shows only the scores.
    """
    if players not in _SEEGER_FABIAN_BONUS:
        raise InvalidInput("players", InputReason.OUT_OF_RANGE)
    if not is_valid_bid(bid):
        raise InvalidInput("bid", InputReason.INVALID_BID)
    if re and not kontra:
        raise InvalidInput("re", InputReason.RE_WITHOUT_KONTRA)
    _check_range("declarer_points", declarer_points, 0, 120)
    _check_range("declarer_tricks", declarer_tricks, 0, 10)
    _check_cards_taken(declarer_points, declarer_tricks)

    levels: list[tuple[Level, int]] = []
    multiplier: int | None = None
    loss_reason: LossReason | None = None
    schneider = schwarz = False
    base = contract.base_value
    if base is None:
        if matadors is not None:
            raise InvalidInput("matadors", InputReason.NOT_ALLOWED)
        if declarer_tricks is None:
            raise InvalidInput("declarer_tricks", InputReason.MISSING)
        game_value = null_value(hand=contract.hand, ouvert=contract.ouvert)
        if game_value < bid:
            raise InvalidInput("bid", InputReason.NULL_BELOW_BID)
        if declarer_tricks:
            loss_reason = LossReason.NULL_TRICK_TAKEN
    else:
        if matadors is None:
            raise InvalidInput("matadors", InputReason.MISSING)
        top = matador_range(contract.game_type)
        if not 1 <= abs(matadors) <= top:
            raise InvalidInput("matadors", InputReason.OUT_OF_RANGE)
        if declarer_points is None:
            raise InvalidInput("declarer_points", InputReason.MISSING)
        if declarer_tricks is None and (
            contract.schwarz_announced or declarer_points in (0, 120)
        ):
            # At 0 or 120 card points only the tricks tell whether a side was Schwarz: ask.
            raise InvalidInput("declarer_tricks", InputReason.MISSING)
        points = declarer_points
        schneider = points >= 120 - _SCHNEIDER_POINTS or points <= _SCHNEIDER_POINTS
        schwarz = declarer_tricks in (0, 10)
        levels.append((Level.MATADORS, abs(matadors)))
        levels.append((Level.GAME, 1))
        for applies, level in (
            (contract.hand, Level.HAND),
            # Announced levels count whether reached or not (rules.md §7).
            (schneider or contract.schneider_announced, Level.SCHNEIDER),
            (contract.schneider_announced, Level.SCHNEIDER_ANNOUNCED),
            (schwarz or contract.schwarz_announced, Level.SCHWARZ),
            (contract.schwarz_announced, Level.SCHWARZ_ANNOUNCED),
            (contract.ouvert, Level.OUVERT),
        ):
            if applies:
                levels.append((level, 1))
        multiplier = sum(count for _, count in levels)
        game_value = base * multiplier
        if points < WIN_POINTS:
            loss_reason = LossReason.NOT_ENOUGH_POINTS
        elif contract.schneider_announced and points < 120 - _SCHNEIDER_POINTS:
            loss_reason = LossReason.SCHNEIDER_MISSED
        elif contract.schwarz_announced and declarer_tricks != 10:
            loss_reason = LossReason.SCHWARZ_MISSED

    overbid = game_value < bid
    overbid_value: int | None = None
    value = game_value
    if overbid:
        # Only suit and Grand games get here: a Null below the bid was refused above.
        assert base is not None
        overbid_value = -(-bid // base) * base
        value = overbid_value
        loss_reason = LossReason.OVERBID
    won = loss_reason is None
    list_score = value if won else -2 * value
    doublings = ((kontra, StepKind.KONTRA), (re, StepKind.RE), (bock, StepKind.BOCK))
    factor = 2 ** sum(said for said, _ in doublings)
    score = list_score * factor
    steps: tuple[Step, ...] = ()
    if worked:
        steps = _game_steps(
            base=base, levels=levels, multiplier=multiplier, game_value=game_value, bid=bid,
            overbid_value=overbid_value, value=value, loss_reason=loss_reason,
            list_score=list_score, doublings=doublings, score=score,
        )
    # The ±50 doubles with Kontra, Re and Bock; the others' +40/+30 does not (rules.md §10).
    seeger_fabian = SeegerFabian(
        declarer=score + (_SEEGER_FABIAN_WIN if won else -_SEEGER_FABIAN_WIN) * factor,
        others=0 if won else _SEEGER_FABIAN_BONUS[players],
    )
    return Settlement(
        contract=contract,
        bid=bid,
        matadors=matadors,
        declarer_points=declarer_points,
        declarer_tricks=declarer_tricks,
        levels=tuple(levels),
        multiplier=multiplier,
        game_value=game_value,
        overbid=overbid,
        overbid_value=overbid_value,
        value=value,
        won=won,
        loss_reason=loss_reason,
        schneider=schneider,
        schwarz=schwarz,
        kontra=kontra,
        re=re,
        bock=bock,
        players=players,
        score=score,
        seeger_fabian=seeger_fabian,
        steps=steps,
    )


class Target(Enum):
    """What the declarer must reach to win one game, bid and matadors included (§6–§8).

    The defenders beat the game by preventing it. NONE: no result reaches the bid (the game is
    lost however it is played).
    """

    CLEAN = "clean"
    """Null: take no trick."""
    WIN = "win"
    """61 card points."""
    SCHNEIDER = "schneider"
    """90 card points: announced, or the only level whose value reaches the bid."""
    SCHWARZ = "schwarz"
    """Every trick: announced, or the only level whose value reaches the bid."""
    NONE = "none"


_TARGET_RESULTS: Final = (
    (Target.WIN, WIN_POINTS, 5),
    (Target.SCHNEIDER, 120 - _SCHNEIDER_POINTS, 7),
    (Target.SCHWARZ, 120, 10),
)
"""The least result of each level: (level, declarer's card points, declarer's tricks)."""


def _least_win(contract: Contract, matadors: int | None, bid: int) -> tuple[Target, int]:
    """Return the least winning level and the value it scores (NONE, 0: nothing wins)."""
    if contract.game_type is GameType.NULL:
        value = null_value(hand=contract.hand, ouvert=contract.ouvert)
        return (Target.CLEAN, value) if value >= bid else (Target.NONE, 0)
    for target, points, tricks in _TARGET_RESULTS:
        result = settle(
            contract, matadors=matadors, declarer_points=points, declarer_tricks=tricks, bid=bid,
            worked=False,
        )
        if result.won:
            return target, result.value
    return Target.NONE, 0


def win_value(contract: Contract, *, matadors: int | None, bid: int) -> int | None:
    """Return the value the declarer scores for the least win of `win_target` (None: no win).

    >>> win_value(Contract(GameType.SPADES), matadors=1, bid=23)
    33
    """
    target, value = _least_win(contract, matadors, bid)
    return None if target is Target.NONE else value


def win_target(contract: Contract, *, matadors: int | None, bid: int) -> Target:
    """Return what the declarer must reach to win: the least result that `settle` calls won.

    ``matadors`` are counted over the declarer's ten cards and the skat as it lies when the
    play begins (a hand game's Jack in the skat counts); None for Null.

    >>> spades = Contract(GameType.SPADES)
    >>> win_target(spades, matadors=1, bid=22), win_target(spades, matadors=1, bid=23)
    (<Target.WIN: 'win'>, <Target.SCHNEIDER: 'schneider'>)
    >>> win_target(Contract(GameType.DIAMONDS), matadors=1, bid=40)
    <Target.NONE: 'none'>
    """
    return _least_win(contract, matadors, bid)[0]


@dataclass(frozen=True, slots=True)
class RamschSettlement:
    """The result of a Ramsch: a score per player (index as in the input), and how."""

    points: tuple[int, ...]
    tricks: tuple[int, ...]
    losers: tuple[int, ...]
    jungfrau: tuple[int, ...]
    durchmarsch: int | None
    pushes: int
    bock: bool
    scores: tuple[int, ...]
    steps: tuple[Step, ...]

    def as_dict(self) -> dict[str, object]:
        """Return plain JSON-ready data."""
        return {
            "points": list(self.points),
            "tricks": list(self.tricks),
            "losers": list(self.losers),
            "jungfrau": list(self.jungfrau),
            "durchmarsch": self.durchmarsch,
            "pushes": self.pushes,
            "bock": self.bock,
            "scores": list(self.scores),
            "steps": [step.as_dict() for step in self.steps],
        }


def settle_ramsch(
    points: Sequence[int],
    tricks: Sequence[int],
    *,
    pushes: int = 0,
    bock: bool = False,
    worked: bool = True,
) -> RamschSettlement:
    """Score a Ramsch from each player's card points (skat included) and tricks (rules.md §10).

    The most points lose that many (ties lose together); a Jungfrau (a player without a trick)
    doubles it; a Durchmarsch (all ten tricks) wins +120; each Schieberamsch push and a Bock
    round double the score. ``worked=False`` leaves out the worked score (``steps`` is empty).

    >>> settle_ramsch(points=(60, 60, 0), tricks=(5, 5, 0), pushes=1).scores
    (-240, -240, 0)
    >>> settle_ramsch(points=(120, 0, 0), tricks=(10, 0, 0)).scores
    (120, 0, 0)
    """
    if len(points) != 3:
        raise InvalidInput("points", InputReason.OUT_OF_RANGE)
    if len(tricks) != 3:
        raise InvalidInput("tricks", InputReason.OUT_OF_RANGE)
    for value in points:
        _check_range("points", value, 0, 120)
    for value in tricks:
        _check_range("tricks", value, 0, 10)
    _check_range("pushes", pushes, 0, 3)
    if sum(points) != 120:
        raise InvalidInput("points", InputReason.INCONSISTENT)
    if sum(tricks) != 10:
        raise InvalidInput("tricks", InputReason.INCONSISTENT)
    for value, taken in zip(points, tricks):
        # The skat goes to a player who took a trick, so no trick means no points.
        if value not in _SUMS_OF[3 * taken] and value not in _SUMS_OF[3 * taken + 2]:
            raise InvalidInput("points", InputReason.INCONSISTENT)
        if taken == 0 and value:
            raise InvalidInput("points", InputReason.INCONSISTENT)

    lines: list[tuple[StepKind, int]] = []  # the worked score, made Steps only if asked for
    scores = [0, 0, 0]
    jungfrau = tuple(player for player in range(3) if tricks[player] == 0)
    durchmarsch = next((player for player in range(3) if tricks[player] == 10), None)
    losers: tuple[int, ...] = ()
    if durchmarsch is not None:
        score = _DURCHMARSCH
        lines.append((StepKind.DURCHMARSCH, score))
    else:
        most = max(points)
        losers = tuple(player for player in range(3) if points[player] == most)
        score = -most
        lines.append((StepKind.RAMSCH_POINTS, score))
        if jungfrau:
            score *= 2
            lines.append((StepKind.JUNGFRAU, score))
    for _ in range(pushes):
        score *= 2
        lines.append((StepKind.PUSH, score))
    if bock:
        score *= 2
        lines.append((StepKind.BOCK, score))
    lines.append((StepKind.SCORE, score))
    for player in losers if durchmarsch is None else (durchmarsch,):
        scores[player] = score
    return RamschSettlement(
        points=tuple(points),
        tricks=tuple(tricks),
        losers=losers,
        jungfrau=jungfrau if durchmarsch is None else (),
        durchmarsch=durchmarsch,
        pushes=pushes,
        bock=bock,
        scores=tuple(scores),
        steps=tuple(Step(kind, value) for kind, value in lines) if worked else (),
    )


class BockTrigger(Enum):
    """The events of one game that can start a Bock round (rules.md §10; each is an option).

    The list-level triggers (two full rounds without Bock, at most one new round per hand) belong
    to the scoresheet.
    """

    LOST_WITH_60 = "lost_with_60"
    SPLIT_60_60 = "split_60_60"
    VALUE_120 = "value_120"
    KONTRA_SUCCEEDED = "kontra_succeeded"
    RE = "re"
    SCHNEIDER = "schneider"
    GRAND_HAND_WON = "grand_hand_won"


def bock_triggers(settlement: Settlement) -> frozenset[BockTrigger]:
    """Return the Bock triggers a game sets off; the scoresheet keeps those its options allow.

    >>> sorted(t.name for t in bock_triggers(settle(Contract(GameType.DIAMONDS), matadors=1,
    ...                                                declarer_points=60, bid=18)))
    ['LOST_WITH_60', 'SPLIT_60_60']
    """
    triggers: set[BockTrigger] = set()
    if settlement.declarer_points == 60:
        # Declarer 60 means defenders 60: the same hand is both "lost with 60" and "60 : 60".
        triggers.update((BockTrigger.LOST_WITH_60, BockTrigger.SPLIT_60_60))
    if settlement.value >= 120:
        triggers.add(BockTrigger.VALUE_120)
    if settlement.kontra and not settlement.won:
        triggers.add(BockTrigger.KONTRA_SUCCEEDED)
    if settlement.re:
        triggers.add(BockTrigger.RE)
    if settlement.schneider:
        triggers.add(BockTrigger.SCHNEIDER)
    contract = settlement.contract
    if contract.game_type is GameType.GRAND and contract.hand and settlement.won:
        triggers.add(BockTrigger.GRAND_HAND_WON)
    return frozenset(triggers)
