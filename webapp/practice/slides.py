"""A whole hand as slides to step through on a projector: the deal, the auction, the skat,
each card of the play, the score.

Pure game flow on top of the engine (no requests, no templates). A slide is a number of the
hand's actions applied, so a position in a presentation is one small number in the URL, and a
slide shows the hand exactly as the replay of those actions leaves it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from webapp.engine import (
    Action,
    Bid,
    Card,
    GameState,
    GameType,
    Hold,
    Pass,
    Phase,
    Play,
    Position,
    RamschSettlement,
    Settlement,
    Trick,
    rules_for,
)

__all__ = ["Stage", "Slide", "Frame", "slides", "frame", "holding_order"]

_HOLDING_ORDER = rules_for(GameType.GRAND)
"""Before a game is known a hand is sorted as for a Grand: Jacks, then clubs to diamonds."""


class Stage(Enum):
    """What a slide shows."""

    DEAL = "deal"
    """The cards as dealt, the skat face down."""
    AUCTION = "auction"
    """Every call of the auction, and who won it."""
    SKAT = "skat"
    """The skat picked up and laid away (or left for a Hand game), and the game announced."""
    PLAY = "play"
    """One more card played."""
    SCORE = "score"
    """The hand is over: the card points and the score."""


@dataclass(frozen=True, slots=True)
class Slide:
    """One position of a presentation: what it shows and how many actions are applied."""

    stage: Stage
    actions: int


def slides(state: GameState) -> tuple[Slide, ...]:
    """Return the slides of ``state``: deal, auction, skat, one per card, score.

    A stage the hand never reached has no slide (no skat slide when everybody passed, no score
    slide while the hand is not over).

    >>> from webapp.engine import Deal
    >>> passed = GameState.new(Deal.from_seed(2)).apply(Pass()).apply(Pass()).apply(Pass())
    >>> [(slide.stage.value, slide.actions) for slide in slides(passed)]
    [('deal', 0), ('auction', 3), ('score', 3)]
    """
    result = [Slide(Stage.DEAL, 0)]
    replay = GameState.new(state.deal, state.options)
    auction_over = play_begun = False
    for count, action in enumerate(state.actions, start=1):
        replay = replay.apply(action)
        if not auction_over and replay.phase is not Phase.BIDDING:
            auction_over = True
            result.append(Slide(Stage.AUCTION, count))
        if not play_begun and replay.phase is Phase.PLAY and not isinstance(action, Play):
            play_begun = True
            result.append(Slide(Stage.SKAT, count))
        elif isinstance(action, Play):
            play_begun = True
            result.append(Slide(Stage.PLAY, count))
    if state.finished:
        result.append(Slide(Stage.SCORE, len(state.actions)))
    return tuple(result)


def holding_order(cards: object, game_type: GameType | None) -> tuple[Card, ...]:
    """Return the cards sorted as a player holds them (trumps first once the game is known)."""
    rules = _HOLDING_ORDER if game_type is None or game_type is GameType.RAMSCH else rules_for(game_type)
    return rules.order(cards)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Frame:
    """Everything one slide shows, for a template."""

    slide: Slide
    index: int
    """The slide's place, from 0."""
    count: int
    """How many slides the presentation has."""
    state: GameState
    """The hand after the slide's actions."""
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    """Each position's cards still held, in holding order."""
    skat: tuple[Card, ...]
    """The skat as dealt."""
    laid_away: tuple[Card, ...] | None
    """The two cards the declarer laid away (None: the skat was not picked up, or not yet)."""
    calls: tuple[tuple[Position, Action], ...]
    """The auction's calls made so far."""
    trick: Trick | None
    """The trick on the table: the one being played, or the one just completed."""
    trick_number: int
    """The number of that trick, from 1 (0 before the play)."""
    points: tuple[int, int, int]
    """Each position's card points taken so far."""
    settlement: Settlement | RamschSettlement | None

    @property
    def first(self) -> bool:
        """Tell whether this is the first slide."""
        return self.index == 0

    @property
    def last(self) -> bool:
        """Tell whether this is the last slide."""
        return self.index == self.count - 1

    @property
    def declarer(self) -> Position | None:
        """Return the declarer, once the auction has one."""
        return self.state.declarer if self.slide.stage is not Stage.DEAL else None

    @property
    def declarer_points(self) -> int | None:
        """Return the declarer's card points so far (None: no declarer)."""
        declarer = self.declarer
        return None if declarer is None else self.points[declarer]

    @property
    def defender_points(self) -> int | None:
        """Return the defenders' card points so far (None: no declarer)."""
        declarer = self.declarer
        return None if declarer is None else sum(self.points) - self.points[declarer]


def frame(state: GameState, index: int) -> Frame:
    """Return slide ``index`` of ``state`` (clamped to the first and the last slide)."""
    shown = slides(state)
    index = max(0, min(index, len(shown) - 1))
    slide = shown[index]
    at = GameState.replay(state.deal, state.actions[: slide.actions], state.options)
    game_type = at.game_type if slide.stage is not Stage.DEAL else None
    first, second, third = (holding_order(at.hand(position), game_type) for position in Position)
    laid_away = None
    contract = at.contract
    if contract is not None and not contract.hand and at.phase in (Phase.PLAY, Phase.FINISHED):
        laid_away = holding_order(at.skat, game_type)
    history = at.history()
    calls = tuple(
        (position, action) for position, action in history[: _auction_length(state)]
        if isinstance(action, Bid | Hold | Pass)
    )
    trick: Trick | None = None
    if at.current_trick.cards:
        trick = at.current_trick
    elif at.tricks and slide.stage is Stage.PLAY:
        trick = at.tricks[-1]
    trick_number = len(at.tricks) + (1 if at.current_trick.cards else 0)
    points = (
        at.cards_taken(Position.FOREHAND).points,
        at.cards_taken(Position.MIDDLEHAND).points,
        at.cards_taken(Position.REARHAND).points,
    )
    settlement = at.settlement if slide.stage is Stage.SCORE else None
    return Frame(
        slide, index, len(shown), at, (first, second, third),
        holding_order(state.deal.skat, game_type), laid_away, calls, trick, trick_number,
        points, settlement,
    )


def _auction_length(state: GameState) -> int:
    """Return how many of the actions belong to the auction."""
    for slide in slides(state):
        if slide.stage is Stage.AUCTION:
            return slide.actions
    return len(state.actions)
