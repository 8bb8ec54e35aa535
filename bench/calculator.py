"""Time the scoring pages and the API in process: prints median and p95 per request kind.

Run from the project root: ``.venv/bin/python bench/calculator.py [rounds]``.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp import catalogs, create_app  # noqa: E402
from webapp.calculator.drills import LEVELS, exercise  # noqa: E402
from webapp.storage import db  # noqa: E402

GAME = "game=hearts&hand=1&matadors=2&declarer_points=75&bid=36"
CARDS = ("game=clubs&source=cards&" + "&".join(f"cards={c}" for c in "CJ CA SJ CT CK C9 SA ST HA D7".split())
         + "&skat=HJ&skat=D8&declarer_points=90&bid=48&list=seeger_fabian")


def timed(run: Callable[[], object], rounds: int) -> tuple[float, float, float]:
    """Return the wall-clock median and 95th percentile and the CPU median of ``rounds`` runs (ms).

    The CPU time is what the request costs the server; the wall clock also counts waiting for
    the processor, which a loaded machine inflates.
    """
    for _ in range(5):
        run()
    wall, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        run()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    wall.sort()
    return statistics.median(wall), wall[int(len(wall) * 0.95) - 1], statistics.median(cpu)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    catalogs.compile_all()
    folder = tempfile.mkdtemp(prefix="kiebitz-bench-")
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3"})
    with app.app_context():
        db.create_all()
    client = app.test_client()
    htmx = {"HX-Request": "true"}
    drill = exercise(6, 5)
    seeds = iter(range(10**9))
    cases: list[tuple[str, Callable[[], object]]] = [
        ("API, a won Hand game", lambda: client.get(f"/api/v1/score?{GAME}")),
        ("API, refused input (400)", lambda: client.get("/api/v1/score?game=grand&matadors=5&declarer_points=61&bid=18")),
        ("calculator page, empty", lambda: client.get("/en/calculator/")),
        ("calculator page, with result", lambda: client.get(f"/fi/calculator/?{GAME}")),
        ("calculator result, htmx", lambda: client.get(f"/de/calculator/?{GAME}", headers=htmx)),
        ("calculator, picked cards", lambda: client.get(f"/en/calculator/?{CARDS}")),
        ("drill page, wrong answer", lambda: client.get(f"/fr/calculator/drills/6/5?value={drill.settlement.game_value + 1}")),
        ("drill answer (POST, counted)", lambda: client.post(
            f"/en/calculator/drills/1/{next(seeds)}", data={"value": "0"})),
        ("exercise generation (engine)", lambda: exercise(next(seeds) % LEVELS + 1, next(seeds))),
    ]
    print(f"{'request':34} {'median ms':>10} {'p95 ms':>8} {'CPU median ms':>14}   ({rounds} rounds)")
    for name, run in cases:
        median, p95, cpu = timed(run, rounds)
        print(f"{name:34} {median:10.2f} {p95:8.2f} {cpu:14.2f}")


if __name__ == "__main__":
    main()
