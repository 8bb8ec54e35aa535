"""The practice pages: parse the request, call the table, pick a template, render."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Response, redirect, request, url_for
from flask_babel import LazyString
from werkzeug.wrappers import Response as BaseResponse

from webapp import learner as current_learner
from webapp import parse, ratelimit, web, words
from webapp.engine import GameState, Phase, Position
from webapp.i18n import lazy_gettext
from webapp.practice import deal_of_day, phrases, players, review, screen, statistics, table
from webapp.storage import db
from webapp.storage import gametables as storage
from webapp.tables import model, seating
from webapp.tables.decide import Refusal, decide, stale_form

bp = Blueprint("practice", __name__, url_prefix="/<lang:lang>/play")


@bp.context_processor
def practice_context() -> dict[str, Any]:
    """Give the practice templates their sentences and the engine's words."""
    return {"phrases": phrases, "words": words}


RANDOM_SEAT = "any"
FAMILIES: tuple[model.Family, ...] = (model.FAMILIES["practice"], model.FAMILIES["practice-four"])
"""The practice tables offered: three at the table (the first), or four, where the dealer sits out."""
SEED_DIGITS = 18
STALE: LazyString = lazy_gettext(
    "This hand has moved on in another tab or window, so nothing was changed. "
    "Here is where it stands now."
)
BAD_SEED: LazyString = lazy_gettext(
    "A deal number is a whole number of up to 18 digits, such as 4711."
)
BAD_CHOICE: LazyString = lazy_gettext("Choose one of the offered options.")
FAMILY_NAMES: dict[str, LazyString] = {
    "practice": lazy_gettext("Three at the table: you and two computer players"),
    "practice-four": lazy_gettext(
        "Four at the table: you and three computer players; the dealer sits out each hand"
    ),
}
"""What the start form says of each practice table."""
NOTHING_TO_UNDO: LazyString = lazy_gettext("There is no decision of yours to take back yet.")


@dataclass(frozen=True, slots=True)
class Hand:
    """A stored practice hand, read back into engine objects."""

    id: str
    seed: int
    seat: Position | None
    """The learner's position (None: they deal at a four-table and sit this hand out)."""
    level: str
    revision: int
    state: GameState
    review: str | None
    family: model.Family = model.FAMILIES["practice"]
    number: int = 0
    """The hand's number at its table: the next hand is the next number (the deal passes on)."""


def _load(hand_id: str) -> Hand | None:
    """Return the stored hand, or None if there is none (or it no longer reads as a game)."""
    record = storage.load_hand(hand_id)
    if record is None:
        return None
    try:
        family = model.family(record.family)
        return Hand(
            record.id,
            record.seed,
            model.seat_positions(record.number, family.seats)[0],
            record.level,
            record.revision,
            GameState.parse(record.game),
            record.review,
            family,
            record.number,
        )
    except (KeyError, ValueError):  # also IllegalAction: a notation the engine no longer accepts
        return None


def find_hand(hand_id: str) -> Hand | None:
    """Return a stored hand, read back (for other areas: the deal of the day), or None."""
    return _load(hand_id)


def start_hand(seed: int, seat: Position | None, level: str, family: model.Family = FAMILIES[0],
               number: int | None = None) -> str:
    """Store a new copy of deal ``seed`` for the learner (counted by the rate limit); return its id.

    ``number`` places the learner by the hand's number at the table (the next hand); else
    ``seat`` does (None: they deal at a four-table and sit out). The form's one-time token
    twice (a double click) makes one hand.
    """
    ratelimit.check("hands")
    number = model.number_for(seat, family.seats) if number is None else number
    seat = model.seat_positions(number, family.seats)[0]
    state = table.start(seed, seat, level, players=family.seats)
    record = storage.create_hand(family=family.key, seed=seed, number=number, seats=family.seats,
                                 level=level, game=str(state), form_token=web.sent_form_token())
    return record.id


def _create(seed: int, seat: Position | None, level: str, family: model.Family = FAMILIES[0],
            number: int | None = None) -> BaseResponse:
    """Store a new copy of deal ``seed`` for the learner and go to it (see `start_hand`)."""
    return redirect(url_for("practice.hand", hand_id=start_hand(seed, seat, level, family, number)), code=303)


def _show(hand: Hand, *, notice: LazyString | str | None = None, status: int = 200, hint: bool = False) -> Response:
    """Render the learner's hand (the page, or the table alone for htmx)."""
    code = 200 if web.is_htmx() else status
    if hand.seat is None:  # the learner deals at a four-table: the computer players played it
        return web.render("practice/sitting_out.html", "practice/_sitting_out.html", status=code, hand=hand,
                          notice=notice)
    seat = hand.seat
    daily_url = deal_of_day.settle(hand) if hand.state.finished else None

    def drawing() -> dict[str, Any]:
        context = table_context(hand.state, seat, hand.seed, hint=hint, animate=not hint and notice is None)
        context.update(hand=hand, notice=notice, can_undo=table.last_decision(hand.state, seat) is not None,
                       daily_url=daily_url)
        return context

    # The hand at its revision is all the page shows (but a notice): it is drawn once and kept.
    kept = (hand.revision, hand.review, hint, daily_url) if notice is None else None
    # htmx swaps only successful answers: a refusal still comes back as the table with its notice.
    return web.render("practice/hand.html", "practice/_table_swap.html", status=code, kept=kept, draw=drawing)


def table_context(state: GameState, seat: Position, seed: int, *, hint: bool = False,
                  animate: bool = True) -> dict[str, Any]:
    """Return what ``practice/_table.html`` shows of ``state`` from ``seat``, but ``hand`` and ``notice``.

    ``hint`` asks the coach for the next decision. Another area with a practice table (a class
    playing a deal) adds its own ``hand`` and ``action_url``.
    """
    shown = screen.screen(state, seat, animate=animate)
    advice = None
    if hint and shown.your_turn:
        advice = players.hint(shown.view, seed=table.move_seed(seed, len(state.actions)))
    worth: tuple[screen.Worth, ...] = ()
    if shown.your_turn and shown.phase is Phase.BIDDING:
        stake = screen.bid_at_stake(shown)
        worth = tuple(screen.worth(limit, stake) for limit in players.bid_limits(shown.view.hand))
    return {"screen": shown, "hint": advice, "worth": worth, "hint_asked": hint, "can_undo": False,
            "finished": state.finished}


def _start_form(seed: int | None, errors: dict[str, LazyString] | None = None, status: int = 200, values: dict[str, str] | None = None,
                *, seat: Position | None = None, level: str | None = None) -> Response:
    """Render the start form; a fixed ``seat`` or ``level`` (from a shared link) is the only choice offered."""
    stats = statistics.statistics_of_this_browser()
    return web.render(
        "practice/start.html",
        status=status,
        stats=stats,
        chart=statistics.chart(stats),
        game_name=statistics.game_label,
        seed=seed,
        levels=(level,) if level is not None else players.LEVELS,
        default_level=level or players.DEFAULT_LEVEL,
        positions=(seat,) if seat is not None else tuple(Position),
        random_seat=RANDOM_SEAT,
        fixed_seat=seat,
        fixed_level=level,
        families=FAMILIES,
        family_names=FAMILY_NAMES,
        errors=errors or {},
        values=values or {},
    )


def _parse_seed(text: str) -> int | None:
    """Return the deal number typed (spaces between its digits allowed: ``4 711``)."""
    return parse.number_or_none(text.replace(" ", ""), digits=SEED_DIGITS)


def _parse_seat(text: str) -> Position | None:
    if text == RANDOM_SEAT:
        return Position(secrets.randbelow(3))
    try:
        return Position(parse.seat(text))
    except parse.Refused:
        return None


@bp.get("/")
def index() -> Response:
    """Offer a new hand: a random deal or a deal number, a seat and the computer players' level."""
    return _start_form(None)


def _fixed(args: dict[str, str]) -> tuple[Position | None, str | None, dict[str, LazyString]]:
    """Return the seat and level a shared link fixes (``seat``: 0 to 2, ``level``), and what it got wrong."""
    errors: dict[str, LazyString] = {}
    seat: Position | None = None
    level: str | None = None
    if "seat" in args:
        seat = _parse_seat(args["seat"]) if args["seat"] != RANDOM_SEAT else None
        if seat is None:
            errors["seat"] = BAD_CHOICE
    if "level" in args:
        if args["level"] in players.LEVELS:
            level = args["level"]
        else:
            errors["level"] = BAD_CHOICE
    return seat, level, errors


@bp.get("/deal/<int(max=999999999999999999):seed>")
def deal(seed: int) -> Response:
    """Offer a shared deal: every visitor who starts it plays their own copy.

    ``?seat=1&level=strong`` fixes the seat and the computer players' level, so that a whole
    class plays the deal from the same seat against the same players.
    """
    seat, level, errors = _fixed(request.args.to_dict())
    if errors:
        return _start_form(seed, errors, 400)
    return _start_form(seed, seat=seat, level=level)


@bp.post("/")
def start() -> Response | BaseResponse:
    """Start a new hand from the start form."""
    form = request.form
    values = {name: form.get(name, "") for name in ("seed", "seat", "level", "table")}
    errors: dict[str, LazyString] = {}
    seed: int | None
    if values["seed"].strip():
        seed = _parse_seed(values["seed"])
        if seed is None:
            errors["seed"] = BAD_SEED
    else:
        seed = secrets.randbelow(1_000_000_000)
    seat = _parse_seat(values["seat"] or RANDOM_SEAT)
    if seat is None:
        errors["seat"] = BAD_CHOICE
    level = values["level"] or players.DEFAULT_LEVEL
    if level not in players.LEVELS:
        errors["level"] = BAD_CHOICE
    family = next((family for family in FAMILIES if family.key == (values["table"] or FAMILIES[0].key)), None)
    if family is None:
        errors["table"] = BAD_CHOICE
    if errors or seed is None or seat is None or family is None:
        fixed = _parse_seed(form.get("fixed", "")) if form.get("fixed") else None
        return _start_form(fixed, errors, 400, values)
    return _create(seed, seat, level, family)


@bp.get("/<id:hand_id>")
def hand(hand_id: str) -> Response:
    """Show the learner's hand where it stands; ``?hint=1`` adds a hint for the next decision."""
    return seating.page(_load(hand_id), _show)


def _store(hand: Hand, state: GameState) -> Response | BaseResponse:
    """Save the hand's new state if no other tab changed it meanwhile, and show it."""
    if not storage.save_hand(hand.id, hand.revision, game=str(state)):
        fresh = _load(hand.id)
        assert fresh is not None
        return _show(fresh, notice=STALE, status=409)
    learner = statistics.record(hand.id, state, hand.seat) if state.finished and hand.seat is not None else None
    if learner is not None:
        db.session.commit()
    response = web.after_change(url_for("practice.hand", hand_id=hand.id), lambda: _shown_again(hand.id))
    return current_learner.remember(response, learner) if learner is not None else response


def _shown_again(hand_id: str) -> Response:
    """Render the hand as it now stands (htmx's answer to a decision: no second request)."""
    fresh = _load(hand_id)
    return _show(fresh) if fresh is not None else web.error_page(404)


def _expected_revision(hand: Hand) -> Response | None:
    """Refuse the request unless it names the hand's current revision."""
    refused = stale_form(request.form, hand.revision, STALE)
    return None if refused is None else _show(hand, notice=refused.notice, status=refused.status)


@bp.post("/<id:hand_id>")
def act(hand_id: str) -> Response | BaseResponse:
    """Take the learner's decision, let the computer players answer, and show the result."""
    loaded = _load(hand_id)
    if loaded is None:
        return web.error_page(404)
    refused = _expected_revision(loaded)
    if refused is not None:
        return refused
    if loaded.seat is None:  # the learner sits this hand out: there is nothing to decide
        return _show(loaded, notice=BAD_CHOICE, status=400)
    state = decide(request.form.to_dict(flat=False), loaded.state, loaded.seat,
                   lambda after: table.advance(after, loaded.seat, loaded.level, loaded.seed))
    if isinstance(state, Refusal):
        return _show(loaded, notice=state.notice, status=state.status)
    return _store(loaded, state)


@bp.post("/<id:hand_id>/undo")
def undo(hand_id: str) -> Response | BaseResponse:
    """Take back the learner's last decision and the computer players' moves after it."""
    loaded = _load(hand_id)
    if loaded is None:
        return web.error_page(404)
    refused = _expected_revision(loaded)
    if refused is not None:
        return refused
    state = None if loaded.seat is None else table.undo(loaded.state, loaded.seat)
    if state is None:
        return _show(loaded, notice=NOTHING_TO_UNDO, status=400)
    return _store(loaded, state)



@bp.post("/<id:hand_id>/again")
def again(hand_id: str) -> Response | BaseResponse:
    """Start the same deal again: from the same seat, or from the seat chosen in the form."""
    loaded = _load(hand_id)
    if loaded is None:
        return web.error_page(404)
    choice = request.form.get("seat", "")
    seat = loaded.seat if choice in ("", "same") else _parse_seat(choice)
    if seat is None and choice not in ("", "same"):
        return _show(loaded, notice=BAD_CHOICE, status=400)
    return _create(loaded.seed, seat, loaded.level, loaded.family)


@bp.post("/<id:hand_id>/next")
def next_hand(hand_id: str) -> Response | BaseResponse:
    """Deal a new hand; the learner moves on one seat, as at a real table (at four, the one who
    deals sits out)."""
    loaded = _load(hand_id)
    if loaded is None:
        return web.error_page(404)
    return _create(secrets.randbelow(1_000_000_000), None, loaded.level, loaded.family, number=loaded.number + 1)


@bp.get("/<id:hand_id>/line")
def line(hand_id: str) -> Response:
    """Show "could I have won?": the best line with all hands open, once the hand is over."""
    loaded = _load(hand_id)
    if loaded is None or not loaded.state.finished or loaded.seat is None:
        return web.error_page(404)
    key = review.opening_key(loaded.state)
    verdict = review.loads(loaded.review, key)
    if not review.known(loaded.review, key) and loaded.state.settlement is not None:
        try:
            verdict = review.compute(loaded.state)
        except review.CutShort:
            verdict = None  # no answer: say so, keep nothing, try again next time
        else:
            storage.save_review(loaded.id, review.dumps(verdict, key))
    return web.render(
        "practice/line.html",
        hand=loaded,
        positions=tuple(Position),
        review=verdict,
        has_game=loaded.state.settlement is not None,
        tricks=screen.line_tricks(loaded.state, verdict.line) if verdict is not None else (),
        cards=screen.open_cards(loaded.state),
    )
