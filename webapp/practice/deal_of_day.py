"""The deal of the day, as the practice table sees it: which deal, which seat, and its score.

The deal comes from the date (`seed_of`, the same on every machine), the learner sits in
forehand (`SEAT`) against the computer players of ``DAILY_DEAL_LEVEL`` (strong). A copy of it is
an ordinary practice hand; when the learner's counted try (`webapp.storage.daily`) is over, the
hand's page counts its score once (`settle`), so that it joins the day's histogram.

>>> seed_of(date(2026, 12, 1)) == seed_of(date(2026, 12, 1)) != seed_of(date(2026, 12, 2))
True
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Protocol

from flask import current_app, url_for

from webapp.engine import GameState, Position, Settlement
from webapp.engine.deal import SplitMix64
from webapp.storage import daily as store
from webapp.storage import db, learning
from webapp.storage.daily import KEEP_DAYS
from webapp.storage.lessons import Learner

SEAT = Position.FOREHAND
"""Everyone plays the deal of the day from forehand."""
SEED_SALT = 0x5EED_DA11
"""Mixed into the day's number, so that neighbouring days' deals have nothing in common."""


class PlayedHand(Protocol):
    """What `settle` reads of a practice hand."""

    @property
    def id(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def seat(self) -> Position | None: ...
    @property
    def level(self) -> str: ...
    @property
    def state(self) -> GameState: ...


def seed_of(day: date) -> int:
    """Return the deal number of ``day``'s deal."""
    return SplitMix64(day.toordinal() ^ SEED_SALT).next() % 1_000_000_000


def level() -> str:
    """Return the computer players' level of the deal of the day (``DAILY_DEAL_LEVEL``: strong)."""
    return str(current_app.config["DAILY_DEAL_LEVEL"])


def kept_days() -> list[date]:
    """Return the days whose deals are kept, today first."""
    today = learning.today()
    return [today - timedelta(days=back) for back in range(KEEP_DAYS)]


def day_of(hand: PlayedHand) -> date | None:
    """Return the kept day whose deal ``hand`` is a copy of (seed, seat and level), or None."""
    if hand.seat is not SEAT or hand.level != level():
        return None
    return next((day for day in kept_days() if seed_of(day) == hand.seed), None)


def seat_score(state: GameState, seat: Position) -> int:
    """Return the tournament score (Seeger-Fabian) the hand gives ``seat``: the declarer's entry,
    or what each defender gets (40 when the declarer lost); 0 when everybody passed."""
    settlement = state.settlement
    if not isinstance(settlement, Settlement):
        return 0
    if state.declarer == seat:
        return settlement.seeger_fabian.declarer
    return settlement.seeger_fabian.others


def settle(hand: PlayedHand) -> str | None:
    """Count a finished counted try's score once; return the page of the hand's deal of the day.

    None when the hand is no copy of a kept deal of the day. Commits when it counts the score.
    """
    day = day_of(hand)
    if day is None:
        return None
    play = store.play_of_hand(hand.id)
    if play is not None and play.score is None and hand.state.finished:
        play.score = seat_score(hand.state, SEAT)  # day_of: the hand is played from SEAT
        learner = db.session.get(Learner, play.learner_id)
        if learner is not None:  # the learner's streak counts the day's deal (and they are active)
            learning.record_activity(learner, "deal")
        db.session.commit()
    return url_for("practice.daily", day=day.isoformat())
