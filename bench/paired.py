"""Compare two runs of ``bench/versus_xskat.py`` deal by deal (their ``--log`` files).

Usage: python bench/paired.py OLD.jsonl NEW.jsonl [--worst 10]

A deal's figure is, as in the match, the mean over its three seats of Kiebitz's score in the seat
minus XSkat's in the same seat. Printed for the deals both logs played: each run's figure per
game and the paired difference NEW − OLD with its 95 % interval (the deals are the samples), and
the deals where the two runs differ most, with the contracts played in them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import interval  # noqa: E402


def deal_figures(path: str) -> tuple[dict[int, float], dict[int, list[str]]]:
    """Return each deal's figure and the contracts of its six games (who declared: K or X)."""
    scores: dict[int, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    contracts: dict[int, list[str]] = defaultdict(list)
    with open(path) as log:
        for line in log:
            game = json.loads(line)
            seat, seats = game["seat"], game["kiebitz_seats"]
            sign = 1 if seats == [seat] else -1
            scores[game["deal"]][seat] += sign * game["score"][seat]
            declarer = game["declarer"]
            who = "-" if declarer is None else ("K" if declarer in seats else "X")
            contracts[game["deal"]].append(f"{who}:{game['contract']}")
    figures = {deal: statistics.mean(by_seat.values()) for deal, by_seat in scores.items()
               if len(by_seat) == 3}
    return figures, contracts


def shown(samples: list[float]) -> str:
    mean, half = interval(samples)
    return f"{mean:+.2f} ({mean - half:+.2f} .. {mean + half:+.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--worst", type=int, default=10, help="deals shown where the runs differ most")
    args = parser.parse_args()
    old, old_contracts = deal_figures(args.old)
    new, new_contracts = deal_figures(args.new)
    deals = sorted(old.keys() & new.keys())
    if len(deals) < 2:
        sys.exit("fewer than two deals in both logs")
    diffs = [new[deal] - old[deal] for deal in deals]
    print(f"{len(deals)} deals in both logs, {sum(d != 0 for d in diffs)} of them scored differently")
    print(f"| run | per game vs XSkat, 95 % interval |\n|---|---|\n"
          f"| old ({args.old}) | {shown([old[d] for d in deals])} |\n"
          f"| new ({args.new}) | {shown([new[d] for d in deals])} |\n"
          f"| paired new − old | {shown(diffs)} |")
    print("\ndeals where the runs differ most (new − old; contracts old | new):")
    for deal, diff in sorted(zip(deals, diffs), key=lambda item: abs(item[1]), reverse=True)[: args.worst]:
        print(f"  deal {deal}: {diff:+.1f}  {' '.join(old_contracts[deal])} | {' '.join(new_contracts[deal])}")


if __name__ == "__main__":
    main()
