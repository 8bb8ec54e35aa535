"""Print how fast the lessons answer (median and p95, milliseconds).

    .venv/bin/python bench/lessons.py [rounds]

Through the test client (no network): the course map, every step page of every lesson, and
answering each question (POST, judged by the engine, stored, redirected). Also the pure check of
every `play` step, whose goal searches the rest of the trick.
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
from webapp.lessons.course import LESSONS  # noqa: E402
from webapp.storage import db  # noqa: E402


def figures(name: str, times: list[float]) -> None:
    """Print one line: name, median and p95 in milliseconds."""
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"{name:34} {statistics.median(times):10.2f} {p95:8.2f}")


def timed(action: Callable[[], object]) -> float:
    """Return how long ``action`` took, in milliseconds."""
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def main(rounds: int = 5) -> None:
    """Render and answer every step ``rounds`` times and print the figures."""
    catalogs.compile_all()
    folder = tempfile.mkdtemp()
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3", "WTF_CSRF_ENABLED": False}
    )
    with app.app_context():
        db.create_all()
    client = app.test_client()
    client.post("/en/learn/deck/1")  # a learner with a cookie, as after a first answer
    print(f"{'what':34} {'median ms':>10} {'p95 ms':>8}")
    maps: list[float] = []
    pages: list[float] = []
    answers: list[float] = []
    checks: list[float] = []
    for _ in range(rounds):
        maps.append(timed(lambda: client.get("/fi/learn/")))
        for lesson in LESSONS:
            for number, step in enumerate(lesson.steps, start=1):
                url = f"/de/learn/{lesson.slug}/{number}"
                pages.append(timed(lambda: client.get(url)))
                if step.kind in ("number", "choose"):
                    field = "answer" if step.kind == "number" else "option"
                    data = {field: step.solution()}
                    answers.append(timed(lambda: client.post(url, data=data)))
                if step.kind == "play":
                    with app.test_request_context():
                        answer = step.solution()
                        checks.append(timed(lambda: step.check(answer)))
        client.post("/en/learn/reset", data={"confirm": "yes"})
    figures("course map (fi)", maps)
    figures("step page, every step (de)", pages)
    figures("answer a number or choice (POST)", answers)
    figures("judge a play step (engine search)", checks)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
