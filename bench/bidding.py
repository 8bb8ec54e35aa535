"""Time the bidding and declaring decisions of the searched levels (strong, medium).

Usage: python bench/bidding.py [--deals 50] [--seed 0]

For random deals the auction is bid by the level, and the declarer's hand or skat, laying away and
game are chosen by it too; every such decision is timed on its own (the bid limit searched anew
each time, as if no earlier bid of the auction had been made in this process). Printed per level
and kind of decision: how many, median, p95 and the most in milliseconds (wall clock), and the
process CPU time of the p95 decision divided by the cores in use (the wall time of an otherwise
idle machine). Target: p95 <= 300 ms (issue 25).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.ai import Level, choose  # noqa: E402
from webapp.ai.bidding import searched_limit  # noqa: E402
from webapp.engine import Deal, GameState, Phase  # noqa: E402

TARGET_MS = 300
KINDS = {Phase.BIDDING: "bid", Phase.SKAT: "hand or skat", Phase.DISCARD: "lay away", Phase.DECLARE: "game"}


def p95(values: list[float]) -> float:
    """Return the 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    cores = min(4, os.cpu_count() or 1)
    for level in (Level.STRONG, Level.MEDIUM):
        wall: dict[str, list[float]] = {kind: [] for kind in KINDS.values()}
        cpu: dict[str, list[float]] = {kind: [] for kind in KINDS.values()}
        for number in range(args.deals):
            seed = args.seed + number
            state = GameState.new(Deal.from_seed(seed))
            while state.phase in KINDS:
                seat = state.to_act
                assert seat is not None
                view = state.view(seat)
                searched_limit.cache_clear()
                started, started_cpu = time.perf_counter(), time.process_time()
                action = choose(view, level, seed=seed)
                kind = KINDS[state.phase]
                wall[kind].append(1000 * (time.perf_counter() - started))
                cpu[kind].append(1000 * (time.process_time() - started_cpu) / cores)
                state = state.apply(action)
        print(f"{level.value}: {args.deals} deals from seed {args.seed} (target p95 <= {TARGET_MS} ms)")
        print(f"  {'decision':<14}{'count':>6}{'median':>9}{'p95':>9}{'most':>9}{'cpu/cores p95':>15}")
        for kind, times in wall.items():
            if times:
                print(f"  {kind:<14}{len(times):>6}{sorted(times)[len(times) // 2]:>9.0f}"
                      f"{p95(times):>9.0f}{max(times):>9.0f}{p95(cpu[kind]):>15.0f}")


if __name__ == "__main__":
    main()
