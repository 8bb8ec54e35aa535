"""A lesson: its place in the course, its title, and its steps."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import LazyString

from .concepts import Concept
from .steps import Step

__all__ = ["Lesson", "stars_for"]


@dataclass(frozen=True)
class Lesson:
    """One lesson of the course; ``slug`` is its stable name in URLs and in the database."""

    slug: str
    title: LazyString
    summary: LazyString
    steps: tuple[Step, ...]
    teaches: frozenset[Concept] = frozenset()
    """The concepts this lesson brings in: no earlier step may use them."""

    def __post_init__(self) -> None:
        if not 5 <= len(self.steps) <= 12:
            raise ValueError(f"lesson {self.slug} has {len(self.steps)} steps, not 5 to 12")

    @property
    def questions(self) -> int:
        """Return how many steps ask the learner something."""
        return sum(step.interactive for step in self.steps)


def stars_for(mistakes: int) -> int:
    """Return the stars for a finished lesson: 3 without a mistake, 2 for one or two, else 1."""
    if mistakes == 0:
        return 3
    if mistakes <= 2:
        return 2
    return 1
