"""The foundation: catalogs, vendored htmx, migrations, configuration."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from flask_migrate import upgrade

from tests.helpers import MakeApp
from webapp import ROOT, catalogs, create_app
from webapp.config import instance_secret_key
from webapp.storage import db

HTMX = ROOT / "webapp" / "static" / "vendor" / "htmx"


def test_catalogs_are_complete_and_up_to_date() -> None:
    assert catalogs.check() == []


def test_the_pages_load_the_pinned_vendored_htmx(client) -> None:  # type: ignore[no-untyped-def]
    html = client.get("/en/").get_data(as_text=True)
    src = html.split('<script src="', 1)[1].split('"', 1)[0]
    assert src.split("?v=")[0] == "/static/vendor/htmx/htmx-2.0.11.min.js"
    with client.get(src) as script:
        assert script.status_code == 200
        assert 'version:"2.0.11"' in script.get_data(as_text=True)
    assert (HTMX / "LICENSE").exists()


def test_migrations_build_the_schema_the_models_describe(make_app: MakeApp) -> None:
    with make_app(tables=False).app_context():
        upgrade()
        with db.engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection), db.metadata)
    assert diff == []


def test_a_tests_database_has_the_tables_the_models_describe(app: Flask) -> None:
    """The tables the test fixtures lay out once and copy are those of the models, and empty."""
    with app.app_context(), db.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), db.metadata) == []
        for table in db.metadata.sorted_tables:
            assert connection.execute(table.select()).first() is None, table.name


def test_routes_build_the_same_urls_in_every_app(make_app: MakeApp) -> None:
    """The URL builders the test run shares between apps build what each app's own routes say."""
    first, second = make_app(), make_app()
    with first.test_request_context(), second.test_request_context():
        for one, other in zip(first.url_map.iter_rules(), second.url_map.iter_rules(), strict=True):
            assert one.rule == other.rule and one.endpoint == other.endpoint
            values = {name: "1" for name in one.arguments}
            expected = re.sub(r"<[^>]+>", "1", one.rule)
            assert one.build(values) == other.build(values) == ("", expected)


def test_the_secret_key_is_made_once_and_kept(tmp_path: Path) -> None:
    first = instance_secret_key(str(tmp_path))
    assert len(first) == 64
    assert instance_secret_key(str(tmp_path)) == first


def test_database_url_selects_postgresql(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("DATABASE_URL", "postgres://k:pw@db.example/kiebitz")
    monkeypatch.setenv("KIEBITZ_INSTANCE", str(tmp_path))
    app = create_app()
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://k:pw@db.example/kiebitz"
    assert app.config["SECRET_KEY"] == (tmp_path / "secret_key").read_text()


def test_translate_check_command_passes(app: Flask) -> None:
    result = app.test_cli_runner().invoke(args=["translate", "check"])
    assert result.exit_code == 0, result.output


def test_the_suite_runs_the_doctests_of_every_module() -> None:
    """A module's examples are tests too: pytest collects the doctests of the whole package."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    options = pyproject["tool"]["pytest"]["ini_options"]
    addopts = options["addopts"].split()
    assert "--doctest-modules" in addopts
    collected = [ROOT / path for path in options["testpaths"]]
    ignored = [ROOT / word.removeprefix("--ignore=") for word in addopts if word.startswith("--ignore=")]
    with_examples = [path for path in (ROOT / "webapp").rglob("*.py") if ">>> " in path.read_text(encoding="utf-8")]
    assert len(with_examples) >= 20
    missed = [
        str(path.relative_to(ROOT))
        for path in with_examples
        if not any(path.is_relative_to(folder) for folder in collected)
        or any(path.is_relative_to(folder) for folder in ignored)
    ]
    assert missed == []


def test_the_whole_package_is_strictly_typed() -> None:
    """The web layer is checked as strictly as the engine and the AI (the migrations aside)."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict"],  # the files come from pyproject.toml: webapp/
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues found in" in result.stdout
