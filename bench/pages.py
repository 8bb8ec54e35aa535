"""Print how fast the server renders pages (median and p95, milliseconds; wall and CPU time).

    .venv/bin/python bench/pages.py [rounds]

A view that only returns a string shows what Flask and the test client cost alone. Every
GET page whose only URL argument is the language is rendered in every language, then a
few heavier pages: the card gallery in each deck, the calculator with its card
picker, the course map, two lesson steps, a scoresheet of 48 hands, a drill answered
(with its worked score), and a practice hand in the middle of the card play and at its
end (with the worked score). Everything goes through the test client (no network), after
one warm-up request per URL. Wall time
(``perf_counter``) counts whatever else the machine is doing; CPU time of this process
(``process_time``) much less, so compare that one when the machine is loaded. On a machine
whose other core is busy even CPU time varies from run to run; the least CPU time of a page
(``CPU min``) varies least, so it is the figure to compare two versions by.
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

HEADER = f"{'page':44} {'wall median':>11} {'p95':>7} {'CPU median':>11} {'p95':>7} {'CPU min':>8}"


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
        f" {statistics.median(cpu):11.2f} {percentile_95(cpu):7.2f} {min(cpu):8.2f}"
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


def practice_hands(app: Flask) -> tuple[str, str]:
    """Play deal 4711 as forehand (the first legal card each time); return the hand's URLs mid-play and at the end.

    The computer players are deterministic (their seeds come from the deal), so every run
    benches the same two positions.
    """
    spec = importlib.util.spec_from_file_location("bench_practice", HERE / "practice.py")
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    from webapp.engine import GameState, Phase
    from webapp.storage import gametables as storage

    client = app.test_client()
    urls: list[str] = []
    csrf, app.config["WTF_CSRF_ENABLED"] = app.config["WTF_CSRF_ENABLED"], False  # the hands are set up, not timed
    for stop_after_tricks in (5, None):
        response = client.post("/en/play/", data={"seed": "4711", "seat": "0", "level": "strong"})
        url = response.headers["Location"]
        hand_id = url.rsplit("/", 1)[1]
        while True:
            with app.app_context():
                record = storage.load_hand(hand_id)
                assert record is not None
                state, revision = GameState.parse(record.game), record.revision
            if state.finished or (
                stop_after_tricks is not None and state.phase is Phase.PLAY and len(state.tricks) >= stop_after_tricks
            ):
                break
            answer = client.post(url, data={"revision": str(revision), **bench._choice(state)})
            assert answer.status_code == 303, url
        assert state.finished == (stop_after_tricks is None), url
        urls.append(url)
    app.config["WTF_CSRF_ENABLED"] = csrf
    return urls[0], urls[1]


def drill_url(level: int = 5, seed: int = 4711) -> str:
    """Return the URL of a drill answered right (game value and score): the page with the worked score."""
    from webapp.calculator import drills

    exercise = drills.exercise(level, seed)
    value, score = exercise.settlement.game_value, exercise.settlement.score
    return f"/en/calculator/drills/{level}/{seed}?value={value}&score={score}"


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
    mid_play, finished = practice_hands(app)
    labels = {
        heavier[-1]: "/en/lists/<token> (48 hands)",
        drill_url(): "/en/calculator/drills/5/4711 (answered)",
        mid_play: "/en/play/<id> (card play, 5 tricks done)",
        finished: "/en/play/<id> (finished, worked score)",
    }
    for url in dict.fromkeys([*heavier, *labels]):
        label = labels.get(url) or (url if len(url) <= 44 else url[:41] + "...")
        report(label, measure(app.test_client(), [url], rounds))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
