"""Progress on another device, without an account: a progress code (and its QR code) binds a browser.

The device with the progress makes a code (only its hash is stored, `webapp.storage.learning`)
and shows it with a QR code of a link that carries it; entering the code (or opening the link
and confirming) on another device binds that browser to the same learner. What the other
browser had learnt before is merged in (the better of each), and the page says so. Entering
is rate-limited per client address: a code cannot be guessed.
"""

from __future__ import annotations

from flask import Response, redirect, request, session, url_for
from flask_babel import format_date
from werkzeug.exceptions import TooManyRequests
from werkzeug.wrappers import Response as BaseResponse

from webapp import learner as current_learner
from webapp import parse, ratelimit, web
from webapp.calculator.views import VISITOR_COOKIE
from webapp.i18n import gettext as _
from webapp.i18n import ngettext
from webapp.storage import daily, db, learning, review

from .views import bp

SHOWN = "progress_code"
"""The session key of the code just made, so that its page can show it after the redirect."""


def _wait(seconds: int) -> str:
    minutes = max(1, -(-seconds // 60))
    return ngettext(
        "That was too many codes from here in a short time. Nothing was changed: wait %(num)s minute, then try again.",
        "That was too many codes from here in a short time. Nothing was changed: wait %(num)s minutes, then try again.",
        minutes,
    )


def _page(*, code: str = "", error: str | None = None, status: int = 200) -> Response:
    """Render the page: this device's code (if just made here), making one, entering one."""
    learner = current_learner.current()
    shown = session.get(SHOWN)
    if learner is None or not isinstance(shown, str) or not learning.is_current_code(learner, shown):
        shown = None
    made = learning.code_made(learner)
    link = url_for("lessons.device_link", code=shown, _external=True) if shown else None
    return web.render(
        "lessons/device.html",
        status=status,
        shown=shown,
        link=link,
        qr=web.qr_svg(link) if link else None,
        made=format_date(made, format="long") if made is not None else None,
        code=code,
        error=error,
    )


@bp.get("/device")
def device() -> Response:
    """Show this device's progress code (right after making it), and the form to enter one."""
    return _page()


@bp.post("/device/code")
def make_code() -> BaseResponse:
    """Make a new progress code for this browser's learner (the old one stops working)."""
    learner = current_learner.current_or_new()
    code = learning.new_code(learner)
    db.session.commit()
    session[SHOWN] = code
    return current_learner.remember(redirect(url_for("lessons.device"), code=303), learner)


@bp.get("/device/<code>")
def device_link(code: str) -> Response:
    """The link of the QR code: ask before this browser carries on with that progress."""
    plain = learning.normal_code(code)
    return _page(code=learning.grouped(plain) if plain else "")


@bp.post("/device")
def enter_code() -> Response | BaseResponse:
    """Bind this browser to the learner of the code typed, merging in what it had learnt."""
    typed = request.form.get("code", "")[:64]
    try:
        ratelimit.check("codes")
    except TooManyRequests as refused:
        wait = refused.retry_after if isinstance(refused.retry_after, int) else 60
        return _page(code=typed, error=_wait(wait), status=429)
    if learning.normal_code(typed) is None:
        error = _("A progress code has 12 letters and digits, such as K7QM-3XPA-9TRD. Nothing was changed.")
        return _page(code=typed, error=error, status=400)
    target = learning.learner_by_code(typed)
    if target is None:
        error = _("No progress has this code: it may be mistyped, or replaced by a newer one. Nothing was changed.")
        return _page(code=typed, error=error, status=400)
    here = current_learner.current()
    if here is not None and here.id == target.id:
        return redirect(url_for("lessons.course", carried="same"), code=303)
    if here is not None:
        review.hand_over(here, target)
        daily.hand_over(here, target)
    visitor = learning.carry_on(here, parse.token(request.cookies.get(VISITOR_COOKIE)), target)
    db.session.commit()
    session.pop(SHOWN, None)
    response = current_learner.remember(redirect(url_for("lessons.course", carried="yes"), code=303), target)
    if visitor is not None:
        web.set_preference_cookie(response, VISITOR_COOKIE, visitor)
    return response
