"""Kiebitz over HTTP against a bare Flask route, and the bytes a page and an htmx swap carry.

    .venv/bin/python bench/http_bench.py                # SQLite in a temporary folder
    .venv/bin/python bench/http_bench.py --seconds 5 --database-url postgresql://kiebitz:kiebitz@127.0.0.1:5432/httpbench

Two gunicorn servers with 2 workers each on free ports of 127.0.0.1: Kiebitz (this checkout,
``flask db upgrade`` first) and a bare Flask app whose one route returns 3 KB of text. One
load tool, Debian's ``wrk`` if it is installed (``apt-get install wrk``), else a Python
client of threads, loads them alternately, URL after URL, each run preceded by a run of the
bare route, and prints requests per second, p50 and p99 for each URL and its ratio to the
bare route's figure of the run just before it. Every request asks for brotli or gzip.

Then the bytes, as a browser with an empty cache and then a full one gets them: each page
with every static file it links (first load) and the page alone (repeat view: the static
files are cached for a year), and each htmx swap (a practice move, a scoresheet hand, a
calculator answer, a drill answer), all compressed as sent. Start it with ``nice`` on a
shared machine.
"""

from __future__ import annotations

import argparse
import http.client
import importlib.util
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent

ROOT = HERE.parent
VENV_BIN = ROOT / ".venv" / "bin"
ENCODINGS = "br, gzip"
BARE_APP = '''
from flask import Flask

app = Flask(__name__)
TEXT = ("Kiebitz " * 384)[:3072]


@app.get("/")
def bare():
    return TEXT
'''
CALCULATOR = "/en/calculator/?game=hearts&hand=1&matadors=2&declarer_points=75&bid=36"
API = "/api/v1/score?game=hearts&hand=1&matadors=2&declarer_points=75&bid=36"


def _load_module(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(f"bench_{name}", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


load = _load_module("load")
scoresheet = _load_module("scoresheet")


class Browser:
    """One visitor: a cookie jar, the CSRF token of the last page, compressed answers."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.csrf = ""

    def send(self, method: str, path: str, form: dict[str, str] | None = None,
             htmx: bool = False) -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        headers = {"Accept-Encoding": ENCODINGS, "Host": f"127.0.0.1:{self.port}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        if htmx:
            headers["HX-Request"] = "true"
        body = None
        if form is not None:
            body = urlencode({**form, "csrf_token": self.csrf})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.csrf
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    key, _, rest = value.partition("=")
                    self.cookies[key] = rest.split(";", 1)[0]
            return response.status, {k.lower(): v for k, v in response.getheaders()}, data
        finally:
            connection.close()

    def page(self, path: str) -> tuple[bytes, str]:
        """GET a page; return its compressed body and its HTML (the CSRF token kept)."""
        status, headers, data = self.send("GET", path)
        assert status == 200, (path, status)
        html = decode(data, headers.get("content-encoding")).decode()
        found = re.search(r'name="csrf_token" value="([^"]+)"', html)
        if found:
            self.csrf = found.group(1)
        return data, html


def decode(data: bytes, encoding: str | None) -> bytes:
    if encoding == "br":
        import brotli

        return bytes(brotli.decompress(data))
    if encoding == "gzip":
        import gzip

        return gzip.decompress(data)
    return data


@dataclass
class Figures:
    """One URL's run: requests per second and latency percentiles in milliseconds."""

    rate: float
    p50: float
    p99: float
    errors: int


def _wrk_ms(text: str, label: str) -> float:
    found = re.search(rf"^\s*{label}%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    if not found:
        return float("nan")
    value, unit = float(found.group(1)), found.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value


def run_wrk(url: str, seconds: float, connections: int) -> Figures:
    """Load ``url`` with wrk for ``seconds``; read its requests/s and latency distribution."""
    command = ["wrk", "-t2", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--latency", "--timeout", "30s",
               "-H", f"Accept-Encoding: {ENCODINGS}", url]
    text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))  # type: ignore[union-attr]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return Figures(rate, _wrk_ms(text, "50"), _wrk_ms(text, "99"), int(errors.group(1)) if errors else 0)


def run_python(url: str, seconds: float, connections: int) -> Figures:
    """Load ``url`` from ``connections`` threads with keep-alive connections, for ``seconds``."""
    host, _, rest = url.removeprefix("http://").partition("/")
    address, port = host.split(":")
    times: list[float] = []
    errors = [0]
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def user() -> None:
        connection = http.client.HTTPConnection(address, int(port), timeout=60)
        mine: list[float] = []
        while time.monotonic() < deadline:
            start = time.perf_counter()
            connection.request("GET", "/" + rest, headers={"Accept-Encoding": ENCODINGS})
            response = connection.getresponse()
            response.read()
            mine.append(time.perf_counter() - start)
            if response.status >= 400:
                with lock:
                    errors[0] += 1
        connection.close()
        with lock:
            times.extend(mine)

    threads = [threading.Thread(target=user) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    times.sort()
    return Figures(len(times) / seconds, 1000 * times[len(times) // 2], 1000 * times[int(len(times) * 0.99)],
                   errors[0])


def start_bare(folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    (folder / "bare.py").write_text(BARE_APP)
    port = load.free_port()
    log = (folder / "bare.log").open("wb")
    server = subprocess.Popen([str(VENV_BIN / "gunicorn"), "--workers", "2", "--bind", f"127.0.0.1:{port}",
                               "--log-level", "warning", "--chdir", str(folder), "bare:app"],
                              stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/")
            if connection.getresponse().status == 200:
                return server, port
        except OSError:
            time.sleep(0.2)
    raise SystemExit((folder / "bare.log").read_text())


def prepare(port: int, database: str) -> dict[str, str]:
    """Make what the pages show: a practice hand, lists of 10, 40 and 160 hands, a lesson step.

    The lesson is the first step of the first lesson; the course map is its own row."""
    from webapp import create_app
    from webapp.storage import scoresheet as store

    visitor = Browser(port)
    visitor.page("/en/play/")
    status, headers, _ = visitor.send("POST", "/en/play/", {"seed": "11", "seat": "1", "level": "easy"})
    assert status == 303, status
    urls = {"practice": headers["location"]}
    hands = (scoresheet.evening(48) * 4)[:160]  # bench/scoresheet.py's evening, four rounds of it
    with create_app({"SQLALCHEMY_DATABASE_URI": database}).app_context():
        for count in (10, 40, 160):
            token = store.create_list(title="Bench", players=["Anna", "Ben", "Cem", "Dora"],
                                      rules=scoresheet.RULES.tokens(), hands=hands[:count])
            urls[f"scoresheet {count}"] = f"/en/lists/{token}"
    _, learn = visitor.page("/en/learn/")
    lesson = re.search(r'href="(/en/learn/[a-z-]+/)"', learn)  # the first lesson: it opens its first step
    assert lesson, "no lesson on the course map"
    status, headers, _ = visitor.send("GET", lesson.group(1))
    assert status in (301, 302, 303), status
    urls["lesson"] = headers["location"]
    urls["course"] = "/en/learn/"
    urls["home"] = "/en/"
    urls["calculator"] = "/en/calculator/"
    urls["api"] = API
    return urls


def first_and_repeat(port: int, path: str) -> tuple[int, int, int]:
    """Return the bytes of a first load (the page and its static files), their count, and of a repeat view."""
    visitor = Browser(port)
    page, html = visitor.page(path)
    # A card is a fragment of its deck's sprite (sprite.svg?v=…#CJ): the browser asks for the sprite once.
    links = sorted({link.replace("&amp;", "&").split("#", 1)[0]
                    for link in re.findall(r'(?:src|href)="(/static/[^"]+)"', html)})
    total = len(page)
    for link in links:
        status, headers, data = visitor.send("GET", link)
        assert status == 200 and "immutable" in headers.get("cache-control", ""), (link, status, headers)
        total += len(data)
    return total, 1 + len(links), len(page)


def swaps(port: int, urls: dict[str, str]) -> dict[str, tuple[int, int]]:
    """Return each htmx swap's bytes (compressed, raw) and check it is one round trip (no 303)."""
    found: dict[str, tuple[int, int]] = {}
    visitor = Browser(port)
    visitor.page("/en/play/")
    status, headers, _ = visitor.send("POST", "/en/play/", {"seed": "11", "seat": "1", "level": "easy"})
    hand = headers["location"]
    _, html = visitor.page(hand)
    revision = re.search(r'name="revision" value="(\d+)"', html).group(1)  # type: ignore[union-attr]
    status, headers, data = visitor.send("POST", hand, {"revision": revision, "action": "pass"}, htmx=True)
    assert status == 200, status
    found["practice move"] = (len(data), len(decode(data, headers.get("content-encoding"))))
    sheet = urls["scoresheet 40"]
    _, html = visitor.page(sheet)
    revision = re.search(r'name="revision" value="(\d+)"', html).group(1)  # type: ignore[union-attr]
    fields = scoresheet.evening(41)[40]
    status, headers, data = visitor.send("POST", sheet + "/hands", {**fields, "revision": revision}, htmx=True)
    assert status == 200, status
    found["scoresheet hand (40)"] = (len(data), len(decode(data, headers.get("content-encoding"))))
    status, headers, data = visitor.send("GET", CALCULATOR, htmx=True)
    found["calculator answer"] = (len(data), len(decode(data, headers.get("content-encoding"))))
    visitor.page("/en/calculator/drills/1/4")
    status, headers, data = visitor.send("POST", "/en/calculator/drills/1/4", {"value": "0"}, htmx=True)
    found["drill answer"] = (len(data), len(decode(data, headers.get("content-encoding"))))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--database-url", help="the database Kiebitz uses (default: SQLite in a temporary folder)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per URL and per bare run (3)")
    parser.add_argument("--connections", type=int, default=8, help="open connections of the load tool (8)")
    parser.add_argument("--python", action="store_true", help="use the Python client even if wrk is installed")
    parser.add_argument("--bytes", action="store_true", help="only the bytes of first and repeat loads and swaps")
    arguments = parser.parse_args()
    tool = run_python if arguments.python or not shutil.which("wrk") else run_wrk
    with tempfile.TemporaryDirectory(prefix="kiebitz-http-") as name:
        folder = Path(name)
        database = arguments.database_url or f"sqlite:///{folder / 'http.sqlite3'}"
        kiebitz, port = load.start_server(database, 2, folder)
        bare, bare_port = start_bare(folder)
        try:
            urls = prepare(port, database)
            load.warm_up(port, 2)
            print(f"load tool: {'wrk' if tool is run_wrk else 'Python threads'}, {arguments.connections} connections, "
                  f"{arguments.seconds:g} s per run, Accept-Encoding: {ENCODINGS}")
            print(f"{'URL':<16} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'bare req/s':>10} {'ratio':>6}")
            order = ["home", "course", "lesson", "calculator", "practice", "scoresheet 10", "scoresheet 40", "scoresheet 160", "api"]
            for key in order if not arguments.bytes else ():
                base = tool(f"http://127.0.0.1:{bare_port}/", arguments.seconds, arguments.connections)
                mine = tool(f"http://127.0.0.1:{port}{urls[key]}", arguments.seconds, arguments.connections)
                flag = f"  ({mine.errors} errors)" if mine.errors else ""
                print(f"{key:<16} {mine.rate:>8.0f} {mine.p50:>8.1f} {mine.p99:>8.1f} {base.rate:>10.0f} "
                      f"{mine.rate / base.rate:>6.2f}{flag}")
            print()
            print(f"{'page':<16} {'first load':>11} {'requests':>9} {'repeat view':>12} {'requests':>9}")
            for key in ("home", "lesson", "practice", "calculator", "scoresheet 40"):
                total, count, repeat = first_and_repeat(port, urls[key])
                print(f"{key:<16} {total / 1024:>9.1f}KB {count:>9} {repeat / 1024:>10.1f}KB {1:>9}")
            print()
            print(f"{'htmx swap':<22} {'sent':>8} {'raw':>8}  round trips")
            for key, (sent, raw) in swaps(port, urls).items():
                print(f"{key:<22} {sent / 1024:>6.2f}KB {raw / 1024:>6.1f}KB  1")
        finally:
            for server in (kiebitz, bare):
                server.terminate()
                server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
