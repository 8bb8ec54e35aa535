"""What a class works through: a lesson's steps, scoring drills, a practice deal or a position question.

A lesson step is the course's own step (`webapp.lessons.steps`), checked by its own `check`;
a drill is the calculator's exercise of a level and a seed (`webapp.calculator.drills`), item
``i`` of a set being the seed plus ``i``, so the same class gets the same games on any machine.
A practice deal is one item: each student plays their own copy of the deal from the same seat
against the same computer players (`webapp.practice.table`). A position question is one item
too: a lessons' play step (`PlayCard`) written from a position of a deal, "which card would you
play here?", whose goal (`GOALS`) knows the right cards and why another card is wrong.
This module says what item ``i`` is, checks an answer to it, and groups first answers for the
teacher's bar chart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from webapp import parse
from webapp.calculator import drills
from webapp.engine import Deal, GameState, GameType, Play, Position
from webapp.i18n import lazy_gettext as _
from webapp.lessons import goals
from webapp.lessons.course import lesson_named
from webapp.lessons.lesson import Lesson
from webapp.lessons.steps import BadAnswer, Choose, Number, PlayCard, Step
from webapp.lessons.text import Say, say
from webapp.practice import table
from webapp.practice.players import LEVELS
from webapp.storage.classes import Answer, Room
from webapp.tables.model import advance

__all__ = [
    "MAX_DRILLS", "Item", "ClassDeal", "GOALS", "items", "item_of", "check_drill", "Bar", "bars",
    "SHOW_SOLUTION_AFTER", "question", "position_of", "deal_result",
]

MAX_DRILLS = 20
SHOW_SOLUTION_AFTER = 3
"""Misses after which a lesson step shows its answer (as in the lessons) and the student may go on."""


@dataclass(frozen=True, slots=True)
class ClassDeal:
    """A practice deal the whole class plays: the deal's number, everyone's seat, the computer players."""

    seed: int
    seat: Position
    level: str

    def start(self) -> GameState:
        """Return a student's copy before their first decision (the same for everyone)."""
        return table.start(self.seed, self.seat, self.level)

    def advance(self, state: GameState) -> GameState:
        """Let the computer players answer up to the student's next decision."""
        return table.advance(state, self.seat, self.level, self.seed)


@dataclass(frozen=True)
class Item:
    """One step of a class: a lesson step (``step``, numbered from 1), a drill, a deal or a question."""

    index: int
    lesson: Lesson | None = None
    number: int = 0
    drill: drills.Exercise | None = None
    deal: ClassDeal | None = None
    question: PlayCard | None = None

    @property
    def step(self) -> Step | None:
        """Return the lesson step or the position question, if this is one."""
        if self.question is not None:
            return self.question
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
    if (room.activity == "deal" and room.deal_seed is not None and room.deal_seat in (0, 1, 2)
            and room.deal_level in LEVELS):
        return (Item(0, deal=ClassDeal(room.deal_seed, Position(room.deal_seat), room.deal_level)),)
    if room.activity == "question" and room.position and room.goal in GOALS:
        found = question(room.position, room.goal)
        return () if found is None else (Item(0, question=found),)
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
    if item.drill is not None or item.deal is not None or item.question is not None:
        return bool(answer.first)
    return answer.solved or answer.misses >= SHOW_SOLUTION_AFTER


def stuck(item: Item, answer: Answer | None) -> bool:
    """Tell whether a student is stuck on a lesson step: missed twice and not solved."""
    return (item.lesson is not None and answer is not None and not answer.solved
            and answer.misses >= 2)


# ----------------------------------------------------------------------------- position questions


@dataclass(frozen=True)
class Goal:
    """What a position question asks for: the lessons' play goal and the question put to the class."""

    goal: goals.WinTrick | goals.GivePoints | goals.DeclarerTakesTrick | goals.StayUnder | goals.LeadTrump \
        | goals.SideWins
    text: Say
    label: object
    """The teacher's name for it, in the new class form."""
    declarer: bool | None = None
    """Only for the declarer (True), only for a defender (False), or for anyone (None)."""
    null: bool | None = None
    """Only in a Null game (True), only in a trump game (False), or in any game."""
    leads: bool = False
    """Only when the player to act leads the trick."""

    def fits(self, state: GameState) -> bool:
        """Tell whether the question can be asked of the player to act in ``state``."""
        me, declarer = state.to_act, state.declarer
        if me is None or declarer is None or state.game_type is None:
            return False
        if self.declarer is not None and (me == declarer) != self.declarer:
            return False
        if self.null is not None and (state.game_type is GameType.NULL) != self.null:
            return False
        if self.leads and state.current_trick.cards:
            return False
        return bool(self.goal.good_cards(state))


GOALS: dict[str, Goal] = {
    "win": Goal(goals.WinTrick(), say(_("Which card would you play here? Take this trick yourself, whatever the others play.")),
                _("Take the trick yourself")),
    "side": Goal(goals.SideWins(), say(_("Which card would you play here? You defend: make sure your side takes this trick, whatever the declarer plays.")),
                 _("A defender: the side takes the trick"), declarer=False),
    "points": Goal(goals.GivePoints(), say(_("Which card would you play here? You defend: let your side take this trick and give as many card points as you can.")),
                   _("A defender: give the partner points"), declarer=False),
    "trump": Goal(goals.LeadTrump(), say(_("Which card would you play here? You are the declarer and lead: draw the defenders' trumps.")),
                  _("The declarer leads a trump"), declarer=True, null=False, leads=True),
    "under": Goal(goals.StayUnder(), say(_("Which card would you play here? You play Null: do not take this trick, whatever the defenders play.")),
                  _("Null: the declarer stays under"), declarer=True, null=True),
    "force": Goal(goals.DeclarerTakesTrick(), say(_("Which card would you play here? You defend a Null: force the declarer to take this trick.")),
                  _("Null: make the declarer take the trick"), declarer=False, null=True),
}
"""The questions a teacher can ask of a position, by their key in the class's row."""


def question(position: str, goal: str) -> PlayCard | None:
    """Return the question ``goal`` asked of the position written in game notation, or None if it does not fit."""
    try:
        state = GameState.parse(position)
    except ValueError:  # also IllegalAction: a notation the engine no longer reads
        return None
    asked = GOALS[goal]
    if not asked.fits(state):
        return None
    return PlayCard(text=asked.text, position=position, goal=asked.goal)


def position_of(game: GameState, played: int) -> GameState | None:
    """Return the position of ``game`` before its card number ``played`` + 1 (counted from 0), or None."""
    seen = 0
    for index, action in enumerate(game.actions):
        if isinstance(action, Play):
            if seen == played:
                return GameState.replay(game.deal, game.actions[:index], game.options)
            seen += 1
    return None


def played_out(seed: int, level: str) -> GameState:
    """Return deal ``seed`` played out by computer players in every seat (as its presentation does)."""
    return advance(GameState.new(Deal.from_seed(seed)), (), level=level, seed=seed, choose=table.computer)


def deal_result(state: GameState, seat: Position) -> tuple[str, bool] | None:
    """Return how a finished hand ended for ``seat``'s side (``won``, ``lost``, ``passed``) and whether it won."""
    if not state.finished:
        return None
    settlement = state.settlement
    if settlement is None or state.declarer is None:
        return "passed", False
    won = bool(getattr(settlement, "won", False))
    if seat != state.declarer:
        won = not won
    return ("won" if won else "lost"), won


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
