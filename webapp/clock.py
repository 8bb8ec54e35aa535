"""Today's date for the features that count days (review, deal of the day): one place, UTC.

Tests freeze it by replacing `today` (``monkeypatch.setattr(clock, "today", ...)``); every
caller goes through ``clock.today()``, never ``date.today()``.
"""

from __future__ import annotations

from datetime import UTC, date, datetime


def today() -> date:
    """Return today's date in UTC."""
    return datetime.now(UTC).date()
