"""Benchmark the computer players and hints: time per decision at each trick, solver speed.

Usage: python bench/ai.py [--deals 50] [--seed 0] [--threads N] [--review]

For random deals (bid, laid away and declared by the strong player, those decisions timed too),
every card decision of the hand is timed twice: a strong computer move
(`choose(view, Level.STRONG)`) and a hint (`hint(view)`). The figures are per trick: median and
p95 in milliseconds. The solver's speed is measured on the open-hand positions of the same hands
(reaches 61?) in nodes per second.
For each trick it also prints how many worlds the searches judged: the fewest in one decision
among searches given at least 16 and how many searches judged fewer than 16 (or fewer than
all the worlds there were, when a hint enumerates fewer): the node budget ran out. The last
column is the target's own measure: the share of decisions (moves and hints) that judged all
their worlds (at least 16, or every fitting one) within TARGET_MS.

The compiled solver searches a decision's worlds on up to four threads (as many as the machine
has cores): the figures are for an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.ai import (  # noqa: E402
    Level,
    SearchLimit,
    choose,
    could_have_won,
    get_solver,
    hint,
    search,
)
from webapp.ai.solver import SolverPosition  # noqa: E402
from webapp.engine import Deal, GameState, GameType, Phase  # noqa: E402


def p95(values: list[float]) -> float:
    """Return the 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


TARGET_MS = 150
"""A computer move or a hint with at least 16 worlds: p95 at most this (issue 8)."""

judged: list[tuple[int, int]] = []
"""(worlds judged, worlds given) of each search since the list was last emptied."""


def _recording_judge(view, worlds, *args):  # type: ignore[no-untyped-def]
    judgement = _judge(view, worlds, *args)
    judged.append((judgement.worlds, len(worlds)))
    return judgement


_judge = search.judge
search.judge = _recording_judge


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--threads", type=int, default=0, help="compiled solver's threads (default: cores, max 4)"
    )
    parser.add_argument(
        "--review", action="store_true", help="also time could_have_won at the end of each hand"
    )
    args = parser.parse_args()
    reviews: list[float] = []
    answered = 0
    moves: dict[int, list[float]] = {trick: [] for trick in range(1, 11)}
    before_play: list[float] = []
    hints: dict[int, list[float]] = {trick: [] for trick in range(1, 11)}
    worlds: dict[int, list[tuple[int, int]]] = {trick: [] for trick in range(1, 11)}
    on_time: dict[int, list[bool]] = {trick: [] for trick in range(1, 11)}
    solver_nodes = 0
    solver_time = 0.0
    deals = 0
    seed = args.seed
    solver_name = type(get_solver()).__name__
    if solver_name == "CSolver":
        from webapp.ai import _csolver  # type: ignore[attr-defined]

        if args.threads:
            _csolver.set_threads(args.threads)
        solver_name += f" on {_csolver.get_threads()} threads"
    while deals < args.deals:
        seed += 1
        state = GameState.new(Deal.from_seed(seed))
        while not state.finished and state.phase is not Phase.PLAY:
            seat = state.to_act
            assert seat is not None
            start = time.perf_counter()
            action = choose(state.view(seat), Level.STRONG, seed=seed)
            if state.phase is not Phase.BIDDING:
                before_play.append(time.perf_counter() - start)
            state = state.apply(action)
        if state.finished or state.game_type is GameType.RAMSCH:
            continue
        deals += 1
        while not state.finished:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            trick = len(state.tricks) + 1

            def record(times: dict[int, list[float]], start: float) -> None:
                """Keep a decision's time and the worlds its searches judged."""
                times[trick].append(time.perf_counter() - start)
                worlds[trick].extend(judged)
                every_world = all(count >= min(16, given) for count, given in judged)
                on_time[trick].append(every_world and times[trick][-1] <= TARGET_MS / 1000)
                judged.clear()

            judged.clear()
            start = time.perf_counter()
            action = choose(view, Level.STRONG, seed=seed)
            record(moves, start)
            start = time.perf_counter()
            hint(view, seed=seed)
            record(hints, start)
            if not state.current_trick.cards and trick >= 4:
                solver = get_solver()
                start = time.perf_counter()
                solver.reaches(SolverPosition.from_state(state), 61)
                solver_time += time.perf_counter() - start
                solver_nodes += solver.nodes
            state = state.apply(action)
        if args.review:
            start = time.perf_counter()
            try:
                answered += could_have_won(state) is not None
            except SearchLimit:
                pass  # cut short by the review's node budget: no answer
            reviews.append(time.perf_counter() - start)
        print(f"deal {deals}/{args.deals} (seed {seed})", file=sys.stderr)
    print(f"solver: {solver_name}; {deals} deals")
    print(
        "trick  move median  move p95  hint median  hint p95   (ms)  fewest worlds  under 16"
        f"  all worlds in {TARGET_MS} ms"
    )
    for trick in range(1, 11):
        if not moves[trick]:
            continue
        searched = worlds[trick]
        under = sum(count < min(16, given) for count, given in searched)
        full = [count for count, given in searched if given >= 16]
        fewest = f"{min(full) if full else '-':>13}  {under:3d} of {len(searched):3d}"
        share = f"{100 * sum(on_time[trick]) / len(on_time[trick]):19.1f} %"
        print(
            f"{trick:5d}  {1000 * statistics.median(moves[trick]):11.1f}"
            f"  {1000 * p95(moves[trick]):8.1f}  {1000 * statistics.median(hints[trick]):11.1f}"
            f"  {1000 * p95(hints[trick]):8.1f}        {fewest}{share}"
        )
    all_moves = [t for values in moves.values() for t in values]
    all_hints = [t for values in hints.values() for t in values]
    print(f"all    {1000 * statistics.median(all_moves):11.1f}  {1000 * p95(all_moves):8.1f}"
          f"  {1000 * statistics.median(all_hints):11.1f}  {1000 * p95(all_hints):8.1f}")
    if before_play:
        print(
            f"hand or skat, laying away, declaring (strong): median"
            f" {1000 * statistics.median(before_play):.1f} ms, p95 {1000 * p95(before_play):.1f} ms"
        )
    if reviews:
        print(
            f"could_have_won at the end of a hand: median {1000 * statistics.median(reviews):.0f} ms,"
            f" p95 {1000 * p95(reviews):.0f} ms, answered {answered} of {len(reviews)}"
        )
    if solver_time:
        print(f"solver speed (reaches 61, tricks 4-10): {solver_nodes / solver_time:,.0f} nodes/s")


if __name__ == "__main__":
    main()
