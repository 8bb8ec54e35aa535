"""The class pages: a teacher starts a class, students join by its code, answer, the teacher watches.

The teacher's pages are under ``/<lang>/classes/teach/<secret>`` (the secret link is the only
key; no account). A student's place is bound to a secret in the cookie ``class-<code>`` and to
a resume code shown once, which brings the place back on another device. Every answer is a POST
that redirects to the student's page (htmx gets the step alone). The teacher's dashboard polls
``…/news?revision=N`` and the students' pages ``…/news?stage=N``: 204 while nothing changed.
"""

from __future__ import annotations

import base64
import csv
import functools
import hashlib
import hmac
import io
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any
from urllib.parse import unquote, urlsplit

from flask import Blueprint, Response, current_app, redirect, request, url_for
from flask_babel import LazyString
from werkzeug.wrappers import Response as BaseResponse

from webapp import i18n, parse, ratelimit, security, web
from webapp import words as game_words
from webapp.calculator import drills
from webapp.calculator.explain import explain, game_labels
from webapp.engine import Deal, GameState, Position, rules_for
from webapp.i18n import gettext, lazy_gettext, lazy_pgettext, ngettext, pgettext
from webapp.lessons.course import LESSONS, lesson_named
from webapp.lessons.present import reveal
from webapp.lessons.steps import BadAnswer, Choose, Number
from webapp.lessons.views import context_of_step, judge, step_context
from webapp.lessons.words import current_words
from webapp.practice import phrases, players
from webapp.practice.present import MAX_NOTATION, PRESENT_LEVEL, deal_context, parse_game
from webapp.practice.views import BAD_SEED as BAD_DEAL_SEED
from webapp.practice.views import SEED_DIGITS, table_context
from webapp.scoresheet.words import SEMICOLON_LANGUAGES
from webapp.storage import classes as store
from webapp.tables.decide import Refusal, decide, stale_form
from webapp.text import clean_text

from . import activity
from .activity import Item

bp = Blueprint("classes", __name__, url_prefix="/<lang:lang>/classes")
short = Blueprint("classes_short", __name__)

COOKIE = "class-"
RESUME_COOKIE = "class-resume-"
MAX_STUDENTS = 60
MAX_STEPS_TEXT = 100

BAD_CHOICE: LazyString = lazy_gettext("Choose one of the offered options.")
NO_CLASS: LazyString = lazy_gettext(
    "No class has this code. Check it on the teacher's screen: six letters and digits.")
ENDED: LazyString = lazy_gettext("This class has ended. Thank you for taking part!")
FULL: LazyString = lazy_gettext("This class is full: it has 60 students. Ask your teacher.")
NICK_MISSING: LazyString = lazy_gettext("Choose a nickname: the teacher sees it, nobody else.")
NICK_TAKEN: LazyString = lazy_gettext("Somebody in this class already has that nickname: choose another.")
RESUME_WRONG: LazyString = lazy_gettext(
    "That nickname and resume code do not match anybody in this class. Nothing was changed.")
NOT_JOINED: LazyString = lazy_gettext("You have not joined this class yet: type its code and a nickname.")
NOT_OPEN: LazyString = lazy_gettext(
    "That step is not open now, so nothing was changed. Here is the step the class is on.")
BAD_FORM: LazyString = lazy_gettext("That form could not be read, so nothing was changed. Use the buttons on this page.")
BAD_DRILL: LazyString = lazy_gettext("Type both numbers as whole numbers: the game value, and the score with a minus for a loss.")
BAD_STEPS: LazyString = lazy_gettext("Write the steps as numbers of the lesson, for example 1-4, 7.")
BAD_COUNT: LazyString = lazy_gettext("A set has 1 to 20 exercises.")
BAD_SEED: LazyString = lazy_gettext("The exercise number is a whole number from 0 to 4294967295, or empty.")
BAD_QUESTION_DEAL: LazyString = lazy_gettext(
    "Type a deal number, or paste the link of a hand's presentation.")
BAD_PLAYED: LazyString = lazy_gettext("The cards played before the question are a whole number from 0 to 29.")
NO_FIT: LazyString = lazy_gettext(
    "At that moment of the deal nobody has this question to answer: choose another question, or "
    "another number of cards played.")
MAX_PLAYED = 29
STALE: LazyString = lazy_gettext(
    "Your hand has moved on in another tab or window, so nothing was changed. Here is where it stands now.")
DEAL_RESULTS: dict[str, LazyString] = {
    "won": lazy_pgettext("a class's practice deal", "Won"),
    "lost": lazy_pgettext("a class's practice deal", "Lost"),
    "passed": lazy_pgettext("a class's practice deal", "Everybody passed"),
}
"""How a student's hand ended, for their side, as the chart and the answers name it."""
HAND_OVER: LazyString = lazy_gettext("This hand is over, so nothing was changed.")


# ----------------------------------------------------------------------------- helpers


def _secret(code: str) -> str | None:
    return request.cookies.get(COOKIE + code)


def _cookie(response: BaseResponse, name: str, value: str, max_age: int | None = None) -> None:
    response.set_cookie(name, value, max_age=max_age or current_app.config["PREFERENCE_COOKIE_MAX_AGE"],
                        httponly=True, samesite="Lax", secure=current_app.config["SESSION_COOKIE_SECURE"])


def _join_address() -> str:
    """Return the short address students type: ``http://host/join``."""
    return url_for("classes_short.join_short", _external=True)


def _nickname_error(nickname: str) -> LazyString | str | None:
    if not nickname:
        return NICK_MISSING
    if "<" in nickname or ">" in nickname:
        # A plain string, so that the page escapes its < and > (a lazy one counts as markup).
        return gettext("A nickname is plain text: leave out < and >.")
    if len(nickname) > store.NICKNAME_LENGTH:
        return ngettext("A nickname has at most %(num)s character.", "A nickname has at most %(num)s characters.",
                        store.NICKNAME_LENGTH)
    return None


def _answer_text(item: Item, text: str) -> str:
    """Write an answer as the chart shows it: an option's label, a number, cards, a drill's numbers."""
    words = current_words()
    step = item.step
    if item.deal is not None:
        return str(DEAL_RESULTS.get(text, text))
    if item.drill is not None:
        value, _, score = text.partition(" ")
        value_number = parse.number_or_none(value, signed=True, digits=5)
        score_number = parse.number_or_none(score, signed=True, digits=5)
        if value_number is None or score_number is None:
            return text
        return gettext("%(value)s, score %(score)s", value=i18n.number(value_number),
                       score=i18n.signed(score_number))
    if isinstance(step, Choose):
        index = activity.option_index(step, text)
        return str(words.text(step.options[index].label)) if index is not None else text
    if isinstance(step, Number):
        number = parse.number_or_none(text, signed=True, digits=6)
        return i18n.number(number) if number is not None else text
    try:
        cards = parse.cards(text.split())
    except parse.Refused:
        return text
    return str(words.name(cards)) if cards else text


def _item_title(item: Item, total: int) -> str:
    return gettext("Step %(number)s of %(total)s", number=item.index + 1, total=total)


def _parse_steps(text: str, last: int) -> list[int] | LazyString | str:
    """Read ``1-4, 7`` as step numbers (empty: every step); or say what is wrong."""
    text = text.strip()
    if not text:
        return list(range(1, last + 1))
    if len(text) > MAX_STEPS_TEXT or not re.fullmatch(r"[0-9\s,;–-]+", text):
        return BAD_STEPS
    numbers: list[int] = []
    for part in re.split(r"[,;\s]+", text):
        if not part:
            continue
        low, dash, high = part.replace("–", "-").partition("-")
        first = parse.number_or_none(low, digits=3)
        final = parse.number_or_none(high, digits=3) if dash else first
        if first is None or final is None or final < first:
            return BAD_STEPS
        if not (1 <= first and final <= last):
            return gettext("The lesson has no such step: choose steps between 1 and %(last)s.", last=last)
        numbers += [n for n in range(first, final + 1) if n not in numbers]
    return numbers or BAD_STEPS


# ----------------------------------------------------------------------------- starting a class


def _new_form(errors: dict[str, LazyString | str] | None = None, values: dict[str, str] | None = None,
              status: int = 200) -> Response:
    return web.render("classes/new.html", status=status, lessons=LESSONS, errors=errors or {},
                      values=values or {"activity": "lesson", "pace": "teacher", "level": "1", "count": "5",
                                        "computer": players.DEFAULT_LEVEL, "question_level": PRESENT_LEVEL,
                                        "played": "0"},
                      kinds=list(drills.Kind), max_drills=activity.MAX_DRILLS, positions=tuple(Position),
                      levels=players.LEVELS, goals=activity.GOALS, max_played=MAX_PLAYED, phrases=phrases)


@bp.get("/new")
def new() -> Response:
    """Offer to start a class: a lesson (all or some steps) or scoring drills, teacher- or self-paced."""
    return _new_form()


@bp.post("/new")
def create() -> Response | BaseResponse:
    """Start a class; the teacher lands on its dashboard, whose address is their only key."""
    form = request.form
    values = {key: form.get(key, "")[:200] for key in ("activity", "lesson", "steps", "level", "count", "seed",
                                                       "pace", "deal", "seat", "computer", "question_level",
                                                       "played", "goal")}
    values["position"] = form.get("position", "")[:MAX_NOTATION + 1]
    errors: dict[str, LazyString | str] = {}
    if values["pace"] not in ("teacher", "self"):
        errors["pace"] = BAD_CHOICE
    details: dict[str, Any] = {}
    if values["activity"] == "lesson":
        lesson = lesson_named(values["lesson"])
        if lesson is None:
            errors["lesson"] = BAD_CHOICE
        else:
            steps = _parse_steps(values["steps"], len(lesson.steps))
            if isinstance(steps, list):
                details = {"lesson": lesson.slug, "steps": steps}
            else:
                errors["steps"] = steps
    elif values["activity"] == "drills":
        level = parse.number_or_none(values["level"], low=1, high=drills.LEVELS, digits=1)
        count = parse.number_or_none(values["count"], low=1, high=activity.MAX_DRILLS, digits=2)
        seed = (secrets.randbelow(drills.MAX_SEED + 1) if not values["seed"].strip()
                else parse.number_or_none(values["seed"].strip(), high=drills.MAX_SEED, digits=10))
        if level is None:
            errors["level"] = BAD_CHOICE
        if count is None:
            errors["count"] = BAD_COUNT
        if seed is None:
            errors["seed"] = BAD_SEED
        details = {"drill_level": level, "drill_count": count, "drill_seed": seed}
    elif values["activity"] == "deal":
        details, errors = _deal_details(values, errors)
    elif values["activity"] == "question":
        details, errors = _question_details(values, errors)
    else:
        errors["activity"] = BAD_CHOICE
    if errors:
        return _new_form(errors, values, 400)
    ratelimit.check("classes")
    token = web.sent_form_token()
    teacher = _teacher_secret(token) if token else store.new_secret()
    store.create(teacher_secret=teacher, activity=values["activity"], pace=values["pace"],
                 form_token=token, **details)
    return redirect(url_for("classes.teach", secret=teacher), code=303)


def _deal_details(values: dict[str, str], errors: dict[str, LazyString | str]
                  ) -> tuple[dict[str, Any], dict[str, LazyString | str]]:
    """Read a practice deal for the class: its number, the students' seat, the computer players."""
    seed = parse.number_or_none(values["deal"].replace(" ", ""), digits=SEED_DIGITS)
    if seed is None:
        errors["deal"] = BAD_DEAL_SEED
    try:
        seat: int | None = parse.seat(values["seat"])
    except parse.Refused:
        seat = None
        errors["seat"] = BAD_CHOICE
    if values["computer"] not in players.LEVELS:
        errors["computer"] = BAD_CHOICE
    return {"deal_seed": seed, "deal_seat": seat, "deal_level": values["computer"]}, errors


def _question_details(values: dict[str, str], errors: dict[str, LazyString | str]
                      ) -> tuple[dict[str, Any], dict[str, LazyString | str]]:
    """Read a position question: a deal (a number played out by computer players, or a hand's
    notation from a presentation link), the cards played before it, and what it asks."""
    text = values["position"].strip()
    game: GameState | None = None
    if not text:
        errors["position"] = BAD_QUESTION_DEAL
    elif text.replace(" ", "").isdigit():
        seed = parse.number_or_none(text.replace(" ", ""), digits=SEED_DIGITS)
        if seed is None:
            errors["position"] = BAD_DEAL_SEED
        elif values["question_level"] not in players.LEVELS:
            errors["question_level"] = BAD_CHOICE
        else:
            game = activity.played_out(seed, values["question_level"])
    else:
        game = parse_game(_notation_of(text))
        if game is None:
            errors["position"] = BAD_QUESTION_DEAL
    played = parse.number_or_none(values["played"], high=MAX_PLAYED, digits=2)
    if played is None:
        errors["played"] = BAD_PLAYED
    if values["goal"] not in activity.GOALS:
        errors["goal"] = BAD_CHOICE
    if errors or game is None or played is None:
        return {}, errors
    position = activity.position_of(game, played)
    if position is None or activity.question(str(position), values["goal"]) is None:
        errors["goal"] = NO_FIT
        return {}, errors
    return {"position": str(position), "goal": values["goal"]}, errors


def _notation_of(text: str) -> str:
    """Return the hand's notation from a presentation link pasted whole (or the notation itself)."""
    path = urlsplit(text).path if "/present/" in text else text
    return unquote(path.rsplit("/present/", 1)[-1])


def _teacher_secret(form_token: str) -> str:
    """Return the teacher secret of the class a form makes: the same for the same form sent twice."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(key, b"class-teacher:" + form_token.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


# ----------------------------------------------------------------------------- joining


@short.get("/join")
def join_short() -> BaseResponse:
    """The address students type: the join form in their own language."""
    return redirect(url_for("classes.index", lang=i18n.best_language()), code=303)


@short.get("/join/<code>")
def join_code(code: str) -> BaseResponse:
    """The address of the QR code: the join form with the code filled in."""
    typed = store.normal_code(code)
    args: dict[str, Any] = {"code": typed} if typed else {}
    return redirect(url_for("classes.index", lang=i18n.best_language(), **args), code=303)


def _join_form(errors: dict[str, LazyString | str] | None = None, values: dict[str, str] | None = None,
               status: int = 200) -> Response:
    given = values or {"code": store.normal_code(request.args.get("code")) or ""}
    return web.render("classes/join.html", status=status, errors=errors or {}, values=given,
                      max_nickname=store.NICKNAME_LENGTH)


@bp.get("/")
def index() -> Response:
    """Join a class with its code and a nickname (or come back with a resume code)."""
    return _join_form()


@bp.post("/join")
def join() -> Response | BaseResponse:
    """Join a class: check the code and the nickname, keep the place in a cookie."""
    values = {key: request.form.get(key, "")[:600] for key in ("code", "nickname")}
    room = store.by_code(values["code"])
    errors: dict[str, LazyString | str] = {}
    if room is None:
        errors["code"] = NO_CLASS
    elif room.ended:
        errors["code"] = ENDED
    nickname = clean_text(values["nickname"])
    problem = _nickname_error(nickname)
    if problem:
        errors["nickname"] = problem
    if errors or room is None:
        return _join_form(errors, values, 404 if "code" in errors and room is None else 400)
    mine = store.student_of(room, _secret(room.code))
    if mine is not None:  # already in the class (a second submit, a new tab)
        return redirect(url_for("classes.student", code=room.code), code=303)
    ratelimit.check("students")
    secret, resume_code = store.new_secret(), store.new_resume_code()
    joined = store.join(room, nickname, secret=secret, resume_code=resume_code, limit=MAX_STUDENTS)
    if joined == "full":
        return _join_form({"code": FULL}, values, 409)
    if joined == "taken":
        return _join_form({"nickname": NICK_TAKEN}, values, 409)
    response = redirect(url_for("classes.student", code=room.code), code=303)
    _cookie(response, COOKIE + room.code, secret)
    _cookie(response, RESUME_COOKIE + room.code, resume_code, max_age=600)
    return response


@bp.post("/resume")
def resume() -> Response | BaseResponse:
    """Come back to a class on another device with the nickname and the resume code."""
    values = {key: request.form.get(key, "")[:600] for key in ("code", "nickname", "resume")}
    room = store.by_code(values["code"])
    if room is None:
        return _join_form({"resume_code": NO_CLASS}, values, 404)
    secret = store.new_secret()
    student = store.resume(room, clean_text(values["nickname"]), values["resume"], secret=secret)
    if student is None:
        return _join_form({"resume": RESUME_WRONG}, values, 400)
    response = redirect(url_for("classes.student", code=room.code), code=303)
    _cookie(response, COOKIE + room.code, secret)
    return response


# ----------------------------------------------------------------------------- the student's screen


def _open_item(room: store.Room, student: store.Student) -> int:
    return room.current if room.teacher_paced else student.position


def _answer_of(room: store.Room, student: store.Student, index: int) -> store.Answer | None:
    found = store.answers(room, student, index)
    return found[0] if found else None


def _student_context(room: store.Room, student: store.Student, *, error: LazyString | str | None = None,
                     notice: LazyString | str | None = None, animate: bool = True) -> dict[str, Any]:
    all_items = activity.items(room)
    index = min(_open_item(room, student), max(len(all_items) - 1, 0))
    context: dict[str, Any] = {
        "room": room,
        "student": student,
        "notice": notice,
        "total": len(all_items),
        "item": None,
        "poll_url": url_for("classes.student_news", code=room.code, stage=room.stage),
        "screen_url": url_for("classes.student", code=room.code),
        "resume_code": request.cookies.get(RESUME_COOKIE + room.code),
    }
    if room.ended or not all_items:
        return context
    item = all_items[index]
    answer = _answer_of(room, student, index)
    answer_url = url_for("classes.answer", code=room.code, index=index)
    context.update(item=item, answer=answer, answer_url=answer_url,
                   hint_url=url_for("classes.hint", code=room.code, index=index),
                   may_go_on=activity.may_go_on(item, answer),
                   last=index + 1 >= len(all_items), title=_item_title(item, len(all_items)))
    if item.lesson is not None:
        context.update(step_context(item.lesson, item.number, answer, str(error) if error else None))
    elif item.question is not None:
        context.update(context_of_step(item.question, answer, str(error) if error else None))
    elif item.drill is not None:
        context.update(_drill_context(item.drill, answer, error))
    elif item.deal is not None:
        context.update(_deal_context(room, item.deal, index, answer, animate=animate))
    return context


@dataclass(frozen=True, slots=True)
class ClassHand:
    """What the practice table's templates call ``hand``: a student's copy of the class's deal."""

    seat: Position
    revision: int
    seed: int
    level: str
    id: str = ""


def _hand_of(deal: activity.ClassDeal, answer: store.Answer | None) -> GameState:
    """Return the student's copy of the deal where it stands (before their first decision: as dealt)."""
    if answer is not None and answer.game:
        try:
            return GameState.parse(answer.game)
        except ValueError:  # a notation the engine no longer reads: start again
            pass
    return deal.start()


def _deal_context(room: store.Room, deal: activity.ClassDeal, index: int, answer: store.Answer | None, *,
                  animate: bool = True) -> dict[str, Any]:
    state = _hand_of(deal, answer)
    context = table_context(state, deal.seat, deal.seed, animate=animate)
    context.update(hand=ClassHand(deal.seat, len(state.actions), deal.seed, deal.level), in_class=True,
                   action_url=url_for("classes.play", code=room.code, index=index), phrases=phrases,
                   words=game_words)
    return context


def _drill_context(drill: drills.Exercise, answer: store.Answer | None,
                   error: LazyString | str | None) -> dict[str, Any]:
    rules = rules_for(drill.game.game_type)
    context: dict[str, Any] = {
        "exercise": drill,
        "labels": game_labels(drill.settlement, drill.game, matadors=False),
        "hand": rules.order(drill.cards),
        "skat": rules.order(drill.skat),
        "error": error,
        "given": None,
        "explanation": None,
    }
    if answer is not None and answer.first:
        value, _, score = answer.first.partition(" ")
        context["given"] = (parse.number_or_none(value, signed=True, digits=5),
                            parse.number_or_none(score, signed=True, digits=5), answer.first_correct)
        context["explanation"] = explain(drill.settlement, drill.game)
    return context


def _show_student(room: store.Room, student: store.Student, *, status: int = 200, partial: str = "classes/_student.html",
                  **extra: Any) -> Response:
    security.keep_private()
    context = _student_context(room, student, **extra)
    response = web.render("classes/student.html", partial, status=200 if web.is_htmx() else status, **context)
    if context["resume_code"]:  # shown once
        response.delete_cookie(RESUME_COOKIE + room.code, httponly=True, samesite="Lax")
    return response


def _room_and_student(code: str) -> tuple[store.Room, store.Student] | Response | BaseResponse:
    room = store.by_code(code)
    if room is None:
        return _join_form({"code": NO_CLASS}, {"code": "", "nickname": ""}, 404)
    student = store.student_of(room, _secret(room.code))
    if student is None:
        if request.method == "GET":
            return redirect(url_for("classes.index", code=room.code), code=303)
        return _join_form({"code": NOT_JOINED}, {"code": room.code, "nickname": ""}, 403)
    return room, student


@bp.get("/<code>")
def student(code: str) -> Response | BaseResponse:
    """Show the student the step that is open for them."""
    found = _room_and_student(code)
    if not isinstance(found, tuple):
        return found
    return _show_student(*found)


@bp.get("/<code>/news")
def student_news(code: str) -> Response | BaseResponse:
    """Answer "has the class moved on?": 204 while the stage is the same, else the student's screen."""
    stage = parse.number_or_none(request.args.get("stage"), digits=9)
    typed = store.normal_code(code)
    now = store.counters(typed) if typed else None
    if now is None:
        return web.error_page(404)
    if stage == now[1]:
        return Response(status=204)
    found = _room_and_student(code)
    if not isinstance(found, tuple):
        return found
    return _show_student(*found)


def _checked(room: store.Room, student: store.Student, index: int) -> tuple[Item, store.Answer | None] | Response:
    """Return the open item and its answer, or the refusal of an answer to a step that is not open."""
    if room.ended:
        return _show_student(room, student, status=409, notice=ENDED)
    item = activity.item_of(room, index)
    if item is None or index != _open_item(room, student):
        return _show_student(room, student, status=409, notice=NOT_OPEN)
    return item, _answer_of(room, student, index)


StepView = Callable[[store.Room, store.Student, Item, store.Answer | None], Response | BaseResponse]


def _on_open_step(view: StepView) -> Callable[[str, int], Response | BaseResponse]:
    """Let a student's POST reach ``view`` only on the step open for them (else refused, nothing changed).

    ``view`` gets the class, the student, the open item and the student's answer to it so far.
    """
    @functools.wraps(view)
    def guarded(code: str, index: int) -> Response | BaseResponse:
        found = _room_and_student(code)
        if not isinstance(found, tuple):
            return found
        room, student = found
        checked = _checked(room, student, index)
        if isinstance(checked, Response):
            return checked
        return view(room, student, *checked)
    return guarded


@bp.post("/<code>/<int:index>")
@_on_open_step
def answer(room: store.Room, student: store.Student, item: Item, previous: store.Answer | None) -> Response | BaseResponse:
    """Judge a student's answer to the open step and record it; the first answer is the one counted."""
    if item.drill is not None:
        if previous is None or not previous.first:
            try:
                text, correct = activity.check_drill(item.drill, request.form.get("value"), request.form.get("score"))
            except BadAnswer:
                return _show_student(room, student, status=400, partial="classes/_step.html", error=BAD_DRILL)
            store.save_answer(room, student, item.index, answer=text, correct=correct, done=True)
    elif item.step is not None and item.step.interactive:
        if previous is None or not previous.solved:
            judged = judge(item.step, previous)
            if isinstance(judged, str):
                return _show_student(room, student, status=400, partial="classes/_step.html", error=judged)
            store.save_answer(room, student, item.index, answer=judged.answer, correct=judged.verdict.correct,
                              done=judged.verdict.done)
    if web.is_htmx():
        fresh = store.by_code(room.code)
        assert fresh is not None
        return _show_student(fresh, student, partial="classes/_step.html")
    return redirect(url_for("classes.student", code=room.code), code=303)


@bp.post("/<code>/<int:index>/play")
@_on_open_step
def play(room: store.Room, student: store.Student, item: Item, previous: store.Answer | None) -> Response | BaseResponse:
    """Take a student's decision in their copy of the class's deal; the computer players answer."""
    if item.deal is None:
        return _show_student(room, student, status=400, notice=BAD_FORM)
    deal = item.deal
    state = _hand_of(deal, previous)
    refusal = stale_form(request.form, len(state.actions), STALE)
    if refusal is None and state.finished:
        refusal = Refusal(HAND_OVER, 409)
    after = refusal or decide(request.form.to_dict(flat=False), state, deal.seat, deal.advance)
    if isinstance(after, Refusal):
        return _show_student(room, student, status=after.status, partial="practice/_table_swap.html",
                             notice=after.notice, animate=False)
    result = activity.deal_result(after, deal.seat)
    saved = store.save_game(room, student, item.index, game=str(after), before=previous.game if previous else None,
                            result=result[0] if result else None, won=bool(result and result[1]))
    if not saved:
        fresh = store.by_code(room.code)
        assert fresh is not None
        return _show_student(fresh, student, status=409, partial="practice/_table_swap.html", notice=STALE,
                             animate=False)
    return web.after_change(url_for("classes.student", code=room.code),
                            lambda: _show_student(room, student, partial="practice/_table_swap.html"))


@bp.post("/<code>/<int:index>/hint")
@_on_open_step
def hint(room: store.Room, student: store.Student, item: Item, _: store.Answer | None) -> Response | BaseResponse:
    """Show the open lesson step's hint."""
    if item.step is None or item.step.hint is None:
        return _show_student(room, student, status=400, notice=BAD_FORM)
    store.save_answer(room, student, item.index, answer="", correct=False, done=False, hint=True)
    return redirect(url_for("classes.student", code=room.code), code=303)


@bp.post("/<code>/<int:index>/next")
@_on_open_step
def go_on(room: store.Room, student: store.Student, item: Item, answer_row: store.Answer | None) -> Response | BaseResponse:
    """Let a self-paced student go on to the next step once this one is read, solved or answered."""
    if room.teacher_paced or item.index + 1 >= len(activity.items(room)) or not activity.may_go_on(item, answer_row):
        return _show_student(room, student, status=409, notice=NOT_OPEN)
    store.advance_student(room, student, item.index + 1)
    return redirect(url_for("classes.student", code=room.code), code=303)


# ----------------------------------------------------------------------------- the teacher's screens


def _teacher_room(secret: str) -> store.Room | Response:
    room = store.by_teacher(secret)
    if room is None:
        return web.error_page(404)
    security.keep_private()
    return room


def _as_teacher(view: Callable[[store.Room, str], Any]) -> Callable[[str], Any]:
    """Let only the teacher's secret link reach ``view``, which gets the class and the secret (else 404)."""
    @functools.wraps(view)
    def guarded(secret: str) -> Any:
        room = _teacher_room(secret)
        if isinstance(room, Response):
            return room
        return view(room, secret)
    return guarded


def _stats(room: store.Room) -> dict[str, Any]:
    """Gather what the dashboard and the summary show: per step and per student."""
    all_items = activity.items(room)
    people = store.students(room)
    given = store.answers(room)
    by_item: dict[int, list[store.Answer]] = {item.index: [] for item in all_items}
    by_pair: dict[tuple[int, int], store.Answer] = {}
    for row in given:
        by_item.setdefault(row.item, []).append(row)
        by_pair[row.student_id, row.item] = row
    rows = []
    for item in all_items:
        answered = [a for a in by_item[item.index] if a.first]
        right = sum(a.first_correct for a in answered)
        rows.append({"item": item, "answered": len(answered), "right": right, "wrong": len(answered) - right,
                     "solved": sum(a.solved for a in by_item[item.index]),
                     "at": sum(1 for s in people if not room.teacher_paced and s.position == item.index)})
    return {"items": all_items, "students": people, "by_item": by_item, "by_pair": by_pair, "rows": rows}


def _dashboard_context(room: store.Room, secret: str) -> dict[str, Any]:
    stats = _stats(room)
    all_items: tuple[Item, ...] = stats["items"]
    focus = room.current
    if not room.teacher_paced:
        asked = parse.number_or_none(request.args.get("item"), digits=3)
        focus = asked if asked is not None else 0
    focus = min(max(focus, 0), max(len(all_items) - 1, 0))
    item = all_items[focus] if all_items else None
    answers = stats["by_item"].get(focus, []) if item else []
    chart = activity.bars(answers) if item and item.interactive else ()
    most = max((bar.count for bar in chart), default=0)
    stuck = []
    for person in stats["students"]:
        at = _open_item(room, person)
        if 0 <= at < len(all_items) and activity.stuck(all_items[at], stats["by_pair"].get((person.id, at))):
            stuck.append((person, all_items[at]))
    poll: dict[str, Any] = {"secret": secret, "revision": room.revision}
    if not room.teacher_paced:
        poll["item"] = focus
    return {
        **stats,
        "room": room,
        "secret": secret,
        "item": item,
        "focus": focus,
        "title": _item_title(item, len(all_items)) if item else "",
        "answered": sum(1 for a in answers if a.first),
        "chart": tuple((bar, _answer_text(item, bar.answer), 100 * bar.count // most if most else 0)
                       for bar in chart) if item else (),
        "stuck": stuck,
        "each": _each_answer(item, stats["students"], stats["by_pair"], focus) if item and item.interactive else (),
        "code": room.code,
        "join_address": _join_address(),
        "qr": web.qr_svg(url_for("classes_short.join_code", code=room.code, _external=True), scale=6),
        "poll_url": url_for("classes.teach_news", **poll),
        "dashboard_url": url_for("classes.teach", secret=secret),
        "words": current_words(),
        "positions": game_words.POSITIONS,
    }


def _each_answer(item: Item, people: tuple[store.Student, ...], by_pair: dict[tuple[int, int], store.Answer],
                 index: int) -> tuple[tuple[store.Student, str, str], ...]:
    """Return each student's first answer to ``item`` as shown, and its mark: right, wrong, playing, none."""
    each = []
    for person in people:
        row = by_pair.get((person.id, index))
        if row is not None and row.first:
            each.append((person, _answer_text(item, row.first), "right" if row.first_correct else "wrong"))
        elif row is not None and item.deal is not None and row.game:
            each.append((person, "", "playing"))
        else:
            each.append((person, "", "none"))
    return tuple(each)


@bp.get("/teach/<id:secret>")
@_as_teacher
def teach(room: store.Room, secret: str) -> Response:
    """Show the teacher's dashboard: the code, the step shown, the answers coming in, who is stuck."""
    return web.render("classes/teach.html", "classes/_dashboard.html", **_dashboard_context(room, secret))


def _unchanged(secret: str) -> Response | None:
    """Answer a teacher's poll that the class is still at ``revision`` (204), or has none (404)."""
    revision = parse.number_or_none(request.args.get("revision"), digits=9)
    current = store.teacher_revision(secret)
    if current is None:
        return web.error_page(404)
    return Response(status=204) if revision == current else None


@bp.get("/teach/<id:secret>/news")
def teach_news(secret: str) -> Response:
    """Answer "anything new?": 204 while the class is at ``revision``, else the dashboard."""
    return _unchanged(secret) or teach(secret)


@bp.post("/teach/<id:secret>/move")
@_as_teacher
def move(room: store.Room, secret: str) -> Response | BaseResponse:
    """Show the class another step (teacher-paced): ``to`` is the step's number from 0.

    The dashboard's and the projector's buttons send it (``screen=projector`` goes back to the
    projector); with htmx the screen's new content comes back at once, and the students' pages
    follow by their poll.
    """
    count = len(activity.items(room))
    to = parse.number_or_none(request.form.get("to"), digits=3)
    if to is None or not 0 <= to < count or room.ended or not room.teacher_paced:
        return web.error_page(400, BAD_FORM)
    if to != room.current:
        store.move(room, to)
    if request.form.get("screen") == "projector":
        return web.after_change(url_for("classes.projector", secret=secret), lambda: projector(secret))
    return web.after_change(url_for("classes.teach", secret=secret), lambda: teach(secret))


@bp.post("/teach/<id:secret>/names")
@_as_teacher
def names(room: store.Room, secret: str) -> Response | BaseResponse:
    """Show or hide the students' nicknames on the teacher's screens."""
    shown = request.form.get("shown")
    if shown not in ("0", "1"):
        return web.error_page(400, BAD_FORM)
    store.set_names_shown(room, shown == "1")
    return redirect(web.safe_next(request.form.get("next"), url_for("classes.teach", secret=secret)), code=303)


@bp.post("/teach/<id:secret>/end")
@_as_teacher
def end(room: store.Room, secret: str) -> Response | BaseResponse:
    """End the class and go to its summary."""
    if not room.ended:
        store.end(room)
    return redirect(url_for("classes.summary", secret=secret), code=303)


@bp.get("/teach/<id:secret>/projector")
@_as_teacher
def projector(room: store.Room, secret: str) -> Response:
    """Show the code and the step on the projector, as presentation mode shows it; no names unless chosen.

    ``?answer=1`` shows the step's answer too (Enter). The step is drawn by the presentation's
    own partials (a lesson step or a question by ``lessons/_present_step.html``, a deal by
    ``practice/_present_deal.html``); the answers come in below it.
    """
    context = _dashboard_context(room, secret)
    # The answer shown stays shown on its own step only: once the class moves on, the next step
    # comes as a question again (``step`` names the step whose answer was asked for).
    step = request.args.get("step")
    revealed = request.args.get("answer") == "1" and step in (None, str(context["focus"]))
    context.update(_slide_context(room, secret, context["item"], revealed, context["title"]))
    answer: dict[str, Any] = {"answer": 1, "step": context["focus"]} if revealed else {}
    if isinstance(item := context["item"], Item) and isinstance(item.step, Choose):
        # The slide numbers the options: the chart names them by their number (the labels are long).
        context["chart"] = tuple((bar, i18n.number(index + 1), width) for bar, _, width in context["chart"]
                                 if (index := activity.option_index(item.step, bar.answer)) is not None)
    context["projector_poll"] = url_for("classes.projector_news", secret=secret, revision=room.revision, **answer)
    context["leave_url"] = context["dashboard_url"]
    if web.is_htmx() and request.headers.get("HX-Target") == "present-slide":
        return web.render("classes/projector.html", "classes/_projector_slide.html", **context)
    return web.render("classes/projector.html", "classes/_projector.html", **context)


def _slide_context(room: store.Room, secret: str, item: Item | None, revealed: bool, title: str) -> dict[str, Any]:
    """Return what the presentation partial of the item shown needs (the class's URLs in its links)."""
    if item is None:
        return {"slide": None}
    where = gettext("Class %(code)s · %(step)s", code=room.code, step=title)
    reveal_url = url_for("classes.projector", secret=secret, answer=1, step=item.index)
    if item.lesson is not None:
        step_shown = step_context(item.lesson, item.number, None)
        return {"slide": "lesson", "where": where,
                **reveal(step_shown, step_shown["step"], answer=revealed, reveal_url=reveal_url)}
    if item.question is not None:
        return {"slide": "lesson", "where": where,
                **reveal(context_of_step(item.question, None), item.question, answer=revealed,
                         reveal_url=reveal_url)}
    if item.deal is not None:
        dealt = GameState.new(Deal.from_seed(item.deal.seed))
        # The deal as dealt, without presentation mode's own steps: the keys move the class here.
        return {"slide": "deal", "where": where, **deal_context(dealt, 0, item.deal.seat), "url_at": None,
                "played_out_url": url_for("practice.present_deal", seed=item.deal.seed, level=item.deal.level)}
    assert item.drill is not None
    return {"slide": "drill", "where": where, **_drill_context(item.drill, None, None)}


@bp.get("/teach/<id:secret>/projector/news")
def projector_news(secret: str) -> Response:
    """The projector's "anything new?", as the dashboard's."""
    return _unchanged(secret) or projector(secret)


def _marks(stats: dict[str, Any]) -> list[tuple[store.Student, list[str], int]]:
    """Return each student's mark per asking step (right, solved later, wrong, none) and their right count."""
    table = []
    for person in stats["students"]:
        marks, right = [], 0
        for item in stats["items"]:
            if not item.interactive:
                continue
            row = stats["by_pair"].get((person.id, item.index))
            if row is None or not row.first:
                marks.append("none")
            elif row.first_correct:
                marks.append("right")
                right += 1
            elif row.solved:
                marks.append("solved")
            else:
                marks.append("wrong")
        table.append((person, marks, right))
    return table


@bp.get("/teach/<id:secret>/summary")
@_as_teacher
def summary(room: store.Room, secret: str) -> Response:
    """Show the summary per student and per step, to print."""
    stats = _stats(room)
    return web.render("classes/summary.html", room=room, secret=secret, marks=_marks(stats),
                      asking=[row for row in stats["rows"] if row["item"].interactive], **stats)


@bp.get("/teach/<id:secret>/summary.csv")
@_as_teacher
def summary_csv(room: store.Room, secret: str) -> Response:
    """Download the summary as a spreadsheet: a row per student, a column per step."""
    stats = _stats(room)
    words = {
        "right": pgettext("file cell", "right"),
        "solved": pgettext("file cell", "right after a miss"),
        "wrong": pgettext("file cell", "wrong"),
        "none": "",
    }
    asking = [item for item in stats["items"] if item.interactive]
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if i18n.current_language() in SEMICOLON_LANGUAGES else ",")
    writer.writerow([pgettext("file column", "Nickname"),
                     *(pgettext("file column", "Step %(number)s", number=item.index + 1) for item in asking),
                     pgettext("file column", "Right first time")])
    for person, marks, right in _marks(stats):
        name = person.nickname
        if name[:1] in ("=", "+", "-", "@"):  # a spreadsheet must not read a nickname as a formula
            name = "'" + name
        writer.writerow([name, *(words[mark] for mark in marks), right])
    response = Response(out.getvalue().encode("utf-8-sig"), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="kiebitz-class-{date.today().isoformat()}.csv"'
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    return response
