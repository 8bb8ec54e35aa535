"""Practice hands: one row per learner's copy of a deal, stored as its game notation.

A hand is its deal plus its actions (`webapp.engine.notation`); the row adds the learner's seat,
the computer players' level and a revision that every change must name, so that two tabs on
one hand cannot overwrite each other.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timezone

from sqlalchemy import BigInteger, DateTime, Integer, String, Text, update
from sqlalchemy.orm import Mapped, mapped_column

from webapp import parse
from webapp.storage import MadeByForm, add_once, db

ID_BYTES = 18
"""Random bytes in a hand's id: unguessable, 24 URL-safe characters."""


def _now() -> datetime:
    return datetime.now(timezone.utc)


class PracticeHand(MadeByForm, db.Model):  # type: ignore[name-defined,misc]
    """A learner's practice hand."""

    __tablename__ = "practice_hand"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    seat: Mapped[int] = mapped_column(Integer)
    level: Mapped[str] = mapped_column(String(16))
    game: Mapped[str] = mapped_column(Text)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    review: Mapped[str | None] = mapped_column(Text, nullable=True)
    """"Could I have won?" once worked out (JSON, see `webapp.practice.review`)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, index=True)


def create(*, seed: int, seat: int, level: str, game: str, form_token: str | None = None) -> PracticeHand:
    """Store a new hand under a fresh unguessable id and return it.

    The same ``form_token`` twice (a double click) makes one hand: the second call returns it.
    """
    hand = add_once(PracticeHand(id=secrets.token_urlsafe(ID_BYTES), seed=seed, seat=seat,
                                 level=level, game=game, revision=0, form_token=form_token))
    db.session.commit()
    return hand


def load(hand_id: str) -> PracticeHand | None:
    """Return the hand with this id, or None."""
    if not parse.is_token(hand_id) or len(hand_id) > 32:
        return None
    return db.session.get(PracticeHand, hand_id)


def save(hand_id: str, *, revision: int, game: str) -> bool:
    """Store the hand's new notation if it is still at ``revision``; return whether it was.

    The check and the write are one UPDATE, so two requests naming the same revision cannot
    both succeed.
    """
    result = db.session.execute(
        update(PracticeHand)
        .where(PracticeHand.id == hand_id, PracticeHand.revision == revision)
        .values(game=game, revision=revision + 1, updated_at=_now())
    )
    db.session.commit()
    db.session.expire_all()
    return bool(getattr(result, "rowcount", 0) == 1)


def save_review(hand_id: str, review: str) -> None:
    """Keep the worked-out review of a hand (derived data: no revision is needed or changed)."""
    db.session.execute(update(PracticeHand).where(PracticeHand.id == hand_id).values(review=review))
    db.session.commit()
