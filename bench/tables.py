"""Tables with people under gunicorn: many tables of three, each person polling and moving.

    .venv/bin/python bench/tables.py --database-url postgresql://kiebitz:kiebitz@127.0.0.1:5432/tablesbench
    .venv/bin/python bench/tables.py --database-url … --tables 50 --seconds 60 --workers 2

The script starts gunicorn itself (as `bench/load.py` does: this checkout, a free port of
127.0.0.1, after ``flask db upgrade``). Each table is opened by its host through the form; two
more people join by the links the host's page shows. Every person is a thread with a cookie
jar of their own that asks "anything new?" every ``--poll`` seconds (as the page's htmx does)
and, when the answer shows it is their turn, moves: a random choice among the buttons the page
offers (bid or pass, pick up the skat, two cards to lay away, a game, a card). When a hand is
over, the person whose seat deals next presses "Next hand" after the bench has checked, in its
own process on the same database, that the table's list got exactly the entry the finished
hand makes (`webapp.tables.model.entry_for`), and one entry per hand.

It prints polls served per second, the time of a quiet poll (204) and of a move (the POST) as
the client sees them (median, p95) and as the server spent it (the ``Server-Timing`` header
gunicorn's answers carry, `webapp.timing`: wall and processor time, median and p95), every unexpected answer (errors must be 0), the hands
played and whether each got its correct list entry; then the quiet poll's server time measured
in this process (the WSGI app called directly, median and p95 over ``--samples`` calls) and the
bytes of a quiet poll's whole HTTP answer as gunicorn sends it. Bounded: at most 600 seconds.

``--profile`` instead plays one hand at a table of three in this process (Flask's test client,
the same database) and prints what its moves cost under cProfile (processor time), the app's
own functions first: where to look when a move is slow.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from load import ROOT, Failed, percentile, start_server

sys.path.insert(0, str(ROOT))

MAX_SECONDS = 600
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)"')
BUTTON = re.compile(r'<button\b[^>]*\bname="action"[^>]*>')
VALUE = re.compile(r'\bvalue="([^"]+)"')
DISCARD = re.compile(r'name="discard" value="(\w\w)"')
GAME = re.compile(r'name="game" value="(\w+)"')
POLL = re.compile(r'hx-get="(/en/tables/[\w-]+/news\?revision=(\d+))"')
SERVER_TIMING = re.compile(r"app;dur=([\d.]+), cpu;dur=([\d.]+)")
"""The header `webapp.timing` adds to every answer (``KIEBITZ_SERVER_TIMING=1``)."""
JOIN = re.compile(r'href="http://[^/"]+(/en/tables/[\w-]+/join/[\w-]+)"')


@dataclass
class Tally:
    """What every person saw, under one lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    server: dict[str, list[tuple[float, float]]] = field(default_factory=lambda: defaultdict(list))
    """Each kind's server times as the answers' ``Server-Timing`` says (wall ms, processor ms)."""
    errors: Counter[str] = field(default_factory=Counter)
    hands: int = 0
    correct: int = 0
    wrong: list[str] = field(default_factory=list)

    def add(self, kind: str, seconds: float, status: int | str, expected: tuple[int, ...],
            timing: str | None = None) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            found = SERVER_TIMING.fullmatch(timing or "")
            if found:
                self.server[kind].append((float(found.group(1)), float(found.group(2))))
            if status not in expected:
                self.errors[f"{kind} {status}"] += 1


class Person:
    """One person at a browser: a cookie jar, the table's page as last seen."""

    def __init__(self, port: int, tally: Tally, name: str, seed: int) -> None:
        self.port, self.tally, self.name = port, tally, name
        self.random = random.Random(seed)
        self.cookies: dict[str, str] = {}
        self.page = ""

    def request(self, kind: str, method: str, path: str, form: dict[str, Any] | None = None,
                expected: tuple[int, ...] = (200,), htmx: bool = False) -> tuple[int, dict[str, str], str]:
        headers = {"Host": f"127.0.0.1:{self.port}"}
        if htmx:
            headers["HX-Request"] = "true"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        except (OSError, http.client.HTTPException) as error:
            self.tally.add(kind, time.perf_counter() - started, type(error).__name__, expected)
            raise Failed(kind) from error
        finally:
            connection.close()
        self.tally.add(kind, time.perf_counter() - started, response.status, expected,
                       response.getheader("Server-Timing"))
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text

    def look(self, path: str) -> str:
        """Open the table's page (after a redirect, or at the start)."""
        self.page = self.request("page", "GET", path)[2]
        return self.page

    def hidden(self, page: str) -> dict[str, str]:
        return dict(HIDDEN.findall(page))

    def choice(self, page: str) -> dict[str, Any] | None:
        """Return the form of a random move the page offers, or None if it offers none."""
        cards = DISCARD.findall(page)
        if len(cards) >= 2:
            return {"discard": self.random.sample(cards, 2)}
        games = GAME.findall(page)
        if games:
            return {"game": self.random.choice(games), "announce": ""}
        offered = [VALUE.search(tag).group(1) for tag in BUTTON.findall(page)  # type: ignore[union-attr]
                   if "disabled" not in tag and VALUE.search(tag)]
        if not offered:
            return None
        if "skat" in offered:
            return {"action": "skat"}
        words = [value for value in offered if value in ("pass", "yes") or value.isdigit()]
        if words:  # the auction: pass half the time, else say yes or the lowest bid
            if "pass" in words and self.random.random() < 0.5:
                return {"action": "pass"}
            return {"action": min(words, key=lambda value: (value == "pass", len(value), value))}
        plays = [value for value in offered if value not in ("kontra", "re")]
        return {"action": self.random.choice(plays or offered)}


def open_table(host: Person, guests: list[Person]) -> str:
    """Open a table of three with its host and seat the guests; return its id."""
    form = host.hidden(host.look("/en/tables/"))
    form.update(name=host.name, family="three", preset="pub", level="easy")
    status, headers, _ = host.request("open", "POST", "/en/tables/", form, expected=(303,))
    table_path = headers["location"].replace(f"http://127.0.0.1:{host.port}", "")
    links = JOIN.findall(host.look(table_path))
    for guest, link in zip(guests, links):
        page = guest.request("join", "GET", link)[2]
        form = guest.hidden(page)
        form["name"] = guest.name
        guest.request("join", "POST", link, form, expected=(303,))
    return table_path.rsplit("/", 1)[1]


class Checker:
    """Checks, on the bench's own app and database, that each finished hand got its list entry."""

    def __init__(self, database_url: str) -> None:
        os.environ["DATABASE_URL"] = database_url
        os.environ.setdefault("KIEBITZ_SECRET_KEY", secrets.token_hex(32))
        from webapp import create_app

        self.app = create_app()
        self.lock = threading.Lock()

    def check(self, table_id: str) -> str | None:
        """Return what is wrong with the finished hand's list entry, or None."""
        from webapp.engine import GameState
        from webapp.scoresheet.sheet import entry_from_fields
        from webapp.storage import gametables, scoresheet
        from webapp.tables import model

        with self.lock, self.app.app_context():
            table = gametables.load(table_id)
            assert table is not None and table.game is not None and table.list_token is not None
            state = GameState.parse(table.game)
            stored = scoresheet.load_list(table.list_token)
            assert stored is not None
            if len(stored.hands) != table.number + 1:
                return f"{table_id}: {len(stored.hands)} entries after hand {table.number + 1}"
            wanted = model.entry_for(state, model.seat_positions(table.number, len(table.seats)))
            if entry_from_fields(stored.hands[-1], players=len(stored.players)) != wanted:
                return f"{table_id}: hand {table.number + 1} has a wrong entry"
            return None


def sit(person: Person, table_id: str, seat: int, deadline: float, poll: float, checker: Checker) -> None:
    """Poll every ``poll`` seconds; move when it is this person's turn; the host deals on."""
    table_path = f"/en/tables/{table_id}"
    page = person.look(table_path)
    time.sleep(person.random.uniform(0, poll))
    try:
        while time.monotonic() < deadline:
            found = POLL.search(page)
            if "Your turn" in page or (seat == 0 and "Next hand" in page):
                page = act(person, table_path, page, checker)  # htmx: the table comes back at once
                continue
            if found is None:
                time.sleep(poll)
                page = person.look(table_path)
                continue
            status, _, text = person.request("poll", "GET", found.group(1), expected=(200, 204), htmx=True)
            if status == 200:
                page = text
            else:
                time.sleep(poll)
    except Failed:
        return  # counted as an error


def act(person: Person, table_path: str, page: str, checker: Checker) -> str:
    """Make this person's move, or (the host) check the finished hand's entry and deal the next;
    return the table after it (one round trip, as htmx asks)."""
    form = person.hidden(page)
    if "Your turn" not in page:
        problem = checker.check(table_path.rsplit("/", 1)[1])
        with person.tally.lock:
            person.tally.hands += 1
            if problem is None:
                person.tally.correct += 1
            else:
                person.tally.wrong.append(problem)
        return person.request("next", "POST", table_path + "/next", form, htmx=True)[2]
    choice = person.choice(page)
    if choice is None:
        raise AssertionError(f"no move offered at {table_path}")
    return person.request("move", "POST", table_path + "/act", {**form, **choice}, htmx=True)[2]


def quiet_poll_bytes(port: int, path: str) -> int:
    """Return the size of a quiet poll's whole HTTP answer, status line and headers included."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nHX-Request: true\r\n"
                           "Connection: close\r\n\r\n".encode())
        answer = b""
        while chunk := connection.recv(4096):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 204"), answer[:80]
    return len(answer)


def server_time(checker: Checker, path: str, samples: int, *, whole_app: bool = False) -> tuple[float, float]:
    """Return the median and p95 of a quiet poll's time in the WSGI app itself, in ms; with
    ``whole_app`` through Flask as before the quiet layer (for comparison)."""
    wsgi = checker.app.wsgi_app
    if whole_app:
        wsgi = wsgi.inner  # type: ignore[attr-defined]
    path, _, query = path.partition("?")
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": query, "SERVER_NAME": "127.0.0.1",
               "SERVER_PORT": "80", "wsgi.url_scheme": "http", "HTTP_HX_REQUEST": "true"}
    statuses: list[str] = []

    def start_response(status: str, headers: list[tuple[str, str]], *_: object) -> None:
        statuses.append(status)

    times = []
    for _ in range(samples):
        started = time.perf_counter()
        body = wsgi(dict(environ), start_response)
        b"".join(body)
        times.append(time.perf_counter() - started)
    assert {status[:3] for status in statuses} == {"204"}, set(statuses)
    return statistics.median(times) * 1000, percentile(times, 0.95) * 1000


def profile_moves(checker: Checker, rows: int = 25) -> int:
    """Play a hand of three people in this process under cProfile; print the moves' costs."""
    import cProfile
    import pstats

    from webapp.engine import GameState
    from webapp.storage import gametables
    from webapp.tables import model

    clients = [checker.app.test_client() for _ in range(3)]
    page = clients[0].get("/en/tables/").get_data(as_text=True)
    form = {**dict(HIDDEN.findall(page)), "name": "Anna", "family": "three", "preset": "pub", "level": "easy"}
    table_path = clients[0].post("/en/tables/", data=form).headers["Location"]
    for guest, link, name in zip(clients[1:], JOIN.findall(clients[0].get(table_path).get_data(as_text=True)),
                                 ("Ben", "Cleo")):
        guest.post(link, data={**dict(HIDDEN.findall(guest.get(link).get_data(as_text=True))), "name": name})
    table_id = table_path.rsplit("/", 1)[1]
    profile = cProfile.Profile(time.process_time)
    chooser = random.Random(1)
    cpu: list[float] = []
    while True:
        with checker.app.app_context():
            table = gametables.load(table_id)
        assert table is not None and table.game is not None
        state = GameState.parse(table.game)
        if state.finished:
            break
        assert state.to_act is not None
        mover = clients[model.seat_positions(table.number, 3).index(state.to_act)]
        page = mover.get(table_path).get_data(as_text=True)
        person = Person(0, Tally(), "", 0)
        person.random = chooser
        choice = person.choice(page)
        assert choice is not None
        started = time.process_time()
        profile.enable()
        answer = mover.post(f"{table_path}/act", data={**person.hidden(page), **choice},
                            headers={"HX-Request": "true"})
        profile.disable()
        cpu.append(time.process_time() - started)
        assert answer.status_code == 200, answer.status_code
    print(f"{len(cpu)} moves in this process: processor time median {statistics.median(cpu) * 1000:.1f} ms, "
          f"p95 {percentile(cpu, 0.95) * 1000:.1f} ms (the first ones compile the templates)")
    pstats.Stats(profile).sort_stats("cumulative").print_stats(r"webapp|templates", rows)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--database-url", required=True, help="the database gunicorn uses (PostgreSQL)")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--poll", type=float, default=2.0, help="seconds between a person's polls")
    parser.add_argument("--samples", type=int, default=2000, help="quiet polls timed in this process")
    parser.add_argument("--profile", action="store_true", help="profile one hand's moves in this process instead")
    args = parser.parse_args()
    if args.profile:
        from flask_migrate import upgrade

        checker = Checker(args.database_url)
        with checker.app.app_context():
            upgrade()
        return profile_moves(checker)
    if not 0 < args.seconds <= MAX_SECONDS or not 0 < args.tables <= 200:
        parser.error(f"at most {MAX_SECONDS} seconds and 200 tables")
    with tempfile.TemporaryDirectory(prefix="kiebitz-tables-") as folder:
        os.environ["KIEBITZ_SERVER_TIMING"] = "1"  # gunicorn's answers say their server time
        server, port = start_server(args.database_url, args.workers, Path(folder))
        del os.environ["KIEBITZ_SERVER_TIMING"]
        try:
            tally = Tally()
            checker = Checker(args.database_url)
            seated: list[tuple[Person, str, int]] = []
            for number in range(args.tables):
                people = [Person(port, tally, f"{name} {number}", seed=3 * number + seat)
                          for seat, name in enumerate(("Anna", "Ben", "Cleo"))]
                table_id = open_table(people[0], people[1:])
                seated += [(person, table_id, seat) for seat, person in enumerate(people)]
            for kind in ("open", "join", "page"):
                tally.times.pop(kind, None)
            started = time.monotonic()
            deadline = started + args.seconds
            threads = [threading.Thread(target=sit, args=(person, table_id, seat, deadline, args.poll, checker),
                                        daemon=True) for person, table_id, seat in seated]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=max(1.0, deadline + 60 - time.monotonic()))
            elapsed = time.monotonic() - started
            quiet = next(found for person, table_id, _ in seated
                         if (found := POLL.search(person.look(f"/en/tables/{table_id}"))))
            size = quiet_poll_bytes(port, quiet.group(1))
            median, p95 = server_time(checker, quiet.group(1), args.samples)
            flask = server_time(checker, quiet.group(1), args.samples // 4, whole_app=True)
            return report(tally, elapsed, args, size, (median, p95), flask)
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()


def report(tally: Tally, seconds: float, args: argparse.Namespace, size: int, quiet: tuple[float, float],
           flask: tuple[float, float]) -> int:
    polls = tally.times.get("poll", [])
    print(f"{args.tables} tables x 3 people, polling every {args.poll:g} s, gunicorn {args.workers} workers, "
          f"{seconds:.0f} s")
    print(f"polls served: {len(polls)} ({len(polls) / seconds:.1f}/s)")
    print(f"{'request':<8} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for kind, times in sorted(tally.times.items()):
        print(f"{kind:<8} {len(times):>7} {statistics.median(times) * 1000:>8.1f} "
              f"{percentile(times, 0.95) * 1000:>8.1f} {max(times) * 1000:>8.1f}")
    print("server time (the answers' Server-Timing: wall ms as gunicorn's worker spent it, and its "
          "processor ms, which the other work on a shared machine does not inflate)")
    print(f"{'request':<8} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'cpu p50':>8} {'cpu p95':>8}")
    for kind, pairs in sorted(tally.server.items()):
        walls, cpus = [wall for wall, _ in pairs], [cpu for _, cpu in pairs]
        print(f"{kind:<8} {len(pairs):>7} {statistics.median(walls):>8.2f} {percentile(walls, 0.95):>8.2f} "
              f"{statistics.median(cpus):>8.2f} {percentile(cpus, 0.95):>8.2f}")
    errors = sum(tally.errors.values())
    print(f"errors: {errors}" + (" (" + ", ".join(f"{k}: {v}" for k, v in tally.errors.items()) + ")" if errors else ""))
    print(f"hands played: {tally.hands}, with the correct list entry: {tally.correct}")
    for problem in tally.wrong[:10]:
        print("  " + problem)
    print(f"quiet poll: {size} bytes on the wire; server time median {quiet[0]:.3f} ms, p95 {quiet[1]:.3f} ms "
          f"({args.samples} calls in this process); through the whole Flask app it would be median "
          f"{flask[0]:.3f} ms, p95 {flask[1]:.3f} ms")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0 if errors == 0 and tally.hands == tally.correct else 1


if __name__ == "__main__":
    sys.exit(main())
