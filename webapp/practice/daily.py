"""The deal of the day's pages: play it, see how everyone did (a histogram), the archive.

The hand itself is an ordinary practice hand (`webapp.practice.views.start_hand`), so it is
played, undone, hinted and reviewed ("could I have won?") as any other; `deal_of_day` says which
deal and counts the score. The first hand a learner starts of a day's deal is their try; the
scores of everyone's tries make that day's histogram, drawn on the server as SVG with a table
beside it. The deals of the last `KEEP_DAYS` days stay playable, in an archive.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from babel.dates import format_date
from flask import Response, redirect, url_for
from flask_babel import LazyString
from werkzeug.wrappers import Response as BaseResponse

from webapp import web
from webapp.i18n import current_locale, gettext, lazy_gettext, pgettext, signed
from webapp.lessons import learner as learners
from webapp.storage import daily as store
from webapp.storage import db, learning
from webapp.storage.daily import KEEP_DAYS

from .deal_of_day import SEAT, kept_days, level, seed_of, settle
from .views import bp, find_hand, start_hand

MAX_BARS = 12
"""Distinct scores shown one bar each; more are grouped into ranges of equal width."""
CHART_WIDTH, CHART_HEIGHT, CHART_LABELS = 600, 180, 40
"""The histogram's drawing area and the room for its labels below, in SVG units."""

BAD_DATE: LazyString = lazy_gettext("There is no deal of the day for that date: a date is written like 2026-12-01.")
NOT_YET: LazyString = lazy_gettext("That day's deal has not been dealt yet, so there is nothing to play.")
TOO_OLD: LazyString = lazy_gettext("Only the deals of the last 30 days are kept, and that one is older.")


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar of the histogram: a score (or a range of scores), how many made it, where it stands."""

    low: int
    high: int
    count: int
    mine: bool
    x: float
    y: float
    width: float
    height: float

    @property
    def middle(self) -> float:
        """Return the x of the bar's middle (where its labels stand)."""
        return self.x + self.width / 2


def bins(scores: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """Group the scores (each with its count) into bars: ``(low, high, count)``, lowest first.

    Up to `MAX_BARS` distinct scores get a bar each; more are put in ranges of equal width.

    >>> bins([(-50, 1), (60, 2)])
    [(-50, -50, 1), (60, 60, 2)]
    >>> bins([(score, 1) for score in range(0, 130, 10)])[:2]
    [(0, 10, 2), (11, 21, 1)]
    """
    if len(scores) <= MAX_BARS:
        return [(score, score, count) for score, count in scores]
    lowest, highest = scores[0][0], scores[-1][0]
    width = math.ceil((highest - lowest + 1) / MAX_BARS)
    grouped: list[tuple[int, int, int]] = []
    for start in range(lowest, highest + 1, width):
        count = sum(n for score, n in scores if start <= score < start + width)
        if count:
            grouped.append((start, start + width - 1, count))
    return grouped


def histogram(scores: list[tuple[int, int]], mine: int | None) -> list[Bar]:
    """Lay the bars out: equal widths, heights by count; ``mine`` marks the learner's bar."""
    grouped = bins(scores)
    if not grouped:
        return []
    most = max(count for _, _, count in grouped)
    slot = CHART_WIDTH / len(grouped)
    bars = []
    for index, (low, high, count) in enumerate(grouped):
        height = (CHART_HEIGHT - 20) * count / most
        bars.append(Bar(low, high, count, mine is not None and low <= mine <= high,
                        x=index * slot + slot * 0.1, y=CHART_HEIGHT - height, width=slot * 0.8, height=height))
    return bars


def range_label(low: int, high: int) -> str:
    """Return a bar's label: its score, or its range of scores."""
    if low == high:
        return signed(low)
    return pgettext("range of scores", "%(low)s to %(high)s", low=signed(low), high=signed(high))


def day_name(day: date) -> str:
    """Return how a page names ``day``'s deal: today's, yesterday's, or the one of its date."""
    today = learning.today()
    if day == today:
        return gettext("Today's deal")
    if day == today - timedelta(days=1):
        return gettext("Yesterday's deal")
    return gettext("The deal of %(date)s", date=format_date(day, format="long", locale=current_locale()))


def _day_or_refusal(text: str) -> date | Response:
    """Read a day of the URL: one of the kept days, or a translated refusal (nothing changes)."""
    day = None
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        try:
            day = date.fromisoformat(text)
        except ValueError:
            day = None
    if day is None:
        return web.error_page(404, BAD_DATE)
    today = learning.today()
    if day > today:
        return web.error_page(404, NOT_YET)
    if day <= today - timedelta(days=KEEP_DAYS):
        return web.error_page(404, TOO_OLD)
    return day


@bp.get("/daily/")
def daily_today() -> Response:
    """Show today's deal of the day."""
    return _show(learning.today())


@bp.get("/daily/<day>")
def daily(day: str) -> Response:
    """Show a day's deal: play it, and (once the try is over, or for a past day) how everyone did."""
    found = _day_or_refusal(day)
    return found if isinstance(found, Response) else _show(found)


def _show(day: date) -> Response:
    play = store.play_of(learners.current(), day)
    hand = find_hand(play.hand_id) if play is not None else None
    if hand is not None:
        settle(hand)  # a try finished without its page shown since
    mine = play.score if play is not None else None
    scores = store.scores(day)
    shown = mine is not None or day < learning.today()
    return web.render(
        "practice/daily.html",
        day=day,
        name=day_name(day),
        date=format_date(day, format="full", locale=current_locale()),
        play=play,
        hand=hand,
        mine=mine,
        players=sum(count for _, count in scores),
        bars=histogram(scores, mine) if shown else [],
        chart=(CHART_WIDTH, CHART_HEIGHT, CHART_LABELS),
        range_label=range_label,
    )


@bp.post("/daily/<day>")
def daily_play(day: str) -> Response | BaseResponse:
    """Start a hand of a day's deal: the learner's first is their try (and "Play" goes back to it
    until it is over), a later one is practice and counts nothing."""
    found = _day_or_refusal(day)
    if isinstance(found, Response):
        return found
    learner = learners.current_or_new()
    play = store.play_of(learner, found)
    hand = find_hand(play.hand_id) if play is not None else None
    if play is not None and hand is not None and not hand.state.finished:
        target = play.hand_id
    else:
        target = start_hand(seed_of(found), SEAT, level())
        if play is None:
            target = store.start_play(learner, found, target).hand_id
    db.session.commit()
    return learners.remember(redirect(url_for("practice.hand", hand_id=target), code=303), learner)


@bp.get("/daily/archive")
def daily_archive() -> Response:
    """List the kept deals before today's, each with how many finished it and the learner's score."""
    days = kept_days()[1:]
    counts = store.players(days)
    mine = store.scores_of(learners.current(), days)
    return web.render(
        "practice/daily_archive.html",
        entries=[(day, day_name(day), counts.get(day, 0), mine.get(day)) for day in days],
    )
