"""Duplicate match: the strong computer player against the easy one.

Usage: python bench/strength.py [--deals 100] [--seed 0]

Each deal is played, for each seat, twice: once with the strong player in that seat and the easy
player in the other two, once the other way round (the seats swapped). A seat's score per game
is zero-sum: the declarer's list score (classic), and minus half of it for each defender. The
difference of the seat's two scores measures the strong player against the easy one on the same
cards; the figure printed is its mean per game with a 95% confidence interval (deals are the
independent samples).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.ai import Level, choose  # noqa: E402
from webapp.engine import Deal, GameState, Settlement  # noqa: E402


def play(deal_seed: int, levels: tuple[Level, Level, Level]) -> GameState:
    """Play one hand with a level per position."""
    state = GameState.new(Deal.from_seed(deal_seed))
    while not state.finished:
        seat = state.to_act
        assert seat is not None
        state = state.apply(choose(state.view(seat), levels[seat], seed=deal_seed))
    return state


def seat_scores(state: GameState) -> tuple[float, float, float]:
    """Return each position's zero-sum score of the hand."""
    settlement = state.settlement
    if not isinstance(settlement, Settlement) or state.declarer is None:
        return (0.0, 0.0, 0.0)
    scores = [-settlement.score / 2] * 3
    scores[state.declarer] = float(settlement.score)
    return (scores[0], scores[1], scores[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    strong, easy = Level.STRONG, Level.EASY
    per_deal: list[float] = []
    declared = {strong: [0, 0], easy: [0, 0]}  # games won, games played as declarer
    for number in range(args.deals):
        deal_seed = args.seed + number
        differences = []
        for seat in range(3):
            levels = [easy, easy, easy]
            levels[seat] = strong
            with_strong = play(deal_seed, (levels[0], levels[1], levels[2]))
            swapped = [strong, strong, strong]
            swapped[seat] = easy
            with_easy = play(deal_seed, (swapped[0], swapped[1], swapped[2]))
            differences.append(seat_scores(with_strong)[seat] - seat_scores(with_easy)[seat])
            for state, level in ((with_strong, strong), (with_easy, easy)):
                settlement = state.settlement
                if state.declarer == seat and isinstance(settlement, Settlement):
                    declared[level][1] += 1
                    declared[level][0] += int(settlement.won)
        per_deal.append(statistics.mean(differences))
        print(f"deal {number + 1}/{args.deals}: {per_deal[-1]:+.1f}", file=sys.stderr)
    mean = statistics.mean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal)) if len(per_deal) > 1 else 0
    print(f"{len(per_deal)} deals, {6 * len(per_deal)} games (duplicate, seats swapped)")
    print(
        f"strong − easy, mean score difference per game: {mean:+.2f} "
        f"(95% CI {mean - half:+.2f} .. {mean + half:+.2f})"
    )
    for level in (strong, easy):
        won, played = declared[level]
        rate = 100 * won / played if played else 0
        print(f"{level.value:>6} as declarer: won {won} of {played} ({rate:.0f}%)")


if __name__ == "__main__":
    main()
