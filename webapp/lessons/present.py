"""Presentation mode for lesson steps: the question on the projector, then the answer.

``/<lang>/learn/<lesson>/<step>/present`` shows the step's question alone, large;
``?answer=1`` (or Enter, or → with JavaScript) shows the answer and how to find it. Nothing
is stored: a presentation is not a learner's progress.

`step_context` gives a template everything ``lessons/_present_step.html`` needs, so another
area (a class on the projector) can show a step without this blueprint.
"""

from __future__ import annotations

from typing import Any

from flask import Response, request, url_for

from webapp import web

from .steps import Step
from .views import _lesson_or_404, _step_context, _step_or_404, bp


def step_url(slug: str, number: int, *, answer: bool = False) -> str:
    """Return the URL of the presentation of step ``number`` (from 1), with or without the answer."""
    if answer:
        return url_for("lessons.present", slug=slug, number=number, answer=1)
    return url_for("lessons.present", slug=slug, number=number)


def step_context(slug: str, number: int, *, answer: bool) -> dict[str, Any]:
    """Return what ``lessons/_present_step.html`` shows of step ``number`` (from 1) of a lesson.

    ``answer`` shows the answer: the right option or cards, the number, and the step's hint as
    the way to find it. Aborts with 404 for an unknown lesson or step.
    """
    lesson = _lesson_or_404(slug)
    step = _step_or_404(lesson, number)
    context = reveal(_step_context(lesson, number, None), step, answer=answer,
                     reveal_url=step_url(slug, number, answer=True))
    context.update(
        back_url=step_url(slug, number - 1) if number > 1 else None,
        forward_url=step_url(slug, number + 1) if number < len(lesson.steps) else None,
    )
    return context


def reveal(context: dict[str, Any], step: Step, *, answer: bool, reveal_url: str) -> dict[str, Any]:
    """Turn a step's context into a slide's: the question alone, or with ``answer`` the answer too.

    ``reveal_url`` is the slide with the answer (the link while it is hidden). Another area (a
    class's projector) calls this on `webapp.lessons.views.context_of_step` and sets ``where``
    (the line above the question), ``back_url`` and ``forward_url`` itself.
    """
    revealed = answer and step.interactive
    context.update(
        revealed=revealed,
        solved=revealed,
        show_solution=False,
        verdict=None,
        reveal_url=reveal_url if step.interactive and not revealed else None,
        back_url=None,
        forward_url=None,
    )
    return context


@bp.get("/<slug>/<int:number>/present")
def present(slug: str, number: int) -> Response:
    """Show a lesson step on the projector: the question, and with ``?answer=1`` the answer."""
    context = step_context(slug, number, answer=request.args.get("answer") == "1")
    return web.render("lessons/present.html", "lessons/_present_step.html",
                      leave_url=url_for("lessons.step", slug=slug, number=number), **context)
