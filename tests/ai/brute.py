"""A plain minimax over every card, no pruning: the reference for the solver tests."""

from __future__ import annotations

import random

from webapp.ai.solver import SolverPosition
from webapp.engine import DECK, GameType


def brute_value(pos: SolverPosition) -> int:
    """Return the declarer's final card points (Null: 0 clean, 1 caught) by full minimax."""
    if pos.game_type is GameType.NULL:
        return _brute_null(pos)
    if pos.finished:
        return pos.declarer_points
    values = [brute_value(pos.play(card)) for card in pos.legal_moves()]
    return max(values) if pos.to_move == pos.declarer else min(values)


def brute_move_value(pos: SolverPosition, card: int) -> int:
    """Return `brute_value` after ``card`` (Null: 1 at once if it gives the declarer a trick)."""
    after = pos.play(card)
    if pos.game_type is GameType.NULL and len(pos.trick) == 2 and after.leader == pos.declarer:
        return 1
    return brute_value(after)


def brute_schwarz(pos: SolverPosition) -> bool:
    """Return whether the declarer takes every trick (none taken by the defenders) by minimax."""
    if pos.defender_tricks:
        return False
    if pos.finished:
        return True
    answers = [brute_schwarz(pos.play(card)) for card in pos.legal_moves()]
    return any(answers) if pos.to_move == pos.declarer else all(answers)


def _brute_null(pos: SolverPosition) -> int:
    if pos.finished:
        return 0
    values = [brute_move_value(pos, card) for card in pos.legal_moves()]
    return min(values) if pos.to_move == pos.declarer else max(values)


GAMES = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS, GameType.GRAND,
         GameType.NULL)


def random_position(rng: random.Random, tricks: int, *, open_cards: int = 0) -> SolverPosition:
    """Return a random position with ``tricks`` tricks to play, ``open_cards`` already led."""
    game = rng.choice(GAMES)
    cards = list(range(32))
    rng.shuffle(cards)
    leader = rng.randrange(3)
    declarer = rng.randrange(3)
    hands = [0, 0, 0]
    trick: list[int] = []
    for offset in range(3):
        seat = (leader + offset) % 3
        for _ in range(tricks):
            hands[seat] |= 1 << cards.pop()
    # Play ``open_cards`` legal cards into the trick.
    pos = SolverPosition(game, declarer, (hands[0], hands[1], hands[2]), (), leader)
    for _ in range(open_cards):
        pos = pos.play(rng.choice(pos.legal_moves()))
    gone = [index for index in cards]
    taken = sum(DECK[index].points for index in gone)
    share = rng.randint(0, taken)
    return SolverPosition(game, declarer, pos.hands, pos.trick, pos.leader, share, taken - share)
