"""Benchmark world sampling: time of `sample_worlds(view, 16, rng)` at tricks 1 to 4.

Usage: python bench/worlds.py [--deals 60] [--seed 0]

For random deals (bid, laid away and declared by the strong player, Ramsch skipped, the cards
then played by the rules of thumb), the view of the seat to play the first card of each of the
first four tricks is sampled once. The figures are per trick: median and p95 in milliseconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.ai import Level, choose  # noqa: E402
from webapp.ai.worlds import sample_worlds  # noqa: E402
from webapp.engine import Deal, GameState, GameType, Phase  # noqa: E402
from webapp.engine.view import SeatView  # noqa: E402

TRICKS = 4


def p95(values: list[float]) -> float:
    """Return the 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def leads(seed: int) -> list[SeatView]:
    """Return the views of the first leads of a deal's hand (none for Ramsch or a passed deal)."""
    state = GameState.new(Deal.from_seed(seed))
    while not state.finished and state.phase is not Phase.PLAY:
        seat = state.to_act
        assert seat is not None
        state = state.apply(choose(state.view(seat), Level.STRONG, seed=seed))
    if state.finished or state.game_type is GameType.RAMSCH:
        return []
    found = []
    while not state.finished:
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        if len(view.tricks) >= TRICKS:
            break
        if not view.current_trick.cards:
            found.append(view)
        state = state.apply(choose(view, Level.EASY, seed=seed))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    times: dict[int, list[float]] = {trick: [] for trick in range(1, TRICKS + 1)}
    deals = 0
    seed = args.seed
    while deals < args.deals:
        seed += 1
        views = leads(seed)
        if not views:
            continue
        deals += 1
        for view in views:
            start = time.perf_counter()
            sample_worlds(view, 16, random.Random(seed))
            times[len(view.tricks) + 1].append(time.perf_counter() - start)
    print(f"sample_worlds(view, 16), {deals} deals, ms")
    for trick, values in times.items():
        print(
            f"  trick {trick}: median {1000 * statistics.median(values):.2f}, "
            f"p95 {1000 * p95(values):.2f} ({len(values)} views)"
        )


if __name__ == "__main__":
    main()
