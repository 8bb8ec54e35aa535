"""The forms a student's page sends to answer a lesson step rightly (used by the tests and bench/classroom.py)."""

from __future__ import annotations

from webapp.lessons.steps import Choose, Number, Order, Pick, Step


def right_forms(step: Step) -> list[dict[str, object]]:
    """Return the forms that answer a step rightly (an order: one card per form)."""
    solution = step.solution()
    if isinstance(step, Choose):
        return [{"option": solution}]
    if isinstance(step, Number):
        return [{"answer": solution}]
    if isinstance(step, Order):
        return [{"card": card} for card in solution.split()]
    if isinstance(step, Pick) and not step.single:
        return [{"card": solution.split()}]
    return [{"card": solution}]
