"""Browser tests: a live Kiebitz server and a real headless Chromium driven by Playwright.

The system Chromium is used (``/usr/bin/chromium``, or ``KIEBITZ_CHROMIUM``); Playwright
never downloads a browser. A failing test leaves a screenshot in ``tests/browser/artifacts/``.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask import Flask
from werkzeug.serving import make_server

from webapp import create_app
from webapp.storage import db

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def chromium_path() -> str:
    """Find the system Chromium; the test command installs it when it is missing."""
    path = os.environ.get("KIEBITZ_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        raise RuntimeError("No Chromium found: install Debian's chromium (the test command does this).")
    return path


@dataclass(frozen=True)
class Live:
    """The live server: its base URL, and its app (for a test that changes a setting meanwhile)."""

    url: str
    app: Flask


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    """Serve a fresh Kiebitz on a free local port."""
    folder = tmp_path_factory.mktemp("live")
    app = create_app(
        {
            "TESTING": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'live.sqlite3'}",
            "SECRET_KEY": "browser-tests",
        }
    )
    with app.app_context():
        db.create_all()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield Live(f"http://127.0.0.1:{server.server_port}", app)
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def live_server(live: Live) -> str:
    """The live server's base URL."""
    return live.url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Start one headless Chromium for the whole session."""
    from playwright.sync_api import expect, sync_playwright

    # Generous waits: a loaded CI machine may take seconds for what takes milliseconds here.
    expect.set_options(timeout=15_000)

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, request: pytest.FixtureRequest) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """Open a fresh browser context and page; keep a screenshot when the test fails."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    """Remember each phase's report on the test item, for the screenshot on failure."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
