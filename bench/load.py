"""Load Kiebitz under gunicorn with many users on loopback; print errors, p50/p95 and lost hands.

    .venv/bin/python bench/load.py --database-url postgresql://kiebitz:kiebitz@127.0.0.1:5432/loadbench
    .venv/bin/python bench/load.py --database-url … --users 50 --seconds 60 --kill-worker-at 20

The script starts gunicorn itself (this checkout's ``.venv``, ``--workers 4`` as the README's
deploy recipe) on a free port of 127.0.0.1 against the given database, after
``flask db upgrade``, so it can only ever send traffic to this machine. Every user is a thread
that acts like a person keeping a scoresheet with pauses between clicks: it opens the home page
and the new-list form, starts a list of its own, then until the time is up enters hands (the
POST and the page its redirect shows), looks at its list, asks the scoring API and opens a
calculator or lesson page. The run is bounded: at most ``--seconds`` (600 at most), and each
user makes at most 5,000 requests.

At the end each user reads its list's CSV export back: the hands the server acknowledged (a
303 answer to "enter the hand") must all be stored, and no other hand may be. With
``--kill-worker-at S`` a gunicorn worker gets ``kill -9`` S seconds into the run (``S S …``
for several), while the users write: the requests it was answering fail (they are counted apart, and a hand whose
answer was lost may or may not be stored), gunicorn starts a new worker, and still no
acknowledged hand may be missing.
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
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = ROOT / ".venv" / "bin"
MAX_SECONDS = 600
MAX_REQUESTS_PER_USER = 5_000
HAND = {"kind": "game", "game": "clubs", "matadors": "1", "points": "61", "bid": "18"}
API = "/api/v1/score?game=hearts&hand=1&matadors=2&declarer_points=75&bid=36"
PAGES = ("/en/calculator/", "/de/learn/", "/fr/", "/en/cards")


class Failed(Exception):
    """A request that got no HTTP answer (the connection was refused, reset or timed out)."""


@dataclass
class Tally:
    """What all users saw, under one lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    acknowledged: int = 0
    unknown: int = 0  # hands whose answer was lost: stored or not
    stored: int = 0
    lost: int = 0  # acknowledged but not stored
    extra: int = 0  # stored beyond acknowledged + unknown

    def add(self, kind: str, seconds: float, status: int | str, expected: tuple[int, ...]) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            self.statuses[str(status)] += 1
            if status not in expected:
                self.errors[f"{kind} {status}"] += 1


class User:
    """One person at a browser: cookies, a CSRF token, a list of their own."""

    def __init__(self, port: int, tally: Tally, deadline: float, think: float, seed: int) -> None:
        self.port, self.tally, self.deadline, self.think = port, tally, deadline, think
        self.random = random.Random(seed)
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.requests = 0

    def request(self, kind: str, method: str, path: str, form: dict[str, str] | None = None,
                expected: tuple[int, ...] = (200,)) -> tuple[int, dict[str, str], str]:
        self.requests += 1
        headers = {"Host": f"127.0.0.1:{self.port}", "Accept-Language": "en"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode({**form, "csrf_token": self.csrf})
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
        self.tally.add(kind, time.perf_counter() - started, response.status, expected)
        answer = {k.lower(): v for k, v in response.getheaders()}
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        token = re.search(r'name="csrf_token" value="([^"]+)"', text)
        if token:
            self.csrf = token.group(1)
        return response.status, answer, text

    def pause(self) -> bool:
        """Wait like a person between clicks; False once the time is up."""
        time.sleep(self.random.uniform(0.5, 1.5) * self.think)
        return time.monotonic() < self.deadline and self.requests < MAX_REQUESTS_PER_USER

    def run(self) -> None:
        try:
            self.request("/en/", "GET", "/en/")
            self.request("new list", "GET", "/en/lists/new")
            players = {f"player_{n}": f"{name} {self.random.randrange(1000)}" for n, name in
                       enumerate(("Anna", "Ben", "Cem"), start=1)}
            status, answer, _ = self.request("create list", "POST", "/en/lists/new",
                                             {**players, "preset": "isko"}, expected=(303,))
        except Failed:
            return
        if status != 303:
            return
        sheet = urlsplit(answer["location"]).path
        acknowledged = unknown = 0
        revision = 0
        while self.pause():
            roll = self.random.random()
            try:
                if roll < 0.55:
                    fields = {**HAND, "declarer": str(1 + acknowledged % 3), "revision": str(revision)}
                    try:
                        status, _, _ = self.request("enter hand", "POST", f"{sheet}/hands", fields,
                                                    expected=(303,))
                    except Failed:
                        unknown += 1
                        status = 0
                    if status == 303:
                        acknowledged += 1
                        revision += 1
                    _, _, page = self.request("list page", "GET", sheet)  # where the redirect leads
                    found = re.search(r'name="revision" value="(\d+)"', page)
                    revision = int(found.group(1)) if found else revision
                elif roll < 0.80:
                    self.request("list page", "GET", sheet)
                elif roll < 0.92:
                    self.request("score api", "GET", API)
                else:
                    page_path = self.random.choice(PAGES)
                    self.request(page_path, "GET", page_path)
            except Failed:
                continue
        stored = self.stored_hands(sheet)
        with self.tally.lock:
            self.tally.acknowledged += acknowledged
            self.tally.unknown += unknown
            if stored is None:
                self.tally.errors["csv unread"] += 1
                return
            self.tally.stored += stored
            self.tally.lost += max(0, acknowledged - stored)
            self.tally.extra += max(0, stored - acknowledged - unknown)

    def stored_hands(self, sheet: str) -> int | None:
        """Count the hands of the list in its CSV export (the rows after the header row)."""
        for _ in range(3):
            try:
                status, _, text = self.request("csv", "GET", f"{sheet}/list.csv")
            except Failed:
                time.sleep(1)
                continue
            if status == 200 and "\nnumber," in text:
                return sum(1 for line in text.split("\nnumber,", 1)[1].splitlines()[1:] if line.strip())
        return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def workers_of(master: int) -> list[int]:
    """Return the pids of the gunicorn master's worker processes."""
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == master:
                children.append(int(entry.name))
    return sorted(children)


def start_server(database_url: str, workers: int, folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    """Upgrade the schema, start gunicorn on a free loopback port, wait until it answers."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "KIEBITZ_SECRET_KEY": secrets.token_hex(32),
           "KIEBITZ_INSTANCE": str(folder)}
    subprocess.run([str(VENV_BIN / "flask"), "--app", "webapp", "db", "upgrade"], cwd=ROOT, env=env,
                   check=True, capture_output=True)
    command = [str(VENV_BIN / "gunicorn"), "--workers", str(workers), "--bind", f"127.0.0.1:{port}",
               "--log-level", "warning", "--backlog", "2048"]
    if "--no-control-socket" in subprocess.run([command[0], "--help"], capture_output=True, text=True).stdout:
        command.append("--no-control-socket")  # gunicorn 27: no socket shared with other servers
    log = (folder / "gunicorn.log").open("wb")
    server = subprocess.Popen([*command, "webapp:create_app()"], cwd=ROOT, env=env, stdout=log,
                              stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if server.poll() is not None:
                raise SystemExit((folder / "gunicorn.log").read_text())
            time.sleep(0.2)
    probe = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    probe.request("GET", "/healthz")
    health = probe.getresponse()
    print(f"gunicorn: {workers} workers on 127.0.0.1:{port}, /healthz {health.status} {health.read().decode()}")
    return server, port


def warm_up(port: int, workers: int) -> None:
    """Let every worker render each page once before the clock starts, as a server in use has."""

    def fetch(path: str) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
            connection.getresponse().read()
        finally:
            connection.close()

    for path in ("/en/", "/en/lists/new", *PAGES, API):
        threads = [threading.Thread(target=fetch, args=(path,)) for _ in range(2 * workers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(tally: Tally, seconds: float, killed: list[str]) -> int:
    every = [t for times in tally.times.values() for t in times]
    print(f"{len(every)} requests in {seconds:.0f} s ({len(every) / seconds:.0f}/s); statuses "
          + ", ".join(f"{k}: {v}" for k, v in sorted(tally.statuses.items())))
    print(f"{'request':<15} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for kind, times in sorted(tally.times.items()) + [("all", every)]:
        print(f"{kind:<15} {len(times):>7} {statistics.median(times) * 1000:>8.1f} "
              f"{percentile(times, 0.95) * 1000:>8.1f} {max(times) * 1000:>8.1f}")
    errors = sum(tally.errors.values())
    print(f"errors: {errors}" + (" (" + ", ".join(f"{k}: {v}" for k, v in tally.errors.items()) + ")" if errors else ""))
    for line in killed:
        print(line)
    print(f"hands acknowledged: {tally.acknowledged}, stored: {tally.stored}, answer lost: {tally.unknown}, "
          f"acknowledged but missing: {tally.lost}, stored but never sent: {tally.extra}")
    same = tally.lost == 0 and tally.extra == 0 and (tally.unknown or tally.acknowledged == tally.stored)
    print("hands acknowledged = hands stored" if tally.acknowledged == tally.stored else
          "every acknowledged hand is stored" if same else "HANDS LOST")
    return 0 if same and (killed or errors == 0) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--database-url", required=True, help="the database gunicorn uses (PostgreSQL)")
    parser.add_argument("--users", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--think", type=float, default=1.0, help="mean pause between a user's clicks, s")
    parser.add_argument("--kill-worker-at", type=float, nargs="*", default=[], metavar="S",
                        help="kill -9 one gunicorn worker S seconds into the run (several times: S S …)")
    args = parser.parse_args()
    if not 0 < args.seconds <= MAX_SECONDS or not 0 < args.users <= 1000:
        parser.error(f"at most {MAX_SECONDS} seconds and 1000 users")
    with tempfile.TemporaryDirectory(prefix="kiebitz-load-") as folder:
        server, port = start_server(args.database_url, args.workers, Path(folder))
        try:
            warm_up(port, args.workers)
            tally = Tally()
            started = time.monotonic()
            deadline = started + args.seconds
            users = [User(port, tally, deadline, args.think, seed) for seed in range(args.users)]
            threads = [threading.Thread(target=user.run, daemon=True) for user in users]
            for thread in threads:
                thread.start()
                time.sleep(min(0.01, args.seconds / 100))  # the users arrive over a moment
            killed: list[str] = []
            for moment in sorted(args.kill_worker_at):
                time.sleep(max(0.0, started + moment - time.monotonic()))
                victim = random.choice(workers_of(server.pid))
                os.kill(victim, signal.SIGKILL)
                killed.append(f"kill -9 of worker {victim} at {time.monotonic() - started:.0f} s")
            for thread in threads:
                thread.join(timeout=max(1.0, deadline + 120 - time.monotonic()))
            elapsed = time.monotonic() - started
            if args.kill_worker_at:
                killed.append(f"workers after the run: {len(workers_of(server.pid))} of {args.workers}")
            return report(tally, elapsed, killed)
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()


if __name__ == "__main__":
    sys.exit(main())
