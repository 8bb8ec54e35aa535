"""Rate limits on everything that creates rows: so many per client address and window.

Each kind of row (``lists``, ``hands``, …) has a limit such as ``120/hour`` in the setting
``RATE_LIMITS`` (``off`` for none). The counts live in the database
(`webapp.storage.ratelimit`), so every worker and every machine sees the same ones. The client
address is the connection's, or with ``PROXIES`` set the one the trusted reverse proxies give in
``X-Forwarded-For``; IPv6 addresses count by their /64 network, as one household or phone has one.
"""

from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass

from flask import Flask, current_app, request
from werkzeug.exceptions import TooManyRequests
from werkzeug.middleware.proxy_fix import ProxyFix

from webapp.storage import ratelimit as store

UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}


@dataclass(frozen=True, slots=True)
class Limit:
    """At most ``count`` new rows per client in each window of ``seconds``."""

    count: int
    seconds: int


def parse_limit(text: str) -> Limit | None:
    """Read a limit such as ``120/hour`` (``off``: no limit).

    >>> parse_limit("120/hour")
    Limit(count=120, seconds=3600)
    >>> parse_limit(" 5 / minute ")
    Limit(count=5, seconds=60)
    >>> parse_limit("off") is None
    True
    """
    text = text.strip().lower()
    if text == "off":
        return None
    count, _, unit = text.partition("/")
    count, unit = count.strip(), unit.strip()
    if not (count.isascii() and count.isdigit()) or int(count) < 1 or unit not in UNITS:
        raise ValueError(f"not a rate limit (like 120/hour, or off): {text!r}")
    return Limit(int(count), UNITS[unit])


def client_address() -> str:
    """Return the address a client is counted by (IPv6 by its /64 network)."""
    address = request.remote_addr or ""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address[:64] or "unknown"
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def check(kind: str) -> None:
    """Count one new row of ``kind`` for the client; raise 429 (with Retry-After) beyond its limit."""
    limit: Limit | None = current_app.extensions["kiebitz.rate_limits"][kind]
    if limit is None:
        return
    now = int(time.time())
    ends = (now // limit.seconds + 1) * limit.seconds
    if store.hit(f"{kind}:{client_address()}", ends) > limit.count:
        raise TooManyRequests(retry_after=ends - now)


def init_app(app: Flask) -> None:
    """Read the limits (a wrong one stops the start) and trust the configured reverse proxies."""
    app.extensions["kiebitz.rate_limits"] = {
        kind: parse_limit(text) for kind, text in app.config["RATE_LIMITS"].items()
    }
    proxies = int(app.config["PROXIES"])
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]
