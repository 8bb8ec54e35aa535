"""Time the compiled and the pure-Python open-hand solvers on full deals from the first trick.

For each deal the declarer is the seat with the longest suit counting its Jacks (Grand with three
or four Jacks), playing hand: the skat's points count for the declarer, forehand leads. Every
search starts from an empty table. Prints, per implementation, the median and p95 time of the
exact value and of "does the declarer reach 61?", the nodes per second, and the ratios; then the
same for Null ("can the declarer avoid every trick?") on deals given to the seat with the lowest
cards. Times are the process's CPU time by default (fair on a shared machine); ``--clock wall``
measures elapsed time instead.

    python bench/solver.py                          # 200 deals each (the Python part takes hours)
    python bench/solver.py --python-exact-deals 40  # the Python exact value on the first 40 only
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.ai.solver import PySolver, Solver, SolverPosition  # noqa: E402
from webapp.engine import Deal, GameType  # noqa: E402
from webapp.engine.cards import JACKS_MASK, Suit, suit_mask  # noqa: E402

try:
    from webapp.ai import _csolver
except ImportError:
    _csolver = None


def point_game(deal: Deal) -> SolverPosition:
    """Return the first-trick position of the deal's most natural suit game or Grand."""
    best = (-1, 0, GameType.GRAND)
    for seat, hand in enumerate(deal.hands):
        jacks = (hand.mask & JACKS_MASK).bit_count()
        if jacks >= 3:
            strength, game = 10 + jacks, GameType.GRAND
        else:
            suit = max(Suit, key=lambda s: ((hand.mask & suit_mask(s)).bit_count(), s))
            strength, game = jacks + (hand.mask & suit_mask(suit)).bit_count(), GameType.for_suit(suit)
        if strength > best[0]:
            best = (strength, seat, game)
    return _position(deal, best[2], best[1])


def null_game(deal: Deal) -> SolverPosition:
    """Return the first-trick Null position of the seat with the lowest cards."""
    seat = min(range(3), key=lambda s: sum(card.rank for card in deal.hands[s]))
    return _position(deal, GameType.NULL, seat)


def _position(deal: Deal, game: GameType, declarer: int) -> SolverPosition:
    """Return the first-trick position: forehand leads, the skat counts for the declarer."""
    masks = [hand.mask for hand in deal.hands]
    return SolverPosition(game, declarer, (masks[0], masks[1], masks[2]), (), 0, deal.skat.points, 0)


@dataclass
class Timings:
    """Seconds and nodes of one question over the deals."""

    seconds: list[float] = field(default_factory=list)
    nodes: int = 0
    answers: list[int] = field(default_factory=list)

    def median_ms(self) -> float:
        """Return the median in milliseconds."""
        return 1000 * statistics.median(self.seconds)

    def p95_ms(self) -> float:
        """Return the 95th percentile in milliseconds."""
        ordered = sorted(self.seconds)
        return 1000 * ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
clock = CLOCKS["cpu"]


def measure(
    fresh: Callable[[], Solver],
    ask: Callable[[Solver, SolverPosition], int],
    deals: list[SolverPosition],
    label: str,
) -> Timings:
    """Time one question on every deal, each with a fresh solver and table."""
    timings = Timings()
    for number, pos in enumerate(deals, 1):
        solver = fresh()
        start = clock()
        answer = ask(solver, pos)
        timings.seconds.append(clock() - start)
        timings.nodes += solver.nodes
        timings.answers.append(answer)
        if number % 10 == 0:
            print(f"  {label}: {number}/{len(deals)}", file=sys.stderr, flush=True)
    return timings


def fresh_csolver() -> Solver:
    """Return a compiled solver with an empty table."""
    assert _csolver is not None
    _csolver.clear_table()
    solver: Solver = _csolver.CSolver()
    return solver


def exact(solver: Solver, pos: SolverPosition) -> int:
    """Ask for the exact value."""
    return solver.value(pos)


def reaches_61(solver: Solver, pos: SolverPosition) -> int:
    """Ask whether the declarer reaches 61 (for Null: stays clean)."""
    return int(solver.reaches(pos, 61))


def fmt_ms(ms: float) -> str:
    """Format a time in milliseconds, or seconds from one second on."""
    return f"{ms:9.2f} ms" if ms < 1000 else f"{ms / 1000:9.2f} s "


def subset(timings: Timings, count: int) -> Timings:
    """Return the timings of the first ``count`` deals."""
    seconds = timings.seconds[:count]
    share = sum(seconds) / sum(timings.seconds) if timings.seconds else 0.0
    return Timings(seconds, round(timings.nodes * share), timings.answers[:count])


def rate(timings: list[Timings]) -> float:
    """Return the nodes searched per second over the questions."""
    return sum(t.nodes for t in timings) / sum(sum(t.seconds) for t in timings)


def report(title: str, questions: list[str], c: list[Timings], py: list[Timings] | None) -> None:
    """Print one table: each question's median and p95, nodes per second, and the ratios.

    Each ratio compares the two solvers on the same deals (those the Python solver ran).
    """
    print(f"\n{title}")
    header = f"  {'':28}{'compiled':>14}"
    if py is not None:
        header += f"{'Python':>14}{'Python/compiled':>18}   deals (compiled, Python)"
    print(header)
    same = [subset(f, len(s.seconds)) for f, s in zip(c, py)] if py is not None else c
    for index, name in enumerate(questions):
        for stat in ("median", "p95"):

            def pick(t: Timings) -> float:
                return t.median_ms() if stat == "median" else t.p95_ms()

            row = f"  {name + ' ' + stat:28}{fmt_ms(pick(c[index])):>14}"
            if py is not None:
                ratio = pick(py[index]) / pick(same[index])
                row += f"{fmt_ms(pick(py[index])):>14}{ratio:>17.0f}x"
                row += f"   {len(c[index].seconds)}, {len(py[index].seconds)}"
            print(row)
    row = f"  {'nodes per second':28}{rate(c) / 1e6:>11.2f} M "
    if py is not None:
        row += f"{rate(py) / 1e3:>11.1f} k {rate(same) / rate(py):>16.0f}x"
    print(row)
    if py is not None:
        for index, name in enumerate(questions):
            count = len(py[index].answers)
            agree = sum(a == b for a, b in zip(same[index].answers, py[index].answers))
            print(f"  {name} the same answer on {agree} of {count} deals")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals for the compiled solver")
    parser.add_argument("--python-deals", type=int, default=200, help="deals for the Python solver")
    parser.add_argument(
        "--python-exact-deals",
        type=int,
        default=None,
        help="deals for the Python solver's exact value (default: --python-deals)",
    )
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="what time to measure")
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    if _csolver is None:
        sys.exit("the compiled solver is not built: run pip install -e . first")
    deals = [Deal.from_seed(args.seed + number) for number in range(args.deals)]
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(
        f"{args.deals} deals from seed {args.seed}; {args.clock} time; "
        f"load average {load} on {os.cpu_count()} CPUs"
    )
    for title, make, questions in (
        ("Suit games and Grand", point_game, ["exact value", "reaches 61?"]),
        ("Null", null_game, ["avoids every trick?"]),
    ):
        positions = [make(deal) for deal in deals]
        asks = [exact, reaches_61] if len(questions) == 2 else [exact]
        c = [measure(fresh_csolver, ask, positions, f"compiled {q}") for ask, q in zip(asks, questions)]
        py = []
        for ask, question in zip(asks, questions):
            count = args.python_deals
            if ask is exact and len(questions) == 2 and args.python_exact_deals is not None:
                count = args.python_exact_deals
            if count > 0:
                py.append(measure(PySolver, ask, positions[:count], f"Python {question}"))
        report(f"{title}: {len(positions)} deals", questions, c, py if len(py) == len(c) else None)

if __name__ == "__main__":
    main()
