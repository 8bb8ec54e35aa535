"""Duplicate match of the three computer levels: strong, medium and easy at one table.

Usage: python bench/strength.py [--deals 100] [--seed 0] [--kontra] [--ramsch passed|always]
                                [--schieberamsch]

Each deal is played six times, once for every way of seating the three levels, so that every
level holds every hand twice, each time against the other two levels. A seat's score per game
is zero-sum: the declarer's list score (classic), and minus half of it for each defender. A
level's figure is its mean score per game over the deal's six games; the figures printed are
their means over the deals with a 95% confidence interval (deals are the independent samples),
and the same for the difference of two levels on the same deals.

The house rules the tables offer: ``--kontra`` allows Kontra and Re (the counts said by each
level and how those games ended are printed), ``--ramsch passed`` plays a Ramsch when all pass,
``--ramsch always`` makes every hand a Ramsch, ``--schieberamsch`` plays it as Schieberamsch. A
Ramsch scores each player's Ramsch score minus the mean of the three (zero-sum).
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.ai import Level, choose  # noqa: E402
from webapp.engine import Deal, GameState, Kontra, Options, Re, RamschSettlement, Settlement  # noqa: E402

LEVELS = (Level.STRONG, Level.MEDIUM, Level.EASY)
"""Strongest first."""


def play(deal_seed: int, levels: tuple[Level, ...], options: Options = Options()) -> GameState:
    """Play one hand with a level per position."""
    state = GameState.new(Deal.from_seed(deal_seed), options)
    while not state.finished:
        seat = state.to_act
        assert seat is not None
        state = state.apply(choose(state.view(seat), levels[seat], seed=deal_seed))
    return state


def seat_scores(state: GameState) -> tuple[float, float, float]:
    """Return each position's zero-sum score of the hand."""
    settlement = state.settlement
    if isinstance(settlement, RamschSettlement):
        mean = sum(settlement.scores) / 3
        return (settlement.scores[0] - mean, settlement.scores[1] - mean, settlement.scores[2] - mean)
    if not isinstance(settlement, Settlement) or state.declarer is None:
        return (0.0, 0.0, 0.0)
    scores = [-settlement.score / 2] * 3
    scores[state.declarer] = float(settlement.score)
    return (scores[0], scores[1], scores[2])


def interval(samples: list[float]) -> tuple[float, float]:
    """Return the mean and the half width of its 95% confidence interval."""
    mean = statistics.mean(samples)
    if len(samples) < 2:
        return mean, 0.0
    return mean, 1.96 * statistics.stdev(samples) / math.sqrt(len(samples))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kontra", action="store_true", help="Kontra and Re allowed")
    parser.add_argument("--ramsch", choices=["off", "passed", "always"], default="off")
    parser.add_argument("--schieberamsch", action="store_true")
    args = parser.parse_args()
    options = Options(
        kontra_re=args.kontra,
        ramsch_when_passed=args.ramsch == "passed",
        ramsch=args.ramsch == "always",
        schieberamsch=args.schieberamsch,
    )
    doubled = {level: Doubled() for level in LEVELS}
    ramsch = {level: [0, 0] for level in LEVELS}  # Ramsch games lost, played
    per_deal: dict[Level, list[float]] = {level: [] for level in LEVELS}
    declared = {level: [0, 0] for level in LEVELS}  # games won, games played as declarer
    seatings = list(itertools.permutations(LEVELS))
    for number in range(args.deals):
        deal_seed = args.seed + number
        totals = dict.fromkeys(LEVELS, 0.0)
        for seating in seatings:
            state = play(deal_seed, seating, options)
            for seat, score in enumerate(seat_scores(state)):
                totals[seating[seat]] += score
            settlement = state.settlement
            if isinstance(settlement, RamschSettlement):
                for seat, level in enumerate(seating):
                    ramsch[level][1] += 1
                    ramsch[level][0] += int(seat in settlement.losers)
            count_doubling(state, seating, doubled)
            if state.declarer is not None and isinstance(settlement, Settlement):
                level = seating[state.declarer]
                declared[level][1] += 1
                declared[level][0] += int(settlement.won)
        for level in LEVELS:
            per_deal[level].append(totals[level] / len(seatings))
        shown = " ".join(f"{level.value} {per_deal[level][-1]:+.1f}" for level in LEVELS)
        print(f"deal {number + 1}/{args.deals}: {shown}", file=sys.stderr, flush=True)
    deals = len(per_deal[LEVELS[0]])
    print(f"{deals} deals, {len(seatings) * deals} games (duplicate: every seating of the levels)")
    print("mean score per game (95% CI):")
    for level in LEVELS:
        mean, half = interval(per_deal[level])
        print(f"{level.value:>8}: {mean:+7.2f} ({mean - half:+.2f} .. {mean + half:+.2f})")
    print("difference on the same deals (95% CI):")
    for better, worse in itertools.combinations(LEVELS, 2):
        mean, half = interval([a - b for a, b in zip(per_deal[better], per_deal[worse])])
        print(
            f"{better.value:>8} − {worse.value:<6}: {mean:+7.2f} "
            f"({mean - half:+.2f} .. {mean + half:+.2f})"
        )
    for level in LEVELS:
        won, played = declared[level]
        rate = 100 * won / played if played else 0
        print(f"{level.value:>8} as declarer: won {won} of {played} ({rate:.0f}%)")
    if args.kontra:
        for level in LEVELS:
            d = doubled[level]
            print(f"{level.value:>8}: Kontra {d.kontra} (the declarer lost {d.kontra_lost}), "
                  f"Re {d.re} (won {d.re_won}); its score in those games {d.score:+.0f}")
    if args.ramsch != "off":
        for level in LEVELS:
            lost, played = ramsch[level]
            print(f"{level.value:>8}: Ramsch played {played}, lost {lost}")


@dataclass
class Doubled:
    """A level's Kontra and Re: how often said, how those games ended, its score in them."""

    kontra: int = 0
    kontra_lost: int = 0
    re: int = 0
    re_won: int = 0
    score: float = 0.0


def count_doubling(state: GameState, seating: tuple[Level, ...], doubled: dict[Level, Doubled]) -> None:
    """Add the Kontra and Re said in one game to the sayers' levels."""
    settlement = state.settlement
    if not isinstance(settlement, Settlement) or state.declarer is None:
        return
    scores = seat_scores(state)
    for seat, action in state.history():
        if isinstance(action, Kontra):
            d = doubled[seating[seat]]
            d.kontra += 1
            d.kontra_lost += int(not settlement.won)
            d.score += scores[seat]
        elif isinstance(action, Re):
            d = doubled[seating[seat]]
            d.re += 1
            d.re_won += int(settlement.won)
            d.score += scores[seat]


if __name__ == "__main__":
    main()
