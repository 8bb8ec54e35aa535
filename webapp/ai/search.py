"""The strong card play and the search hints: sampled (or all) worlds solved with open hands.

For each world that fits the seat's view, each of the seat's cards is judged by null-window
searches at the thresholds that matter: does the declarer reach 61 (the win), and then 90
(Schneider) or 31 (out of Schneider); in Null, does the declarer stay clean. The card with the
best total over the worlds is played. The search is bounded by a node budget per decision (a
count, so the decision stays deterministic); when the budget is spent before the first world
is done, the rules of thumb decide.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final

from webapp.engine.actions import Play
from webapp.engine.cards import DECK, Card
from webapp.engine.game import SeatView
from webapp.engine.rules import GameType, rules_for

from .heuristics import play_card
from .hints import Hint, HintReason
from .solver import THRESHOLDS, PySolver, SearchLimit, Solver, SolverPosition, get_solver
from .worlds import World, all_worlds, sample_worlds

__all__ = [
    "SearchSettings",
    "PY_SETTINGS",
    "COMPILED_SETTINGS",
    "settings_for",
    "strong_card",
    "card_hint",
    "Judgement",
    "judge",
]


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How much a decision may search (per solver implementation)."""

    worlds: tuple[int, ...]
    """Sampled worlds per decision, by the number of cards the player holds (index 0..10);
    0 means: no search, rules of thumb."""
    node_budget: int
    """Solver nodes per decision, all worlds together."""
    exact_worlds: int
    """A hint enumerates every fitting world when there are at most this many."""
    exact_hand: int
    """Break ties by exact card points when the player holds at most this many cards."""


PY_SETTINGS: Final = SearchSettings(
    worlds=(0, 16, 16, 16, 12, 8, 4, 0, 0, 0, 0),
    node_budget=40_000,
    exact_worlds=24,
    exact_hand=3,
)
"""Settings for the pure-Python solver (p95 ≤ 500 ms a decision on a 2-core machine)."""

COMPILED_SETTINGS: Final = SearchSettings(
    worlds=(0, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16),
    node_budget=5_000_000,
    exact_worlds=200,
    exact_hand=6,
)
"""Settings for the compiled solver (at least 16 worlds at every trick)."""


def settings_for(solver: Solver) -> SearchSettings:
    """Return the settings that suit a solver implementation."""
    return PY_SETTINGS if isinstance(solver, PySolver) else COMPILED_SETTINGS


# Outcome levels of a card in one world, for the declarer: lost Schneider, lost, won, won
# Schneider (Null: caught, clean). The declarer's utility of each level; defenders use 5 − it.
_UTILITY: Final = (0, 1, 4, 5)
_NULL_UTILITY: Final = (0, 5)


def _groups(view: SeatView, legal: list[Card]) -> list[list[Card]]:
    """Return the seat's legal cards grouped into cards that are equivalent in every world.

    Two cards are equivalent when they are of one suit class, every card between them is gone
    (played, or in a skat this seat knows) and, outside Null, they have the same card points.
    """
    game = view.game_type
    assert game is not None
    rules = rules_for(game)
    null = game is GameType.NULL
    gone = 0
    for trick in view.tricks:
        for card in trick.cards:
            gone |= card.bit
    if view.laid_away is not None:
        gone |= view.laid_away.mask
    legal_mask = sum(card.bit for card in legal)
    strength = _strengths(game)
    groups: list[list[Card]] = []
    by_class: dict[int, list[Card]] = {}
    for card in DECK:
        if gone & card.bit:
            continue
        by_class.setdefault(int(rules.follows(card)), []).append(card)
    for cards in by_class.values():
        cards.sort(key=lambda card: strength[card.index])
        run: list[Card] = []
        for card in cards:
            if legal_mask & card.bit and run and (null or run[-1].points == card.points):
                run.append(card)
                continue
            if run:
                groups.append(run)
            run = [card] if legal_mask & card.bit else []
        if run:
            groups.append(run)
    return groups


_STRENGTHS: dict[GameType, tuple[int, ...]] = {}


def _strengths(game: GameType) -> tuple[int, ...]:
    cached = _STRENGTHS.get(game)
    if cached is None:
        rules = rules_for(game)
        ranks = []
        for card in DECK:
            ranks.append(
                sum(
                    1
                    for other in DECK
                    if rules.follows(other) is rules.follows(card)
                    and rules.winner_index([other.index, card.index]) == 1
                    and other is not card
                )
            )
        cached = _STRENGTHS[game] = tuple(ranks)
    return cached


def _level(solver: Solver, before: SolverPosition, card: int) -> int:
    """Return the outcome level after ``card`` in one world (see `_UTILITY`)."""
    after = before.play(card)
    if before.game_type is GameType.NULL:
        if len(before.trick) == 2 and after.leader == before.declarer:
            return 0
        return 1 if solver.reaches(after, 0) else 0
    if solver.reaches(after, THRESHOLDS[1]):
        return 3 if solver.reaches(after, THRESHOLDS[2]) else 2
    return 1 if solver.reaches(after, THRESHOLDS[0]) else 0


@dataclass(slots=True)
class Judgement:
    """The cards judged over a set of worlds: outcome levels and exact points per card group."""

    groups: list[list[Card]]
    declarer_side: bool
    null: bool
    levels: list[list[int]] = field(default_factory=list)
    """Per finished world, the outcome level of each group."""
    points: list[list[int]] = field(default_factory=list)
    """Per finished world, the declarer's final card points after each group (if computed)."""

    def utility(self, group: int) -> int:
        """Return the total utility of a group for the seat (higher: better)."""
        table = _NULL_UTILITY if self.null else _UTILITY
        total = sum(table[levels[group]] for levels in self.levels)
        return total if self.declarer_side else 5 * len(self.levels) - total

    def wins(self, group: int) -> int:
        """Return in how many worlds the group wins the game for the seat's side."""
        winning = 1 if self.null else 2
        count = sum(1 for levels in self.levels if levels[group] >= winning)
        return count if self.declarer_side else len(self.levels) - count

    def point_score(self, group: int) -> int:
        """Return the total card points for the seat's side after the group (0 if unknown)."""
        total = sum(points[group] for points in self.points)
        if self.declarer_side:
            return total
        return 120 * len(self.points) - total

    def best(self) -> list[int]:
        """Return the groups with the best utility, then the best card points."""
        keys = [(self.utility(g), self.point_score(g)) for g in range(len(self.groups))]
        top = max(keys)
        return [g for g, key in enumerate(keys) if key == top]


def judge(
    view: SeatView,
    worlds: list[World],
    solver: Solver,
    settings: SearchSettings,
    legal: list[Card],
) -> Judgement:
    """Judge every legal card group in as many worlds as the node budget allows."""
    groups = _groups(view, legal)
    declarer = view.declarer
    game = view.game_type
    assert declarer is not None and game is not None
    judgement = Judgement(
        groups, view.position == declarer, game is GameType.NULL
    )
    exact = len(view.hand) <= settings.exact_hand and game is not GameType.NULL
    try:
        for world in worlds:
            pos = world.position(view)
            levels = [_level(solver, pos, group[-1].index) for group in groups]
            judgement.levels.append(levels)
        if exact:
            for world in worlds:
                pos = world.position(view)
                judgement.points.append(
                    [solver.value(pos.play(group[-1].index)) for group in groups]
                )
    except SearchLimit:
        if len(judgement.points) < len(judgement.levels):
            judgement.points.clear()
    return judgement


def _rng(view: SeatView, seed: int) -> random.Random:
    played = sum(len(trick.cards) for trick in view.tricks) + len(view.current_trick.cards)
    return random.Random(f"kiebitz:{seed}:{int(view.position)}:{played}")


def _pick(judgement: Judgement, choices: list[int], preferred: Card) -> Card:
    """Return the preferred card if it is in one of the chosen groups, else the strongest one."""
    for g in choices:
        if preferred in judgement.groups[g]:
            return preferred
    return judgement.groups[choices[0]][-1]


def strong_card(view: SeatView, seed: int) -> Hint:
    """Return the strong player's card: the best total over sampled worlds (see the module)."""
    fallback = play_card(view)
    game = view.game_type
    legal = [action.card for action in view.legal_actions if isinstance(action, Play)]
    if len(legal) <= 1 or game is None or game is GameType.RAMSCH or view.declarer is None:
        return fallback
    solver = get_solver()
    settings = settings_for(solver)
    count = settings.worlds[len(view.hand)]
    if not count:
        return fallback
    solver.node_limit = settings.node_budget
    worlds = sample_worlds(view, count, _rng(view, seed))
    judgement = judge(view, worlds, solver, settings, legal)
    if not judgement.levels:
        return fallback
    best = judgement.best()
    preferred = fallback.action.card if isinstance(fallback.action, Play) else legal[0]
    card = _pick(judgement, best, preferred)
    wins = judgement.wins(next(g for g in best if card in judgement.groups[g]))
    if card is preferred:
        return fallback
    percent = round(100 * wins / len(judgement.levels))
    return Hint(Play(card), HintReason.BEST_CHANCE, cards=(card,), value=percent)


def card_hint(view: SeatView, seed: int) -> Hint:
    """Return a card hint: from the search when it tells the cards apart, else the principle."""
    fallback = play_card(view)
    game = view.game_type
    legal = [action.card for action in view.legal_actions if isinstance(action, Play)]
    if len(legal) <= 1 or game is None or game is GameType.RAMSCH or view.declarer is None:
        return fallback
    solver = get_solver()
    settings = settings_for(solver)
    count = settings.worlds[len(view.hand)]
    if not count:
        return fallback
    solver.node_limit = settings.node_budget
    exact = all_worlds(view, settings.exact_worlds)
    worlds = exact if exact is not None else sample_worlds(view, count, _rng(view, seed))
    judgement = judge(view, worlds, solver, settings, legal)
    if exact is not None and len(judgement.levels) < len(exact):
        exact = None  # the budget ran out: nothing can be claimed for every world
    if not judgement.levels:
        return fallback
    count = len(judgement.levels)
    wins = [judgement.wins(g) for g in range(len(judgement.groups))]
    preferred = fallback.action.card if isinstance(fallback.action, Play) else legal[0]
    if exact is not None:
        sure = [g for g, won in enumerate(wins) if won == count]
        if len(sure) == len(wins):
            card = _pick(judgement, judgement.best(), preferred)
            return _with_alternatives(
                Hint(Play(card), HintReason.ALL_CARDS_WIN, cards=(card,)), judgement, card
            )
        if sure:
            cards = tuple(
                sorted((c for g in sure for c in judgement.groups[g]), key=lambda c: -c.index)
            )
            choices = _best_of(judgement, sure)
            card = _pick(judgement, choices, preferred)
            return Hint(Play(card), HintReason.ONLY_WINNING_CARDS, cards=cards)
        if not any(wins):
            card = _pick(judgement, judgement.best(), preferred)
            return _with_alternatives(
                Hint(Play(card), HintReason.ALL_CARDS_LOSE, cards=(card,)), judgement, card
            )
    if len(set(wins)) == 1:
        return fallback
    best = judgement.best()
    card = _pick(judgement, best, preferred)
    group = next(g for g in best if card in judgement.groups[g])
    percent = round(100 * wins[group] / count)
    return Hint(Play(card), HintReason.BEST_CHANCE, cards=(card,), value=percent)


def _best_of(judgement: Judgement, groups: list[int]) -> list[int]:
    keys = {g: (judgement.utility(g), judgement.point_score(g)) for g in groups}
    top = max(keys.values())
    return [g for g in groups if keys[g] == top]


def _with_alternatives(hint: Hint, judgement: Judgement, card: Card) -> Hint:
    """Add the other cards that are exactly as good as the hinted one."""
    best = judgement.best()
    others = tuple(
        Play(other)
        for g in best
        for other in judgement.groups[g]
        if other is not card
    )
    return Hint(hint.action, hint.reason, hint.cards, hint.value, hint.game, others)
