"""The kinds of lesson step, each able to check an answer and explain a wrong one.

An answer travels as text (a form field, a database column): a choice's number, cards in the
engine's notation (``CJ SJ``), a whole number, or one card. `Step.check` parses it: text that no
honest form can send raises `BadAnswer`, a wrong answer gives a `Verdict` with its reason, which
never names the right answer (the page shows that after the third miss).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from webapp import parse
from webapp.engine import Card, CardSet, GameState, GameType, Position
from webapp.i18n import lazy_gettext as _

from .goals import (
    CardPoints,
    Count,
    DeclarerTakesTrick,
    GameValue,
    GivePoints,
    LeadTrump,
    LegalCards,
    Matadors,
    NextBid,
    PointsAtLeast,
    RamschScore,
    RankOrder,
    SideWins,
    StayUnder,
    SuitCards,
    TakeTrick,
    TheCard,
    TrickWinner,
    Trumps,
    WinTrick,
)
from .text import Say, say

__all__ = [
    "BadAnswer",
    "Verdict",
    "Row",
    "Step",
    "Explain",
    "Option",
    "Choose",
    "Pick",
    "Order",
    "Number",
    "PlayCard",
    "parse_cards",
]


class BadAnswer(ValueError):
    """An answer no form of this step can send: refused, nothing changes."""


@dataclass(frozen=True)
class Verdict:
    """The result of checking an answer; ``done`` is False while an order is half built."""

    correct: bool
    why: Say | None = None
    """Why the answer is wrong, never naming the right one."""
    done: bool = True
    worked: Say | None = None
    """The answer worked out (a number step): shown with the answer after the third miss."""


RIGHT = Verdict(True)


@dataclass(frozen=True)
class Row:
    """A row of cards to look at, with an optional caption; ``deck`` fixes the deck (lesson 1)."""

    cards: tuple[Card, ...]
    caption: Say | None = None
    deck: object | None = None
    points: bool = False
    """Write each card's points under it."""


def parse_cards(answer: str, allowed: CardSet) -> tuple[Card, ...]:
    """Return the cards written in ``answer``; refuse unknown, repeated or foreign cards."""
    try:
        return parse.cards(answer.split(), allowed)
    except parse.Refused:
        raise BadAnswer(answer) from None


@dataclass(frozen=True, kw_only=True)
class Step:
    """What every step has: its text, cards to look at, and a hint."""

    text: Say
    rows: tuple[Row, ...] = ()
    hint: Say | None = None
    kind: ClassVar[str] = "explain"

    @property
    def interactive(self) -> bool:
        """Tell whether the learner must answer to go on."""
        return self.kind != "explain"

    def check(self, answer: str) -> Verdict:
        """Return whether ``answer`` is right, and why not."""
        return RIGHT

    def solution(self) -> str:
        """Return the right answer as answer text."""
        return ""


@dataclass(frozen=True, kw_only=True)
class Explain(Step):
    """A few sentences with cards; the learner reads and goes on."""


@dataclass(frozen=True)
class Option:
    """One answer of a choice; ``why`` explains it when it is wrong (None: it is right)."""

    label: Say
    why: Say | None = None

    @property
    def correct(self) -> bool:
        """Tell whether this is the right answer."""
        return self.why is None


@dataclass(frozen=True, kw_only=True)
class Choose(Step):
    """One answer out of a few."""

    options: tuple[Option, ...]
    kind: ClassVar[str] = "choose"

    def __post_init__(self) -> None:
        if sum(option.correct for option in self.options) != 1:
            raise ValueError("a choice has exactly one right option")

    def check(self, answer: str) -> Verdict:
        try:
            option = self.options[parse.number(answer, high=len(self.options) - 1, digits=2)]
        except parse.Refused:
            raise BadAnswer(answer) from None
        return RIGHT if option.correct else Verdict(False, option.why)

    def solution(self) -> str:
        return str(next(i for i, option in enumerate(self.options) if option.correct))


@dataclass(frozen=True, kw_only=True)
class Pick(Step):
    """Click cards: every trump, the legal cards, the winning card, a named card.

    ``trick`` is a trick already on the table (shown, not pickable) for `LegalCards` and `TakeTrick`;
    for `TrickWinner` the pickable cards themselves are the trick, first card led.
    """

    cards: tuple[Card, ...]
    goal: Trumps | SuitCards | TheCard | PointsAtLeast | LegalCards | TrickWinner | TakeTrick
    kind: ClassVar[str] = "pick"

    @property
    def single(self) -> bool:
        """Tell whether exactly one card is to be picked."""
        return self.goal.single

    @property
    def shown(self) -> CardSet:
        """Return the pickable cards as a set."""
        return CardSet(self.cards)

    def answer(self) -> CardSet:
        """Return the cards to pick, from the engine."""
        goal = self.goal
        if isinstance(goal, TrickWinner):
            return goal.answer(self.shown, self.cards)
        return goal.answer(self.shown)

    def check(self, answer: str) -> Verdict:
        picked = CardSet(parse_cards(answer, self.shown))
        if self.single and len(picked) > 1:
            raise BadAnswer(answer)
        right = self.answer()
        if picked == right:
            return RIGHT
        if not picked:
            return Verdict(False, say(_("Pick at least one card.")))
        goal = self.goal
        wrong = picked - right
        if isinstance(goal, TrickWinner):
            return Verdict(False, goal.why_trick(next(iter(wrong)), self.cards))
        if wrong:
            card, was_picked = self._first(wrong), True
        else:
            card, was_picked = self._first(right - picked), False
        if isinstance(goal, LegalCards | TakeTrick):
            return Verdict(False, goal.why(card, was_picked, self.shown))
        return Verdict(False, goal.why(card, was_picked))

    def _first(self, cards: CardSet) -> Card:
        """Return the first of ``cards`` in the order they are shown."""
        return next(card for card in self.cards if card in cards)

    def solution(self) -> str:
        return " ".join(str(card) for card in self.cards if card in self.answer())


@dataclass(frozen=True, kw_only=True)
class Order(Step):
    """Put cards in rank order by clicking them from the highest down."""

    cards: tuple[Card, ...]
    goal: RankOrder
    kind: ClassVar[str] = "order"

    def answer(self) -> tuple[Card, ...]:
        """Return the cards highest first, from the engine."""
        return self.goal.answer(CardSet(self.cards))

    def check(self, answer: str) -> Verdict:
        placed = parse_cards(answer, CardSet(self.cards))
        if not placed:
            raise BadAnswer(answer)
        right = self.answer()
        for index, card in enumerate(placed):
            if card is not right[index]:
                return Verdict(False, self.goal.why(card, right[index]))
        return Verdict(True, done=len(placed) == len(right))

    def solution(self) -> str:
        return " ".join(map(str, self.answer()))


@dataclass(frozen=True, kw_only=True)
class Number(Step):
    """Type a number: card points, a game value, the next bid."""

    goal: CardPoints | Count | GameValue | NextBid | Matadors | RamschScore
    label: Say
    kind: ClassVar[str] = "number"

    def check(self, answer: str) -> Verdict:
        try:
            given = parse.number(answer, signed=True, digits=6)
        except parse.Refused:
            raise BadAnswer(answer) from None
        if given == self.goal.answer():
            return RIGHT
        return Verdict(False, self.goal.why(given), worked=self.goal.worked(given))

    def solution(self) -> str:
        return str(self.goal.answer())


@dataclass(frozen=True, kw_only=True)
class PlayCard(Step):
    """Play a card in a position written in the engine's game notation, to reach a goal."""

    position: str
    goal: WinTrick | GivePoints | DeclarerTakesTrick | StayUnder | LeadTrump | SideWins
    kind: ClassVar[str] = "play"
    _state: list[GameState] = field(default_factory=list, compare=False, repr=False)

    @property
    def state(self) -> GameState:
        """Return the position (parsed once)."""
        if not self._state:
            self._state.append(GameState.parse(self.position))
        return self._state[0]

    @property
    def me(self) -> Position:
        """Return the learner's position: the player to act."""
        player = self.state.to_act
        assert player is not None
        return player

    @property
    def game_type(self) -> GameType:
        """Return the game being played."""
        game = self.state.game_type
        assert game is not None
        return game

    def check(self, answer: str) -> Verdict:
        cards = parse_cards(answer, self.state.hand(self.me))
        if len(cards) != 1:
            raise BadAnswer(answer)
        why = self.goal.check(self.state, cards[0])
        return RIGHT if why is None else Verdict(False, why)

    def good_cards(self) -> list[Card]:
        """Return every card that meets the goal."""
        return self.goal.good_cards(self.state)

    def solution(self) -> str:
        return str(self.good_cards()[0])
