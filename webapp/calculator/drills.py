"""Scoring drills: finished games generated from a level and a seed, and the answer checker.

The level and the seed fully determine an exercise (the engine's splitmix64, the same on every
machine), so a teacher can give a whole class the same one. The learner types the game value
(``Settlement.game_value``: base value × multiplier, or the Null value) and then the classic list
score (``Settlement.score``); the engine computes both.

>>> drill = exercise(1, 7)
>>> drill == exercise(1, 7), drill.kind is Kind.WITH or drill.kind.level <= 1
(True, True)
>>> answer = check(drill, value=drill.settlement.game_value, score=drill.settlement.score)
>>> answer.value_right, answer.score_right, answer.solved
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final, TypeVar

from webapp.engine import (
    BASE_VALUES,
    BID_VALUES,
    DECK,
    Card,
    CardSet,
    GameType,
    Settlement,
    matadors,
    null_value,
    rules_for,
)
from webapp.engine.deal import SplitMix64

from .inputs import Game, settle_game

__all__ = ["Kind", "Exercise", "Answer", "LEVELS", "MAX_SEED", "exercise", "check", "next_level"]

MAX_SEED: Final = 2**32 - 1
STREAK_PER_LEVEL: Final = 3
"""Right answers in a row that move a learner up one level."""


class Kind(Enum):
    """What an exercise trains; the levels bring them in one by one (issue 4's order)."""

    WITH = 1
    WITHOUT = 2
    HAND = 3
    SCHNEIDER = 4
    ANNOUNCED = 5
    OVERBID = 6
    NULL = 7

    @property
    def level(self) -> int:
        """Return the level that brings this kind in."""
        return self.value


LEVELS: Final = len(Kind)

_SUIT_GAMES: Final = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS)
_WON: Final = (61, 89)
_SCHNEIDER: Final = (90, 119)
_LOST: Final = (31, 60)
_DECLARER_SCHNEIDER: Final = (0, 30)

T = TypeVar("T")


class _Dice:
    """Draw numbers, choices and samples from a splitmix64 stream."""

    def __init__(self, seed: int) -> None:
        self.rng = SplitMix64(seed)

    def between(self, low: int, high: int) -> int:
        return low + self.rng.below(high - low + 1)

    def pick(self, options: Sequence[T]) -> T:
        return options[self.rng.below(len(options))]

    def chance(self, percent: int) -> bool:
        return self.rng.below(100) < percent

    def sample(self, options: Sequence[T], count: int) -> list[T]:
        pool = list(options)
        for i in range(count):
            j = i + self.rng.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:count]


@dataclass(frozen=True, slots=True)
class Exercise:
    """One drill: a finished game as the learner sees it, and the engine's settlement of it."""

    level: int
    seed: int
    kind: Kind
    game: Game
    settlement: Settlement

    @property
    def cards(self) -> CardSet:
        """Return the declarer's ten cards."""
        assert self.game.cards is not None
        return self.game.cards

    @property
    def skat(self) -> CardSet:
        """Return the skat."""
        assert self.game.skat is not None
        return self.game.skat


@dataclass(frozen=True, slots=True)
class Answer:
    """How the learner's answers compare with the engine's."""

    value_right: bool
    score_right: bool | None
    """None while the score has not been answered."""

    @property
    def solved(self) -> bool:
        """Return whether both the game value and the score are right."""
        return self.value_right and self.score_right is True

    @property
    def finished(self) -> bool:
        """Return whether the exercise is over: solved, or a wrong answer was given."""
        return not self.value_right or self.score_right is not None


def check(drill: Exercise, *, value: int, score: int | None = None) -> Answer:
    """Compare the typed game value (and score, once typed) with the engine's."""
    settlement = drill.settlement
    value_right = value == settlement.game_value
    if score is None or not value_right:
        return Answer(value_right, None)
    return Answer(value_right, score == settlement.score)


def next_level(level: int, streak: int) -> int:
    """Return the level of the next exercise after one of ``level``, with ``streak`` right in a row.

    Every `STREAK_PER_LEVEL` right answers in a row move one level up; a wrong answer ends the
    streak but keeps the level.

    >>> next_level(2, 2), next_level(2, 3), next_level(2, 0), next_level(LEVELS, 6)
    (2, 3, 2, 7)
    """
    if streak and streak % STREAK_PER_LEVEL == 0:
        return min(LEVELS, level + 1)
    return level


def exercise(level: int, seed: int) -> Exercise:
    """Generate the exercise of ``level`` (1..`LEVELS`) and ``seed`` (0..`MAX_SEED`).

    Half of the exercises train the level's own kind, the others a kind of an earlier level.
    """
    if not 1 <= level <= LEVELS:
        raise ValueError(f"no drill level {level}")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"no drill seed {seed}")
    dice = _Dice(seed * 8 + level)
    kind = Kind(level) if dice.chance(50) else Kind(dice.between(1, level))
    game = _GENERATORS[kind](dice)
    return Exercise(level, seed, kind, game, settle_game(game))


def _matador_cards(
    dice: _Dice, game_type: GameType, count: int, *, pinned_skat: Sequence[Card] = ()
) -> tuple[CardSet, CardSet]:
    """Deal the declarer ten cards and a skat that count ``count`` matadors (+with, −without).

    With ``pinned_skat`` those cards lie in the skat and ``count`` is what the ten cards alone
    count (the skat may change it: that is the point of pinning a Jack there).
    A suit game gets five to seven trumps in all, as a declarer would hold.
    """
    trumps = rules_for(game_type).trumps
    top = abs(count)
    if count > 0:
        required, excluded = set(trumps[:top]), set(trumps[top : top + 1])
    else:
        required, excluded = set(trumps[top : top + 1]), set(trumps[:top])
    required |= set(pinned_skat)
    free_trumps = [card for card in trumps if card not in required | excluded]
    others = [card for card in DECK if card not in trumps and card not in required]
    held_trumps = sum(card in trumps for card in required)
    wanted = dice.between(5, 7) if game_type.suit is not None else dice.between(held_trumps, 4)
    extra = dice.sample(free_trumps, max(0, min(len(free_trumps), wanted - held_trumps)))
    rest = dice.sample(others, 12 - len(required) - len(extra))
    twelve = [*required, *extra, *rest]
    # A pinned skat keeps the required cards in the hand, so the ten cards alone count as asked.
    loose = [card for card in twelve if card not in (required if pinned_skat else pinned_skat)]
    skat = [*pinned_skat, *dice.sample(loose, 2 - len(pinned_skat))]
    hand = [card for card in twelve if card not in skat]
    return CardSet(hand), CardSet(skat)


def _game(game_type: GameType, cards: CardSet, skat: CardSet, **details: Any) -> Game:
    """Return the finished game; the engine counts the matadors over the ten cards and the skat."""
    count = matadors(cards | skat, game_type) if game_type.has_matadors else None
    return Game(game_type, matadors=count, cards=cards, skat=skat, **details)


def _outcome(
    dice: _Dice, skat: CardSet, points: tuple[int, int], tricks: tuple[int, int]
) -> tuple[int, int]:
    """Return card points in ``points`` and tricks in ``tricks`` that real cards can add up to.

    The declarer's pile is the skat and three cards per trick from the other thirty cards.
    """
    rest = [card for card in DECK if card not in skat]
    for _ in range(500):
        taken = dice.between(*tricks)
        total = skat.points + sum(card.points for card in dice.sample(rest, 3 * taken))
        if points[0] <= total <= points[1]:
            return total, taken
    raise AssertionError("no outcome found")  # pragma: no cover - ranges below always succeed


def _bid_up_to(dice: _Dice, value: int) -> int:
    """Return a valid bid the declarer could have made for a game worth ``value``."""
    bids = [bid for bid in BID_VALUES if value // 2 <= bid <= value] or [18]
    return dice.pick(bids[-4:])


def _suit_or_grand(dice: _Dice, grand_percent: int) -> GameType:
    return GameType.GRAND if dice.chance(grand_percent) else dice.pick(_SUIT_GAMES)


def _matadors(dice: _Dice, game_type: GameType, *, without: bool) -> int:
    top = 2 if game_type is GameType.GRAND else 4
    count = dice.between(1, top if without else min(top, 3))
    return -count if without else count


def _plain(dice: _Dice, game_type: GameType, count: int, *, hand: bool) -> Game:
    """A won game without Schneider: the levels are matadors, game and perhaps hand."""
    cards, skat = _matador_cards(dice, game_type, count)
    points, tricks = _outcome(dice, skat, _WON, (4, 9))
    base = BASE_VALUES[game_type]
    bid = _bid_up_to(dice, base * (abs(count) + 1 + hand))
    return _game(game_type, cards, skat, hand=hand, declarer_points=points,
                 declarer_tricks=tricks, bid=bid)


def _with(dice: _Dice) -> Game:
    game_type = dice.pick(_SUIT_GAMES)
    return _plain(dice, game_type, _matadors(dice, game_type, without=False), hand=False)


def _without(dice: _Dice) -> Game:
    game_type = _suit_or_grand(dice, 25)
    return _plain(dice, game_type, _matadors(dice, game_type, without=True), hand=False)


def _hand(dice: _Dice) -> Game:
    game_type = _suit_or_grand(dice, 25)
    return _plain(dice, game_type, _matadors(dice, game_type, without=dice.chance(50)), hand=True)


def _schneider(dice: _Dice) -> Game:
    """Schneider or Schwarz reached by either side, or a plain loss."""
    game_type = _suit_or_grand(dice, 25)
    count = _matadors(dice, game_type, without=dice.chance(50))
    hand = dice.chance(30)
    cards, skat = _matador_cards(dice, game_type, count)
    outcome = dice.pick(("schneider", "schneider", "schwarz", "lost", "declarer_schneider"))
    if outcome == "schneider":
        points, tricks = _outcome(dice, skat, _SCHNEIDER, (7, 9))
    elif outcome == "schwarz":
        points, tricks = _outcome(dice, skat, (120, 120), (10, 10))
    elif outcome == "lost":
        points, tricks = _outcome(dice, skat, _LOST, (2, 6))
    else:
        points, tricks = _outcome(dice, skat, _DECLARER_SCHNEIDER, (0, 3))
    bid = _bid_up_to(dice, BASE_VALUES[game_type] * (abs(count) + 1 + hand))
    return _game(game_type, cards, skat, hand=hand, declarer_points=points,
                 declarer_tricks=tricks, bid=bid)


def _announced(dice: _Dice) -> Game:
    """A Hand game with Schneider or Schwarz announced, or ouvert: reached or missed."""
    game_type = _suit_or_grand(dice, 40)
    count = _matadors(dice, game_type, without=dice.chance(30))
    cards, skat = _matador_cards(dice, game_type, count)
    announcement = dice.pick(("schneider", "schneider", "schwarz", "ouvert"))
    reached = dice.chance(60)
    if announcement == "schneider":
        points, tricks = (
            _outcome(dice, skat, _SCHNEIDER, (7, 9)) if reached
            else _outcome(dice, skat, (61, 89), (5, 8))
        )
        extra = 2
    else:
        points, tricks = (
            _outcome(dice, skat, (120, 120), (10, 10)) if reached
            else _outcome(dice, skat, _SCHNEIDER, (8, 9))
        )
        extra = 4 if announcement == "schwarz" else 5
    bid = _bid_up_to(dice, BASE_VALUES[game_type] * (abs(count) + 2 + extra))
    return _game(game_type, cards, skat, hand=True, schneider_announced=True,
                 schwarz_announced=announcement != "schneider", ouvert=announcement == "ouvert",
                 declarer_points=points, declarer_tricks=tricks, bid=bid)


def _overbid(dice: _Dice) -> Game:
    """Overbid: a Jack in the skat of a Hand game (the typical trap), or a bid above the value."""
    game_type = _suit_or_grand(dice, 25)
    base = BASE_VALUES[game_type]
    trumps = rules_for(game_type).trumps
    if dice.chance(60):
        # The ten cards count "without k"; the top Jack in the skat makes it "with 1".
        without = dice.between(2, 3)
        cards, skat = _matador_cards(dice, game_type, -without, pinned_skat=(trumps[0],))
        points, tricks = _outcome(dice, skat, _WON, (4, 9))
        return _game(game_type, cards, skat, hand=True, declarer_points=points,
                     declarer_tricks=tricks, bid=base * (without + 2))
    count = _matadors(dice, game_type, without=dice.chance(50))
    cards, skat = _matador_cards(dice, game_type, count)
    points, tricks = _outcome(dice, skat, _WON, (4, 9))
    value = base * (abs(count) + 1)
    above = [bid for bid in BID_VALUES if value < bid <= value + base]
    return _game(game_type, cards, skat, declarer_points=points, declarer_tricks=tricks,
                bid=dice.pick(above))


def _null(dice: _Dice) -> Game:
    """A Null, Null Hand, Null ouvert or Null ouvert Hand, won or lost."""
    hand, ouvert = dice.chance(40), dice.chance(40)
    twelve = dice.sample(DECK, 12)
    cards, skat = CardSet(twelve[:10]), CardSet(twelve[10:])
    tricks = 0 if dice.chance(60) else dice.between(1, 3)
    value = null_value(hand=hand, ouvert=ouvert)
    bid = dice.pick([bid for bid in BID_VALUES if value - 12 <= bid <= value])
    return _game(GameType.NULL, cards, skat, hand=hand, ouvert=ouvert, declarer_tricks=tricks,
                 bid=bid)


_GENERATORS: Final = {
    Kind.WITH: _with,
    Kind.WITHOUT: _without,
    Kind.HAND: _hand,
    Kind.SCHNEIDER: _schneider,
    Kind.ANNOUNCED: _announced,
    Kind.OVERBID: _overbid,
    Kind.NULL: _null,
}
