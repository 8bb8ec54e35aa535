"""What a class works through: a lesson's steps or a set of scoring drills, as numbered items.

A lesson step is the course's own step (`webapp.lessons.steps`), checked by its own `check`;
a drill is the calculator's exercise of a level and a seed (`webapp.calculator.drills`), item
``i`` of a set being the seed plus ``i``, so the same class gets the same games on any machine.
This module says what item ``i`` is, checks an answer to it, and groups first answers for the
teacher's bar chart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from webapp import parse
from webapp.calculator import drills
from webapp.lessons.course import lesson_named
from webapp.lessons.lesson import Lesson
from webapp.lessons.steps import BadAnswer, Choose, Number, Step
from webapp.storage.classes import Answer, Room

__all__ = ["MAX_DRILLS", "Item", "items", "item_of", "check_drill", "Bar", "bars", "SHOW_SOLUTION_AFTER"]

MAX_DRILLS = 20
SHOW_SOLUTION_AFTER = 3
"""Misses after which a lesson step shows its answer (as in the lessons) and the student may go on."""


@dataclass(frozen=True)
class Item:
    """One step of a class: a lesson step (``step``, numbered from 1 in its lesson) or a drill."""

    index: int
    lesson: Lesson | None = None
    number: int = 0
    drill: drills.Exercise | None = None

    @property
    def step(self) -> Step | None:
        """Return the lesson step, if this is one."""
        return self.lesson.steps[self.number - 1] if self.lesson is not None else None

    @property
    def interactive(self) -> bool:
        """Tell whether the item asks something (an explanation only asks to be read)."""
        step = self.step
        return step is None or step.interactive


def items(room: Room) -> tuple[Item, ...]:
    """Return the class's items in order (none for a class whose activity is unknown)."""
    if room.activity == "lesson":
        lesson = lesson_named(room.lesson or "")
        if lesson is None:
            return ()
        numbers = [n for n in room.steps if 1 <= n <= len(lesson.steps)]
        return tuple(Item(i, lesson=lesson, number=n) for i, n in enumerate(numbers))
    if room.activity == "drills" and room.drill_level and room.drill_seed is not None:
        count = min(room.drill_count or 0, MAX_DRILLS)
        return tuple(
            Item(i, drill=drills.exercise(room.drill_level, (room.drill_seed + i) % (drills.MAX_SEED + 1)))
            for i in range(count)
        )
    return ()


def item_of(room: Room, index: int) -> Item | None:
    """Return item ``index`` of the class, or None."""
    found = items(room)
    return found[index] if 0 <= index < len(found) else None


def check_drill(drill: drills.Exercise, value_text: str | None, score_text: str | None) -> tuple[str, bool]:
    """Return a drill answer as text (``value score``) and whether both numbers are right.

    Raises `BadAnswer` when either is not a whole number.
    """
    value = parse.number_or_none(value_text, signed=True, digits=5)
    score = parse.number_or_none(score_text, signed=True, digits=5)
    if value is None or score is None:
        raise BadAnswer(f"{value_text} {score_text}")
    return f"{value} {score}", drills.check(drill, value=value, score=score).solved


def may_go_on(item: Item, answer: Answer | None) -> bool:
    """Tell whether a self-paced student may go on from ``item``: read, solved, shown or answered."""
    if not item.interactive:
        return True
    if answer is None:
        return False
    if item.drill is not None:
        return bool(answer.first)
    return answer.solved or answer.misses >= SHOW_SOLUTION_AFTER


def stuck(item: Item, answer: Answer | None) -> bool:
    """Tell whether a student is stuck on a lesson step: missed twice and not solved."""
    return item.step is not None and answer is not None and not answer.solved and answer.misses >= 2


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar of the chart: an answer as first given, how many gave it, and whether it is right."""

    answer: str
    count: int
    correct: bool


def bars(answers: Sequence[Answer], limit: int = 8) -> tuple[Bar, ...]:
    """Group the first answers: the most frequent first, the right one always among them."""
    given = [a for a in answers if a.first]
    counts = Counter(a.first for a in given)
    right = {a.first for a in given if a.first_correct}
    ordered = sorted(counts, key=lambda text: (-counts[text], text))
    shown = ordered[:limit]
    for text in ordered[limit:]:
        if text in right:
            shown[-1] = text
    return tuple(Bar(text, counts[text], text in right) for text in shown)


def option_index(step: Step, text: str) -> int | None:
    """Return the option a choice's answer names, if it is one (for its label on the chart)."""
    if not isinstance(step, Choose):
        return None
    number = parse.number_or_none(text, digits=2)
    return number if number is not None and number < len(step.options) else None


def is_number_step(step: Step | None) -> bool:
    """Tell whether the step's answers are numbers (written in the locale's format)."""
    return isinstance(step, Number)
