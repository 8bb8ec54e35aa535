"""Print how fast the scoresheet works out a list and renders it (median and p95, milliseconds).

    .venv/bin/python bench/scoresheet.py [rounds]

A full four-player tournament list (48 hands: games, Ramsch, Bock and Ramsch rounds, Kontra and
Re) is derived from its entries by `sheet.build`, and the sheet page, the entering of a hand
(check and commit), the CSV export, a hand's form, a short list (its first 5 hands) and the new-list
form are timed through the test client (no network). Then the sheet page of lists of 10, 40 and
160 hands: as kept at its revision (`store.keep_page`: what every view of an unchanged list costs)
and drawn afresh (the first view after a change, which works the list out). Times are CPU time
of this process (``time.process_time``), so other work on the machine counts less.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import delete  # noqa: E402

from webapp import catalogs, create_app  # noqa: E402
from webapp.scoresheet.sheet import PRESETS, HouseRules, Preset, build, entry_from_fields  # noqa: E402
from webapp.storage import db  # noqa: E402
from webapp.storage import scoresheet as store  # noqa: E402

RULES = HouseRules(
    kontra=True,
    ramsch_passed_in=True,
    ramsch_after_bock=True,
    ramsch_grand_hand=True,
    schieberamsch=True,
    bock=PRESETS[Preset.PUB].bock,
    bock_two_rounds=True,
)
RAMSCH = {"kind": "ramsch", "pushes": "1"}
GAMES = [
    {"kind": "game", "game": "clubs", "matadors": "2", "points": "85", "bid": "36", "kontra": "1", "re": "1"},
    {"kind": "game", "game": "diamonds", "matadors": "1", "points": "60", "bid": "18"},
    {"kind": "game", "game": "hearts", "matadors": "2", "without": "1", "hand": "1", "points": "95", "bid": "40"},
    {"kind": "game", "game": "null", "null_result": "won", "bid": "23"},
    {"kind": "game", "game": "grand", "matadors": "1", "hand": "1", "points": "70"},
]


def evening(hands: int = 48) -> list[dict[str, str]]:
    """Return the fields of a four-player list that fits its house rules, hand by hand."""
    entries: list[dict[str, str]] = []
    for number in range(hands):
        sheet = build(4, RULES, [entry_from_fields(f, players=4) for f in entries])
        slot = sheet.next
        seats = slot.seats
        if slot.round.value == "ramsch":
            if number % 2:
                fields = {**RAMSCH, **{f"points_{seat + 1}": str(p) for seat, p in zip(seats, (30, 50, 40))}}
            else:
                fields = {**GAMES[4], "declarer": str(seats[0] + 1)}
        else:
            fields = {**GAMES[number % 4], "declarer": str(seats[number % 3] + 1)}
        entries.append(fields)
    return entries


def timed(label: str, rounds: int, action: Callable[[], object]) -> None:
    action()
    times = []
    for _ in range(rounds):
        start = time.process_time()
        action()
        times.append((time.process_time() - start) * 1000)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"{label:40} {statistics.median(times):10.2f} {p95:8.2f}")


def main(rounds: int = 50) -> None:
    """Time the list logic and the pages of a 48-hand list."""
    catalogs.compile_all()
    fields = evening()
    entries = [entry_from_fields(f, players=4) for f in fields]
    sheet = build(4, RULES, entries)
    assert all(not row.issues for row in sheet.rows), "the bench list should fit its rules"
    folder = tempfile.mkdtemp()
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3", "WTF_CSRF_ENABLED": False})
    with app.app_context():
        db.create_all()
        token = store.create_list(title="Bench", players=["Anna", "Ben", "Cem", "Dora"],
                                  rules=RULES.tokens(), hands=fields[:-1])
        short = store.create_list(title="Short", players=["Anna", "Ben", "Cem", "Dora"],
                                  rules=RULES.tokens(), hands=fields[:5])
    client = app.test_client()
    print(f"{'48 hands, four players':40} {'median ms':>10} {'p95 ms':>8}")
    timed("build(): derive the whole list", rounds, lambda: build(4, RULES, entries))
    timed("GET the sheet page", rounds, lambda: client.get(f"/en/lists/{token}"))
    timed("GET the sheet region (htmx)", rounds, lambda: client.get(f"/en/lists/{token}", headers={"HX-Request": "true"}))
    timed("GET the CSV file", rounds, lambda: client.get(f"/en/lists/{token}/list.csv"))
    timed("GET a hand's form (hand 30)", rounds, lambda: client.get(f"/en/lists/{token}/hands/30"))
    timed("GET a short list's sheet (5 hands)", rounds, lambda: client.get(f"/en/lists/{short}"))
    timed("GET the new-list form", rounds, lambda: client.get("/en/lists/new"))

    def enter_and_undo() -> None:
        with app.app_context():
            stored = store.load_list(token)
            assert stored is not None
        data = {**fields[-1], "revision": str(stored.revision)}
        assert client.post(f"/en/lists/{token}/hands", data=data).status_code == 303
        assert client.post(f"/en/lists/{token}/undo", data={"revision": str(stored.revision + 1)}).status_code == 303

    timed("POST a hand, then POST undo (both)", rounds, enter_and_undo)

    longer = (evening(48) * 4)[:160]  # four evenings: hands past 48 need not fit (a row says so)
    with app.app_context():
        lists = {count: store.create_list(title="Long", players=["Anna", "Ben", "Cem", "Dora"],
                                          rules=RULES.tokens(), hands=longer[:count]) for count in (10, 40, 160)}
    for count, listed in lists.items():
        timed(f"GET the sheet page, {count} hands, kept", rounds, lambda: client.get(f"/en/lists/{listed}"))
    for count, listed in lists.items():
        def drawn() -> None:
            with app.app_context():  # as after a change: no page kept for the list's revision
                db.session.execute(delete(store.ScorePage))
                db.session.commit()
            client.get(f"/en/lists/{listed}")

        timed(f"GET the sheet page, {count} hands, drawn", rounds, drawn)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
