"""Practice statistics: each finished hand's outcome for the learner, and the chart of the last 30 days.

The outcome is kept for the learner of the browser (`webapp.storage.learning`) when a hand ends;
the statistics are read through `webapp.storage.learning.practice_statistics` alone. A hand's
score is the learner's Seeger-Fabian entry (rules.md §10): the declarer's ±(value + 50), and
a defender's +40 when the declarer loses (0 when they win), so that defending counts too.
"""

from __future__ import annotations

from dataclasses import dataclass

from webapp import learner as current_learner
from webapp.engine import GameState, GameType, Position, Settlement
from webapp.practice.phrases import game_name
from webapp.storage import learning
from webapp.storage.lessons import Learner

GAME_ORDER: tuple[str, ...] = tuple(game.value for game in (
    GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS, GameType.GRAND, GameType.NULL,
))
"""The game types in the chart, in the order of their base values."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a finished hand meant for the learner's seat."""

    game: str
    declarer: bool
    won: bool
    score: int


def outcome(state: GameState, seat: Position) -> Outcome | None:
    """Return the hand's outcome for ``seat`` (None while it is played, or when everybody passed)."""
    settlement = state.settlement
    if not isinstance(settlement, Settlement):
        return None
    declarer = state.declarer is seat
    if declarer:
        return Outcome(settlement.contract.game_type.value, True, settlement.won,
                       settlement.seeger_fabian.declarer)
    return Outcome(settlement.contract.game_type.value, False, not settlement.won, settlement.seeger_fabian.others)


def record(hand_id: str, state: GameState, seat: Position) -> Learner | None:
    """Keep a finished hand's outcome for this browser's learner; return the learner (None: nothing kept).

    The caller commits and sets the learner's cookie.
    """
    result = outcome(state, seat)
    if result is None:
        return None
    learner = current_learner.current_or_new()
    learning.record_hand(learner, hand_id, game=result.game, declarer=result.declarer, won=result.won,
                         score=result.score)
    return learner


@dataclass(frozen=True, slots=True)
class Bar:
    """One game type's row of the chart: hands played, and the part of them won, in the SVG's units."""

    game: str
    played: int
    won: int
    y: int
    played_width: float
    won_width: float


@dataclass(frozen=True, slots=True)
class Chart:
    """The chart's geometry: one bar per game type played."""

    bars: tuple[Bar, ...]
    width: int
    height: int
    label_width: int
    bar_width: int


ROW = 28
LABEL = 110
BARS = 200


def chart(statistics: learning.PracticeStatistics) -> Chart:
    """Lay out the bars: each game type's hands played, with those won drawn over them."""
    most = max((games.played for games in statistics.games), default=0)
    bars = tuple(
        Bar(
            game=games.game,
            played=games.played,
            won=games.won_declaring + games.won_defending,
            y=index * ROW,
            played_width=BARS * games.played / most,
            won_width=BARS * (games.won_declaring + games.won_defending) / most,
        )
        for index, games in enumerate(statistics.games)
    )
    return Chart(bars, LABEL + BARS + 60, max(1, len(bars)) * ROW, LABEL, BARS)


def statistics_of_this_browser() -> learning.PracticeStatistics:
    """Return the practice statistics of this browser's learner (empty without one)."""
    return learning.practice_statistics(current_learner.current(), games=GAME_ORDER)


def game_label(game: str) -> str:
    """Return a game type's name (in the chosen deck's words) from its notation value."""
    return game_name(GameType(game))
