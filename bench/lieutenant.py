"""Lieutenant Skat computer players: a strong move's time per trick, and a duplicate match.

Usage: python bench/lieutenant.py [--deals 60] [--time-deals 20] [--seed 0] [--pairs ...]

Timing: strong plays strong on ``--time-deals`` deals; every strong decision (lead or answer) is
timed, CPU time of this process (`time.process_time`, so that other work on a shared machine
does not count) and wall time; per trick the median and p95 in milliseconds, against the
target of 150 ms p95 at every trick.

Match: for each pair of levels, every deal is played twice with the sides swapped (the same
player leads first both times), so both levels play both sets of piles. A level's figure is its
mean game points per game (rules.md §11: a draw 1 each, 61–90 → 2, 91–119 → 3, 120 → 4); the
margin is the better level's game points minus the other's per game, its mean over the deals
with a 95% confidence interval (deals are the independent samples).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.ai.lieutenant import Level, choose  # noqa: E402
from webapp.engine import Play  # noqa: E402
from webapp.engine.lieutenant import LieutenantDeal, LieutenantState  # noqa: E402

from strength import interval  # noqa: E402

TARGET_MS = 150.0
PAIRS = ((Level.STRONG, Level.MEDIUM), (Level.MEDIUM, Level.EASY), (Level.STRONG, Level.EASY))


def play(
    seed: int, levels: tuple[Level, Level], timings: dict[int, list[tuple[float, float]]] | None
) -> LieutenantState:
    """Play one game, player 0 and 1 at the given levels; time the strong decisions."""
    state = LieutenantState.new(LieutenantDeal.from_seed(seed), first=seed % 2)
    while not state.finished:
        player = state.to_act
        assert player is not None
        view = state.view(player)
        cpu, wall = time.process_time(), time.perf_counter()
        card = choose(view, levels[player], seed=seed)
        if timings is not None and levels[player] is Level.STRONG:
            timings.setdefault(len(state.tricks) + 1, []).append(
                (1000 * (time.process_time() - cpu), 1000 * (time.perf_counter() - wall))
            )
        state = state.apply(Play(card))
    return state


def percentile(values: list[float], share: float) -> float:
    """Return the value below which ``share`` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def timing(deals: int, seed: int) -> bool:
    """Print a strong move's time per trick; return whether every trick meets the target."""
    timings: dict[int, list[tuple[float, float]]] = {}
    for number in range(deals):
        play(seed + number, (Level.STRONG, Level.STRONG), timings)
    print(f"strong move, {deals} games strong v strong (ms; target p95 <= {TARGET_MS:.0f} CPU)")
    print("trick  moves  cpu median  cpu p95  wall median  wall p95")
    good = True
    for trick, pairs in sorted(timings.items()):
        cpu = [c for c, _ in pairs]
        wall = [w for _, w in pairs]
        p95 = percentile(cpu, 0.95)
        good &= p95 <= TARGET_MS
        print(
            f"{trick:>5}  {len(pairs):>5}  {statistics.median(cpu):>10.1f}  {p95:>7.1f}"
            f"  {statistics.median(wall):>11.1f}  {percentile(wall, 0.95):>8.1f}"
        )
    print("every trick within target" if good else "NOT every trick within target")
    return good


def match(better: Level, worse: Level, deals: int, seed: int) -> None:
    """Print the duplicate match of two levels."""
    margins: list[float] = []
    points = {better: 0, worse: 0}
    wins = {better: 0, worse: 0}
    for number in range(deals):
        deal = seed + number
        margin = 0
        for sides in ((better, worse), (worse, better)):
            result = play(deal, sides, None).result
            assert result is not None
            mine = sides.index(better)
            margin += result.game_points[mine] - result.game_points[1 - mine]
            points[better] += result.game_points[mine]
            points[worse] += result.game_points[1 - mine]
            if result.winner is not None:
                wins[sides[result.winner]] += 1
        margins.append(margin / 2)
        print(f"{better.value} v {worse.value}: deal {number + 1}/{deals}", file=sys.stderr)
    games = 2 * deals
    mean, half = interval(margins)
    print(
        f"{better.value} v {worse.value}, {deals} deals, {games} games: game points per game "
        f"{better.value} {points[better] / games:.2f}, {worse.value} {points[worse] / games:.2f}; "
        f"games won {wins[better]} : {wins[worse]}"
    )
    print(
        f"  margin {better.value} − {worse.value}: {mean:+.2f} per game "
        f"(95% CI {mean - half:+.2f} .. {mean + half:+.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=60, help="deals per pair in the match")
    parser.add_argument("--time-deals", type=int, default=20, help="games timed (0: none)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--pairs",
        default="strong-medium,medium-easy,strong-easy",
        help="comma-separated pairs of levels to match, better first (empty: none)",
    )
    args = parser.parse_args()
    if args.time_deals:
        timing(args.time_deals, args.seed)
    for pair in filter(None, args.pairs.split(",")):
        better, worse = (Level(name) for name in pair.split("-"))
        match(better, worse, args.deals, args.seed + 10_000)


if __name__ == "__main__":
    main()
