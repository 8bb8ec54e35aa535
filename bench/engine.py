"""Benchmark the rules engine: complete random games per second, and replay time.

Run from the repository root: ``python bench/engine.py [--games N] [--seconds S]``.
Prints figures; asserts nothing (targets: >= 2,000 games/s on one core, replay < 0.5 ms).
Times are CPU time of this process (``time.process_time``), so other work on the machine
disturbs them less than wall-clock time would.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.engine import Deal, GameState, Options  # noqa: E402

_BATCH = 50
_clock = time.process_time


def random_game(rng: random.Random, seed: int, options: Options) -> GameState:
    """Deal, bid, take the skat or not, declare, play ten tricks and settle, at random."""
    state = GameState.new(Deal.from_seed(seed), options)
    pick = rng.random
    while not state.finished:
        actions = state.legal_actions()
        state = state.apply(actions[int(pick() * len(actions))])
    state.settlement  # noqa: B018 - settling is part of a complete game
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time to spend on each figure")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} (other work on the machine slows this)")
    rng = random.Random(1)
    played: list[GameState] = []
    for label, options in (
        ("ISkO rules", Options()),
        ("Kontra/Re, Ramsch when passed", Options(kontra_re=True, ramsch_when_passed=True)),
    ):
        games = actions = 0
        batches = []
        start = _clock()
        while _clock() - start < args.seconds:
            begin = _clock()
            for _ in range(_BATCH):
                state = random_game(rng, games, options)
                games += 1
                actions += len(state.actions)
                if len(played) < 2000:
                    played.append(state)
            batches.append(_BATCH / (_clock() - begin))
        elapsed = _clock() - start
        print(
            f"{label}: {games / elapsed:,.0f} complete random games/s on one core "
            f"(median batch {statistics.median(batches):,.0f}, best batch {max(batches):,.0f}; "
            f"{actions / games:.1f} actions per game)"
        )

    texts = [str(state) for state in played if state.tricks]
    timings = []
    start = _clock()
    while _clock() - start < args.seconds:
        for text in texts:
            begin = _clock()
            GameState.parse(text)
            timings.append(_clock() - begin)
    timings.sort()
    median = statistics.median(timings) * 1e3
    p95 = timings[int(len(timings) * 0.95)] * 1e3
    print(
        f"replay of a finished game from its notation ({len(timings):,} replays): "
        f"median {median:.3f} ms, p95 {p95:.3f} ms"
    )


if __name__ == "__main__":
    main()
