"""Run the README's deploy recipe in a fresh copy of the checkout and check what it serves.

The recipe (the shell block of the README's "Deploying" section) runs as written, in a new
folder holding only the project's files (no virtual environment, no compiled solver, no
compiled catalogs), with three changes a test machine needs: ``DATABASE_URL`` is the database
given here, gunicorn listens on a free loopback port, and the system packages line runs only
when one of its packages is missing. Then: ``/healthz`` must name the compiled solver, a page
must be served, and a computer player must move (a practice hand, strong computer players,
through the forms a browser sends), and no worker may log that the compiled solver is missing.

Usage: python3 .ci/deploy_check.py postgresql://user@127.0.0.1:5432/database
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
MISSING_SOLVER = "The compiled solver (webapp.ai._csolver) is not built"
START_TIMEOUT = 600.0  # the recipe installs every package into a new venv first: minutes on a loaded machine
MOVE_TIMEOUT = 60.0


def recipe() -> list[str]:
    """Return the command lines of the README's deploy recipe."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Deploying\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def adapted(lines: list[str], database_url: str, port: int) -> list[str]:
    """Return the recipe for this machine: its database, a free port, apt only when needed."""
    out = []
    for line in lines:
        if line.startswith("export DATABASE_URL="):
            line = f"export DATABASE_URL={database_url}"
        elif line.startswith("apt-get ") or " apt-get install " in line:
            packages = line.split("apt-get install", 1)[1].split("#", 1)[0].split()
            packages = [name for name in packages if not name.startswith("-")]
            line = f"dpkg-query -W {' '.join(packages)} >/dev/null 2>&1 || {{ {line.split('#', 1)[0].strip()}; }}"
        elif "gunicorn " in line:
            if "--bind 127.0.0.1:8000" not in line:
                raise SystemExit(f"the recipe's gunicorn line no longer binds 127.0.0.1:8000: {line}")
            line = "exec " + line.replace("--bind 127.0.0.1:8000", f"--bind 127.0.0.1:{port}")
        out.append(line)
    if not out[-1].startswith("exec "):
        raise SystemExit("the recipe must end by starting gunicorn")
    return out


def fresh_copy(target: Path) -> None:
    """Copy the project's files (tracked or new, never ignored ones) into ``target``."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, check=True, capture_output=True,
    ).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Browser:
    """A tiny HTTP client that keeps cookies, the secure ones too (the server is on loopback)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                timeout: float = 30.0) -> tuple[int, dict[str, str], str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        headers = {"Host": f"127.0.0.1:{self.port}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        connection.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text


def hidden(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    if not found:
        raise AssertionError(f"no {name} field on the page")
    return found.group(1)


def play_a_computer_move(browser: Browser) -> float:
    """Start practice hands as rearhand and pass until computer players have played cards.

    Return the seconds the answer to the pass took (the computers' auction, game and cards).
    """
    took = 0.0
    for seed in range(4711, 4731):
        status, _, form = browser.request("GET", "/en/play/")
        assert status == 200, status
        status, headers, _ = browser.request("POST", "/en/play/", {
            "csrf_token": hidden(form, "csrf_token"), "seed": str(seed), "seat": "2", "level": "strong"})
        assert status == 303, status
        hand = headers["location"].split("://", 1)[-1]
        hand = hand[hand.index("/"):] if not hand.startswith("/") else hand
        for _ in range(6):  # the learner's auction decisions
            status, _, page = browser.request("GET", hand)
            assert status == 200, status
            if 'value="pass"' not in page:
                break
            started = time.perf_counter()
            status, _, _ = browser.request("POST", hand, {
                "csrf_token": hidden(page, "csrf_token"), "revision": hidden(page, "revision"), "action": "pass"},
                timeout=MOVE_TIMEOUT)
            took = time.perf_counter() - started
            assert status == 303, status
        status, _, page = browser.request("GET", hand)
        played = re.findall(r'name="action" value="([CSHD][789TJQKA])"', page)
        if played:  # the learner is to play a card: the computers declared and led
            return took
    raise AssertionError("no deal of 20 reached the card play")


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    database_url = sys.argv[1]
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="kiebitz-deploy-") as folder:
        checkout = Path(folder) / "kiebitz"
        fresh_copy(checkout)
        script = checkout.parent / "recipe.sh"
        script.write_text("set -euo pipefail\n" + "\n".join(adapted(recipe(), database_url, port)) + "\n")
        log_path = checkout.parent / "server.log"
        environment = {k: v for k, v in os.environ.items() if not k.startswith(("KIEBITZ_", "VIRTUAL_ENV"))}
        environment["DEBIAN_FRONTEND"] = "noninteractive"
        with log_path.open("w") as log:
            server = subprocess.Popen(["bash", str(script)], cwd=checkout, env=environment,
                                      stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                      start_new_session=True)
        try:
            browser = Browser(port)
            deadline = time.monotonic() + START_TIMEOUT
            while True:
                if server.poll() is not None:
                    raise AssertionError(f"the recipe stopped with {server.returncode}")
                try:
                    status, _, body = browser.request("GET", "/healthz", timeout=5)
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise AssertionError("gunicorn did not answer in time") from None
                    time.sleep(0.5)
            assert status == 200, (status, body)
            health = json.loads(body)
            assert health["solver"] == "compiled", health
            status, _, page = browser.request("GET", "/en/")
            assert status == 200 and '<html lang="en">' in page, status
            took = play_a_computer_move(browser)
            assert json.loads(browser.request("GET", "/healthz")[2])["solver"] == "compiled"
            log_text = log_path.read_text(errors="replace")
            assert MISSING_SOLVER not in log_text, "a worker started without the compiled solver"
            print(f"deploy recipe: gunicorn serves with the {health['solver']} solver; "
                  f"a page and a computer move (the pass answered in {took:.2f} s)")
            return 0
        except AssertionError as failure:
            print(f"deploy recipe failed: {failure}", file=sys.stderr)
            print(log_path.read_text(errors="replace")[-4000:], file=sys.stderr)
            return 1
        finally:
            try:
                os.killpg(server.pid, signal.SIGTERM)
                server.wait(timeout=30)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(server.pid, signal.SIGKILL)


if __name__ == "__main__":
    sys.exit(main())
