"""Load the configuration: defaults, then ``instance/config.py``, then the environment."""

from __future__ import annotations

import os
import secrets
from typing import Any

from flask import Flask


RATE_LIMITS = {"lists": "120/hour", "hands": "1200/hour", "learners": "300/hour", "visitors": "300/hour",
               "classes": "30/hour", "students": "600/hour", "codes": "20/hour"}
"""New rows per client address (see `webapp.ratelimit`): generous enough for a classroom behind one address."""

PURGE_AFTER_DAYS = {"hands": 30, "learners": 400, "visitors": 400, "lists": 400, "tables": 30,
                   "statistics": 400, "classes": 30, "seasons": 400, "daily": 30}
"""Days untouched after which ``flask purge`` removes anonymous data (see `webapp.storage.purge`)."""


def load(app: Flask, test_config: dict[str, Any] | None) -> None:
    """Fill ``app.config`` from defaults, the instance folder and the environment."""
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI="sqlite:///" + os.path.join(app.instance_path, "kiebitz.sqlite3"),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=False,
        PREFERENCE_COOKIE_MAX_AGE=400 * 24 * 3600,
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=512 * 1024,
        RATE_LIMITS=dict(RATE_LIMITS),
        PROXIES=0,
        PURGE_AFTER_DAYS=dict(PURGE_AFTER_DAYS),
        DAILY_DEAL_LEVEL="strong",
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        from_environment(app)
        if not app.config.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = instance_secret_key(app.instance_path)
    else:
        app.config.from_mapping(test_config)
        if not app.config.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = secrets.token_hex(32)


def from_environment(app: Flask) -> None:
    """Take the settings a deployment gives through environment variables."""
    url = os.environ.get("DATABASE_URL")
    if url:
        app.config["SQLALCHEMY_DATABASE_URI"] = database_uri(url)
    if os.environ.get("KIEBITZ_SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ["KIEBITZ_SECRET_KEY"]
    if os.environ.get("KIEBITZ_SECURE_COOKIES", "").lower() in {"1", "true", "yes"}:
        app.config["SESSION_COOKIE_SECURE"] = True
    if os.environ.get("KIEBITZ_PROXIES"):
        app.config["PROXIES"] = int(os.environ["KIEBITZ_PROXIES"])
    limits = app.config.setdefault("RATE_LIMITS", dict(RATE_LIMITS))
    limits.update(pairs(os.environ.get("KIEBITZ_RATE_LIMITS", "")))
    kept = app.config.setdefault("PURGE_AFTER_DAYS", dict(PURGE_AFTER_DAYS))
    for kind, days in pairs(os.environ.get("KIEBITZ_PURGE_DAYS", "")).items():
        kept[kind] = int(days)
    if os.environ.get("KIEBITZ_SERVER_TIMING", "").lower() in {"1", "true", "yes"}:
        app.config["SERVER_TIMING"] = True  # `webapp.timing`: for the benchmarks
    hosts = trusted_hosts(os.environ.get("KIEBITZ_TRUSTED_HOSTS", ""))
    if hosts:
        app.config["TRUSTED_HOSTS"] = hosts


def trusted_hosts(text: str) -> list[str]:
    """Read ``KIEBITZ_TRUSTED_HOSTS``: the host names the site answers, separated by commas or spaces.

    A request naming another host is answered 400 (Flask's ``TRUSTED_HOSTS``; ``.example.org``
    also allows its subdomains). Without any, every host is answered (local use, a classroom).

    >>> trusted_hosts("kiebitz.example.org, .kiebitz.example.org 127.0.0.1")
    ['kiebitz.example.org', '.kiebitz.example.org', '127.0.0.1']
    >>> trusted_hosts(" ")
    []
    """
    return [host for host in text.replace(",", " ").split() if host]


def pairs(text: str) -> dict[str, str]:
    """Read ``name=value`` pairs separated by commas.

    >>> pairs("lists=60/hour, hands=off")
    {'lists': '60/hour', 'hands': 'off'}
    >>> pairs("")
    {}
    """
    found = {}
    for item in text.split(","):
        name, equals, value = item.partition("=")
        if item.strip() and not equals:
            raise ValueError(f"not a name=value pair: {item!r}")
        if equals:
            found[name.strip()] = value.strip()
    return found


def database_uri(url: str) -> str:
    """Turn a ``DATABASE_URL`` into an SQLAlchemy URI that uses psycopg 3 for PostgreSQL.

    >>> database_uri("postgres://kiebitz@db/kiebitz")
    'postgresql+psycopg://kiebitz@db/kiebitz'
    >>> database_uri("sqlite:////tmp/k.sqlite3")
    'sqlite:////tmp/k.sqlite3'
    """
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def instance_secret_key(instance_path: str) -> str:
    """Read the secret key kept in the instance folder, creating it on first run.

    Several app processes on one machine share the file; on several machines set
    ``KIEBITZ_SECRET_KEY`` instead.
    """
    path = os.path.join(instance_path, "secret_key")
    if not os.path.exists(path):
        draft = f"{path}.{os.getpid()}.{secrets.token_hex(4)}"
        with open(draft, "w", encoding="ascii") as f:
            f.write(secrets.token_hex(32))
        os.chmod(draft, 0o600)
        try:
            os.link(draft, path)  # atomic: the first process to start wins
        except FileExistsError:
            pass
        finally:
            os.unlink(draft)
    with open(path, encoding="ascii") as f:
        return f.read().strip()
