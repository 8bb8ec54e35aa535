"""The calculator page and the scoring drills: parse the request, call the engine, render."""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import parse_qsl

from flask import Blueprint, Response, abort, redirect, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response as BaseResponse

from webapp import learner as current_learner
from webapp import parse, ratelimit, web
from webapp.engine import BID_VALUES, Card, GameType, Rank, Settlement, Suit, rules_for
from webapp.i18n import gettext, lazy_gettext
from webapp.storage import learning
from webapp.storage.calculator import DrillStreak, count_answer, streak_of

from . import drills
from .explain import Explanation, explain, game_label, game_labels, matadors_label, verdict
from .inputs import Args, GameError, Reading, read_page, settle_game
from .messages import message

bp = Blueprint("calculator", __name__, url_prefix="/<lang:lang>/calculator")

VISITOR_COOKIE = "visitor"
FORM_FIELDS = (
    "game", "hand", "schneider_announced", "schwarz_announced", "ouvert", "matadors", "cards",
    "skat", "declarer_points", "declarer_tricks", "took_trick", "bid", "kontra", "re", "bock",
    "list", "players",
)
"""Every field with a message slot on the calculator form."""
FORM_DEFAULTS = {"matadors": "1", "took_trick": "0"}
BLANK_FORM = {**FORM_DEFAULTS, "bid": "18"}
GAME_ORDER = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS, GameType.GRAND,
              GameType.NULL)
"""The games as a Skat player lists them: the suits from the highest, then Grand and Null."""
CARD_GRID = tuple(
    tuple(Card(suit, rank) for rank in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK,
                                        Rank.NINE, Rank.EIGHT, Rank.SEVEN))
    for suit in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
)
"""The deck to pick from: one row per suit, in printed order."""
MATADOR_CHOICES = tuple(range(1, 12)) + tuple(-count for count in range(1, 12))
"""The matadors the form offers: with 1..11, then without 1..11 (a Grand allows 4 of each)."""
WORKED_EXAMPLES = (
    "game=hearts&hand=1&matadors=2&declarer_points=75&bid=36",
    "game=spades&matadors=-1&declarer_points=25&bid=22",
    "game=diamonds&matadors=1&declarer_points=70&bid=24",
    "game=hearts&hand=1&schneider_announced=1&matadors=1&declarer_points=80&bid=30",
    "game=grand&hand=1&ouvert=1&matadors=4&declarer_points=120&declarer_tricks=10&bid=264",
    "game=null&ouvert=1&took_trick=1&bid=46",
)
"""Worked examples of rules.md §12 offered on the empty calculator, as query strings."""


def _worked_examples() -> list[tuple[str, tuple[str, ...], str]]:
    """Return each worked example as its query, the game's labels and the verdict."""
    examples = []
    for query in WORKED_EXAMPLES:
        game = read_page(MultiDict(parse_qsl(query))).game
        assert game is not None
        settlement = settle_game(game)
        examples.append((query, game_labels(settlement, game), verdict(settlement)))
    return examples


def worked_score(args: Args) -> tuple[Reading, dict[str, str], Settlement | None, Explanation | None]:
    """Read the calculator's query and settle its game: the reading, the errors by field, the
    settlement and its explanation (both None when the query is no game)."""
    reading = read_page(args)
    errors = {error.field: message(error, reading.game) for error in reading.errors}
    settlement = explanation = None
    if reading.game is not None:
        try:
            settlement = settle_game(reading.game)
        except GameError as refused:
            errors[refused.error.field] = message(refused.error, reading.game)
        else:
            explanation = explain(settlement, reading.game, list_type=reading.list_type)
    return reading, errors, settlement, explanation


@bp.get("/")
def page() -> Response:
    """Settle the game the form describes and show the computation in words and numbers."""
    reading, errors, settlement, explanation = worked_score(request.args)
    blank = reading.game is None and not reading.errors
    return web.render(
        "calculator/page.html",
        "calculator/_result.html",
        kept=(),
        reading=reading,
        values={**(BLANK_FORM if blank else FORM_DEFAULTS), **reading.values},
        errors=errors,
        fields=FORM_FIELDS,
        oob=True,
        examples=_worked_examples if blank else None,  # called only when the page is drawn (not kept)
        settlement=settlement,
        explanation=explanation,
        **_form_choices(),
    )


def _form_choices() -> dict[str, Any]:
    """Return what the form offers: games (named in the user's deck), matadors, bids."""
    return {
        "games": [(game_type.value, game_label(game_type)) for game_type in GAME_ORDER],
        "matador_choices": MATADOR_CHOICES,
        "matadors_label": matadors_label,
        "bid_values": BID_VALUES,
        "card_grid": CARD_GRID,
    }


# Scoring drills ---------------------------------------------------------------------------

LEVEL_NAMES = {
    drills.Kind.WITH: lazy_gettext("With matadors"),
    drills.Kind.WITHOUT: lazy_gettext("Without matadors"),
    drills.Kind.HAND: lazy_gettext("Hand games"),
    drills.Kind.SCHNEIDER: lazy_gettext("Schneider and Schwarz"),
    drills.Kind.ANNOUNCED: lazy_gettext("Announcements"),
    drills.Kind.OVERBID: lazy_gettext("Overbidding"),
    drills.Kind.NULL: lazy_gettext("Null games"),
}


def _visitor() -> str | None:
    """Return the anonymous visitor id: the one linked to this browser's learner, else the cookie's."""
    return learning.drill_visitor(current_learner.current()) or parse.token(request.cookies.get(VISITOR_COOKIE))


def _remember_visitor(response: BaseResponse, visitor: str) -> None:
    if request.cookies.get(VISITOR_COOKIE) != visitor:
        web.set_preference_cookie(response, VISITOR_COOKIE, visitor)


def _exercise(level: int, seed: int) -> drills.Exercise:
    if not 1 <= level <= drills.LEVELS or not 0 <= seed <= drills.MAX_SEED:
        abort(404)
    return drills.exercise(level, seed)


def _answer(text: str | None) -> int | None:
    """Return a typed whole number (with an optional sign, also the real minus sign)."""
    return parse.number_or_none(text, signed=True, digits=5)


def _last_level(row: DrillStreak) -> int:
    """Return the level of the visitor's last counted exercise (kept as ``level/seed``)."""
    level = _answer(row.last_exercise.partition("/")[0])
    return level if level is not None and 1 <= level <= drills.LEVELS else 1


@bp.get("/drills/")
def drills_home() -> Response:
    """Offer the levels of the drills and a start at the learner's level."""
    row = streak_of(_visitor())
    streak = row.streak if row else 0
    return web.render(
        "calculator/drills.html",
        kinds=list(drills.Kind),
        level_names=LEVEL_NAMES,
        level=drills.next_level(_last_level(row), streak) if row else 1,
        streak=streak,
        best=row.best if row else 0,
    )


@bp.get("/drills/<int:level>/new")
def new_drill(level: int) -> BaseResponse:
    """Start a new exercise of ``level`` with a fresh seed."""
    if not 1 <= level <= drills.LEVELS:
        abort(404)
    seed = secrets.randbelow(drills.MAX_SEED + 1)
    return redirect(url_for("calculator.drill", level=level, seed=seed))


@bp.route("/drills/<int:level>/<int:seed>", methods=["GET", "POST"])
def drill(level: int, seed: int) -> BaseResponse:
    """Show an exercise; a POST checks an answer, counts a finished exercise, then shows it (PRG without htmx)."""
    exercise = _exercise(level, seed)
    source = request.form if request.method == "POST" else request.args
    value = _answer(source.get("value"))
    if value is None:
        errors: dict[str, str] = {}
        if "value" in source or request.method == "POST":
            errors["value"] = gettext("Type the game value as a whole number, for example 36.")
        return _render_drill(exercise, None, None, errors)
    score = _answer(source.get("score"))
    if drills.check(exercise, value=value).value_right and score is None and "score" in source:
        errors = {"score": gettext("Type the score as a whole number, with a minus for a loss.")}
        return _render_drill(exercise, value, None, errors)
    answer = drills.check(exercise, value=value, score=score)
    if request.method == "GET":
        return _render_drill(exercise, value, score, {})
    query: dict[str, Any] = {"value": value}
    if answer.score_right is not None and score is not None:
        query["score"] = score
    visitor = _visitor()
    if answer.finished:
        if visitor is None:
            ratelimit.check("visitors")
            visitor = secrets.token_urlsafe(24)
        learner = current_learner.current_or_new()
        learning.record_activity(learner, "drill")
        learning.link_visitor(learner, visitor)
        count_answer(visitor, f"{level}/{seed}", solved=answer.solved)  # commits the activity too
    url = url_for("calculator.drill", level=level, seed=seed, **query)
    shown_score = query.get("score")
    response = web.after_change(
        url, lambda: _render_drill(exercise, value, shown_score, {}, visitor=visitor), push=True
    )
    if answer.finished and visitor is not None:
        _remember_visitor(response, visitor)
        current_learner.remember(response, learner)
    if answer.finished and not answer.solved:
        from webapp.lessons.review import note_drill_mistake  # the lessons' review uses this module

        response = note_drill_mistake(response, exercise)
    return response


def _render_drill(
    exercise: drills.Exercise, value: int | None, score: int | None, errors: dict[str, str],
    *, visitor: str | None = None,
) -> Response:
    answer = drills.check(exercise, value=value, score=score) if value is not None else None
    explanation = None
    if answer is not None and answer.finished:
        explanation = explain(exercise.settlement, exercise.game)
    row = streak_of(visitor or _visitor())
    return web.render(
        "calculator/drill.html",
        "calculator/_drill.html",
        exercise=exercise,
        kinds=list(drills.Kind),
        level_names=LEVEL_NAMES,
        level_kind=drills.Kind(exercise.level),
        labels=game_labels(exercise.settlement, exercise.game, matadors=False),
        hand=rules_for(exercise.game.game_type).order(exercise.cards),
        skat=rules_for(exercise.game.game_type).order(exercise.skat),
        value=value,
        score=score,
        answer=answer,
        errors=errors,
        explanation=explanation,
        streak=row.streak if row else 0,
        best=row.best if row else 0,
        next_level=drills.next_level(exercise.level, row.streak if row else 0),
    )

