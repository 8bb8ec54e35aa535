"""Print how long a practice hand takes on the server per click (median and p95, milliseconds).

    .venv/bin/python bench/practice.py [deals]

For random deals a learner (forehand; wins the auction when the computer players let it, then
plays the first legal card) plays whole hands through the test client (no network). Timed:
the learner's decision (POST: the engine, the computer players' answers, storing), the page
after it (GET), and a hint (GET ``?hint=1``), each split by phase.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp import catalogs, create_app  # noqa: E402
from webapp.engine import Bid, Discard, GameState, Hold, token  # noqa: E402
from webapp.storage import db  # noqa: E402
from webapp.storage import gametables as storage  # noqa: E402


def _choice(state: GameState) -> dict[str, object]:
    legal = state.legal_actions()
    bids = [action for action in legal if isinstance(action, Bid)]
    action = bids[min(3, len(bids) - 1)] if bids else next((a for a in legal if isinstance(a, Hold)), legal[0])
    if isinstance(action, Discard):
        return {"discard": [str(action.first), str(action.second)]}
    return {"action": token(action)}


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main(deals: int = 20) -> None:
    """Play ``deals`` hands and print the figures per kind of request and phase."""
    catalogs.compile_all()
    folder = tempfile.mkdtemp()
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3", "WTF_CSRF_ENABLED": False})
    with app.app_context():
        db.create_all()
    client = app.test_client()
    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    for seed in range(deals):
        start = time.perf_counter()
        response = client.post("/en/play/", data={"seed": str(seed), "seat": "0", "level": "strong"})
        times[("start", "-")].append((time.perf_counter() - start) * 1000)
        hand_id = response.headers["Location"].rsplit("/", 1)[1]
        for _ in range(60):
            with app.app_context():
                record = storage.load_hand(hand_id)
                assert record is not None
                state, revision = GameState.parse(record.game), record.revision
            if state.finished:
                break
            phase = state.phase.value
            for kind, url in (("page", f"/en/play/{hand_id}"), ("hint", f"/en/play/{hand_id}?hint=1")):
                start = time.perf_counter()
                assert client.get(url).status_code == 200
                times[(kind, phase)].append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            answer = client.post(f"/en/play/{hand_id}", data={"revision": str(revision), **_choice(state)})
            times[("decision", phase)].append((time.perf_counter() - start) * 1000)
            assert answer.status_code == 303
    print(f"{'request':10} {'phase':10} {'count':>6} {'median ms':>10} {'p95 ms':>8}")
    for (kind, phase), values in sorted(times.items()):
        print(f"{kind:10} {phase:10} {len(values):6d} {statistics.median(values):10.1f} {_p95(values):8.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
