"""Send seeded malformed requests to a live Kiebitz over HTTP and print the status counts.

The requests are those of the fuzz test (`tests.fuzzing`: every route of the URL map, wrong
methods, missing, repeated, huge, non-ASCII and control-character parameters, tampered ids,
hidden fields and cookies, bad CSRF, bad Host). Without ``--url`` a server is started in this
process on a free loopback port, on a fresh SQLite database or on ``--database-url`` (its
tables are created if missing). With ``--url`` an already running server is used; only
loopback addresses are accepted. The run is bounded: ``--requests`` requests, one at a time,
each with a timeout.

    .venv/bin/python bench/fuzz.py                       # 20,000 requests, SQLite
    .venv/bin/python bench/fuzz.py --database-url postgresql://kiebitz:kiebitz@127.0.0.1:5432/kiebitz_fuzz
    .venv/bin/python bench/fuzz.py --url http://127.0.0.1:8000 --requests 2000
"""

from __future__ import annotations

import argparse
import http.client
import ipaddress
import logging
import socket
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from werkzeug.serving import make_server  # noqa: E402

from tests import fuzzing  # noqa: E402
from webapp import catalogs, create_app  # noqa: E402
from webapp.config import database_uri  # noqa: E402
from webapp.storage import db  # noqa: E402

TIMEOUT = 30.0
"""Seconds one request may take before it counts as ``timeout``."""


def loopback(host: str) -> bool:
    """Tell whether ``host`` is this machine (the fuzzing goes nowhere else)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def http_transport(host: str, port: int) -> fuzzing.Transport:
    """Send probes as raw HTTP/1.1 requests, one connection each; a failed exchange is status 0."""

    def send(method: str, target: str, headers: fuzzing.Headers, body: bytes) -> fuzzing.Answer:
        connection = http.client.HTTPConnection(host, port, timeout=TIMEOUT)
        try:
            named = {name.lower() for name, _ in headers}
            connection.putrequest(method, target, skip_host="host" in named, skip_accept_encoding=True)
            for name, value in headers:
                connection.putheader(name, value.encode("latin-1"))
            connection.putheader("Content-Length", str(len(body)))
            connection.endheaders(body)
            response = connection.getresponse()
            data = response.read()
            return response.status, list(response.getheaders()), data
        except (OSError, http.client.HTTPException):
            return 0, [], b""
        finally:
            connection.close()

    return send


def serve(uri: str) -> tuple[str, int, threading.Thread]:
    """Start Kiebitz on a free loopback port in a thread, on the database ``uri``."""
    catalogs.compile_all()
    app = create_app({"SQLALCHEMY_DATABASE_URI": uri, "WTF_CSRF_ENABLED": True})
    with app.app_context():
        db.create_all()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return "127.0.0.1", server.server_port, thread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=20_000, help="how many (default 20,000)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the requests (default 1)")
    parser.add_argument("--url", help="a running server on the loopback, e.g. http://127.0.0.1:8000")
    parser.add_argument("--database-url", help="the database of the server started here (default: a fresh SQLite)")
    parser.add_argument("--show", type=int, default=10, help="how many 5xx requests to print (default 10)")
    args = parser.parse_args()
    if not 0 < args.requests <= 200_000:
        parser.error("--requests must be between 1 and 200,000")
    logging.getLogger("webapp").setLevel(logging.CRITICAL)  # the counts are the report
    if args.url:
        parts = urlsplit(args.url)
        if parts.scheme != "http" or not parts.hostname or not loopback(parts.hostname):
            parser.error("--url must be http:// on the loopback (127.0.0.1, ::1, localhost)")
        host, port = parts.hostname, parts.port or 80
        where = f"{args.url} (running)"
    else:
        uri = database_uri(args.database_url) if args.database_url else (
            f"sqlite:///{tempfile.mkdtemp(prefix='kiebitz-fuzz-')}/fuzz.sqlite3")
        host, port, _ = serve(uri)
        where = f"http://{host}:{port} (started here, {uri.split(':', 1)[0]})"
    socket.setdefaulttimeout(TIMEOUT)
    send = http_transport(host, port)
    known = fuzzing.prepare(send)
    # The URL map of an app built here is the served app's (the same code), without asking it.
    url_map = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://"}).url_map
    statuses: Counter[int] = Counter()
    shown = 0
    start = time.perf_counter()
    for probe, status in fuzzing.run(send, known, fuzzing.probes(url_map, known, seed=args.seed, count=args.requests)):
        statuses[status] += 1
        if (status >= 500 or status == 0) and shown < args.show:
            shown += 1
            print(f"  {status} {probe.method} {probe.target[:160]!r} {probe.body[:160]!r}")
    seconds = time.perf_counter() - start
    print(f"{args.requests} requests to {where}, seed {args.seed}, in {seconds:.0f} s "
          f"({args.requests / seconds:.0f}/s)")
    for status, count in sorted(statuses.items()):
        label = "no answer" if status == 0 else str(status)
        print(f"  {label:>9}: {count:6d}")
    failures = sum(count for status, count in statuses.items() if status >= 500 or status == 0)
    print(f"  5xx or no answer: {failures}")


if __name__ == "__main__":
    main()
