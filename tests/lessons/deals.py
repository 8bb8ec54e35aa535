"""What a practice deal teaches: the facts the "Practise this" deals are chosen by, and a search.

A deal is played as the practice table plays it (`webapp.practice.table`): the computer players
at the other seats, with the seeds the table gives them. The learner's seat follows a plan: a
defender passes; a declarer bids up to the value of the planned game and plays it Hand. Who can
win is then asked of the solver with all cards open (best play on both sides), so the facts do
not depend on how well anyone plays the cards.

Search for seeds with ``python -m tests.lessons.deals <lesson> [first seed]``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache

from webapp.ai.solver import SolverPosition, get_solver
from webapp.calculator import drills
from webapp.engine import (
    BASE_VALUES, Bid, Card, Deal, Declare, GameState, GameType, Hold, Pass, Phase, PlayHand, Position,
    matadors, null_value,
)
from webapp.lessons.practise import PRACTICE, DealPractice, DrillPractice
from webapp.practice import players, table

SUIT_GAMES = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS)
TRUMP_GAMES = (*SUIT_GAMES, GameType.GRAND)


def hand_value(deal: Deal, seat: Position, game: GameType) -> int:
    """Return the value of ``game`` played Hand by ``seat``, won without Schneider."""
    if game is GameType.NULL:
        return null_value(hand=True, ouvert=False)
    cards = deal.hands[seat] | deal.skat
    return BASE_VALUES[game] * (abs(matadors(cards, game)) + 2)


def limit(deal: Deal, seat: Position, game: GameType) -> int:
    """Return the bid limit the lessons teach: ``game`` as a skat game, matadors of the ten cards."""
    if game is GameType.NULL:
        return null_value(hand=False, ouvert=False)
    return BASE_VALUES[game] * (abs(matadors(deal.hands[seat], game)) + 1)


def opening(deal: Deal, seat: Position, game: GameType) -> SolverPosition:
    """Return the position before the first card when ``seat`` plays ``game`` Hand."""
    hands = (deal.hands[0].mask, deal.hands[1].mask, deal.hands[2].mask)
    return SolverPosition(game, int(seat), hands, declarer_points=deal.skat.points)


@cache
def best_play(seed: int, seat: Position, game: GameType) -> int:
    """Return the declarer's card points with best play (Null: 0 when no trick is taken)."""
    return get_solver().value(opening(Deal.from_seed(seed), seat, game))


def wins_hand(seed: int, seat: Position, game: GameType) -> bool:
    """Tell whether ``seat`` wins ``game`` played Hand with best play on both sides."""
    points = best_play(seed, seat, game)
    return points == 0 if game is GameType.NULL else points >= 61


def _move_seed(seed: int, state: GameState) -> int:
    return table.move_seed(seed, len(state.actions))


@dataclass(frozen=True)
class Played:
    """The deal after the auction and the declaration, as the practice table reaches it."""

    state: GameState
    highest_bid: int
    """The highest value bid or held (0 when all passed)."""


@cache
def play_plan(seed: int, seat: Position, game: GameType | None, level: str = players.DEFAULT_LEVEL) -> Played:
    """Play deal ``seed`` up to the first card: the learner's seat passes (``game`` None) or bids
    up to its `limit` for ``game`` and declares it Hand; the computer players decide the rest."""
    state = GameState.new(Deal.from_seed(seed))
    most = limit(state.deal, seat, game) if game is not None else 0
    highest = 0
    while state.phase is not Phase.PLAY and not state.finished:
        actor = state.to_act
        assert actor is not None
        if actor == seat:
            legal = state.legal_actions()
            action = next(
                (a for a in legal if isinstance(a, Bid) and a.value <= most and a.value > highest), None,
            ) if any(isinstance(a, Bid) for a in legal) else None
            if action is None and any(isinstance(a, Hold) for a in legal) and highest <= most:
                action = Hold()
            if action is None and state.phase is Phase.SKAT:
                action = PlayHand()
            if action is None and state.phase is Phase.DECLARE:
                assert game is not None
                action = Declare(game)
            if action is None:
                action = Pass()
        else:
            action = players.choose(state.view(actor), level, seed=_move_seed(seed, state))
        if isinstance(action, Bid):
            highest = max(highest, action.value)
        state = state.apply(action, by=actor)
    return Played(state, highest)


# ---------------------------------------------------------------- the facts, per lesson


def defends(seed: int, seat: Position) -> GameState | None:
    """Return the game the computer declares against the passing seat (None: no such game)."""
    played = play_plan(seed, seat, None)
    state = played.state
    if state.phase is not Phase.PLAY or state.declarer in (None, seat):
        return None
    return state


def defender_value(seed: int, seat: Position) -> int | None:
    """Return the declarer's card points with best play against the seat (None: no trump game)."""
    state = defends(seed, seat)
    if state is None or state.game_type not in TRUMP_GAMES:
        return None
    return get_solver().value(SolverPosition.from_state(state))


def declares(seed: int, seat: Position, game: GameType) -> bool:
    """Tell whether the seat, bidding up to its limit, declares ``game`` Hand without overbidding."""
    played = play_plan(seed, seat, game)
    state = played.state
    return (
        state.phase is Phase.PLAY and state.declarer == seat and state.game_type is game
        and hand_value(state.deal, seat, game) >= played.highest_bid
    )


def holds_every_suit(seed: int, seat: Position) -> bool:
    """Tell whether the seat's ten cards hold all four suits (Jacks by their printed suit)."""
    return len({card.suit for card in Deal.from_seed(seed).hands[seat]}) == 4


def only_game(seed: int, seat: Position, game: GameType, others: tuple[GameType, ...]) -> bool:
    """Tell whether ``game`` is the seat's winning Hand game while every one of ``others`` loses."""
    return wins_hand(seed, seat, game) and not any(wins_hand(seed, seat, other) for other in others)


def lead_decides(seed: int, seat: Position, game: GameType) -> bool:
    """Tell whether leading a trump wins the Hand game while some lead of a plain card loses it."""
    deal = Deal.from_seed(seed)
    pos = opening(deal, seat, game)
    values = get_solver().move_values(pos)
    from webapp.engine import rules_for

    rules = rules_for(game)
    trump_leads = [v for card, v in values.items() if rules.is_trump(Card.from_index(card))]
    plain_leads = [v for card, v in values.items() if not rules.is_trump(Card.from_index(card))]
    return max(trump_leads, default=0) >= 61 and min(plain_leads, default=61) < 61


def limit_matters(seed: int, seat: Position, game: GameType) -> bool:
    """Tell whether the seat wins the auction with ``game`` only by bidding right up to its limit.

    The game wins Hand, and a computer player bids or holds the last bid below its value.
    """
    from webapp.engine import BID_VALUES

    below = max((value for value in BID_VALUES if value < limit(Deal.from_seed(seed), seat, game)), default=None)
    if below is None:
        return False
    played = play_plan(seed, seat, game)
    return wins_hand(seed, seat, game) and declares(seed, seat, game) and played.highest_bid >= below


def holds(lesson: str) -> bool:
    """Tell whether a lesson's practice has the property it was chosen for."""
    practice = PRACTICE[lesson]
    if isinstance(practice, DrillPractice):
        exercise = drills.exercise(practice.level, practice.seed)
        wanted = DRILL_KINDS[lesson]
        return exercise.kind is wanted[0] and (wanted[1] is None or exercise.settlement.won is wanted[1])
    return DEAL_FACTS[lesson](practice)


DRILL_KINDS: dict[str, tuple[drills.Kind, bool | None]] = {
    "matadors": (drills.Kind.WITHOUT, None),
    "skat": (drills.Kind.HAND, None),
    "value": (drills.Kind.ANNOUNCED, True),
    "result": (drills.Kind.OVERBID, None),
    "list": (drills.Kind.SCHNEIDER, False),
}
"""The kind of exercise (and whether the game is won) each drill lesson leads to."""


def _tricks(p: DealPractice) -> bool:
    value = defender_value(p.seed, p.seat)
    return value is not None and value <= 60


def _points(p: DealPractice) -> bool:
    value = defender_value(p.seed, p.seat)
    return value is not None and 58 <= value <= 63


DEAL_FACTS = {
    "deck": lambda p: holds_every_suit(p.seed, p.seat) and defends(p.seed, p.seat) is not None,
    "tricks": _tricks,
    "points": _points,
    "table": lambda p: p.seat is Position.FOREHAND and defends(p.seed, p.seat) is not None,
    "trumps": lambda p: p.game is not None and p.game in SUIT_GAMES
    and only_game(p.seed, p.seat, p.game, (GameType.GRAND,)) and declares(p.seed, p.seat, p.game),
    "grand": lambda p: p.game is GameType.GRAND and only_game(p.seed, p.seat, p.game, SUIT_GAMES)
    and declares(p.seed, p.seat, p.game),
    "null": lambda p: p.game is GameType.NULL and only_game(p.seed, p.seat, p.game, TRUMP_GAMES)
    and declares(p.seed, p.seat, p.game),
    "bidding": lambda p: p.game is not None and limit_matters(p.seed, p.seat, p.game),
    "strategy": lambda p: p.game is not None and p.seat is Position.FOREHAND and p.game in SUIT_GAMES
    and lead_decides(p.seed, p.seat, p.game) and declares(p.seed, p.seat, p.game),
}
"""The fact each deal lesson's practice deal must show."""


def search(lesson: str, first: int = 1, count: int = 400, hits: int = 3) -> None:
    """Print the first ``hits`` seeds (with seats, games) from ``first`` on that have the lesson's fact."""
    fact = DEAL_FACTS[lesson]
    games: tuple[GameType | None, ...] = {
        "trumps": SUIT_GAMES, "grand": (GameType.GRAND,), "null": (GameType.NULL,),
        "bidding": TRUMP_GAMES, "strategy": SUIT_GAMES,
    }.get(lesson, (None,))
    for seed in range(first, first + count):
        for seat in Position:
            for game in games:
                candidate = DealPractice(seed, seat, game, PRACTICE[lesson].text)
                if fact(candidate):
                    print(lesson, seed, seat.name, game.name if game else "-", flush=True)
                    hits -= 1
                    if not hits:
                        return


if __name__ == "__main__":
    search(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1)
