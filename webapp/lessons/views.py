"""The lesson pages: the course map, each step as a form, the end of a lesson, a reset.

A view parses the request, lets the step (and through it the engine) judge the answer, stores
progress through `webapp.storage.lessons`, and renders. Every answer is a POST that redirects
to the step's own stable URL (``/<lang>/learn/<lesson>/<step>``); htmx gets the step region alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from flask import Blueprint, Response, abort, redirect, request, url_for
from werkzeug.wrappers.response import Response as BaseResponse

from webapp import learner as current_learner
from webapp import parse, web
from webapp.engine import Card, CardSet, Deal, GameType, Position, rules_for
from webapp.i18n import gettext as _
from webapp.practice import players
from webapp.storage import db
from webapp.storage import learning
from webapp.storage import lessons as store
from webapp.storage import purge
from webapp.storage import review as reviews
from webapp.words import POSITIONS

from .course import LESSONS, lesson_named, number_of
from .lesson import Lesson, stars_for
from .practise import PRACTICE, DealPractice
from .steps import BadAnswer, Choose, Number, Order, Pick, PlayCard, Step, Verdict
from .goals import TrickWinner
from .text import Ranking
from .words import current_words

bp = Blueprint("lessons", __name__, url_prefix="/<lang:lang>/learn")

COOKIE = current_learner.COOKIE
SHOW_SOLUTION_AFTER = 3
"""Misses after which the right answer is shown."""

Reply = Response | BaseResponse


class AnswerState(Protocol):
    """What the step templates read of a step's last answer (a learner's, or a student's in a class)."""

    @property
    def answer(self) -> str: ...
    @property
    def solved(self) -> bool: ...
    @property
    def misses(self) -> int: ...
    @property
    def hint(self) -> bool: ...


# ---------------------------------------------------------------- helpers


def _learner() -> store.Learner | None:
    return current_learner.current()


def _learner_or_new() -> store.Learner:
    """Return the learner of the cookie, or a new one (counted by the rate limit)."""
    return current_learner.current_or_new()


def _remember(response: Reply, learner: store.Learner) -> Reply:
    """Set the learner cookie when it is missing or different."""
    return current_learner.remember(response, learner)


def _lesson_or_404(slug: str) -> Lesson:
    lesson = lesson_named(slug)
    if lesson is None:
        abort(404)
    return lesson


def _step_or_404(lesson: Lesson, number: int) -> Step:
    if not 1 <= number <= len(lesson.steps):
        abort(404)
    return lesson.steps[number - 1]


def answer_from(step: Step, state: AnswerState | None) -> str:
    """Read the answer text of the form for this kind of step (an order adds to the cards placed)."""
    form = request.form
    if isinstance(step, Choose):
        return form.get("option", "")
    if isinstance(step, Number):
        return form.get("answer", "")
    if isinstance(step, Order):
        card = form.get("card", "").strip()
        return " ".join([*map(str, placed(step, state)), card]) if card else ""
    if isinstance(step, Pick) and not step.single:
        return " ".join(form.getlist("card"))
    return form.get("card", "")


@dataclass(frozen=True)
class Judged:
    """A form's answer to a step as judged: what was judged (without padding) and the verdict."""

    answer: str
    verdict: Verdict


def judge(step: Step, state: AnswerState | None) -> Judged | str:
    """Judge the form's answer to ``step`` (``state``: its last answer, for an order's cards placed).

    A form no one could answer honestly (or an empty one) gets the message saying what is wrong instead.
    """
    text = answer_from(step, state)
    try:
        verdict = step.check(text)
    except BadAnswer:
        return bad_answer(step)
    return Judged(" ".join(text.split()), verdict)


def placed(step: Order, state: AnswerState | None) -> tuple[Card, ...]:
    """Return the cards already put in the right order."""
    if state is None or not state.answer:
        return ()
    try:
        cards = parse.cards(state.answer.split())
    except parse.Refused:
        return ()
    right = step.answer()
    done = []
    for card, wanted in zip(cards, right):
        if card is not wanted:
            break
        done.append(card)
    return tuple(done)


def _finish_if_complete(lesson: Lesson, learner: store.Learner, progress: store.LessonProgress) -> bool:
    """Mark the lesson finished when every question is solved; return whether it is."""
    states = store.step_states(learner, lesson.slug)
    solved = all(
        states.get(index) is not None and states[index].solved
        for index, step in enumerate(lesson.steps)
        if step.interactive
    )
    if solved and progress.step >= len(lesson.steps):
        if not progress.finished:
            progress.finished = True
            progress.stars = max(progress.stars, stars_for(progress.mistakes))
        return True
    return False


@dataclass(frozen=True)
class Seat:
    """One hand of a play position, as shown."""

    position: Position
    name: str
    cards: tuple[Card, ...]
    declarer: bool
    me: bool
    partner: bool


def _step_context(lesson: Lesson, number: int, learner: store.Learner | None, error: str | None = None) -> dict[str, Any]:
    """Gather what the step templates show for a learner."""
    return step_context(lesson, number, store.step_state(learner, lesson.slug, number - 1), error)


def step_context(lesson: Lesson, number: int, state: AnswerState | None, error: str | None = None) -> dict[str, Any]:
    """Gather what the step templates show, from the step's last answer (``state``).

    Another area showing a lesson step (a class) passes its own answer record and sets
    ``answer_url`` (and ``hint_url``) in the context, where the step's forms then post.
    """
    context = context_of_step(lesson.steps[number - 1], state, error)
    context.update(
        lesson=lesson,
        lesson_number=number_of(lesson),
        number=number,
        total=len(lesson.steps),
        next_url=(
            url_for("lessons.step", slug=lesson.slug, number=number + 1)
            if number < len(lesson.steps)
            else url_for("lessons.done", slug=lesson.slug)
        ),
    )
    return context


def context_of_step(step: Step, state: AnswerState | None, error: str | None = None) -> dict[str, Any]:
    """Gather what the step templates show of a step outside any lesson (a class's position question).

    The caller sets ``answer_url`` (the templates' forms post there) and, on a projector, what
    `webapp.lessons.present.reveal` adds.
    """
    words = current_words()
    verdict: Verdict | None = None
    if state is not None and state.answer and step.interactive:
        try:
            verdict = step.check(state.answer)
        except BadAnswer:
            verdict = None
    solved = bool(state and state.solved) or not step.interactive
    context: dict[str, Any] = {
        "step": step,
        "state": state,
        "verdict": verdict,
        "solved": solved,
        "error": error,
        "deck": words.deck,
        "t": words.text,
        "name": words.name,
        "deck_of": words.deck_of,
        "ranking": Ranking,
        "show_solution": bool(state and not state.solved and state.misses >= SHOW_SOLUTION_AFTER),
    }
    if isinstance(step, Pick):
        chosen = set()
        if state and state.answer and not state.solved:
            chosen = {word for word in state.answer.split()}
        context["chosen"] = chosen
        context["is_trick"] = isinstance(step.goal, TrickWinner)
        context["solution_cards"] = step.answer()
    if isinstance(step, Order):
        context["placed"] = step.answer() if solved else placed(step, state)
        context["left"] = tuple(card for card in step.cards if card not in context["placed"])
    if isinstance(step, PlayCard):
        game = step.state
        played = CardSet(game.current_trick.cards)
        context["seats"] = tuple(
            Seat(
                position,
                str(POSITIONS[position]),
                game.rules.order(game.hand(position)) if game.rules else (),
                declarer=position == game.declarer,
                me=position == step.me,
                partner=position not in (step.me, game.declarer) and step.me != game.declarer,
            )
            for position in Position
        )
        context["trick"] = tuple(
            (card, str(POSITIONS[player]))
            for card, player in zip(game.current_trick.cards, game.current_trick.players)
        )
        context["legal"] = {str(card) for card in game.hand(step.me) if card not in played}
        context["good_cards"] = tuple(step.good_cards())
        context["game_type"] = step.game_type
    return context


def _render_step(lesson: Lesson, number: int, learner: store.Learner | None, *, error: str | None = None, status: int = 200) -> Response:
    state = store.step_state(learner, lesson.slug, number - 1)
    context = step_context(lesson, number, state, error)
    if error and web.is_htmx():
        status = 200  # htmx swaps only successful answers; the message is in the region
    # What the step shows of its last answer is all it shows of the learner.
    answer = None if state is None else (state.answer, state.solved, state.misses, state.hint)
    kept = None if error else (answer,)
    return web.render("lessons/step.html", "lessons/_step_swap.html", status=status, kept=kept, **context)


# ---------------------------------------------------------------- the course map


@bp.get("/")
def course() -> Response:
    """Show every lesson with its stars, and where to resume."""
    learner = _learner()
    progress = store.progress_of(learner)
    resume = None
    if progress:
        latest = max(progress.values(), key=lambda row: row.updated)
        lesson = lesson_named(latest.lesson)
        if lesson is not None and not latest.finished:
            resume = (lesson, min(latest.step, len(lesson.steps) - 1) + 1)
    to_review = reviews.due_count(learner)
    # What the map shows of the learner: each lesson's stars and step, where to resume, the reviews due.
    shown = tuple((slug, row.stars, row.finished, row.step) for slug, row in sorted(progress.items()))
    return web.render(
        "lessons/course.html",
        kept=(shown, resume and (resume[0].slug, resume[1]), to_review),
        lessons=[(number_of(lesson), lesson, progress.get(lesson.slug)) for lesson in LESSONS],
        resume=resume,
        lessons_index={lesson.slug: number_of(lesson) for lesson in LESSONS},
        earned=sum(row.stars for row in progress.values()),
        to_review=to_review,
        carried=request.args.get("carried"),
        possible=3 * len(LESSONS),
    )


@bp.get("/<slug>/")
def lesson_start(slug: str) -> Reply:
    """Go to the step where the learner left off (the first one for a new lesson)."""
    lesson = _lesson_or_404(slug)
    learner = _learner()
    row = store.progress_of(learner).get(slug)
    number = 1 if row is None or row.finished else min(row.step, len(lesson.steps) - 1) + 1
    return redirect(url_for("lessons.step", slug=slug, number=number))


# ---------------------------------------------------------------- steps


@bp.get("/<slug>/<int:number>")
def step(slug: str, number: int) -> Response:
    """Show one step of a lesson, with the feedback on the last answer."""
    lesson = _lesson_or_404(slug)
    _step_or_404(lesson, number)
    return _render_step(lesson, number, _learner())


@bp.post("/<slug>/<int:number>")
def answer(slug: str, number: int) -> Reply:
    """Judge an answer (or go on from an explanation), store the progress, show the feedback."""
    lesson = _lesson_or_404(slug)
    current = _step_or_404(lesson, number)
    learner = _learner_or_new()
    progress = store.lesson_progress(learner, slug)
    learning.record_activity(learner, "step")
    index = number - 1
    if not current.interactive:
        progress.step = max(progress.step, index + 1)
        finished = _finish_if_complete(lesson, learner, progress)
        db.session.commit()
        target = url_for("lessons.done", slug=slug) if number == len(lesson.steps) else url_for(
            "lessons.step", slug=slug, number=number + 1
        )
        if finished:
            target = url_for("lessons.done", slug=slug)
        return _remember(redirect(target, code=303), learner)
    state = store.step_state(learner, slug, index, create=True)
    assert state is not None
    missed = False
    if not state.solved:
        judged = judge(current, state)
        if isinstance(judged, str):
            db.session.rollback()
            return _render_step(lesson, number, _learner(), error=judged, status=400)
        state.answer = judged.answer
        verdict = judged.verdict
        if verdict.correct and verdict.done:
            state.solved = True
            progress.step = max(progress.step, index + 1)
            _finish_if_complete(lesson, learner, progress)
        elif not verdict.correct:
            store.count_miss(state, progress)
            reviews.record_mistake(learner, reviews.Kind.STEP, reviews.step_ref(slug, number))
            missed = True
        db.session.commit()
    if web.is_htmx():
        return _remember(_render_step(lesson, number, learner), learner)
    # Without JavaScript the page lands at a wrong answer's explanation; Tab goes on to the answers.
    target = url_for("lessons.step", slug=slug, number=number, _anchor="verdict" if missed else None)
    return _remember(redirect(target, code=303), learner)


def bad_answer(step: Step) -> str:
    """Say what is wrong with a form no one could answer honestly (or an empty one)."""
    if isinstance(step, Number):
        return _("Type a whole number, for example 18.")
    if isinstance(step, Choose):
        return _("Choose one of the answers.")
    return _("Choose one of the cards shown.")


@bp.post("/<slug>/<int:number>/hint")
def hint(slug: str, number: int) -> Reply:
    """Show the step's hint (it costs no star)."""
    lesson = _lesson_or_404(slug)
    current = _step_or_404(lesson, number)
    if current.hint is None:
        abort(404)
    learner = _learner_or_new()
    state = store.step_state(learner, slug, number - 1, create=True)
    assert state is not None
    state.hint = True
    db.session.commit()
    if web.is_htmx():
        return _remember(_render_step(lesson, number, learner), learner)
    return _remember(redirect(url_for("lessons.step", slug=slug, number=number), code=303), learner)


# ---------------------------------------------------------------- end, restart, reset


@bp.get("/<slug>/done")
def done(slug: str) -> Response:
    """Show the stars of a finished lesson, or the questions still open."""
    lesson = _lesson_or_404(slug)
    learner = _learner()
    row = store.progress_of(learner).get(slug)
    states = store.step_states(learner, slug)
    open_steps = [
        index + 1
        for index, step in enumerate(lesson.steps)
        if step.interactive and not (states.get(index) and states[index].solved)
    ]
    position = LESSONS.index(lesson)
    return web.render(
        "lessons/done.html",
        practice=PRACTICE.get(slug),
        # Lesson 16 ends with a game of Lieutenant Skat against the easy computer player.
        play_url=url_for("tables.lieutenant", side="computer", level="easy") if slug == "lieutenant" else None,
        t=current_words().text,
        lesson=lesson,
        lesson_number=number_of(lesson),
        row=row,
        stars=row.stars if row and row.finished else 0,
        mistakes=row.mistakes if row else 0,
        open_steps=open_steps,
        next_lesson=LESSONS[position + 1] if position + 1 < len(LESSONS) else None,
    )


@bp.get("/<slug>/practise")
def practise(slug: str) -> Response:
    """Show what the lesson leads to: a drill (a link) or a practice deal (a form that starts it)."""
    lesson = _lesson_or_404(slug)
    practice = PRACTICE.get(slug)
    if practice is None:
        abort(404)
    words = current_words()
    context: dict[str, Any] = {"lesson": lesson, "practice": practice, "t": words.text, "deck": words.deck}
    if isinstance(practice, DealPractice):
        rules = rules_for(practice.game or GameType.GRAND)
        context["hand"] = rules.order(Deal.from_seed(practice.seed).hands[practice.seat])
        context["seat_name"] = str(POSITIONS[practice.seat])
        context["level"] = players.DEFAULT_LEVEL
    return web.render("lessons/practise.html", **context)


@bp.post("/<slug>/restart")
def restart(slug: str) -> Reply:
    """Start a lesson again from its first step; the best stars stay."""
    _lesson_or_404(slug)
    learner = _learner_or_new()
    store.restart_lesson(learner, slug)
    db.session.commit()
    return _remember(redirect(url_for("lessons.step", slug=slug, number=1), code=303), learner)


@bp.get("/reset")
def reset_form() -> Response:
    """Ask before forgetting all progress."""
    return web.render("lessons/reset.html")


@bp.post("/reset")
def reset() -> Reply:
    """Forget all progress and stars (and all else kept for the learner), when confirmed."""
    learner = _learner()
    if request.form.get("confirm") != "yes":
        return web.render(
            "lessons/reset.html", status=400,
            error=_("Tick the box to confirm that all your progress may be forgotten."),
        )
    if learner is not None:
        purge.forget_learner(learner)
        db.session.commit()
    return redirect(url_for("lessons.course"), code=303)
