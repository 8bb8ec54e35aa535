"""Print how fast the server renders pages (median and p95, milliseconds; wall and CPU time).

    .venv/bin/python bench/pages.py [rounds]

A view that only returns a string shows what Flask and the test client cost alone. Every
GET page whose only URL argument is the language is rendered in every language, then a
few heavier pages: the card gallery in each deck, the calculator with its card
picker, the course map, two lesson steps and a scoresheet of 48 hands. Everything goes
through the test client (no network), after one warm-up request per URL. Wall time
(``perf_counter``) counts whatever else the machine is doing; CPU time of this process
(``process_time``) much less, so compare that one when the machine is loaded.
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402

from webapp import catalogs, create_app  # noqa: E402
from webapp.i18n import LANGUAGES  # noqa: E402
from webapp.storage import db  # noqa: E402

HEADER = f"{'page':44} {'wall median':>11} {'p95':>7} {'CPU median':>11} {'p95':>7}"


def percentile_95(times: list[float]) -> float:
    """Return the 95th percentile of ``times`` (the nearest rank below)."""
    ordered = sorted(times)
    return ordered[int(0.95 * (len(ordered) - 1))]


def measure(client: FlaskClient, urls: Iterable[str], rounds: int) -> tuple[list[float], list[float]]:
    """GET each URL once to warm up, then ``rounds`` times; return wall and CPU times in ms."""
    wall: list[float] = []
    cpu: list[float] = []
    for url in urls:
        assert client.get(url).status_code == 200, url
        for _ in range(rounds):
            start_wall, start_cpu = time.perf_counter(), time.process_time()
            response = client.get(url)
            cpu.append((time.process_time() - start_cpu) * 1000)
            wall.append((time.perf_counter() - start_wall) * 1000)
            assert response.status_code == 200, url
    return wall, cpu


def report(label: str, times: tuple[list[float], list[float]]) -> None:
    """Print one line of the table."""
    wall, cpu = times
    print(
        f"{label:44} {statistics.median(wall):11.2f} {percentile_95(wall):7.2f}"
        f" {statistics.median(cpu):11.2f} {percentile_95(cpu):7.2f}"
    )


def scoresheet_token(app: Flask) -> str:
    """Store a four-player list of 48 hands (the scoresheet bench's evening) and return its token."""
    spec = importlib.util.spec_from_file_location("bench_scoresheet", HERE / "scoresheet.py")
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    from webapp.storage import scoresheet as store

    with app.app_context():
        token: str = store.create_list(
            title="Bench", players=["Anna", "Ben", "Cem", "Dora"], rules=bench.RULES.tokens(), hands=bench.evening()
        )
    return token


def main(rounds: int = 50) -> None:
    """Render every simple page ``rounds`` times per language, then the heavier pages."""
    catalogs.compile_all()
    folder = tempfile.mkdtemp()
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3"})
    with app.app_context():
        db.create_all()
    app.add_url_rule("/bench/floor", "bench_floor", lambda: "ok")  # Flask and the test client alone
    client = app.test_client()
    endpoints = sorted(
        rule.endpoint
        for rule in app.url_map.iter_rules()
        if "GET" in (rule.methods or ()) and rule.arguments == {"lang"}
    )
    print(HEADER)
    report("a view that returns a string (the floor)", measure(client, ["/bench/floor"], rounds))
    for endpoint in endpoints:
        with app.test_request_context():
            from flask import url_for

            urls = [url_for(endpoint, lang=lang) for lang in LANGUAGES]
        report(f"{endpoint} (5 languages)", measure(client, urls, rounds))

    print()
    print(HEADER)
    for slug in ("french", "four-colour", "german"):
        deck_client = app.test_client()
        deck_client.set_cookie("deck", slug)
        report(f"/en/cards, {slug} deck", measure(deck_client, ["/en/cards"], rounds))
    heavier = [
        "/en/calculator/?game=hearts&matadors=2&declarer_points=75&bid=36",
        "/en/learn/",
        "/en/learn/deck/1",
        "/en/learn/tricks/10",
        f"/en/lists/{scoresheet_token(app)}",
    ]
    for url in heavier:
        label = url if len(url) <= 44 else url[:41] + "..."
        if "/lists/" in url:
            label = "/en/lists/<token> (48 hands)"
        report(label, measure(app.test_client(), [url], rounds))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
