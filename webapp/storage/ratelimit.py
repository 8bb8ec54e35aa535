"""Rate limits: hits per client address and kind of row in fixed windows, shared by every worker.

One row per key (kind and address) and window, counted up by a single upsert; rows of windows
that have ended are cleared by ``flask purge``.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, String, delete
from sqlalchemy.orm import Mapped, mapped_column

from webapp.storage import db, upsert_insert

__all__ = ["RateWindow", "hit", "forget_ended"]

KEY_LENGTH = 80


class RateWindow(db.Model):  # type: ignore[name-defined,misc]
    """The hits of one key (``kind:address``) in one window."""

    __tablename__ = "rate_limit_windows"

    key: Mapped[str] = mapped_column(String(KEY_LENGTH), primary_key=True)
    ends: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    """When the window ends, in seconds since the epoch."""
    hits: Mapped[int] = mapped_column(default=0)


def hit(key: str, ends: int) -> int:
    """Count one hit of ``key`` in the window ending at ``ends``; return its hits, this one included.

    The count is committed at once, so it stands even if the request then fails.
    """
    upsert = upsert_insert(RateWindow).values(key=key[:KEY_LENGTH], ends=ends, hits=1)
    upsert = upsert.on_conflict_do_update(
        index_elements=["key", "ends"], set_={"hits": RateWindow.hits + 1}
    )
    hits = db.session.execute(upsert.returning(RateWindow.hits)).scalar_one()
    db.session.commit()
    return int(hits)


def forget_ended(now: int) -> int:
    """Delete the windows that ended before ``now``; return how many."""
    result = db.session.execute(delete(RateWindow).where(RateWindow.ends < now))
    db.session.commit()
    return int(getattr(result, "rowcount", 0))
