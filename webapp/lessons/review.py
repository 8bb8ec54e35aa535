"""Spaced review: the steps and scoring drills a learner got wrong, back after 1, 3 and 7 days.

``/<lang>/learn/review/`` lists what is due today; each item is the lesson's own step (drawn by
the step templates, judged by its ``check``) or the drill of its level and seed (the calculator's
generator), with the same feedback. The first finished answer of the day counts
(`webapp.storage.review`); the learner may keep trying as in a lesson. Mistakes come in from the
lessons (`webapp.lessons.views.answer`) and the drills (`note_drill_mistake`).
"""

from __future__ import annotations

from typing import Any

from flask import Response, request, url_for
from flask_babel import LazyString
from werkzeug.wrappers.response import Response as BaseResponse

from webapp import parse, web
from webapp.calculator import drills
from webapp.calculator.explain import explain, game_labels
from webapp.engine import rules_for
from webapp.i18n import gettext, lazy_gettext
from webapp.storage import db, learning
from webapp.storage import lessons as store
from webapp.storage import review as reviews
from webapp.storage.review import Kind, ReviewItem

from .course import lesson_named, number_of
from .steps import Step
from . import learner as learners
from .views import bp, judge, step_context
from .words import current_words

NOT_DUE: LazyString = lazy_gettext(
    "This question is not in your review for today, so nothing was changed. Here is what is."
)
BAD_DRILL: LazyString = lazy_gettext("Type the game value and the score as whole numbers, for example 36 and −72.")

Reply = Response | BaseResponse


def item_url(item: ReviewItem) -> str:
    """Return where a review item is answered."""
    first, _, second = item.ref.partition("/")
    if item.kind == Kind.DRILL.value:
        return url_for("lessons.review_drill", level=int(first), seed=int(second))
    return url_for("lessons.review_step", slug=first, number=int(second))


def _title(item: ReviewItem) -> str:
    """Return how the review list names an item."""
    first, _, second = item.ref.partition("/")
    if item.kind == Kind.DRILL.value:
        from webapp.calculator.views import LEVEL_NAMES  # the calculator's views use this module

        return gettext("Scoring drill, level %(level)s: %(name)s", level=int(first),
                       name=LEVEL_NAMES[drills.Kind(int(first))])
    lesson = lesson_named(first)
    assert lesson is not None
    return gettext("Lesson %(number)s: %(title)s, step %(step)s", number=number_of(lesson),
                   title=lesson.title, step=int(second))


def _shown(items: list[ReviewItem]) -> list[ReviewItem]:
    """Keep the items the course still has (a lesson step or a drill level that went is skipped)."""
    kept = []
    for item in items:
        first, _, second = item.ref.partition("/")
        if item.kind == Kind.DRILL.value:
            level = parse.number_or_none(first, digits=2)
            if level is not None and 1 <= level <= drills.LEVELS:
                kept.append(item)
        else:
            lesson = lesson_named(first)
            number = parse.number_or_none(second, digits=3)
            if lesson is not None and number is not None and 1 <= number <= len(lesson.steps):
                kept.append(item)
    return kept


def due_items(learner: store.Learner | None) -> list[ReviewItem]:
    """Return the learner's items to review today, those the course still has."""
    return _shown(reviews.due_items(learner))


def _next_url(learner: store.Learner | None, current: ReviewItem) -> str:
    """Return the next due item after ``current``, or the review page when none is left."""
    for item in due_items(learner):
        if (item.kind, item.ref) != (current.kind, current.ref):
            return item_url(item)
    return url_for("lessons.review")


def _home(*, notice: LazyString | None = None, status: int = 200) -> Response:
    items = due_items(learners.current())
    return web.render("lessons/review.html", status=status, notice=notice,
                      items=[(item_url(item), _title(item)) for item in items])


@bp.get("/review/")
def review() -> Response:
    """List what is due for review today, with a start at the first item."""
    return _home()


def _count_activity(counted: bool) -> None:
    """Count a review answered today for the learner's streak (once the day's answer is counted)."""
    learner = learners.current()
    if counted and learner is not None:
        learning.record_activity(learner, "review")


# ---------------------------------------------------------------- lesson steps


def _open_step(slug: str, number: int) -> tuple[Any, Step, ReviewItem] | Response:
    """Return the lesson, the step and the learner's open review item, or the review page's refusal."""
    lesson = lesson_named(slug)
    step = lesson.steps[number - 1] if lesson is not None and 1 <= number <= len(lesson.steps) else None
    if lesson is None or step is None or not step.interactive:  # an unknown slug never reaches the database
        return _home(notice=NOT_DUE, status=404)
    item = reviews.item_of(learners.current(), Kind.STEP, reviews.step_ref(lesson.slug, number))
    if item is None or not item.open:
        return _home(notice=NOT_DUE, status=404)
    return lesson, step, item


def _render_step(lesson: Any, number: int, item: ReviewItem, *, error: str | None = None,
                 status: int = 200) -> Response:
    today = item.attempt == learning.today()
    context = step_context(lesson, number, item if today else None, error)
    context.update(
        answer_url=url_for("lessons.review_step", slug=lesson.slug, number=number),
        hint_url=url_for("lessons.review_hint", slug=lesson.slug, number=number),
        next_url=_next_url(learners.current(), item),
        counted=item.counted_today,
        t=current_words().text,
    )
    return _render_item(context, status)


def _render_item(context: dict[str, Any], status: int) -> Response:
    """Render a review item: the page, or the item alone for htmx (a refusal is in the item)."""
    code = 200 if web.is_htmx() else status
    return web.render("lessons/review_item.html", "lessons/_review_swap.html", status=code, **context)


@bp.get("/review/step/<slug>/<int:number>")
def review_step(slug: str, number: int) -> Response:
    """Show a lesson step due for review, with the feedback on today's answer."""
    found = _open_step(slug, number)
    if isinstance(found, Response):
        return found
    return _render_step(found[0], number, found[2])


@bp.post("/review/step/<slug>/<int:number>")
def review_step_answer(slug: str, number: int) -> Reply:
    """Judge a review answer to a lesson step; the day's first finished answer counts."""
    found = _open_step(slug, number)
    if isinstance(found, Response):
        return found
    lesson, step, item = found
    reviews.begin_attempt(item)
    missed = False
    if not item.solved:
        judged = judge(step, item)
        if isinstance(judged, str):
            db.session.rollback()
            return _render_step(lesson, number, item, error=judged, status=400)
        item.answer = judged.answer
        verdict = judged.verdict
        counted = False
        if verdict.correct and verdict.done:
            item.solved = True
            counted = reviews.count_review(item, right=True)
        elif not verdict.correct:
            item.misses += 1
            missed = True
            counted = reviews.count_review(item, right=False)
        _count_activity(counted)
        db.session.commit()
    url = url_for("lessons.review_step", slug=slug, number=number, _anchor="verdict" if missed else None)
    return web.after_change(url, lambda: _render_step(lesson, number, item))


@bp.post("/review/step/<slug>/<int:number>/hint")
def review_hint(slug: str, number: int) -> Reply:
    """Show a review step's hint."""
    found = _open_step(slug, number)
    if isinstance(found, Response):
        return found
    lesson, step, item = found
    if step.hint is not None:
        reviews.begin_attempt(item)
        item.hint = True
        db.session.commit()
    url = url_for("lessons.review_step", slug=slug, number=number)
    return web.after_change(url, lambda: _render_step(lesson, number, item))


# ---------------------------------------------------------------- scoring drills


def _open_drill(level: int, seed: int) -> tuple[drills.Exercise, ReviewItem] | Response:
    item = reviews.item_of(learners.current(), Kind.DRILL, reviews.drill_ref(level, seed))
    if not 1 <= level <= drills.LEVELS or not 0 <= seed <= drills.MAX_SEED or item is None or not item.open:
        return _home(notice=NOT_DUE, status=404)
    return drills.exercise(level, seed), item


def drill_context(exercise: drills.Exercise, given: tuple[int, int, bool] | None) -> dict[str, Any]:
    """Gather what ``classes/_drill.html`` shows of a drill: the game, and the verdict on ``given``
    (value, score, both right) with its computation."""
    rules = rules_for(exercise.game.game_type)
    return {
        "exercise": exercise,
        "labels": game_labels(exercise.settlement, exercise.game, matadors=False),
        "hand": rules.order(exercise.cards),
        "skat": rules.order(exercise.skat),
        "given": given,
        "explanation": explain(exercise.settlement, exercise.game) if given is not None else None,
    }


def _render_drill(exercise: drills.Exercise, item: ReviewItem, *, error: LazyString | None = None,
                  status: int = 200) -> Response:
    given = None
    if item.attempt == learning.today() and item.answer:
        value, _, score = item.answer.partition(" ")
        given = (int(value), int(score), item.solved)
    context = drill_context(exercise, given)
    context.update(
        error=error, item=item, counted=item.counted_today, next_url=_next_url(learners.current(), item),
        answer_url=url_for("lessons.review_drill", level=exercise.level, seed=exercise.seed),
    )
    return _render_item(context, status)


@bp.get("/review/drill/<int:level>/<int:seed>")
def review_drill(level: int, seed: int) -> Response:
    """Show a scoring drill due for review, with the verdict on today's answer."""
    found = _open_drill(level, seed)
    if isinstance(found, Response):
        return found
    return _render_drill(*found)


@bp.post("/review/drill/<int:level>/<int:seed>")
def review_drill_answer(level: int, seed: int) -> Reply:
    """Judge a review answer to a drill (value and score at once); the day's first answer counts."""
    found = _open_drill(level, seed)
    if isinstance(found, Response):
        return found
    exercise, item = found
    reviews.begin_attempt(item)
    if not item.answer:
        value = parse.number_or_none(request.form.get("value"), signed=True, digits=5)
        score = parse.number_or_none(request.form.get("score"), signed=True, digits=5)
        if value is None or score is None:
            db.session.rollback()
            return _render_drill(exercise, item, error=BAD_DRILL, status=400)
        right = drills.check(exercise, value=value, score=score).solved
        item.answer = f"{value} {score}"
        item.solved = right
        _count_activity(reviews.count_review(item, right=right))
        db.session.commit()
    url = url_for("lessons.review_drill", level=level, seed=seed)
    return web.after_change(url, lambda: _render_drill(exercise, item))


def note_drill_mistake(response: BaseResponse, exercise: drills.Exercise) -> BaseResponse:
    """Put a drill answered wrong in the learner's review set (a new learner if need be); commits."""
    learner = learners.current_or_new()
    reviews.record_mistake(learner, Kind.DRILL, reviews.drill_ref(exercise.level, exercise.seed))
    db.session.commit()
    return learners.remember(response, learner)
