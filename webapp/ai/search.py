"""The strong card play and the search hints: sampled (or all) worlds solved with open hands.

For each world that fits the seat's view, each of the seat's cards is judged by null-window
searches at the thresholds that matter: does the declarer reach what wins this game in this
world (61, or Schneider or every trick when announced or when only that reaches the bid: the
matadors count the world's skat), and then, where 61 wins, 90 (Schneider) or 31 (out of
Schneider), and whether the win or the loss is clear by `MARGIN` points (a defender who
cannot beat the game with open hands still keeps the declarer's win narrow, where a declarer
who sees fewer cards may yet go wrong); in Null, does the declarer stay clean. The card with
the best total over the worlds is played. The search is bounded by a node budget per decision (a
count, so the decision stays deterministic); when the budget is spent before the first world
is done, the rules of thumb decide.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from webapp.engine.actions import Kontra, Play, Re
from webapp.engine.cards import DECK, Card
from webapp.engine.view import SeatView
from webapp.engine.rules import GameType, rules_for

from .heuristics import doubling_choice, play_card
from .hints import Hint, HintReason
from .ranks import class_ranks
from .solver import (
    THRESHOLDS,
    Question,
    SearchLimit,
    Solver,
    SolverPosition,
    get_solver,
    target_of,
    threshold_for,
)
from .worlds import World, all_worlds, sample_worlds

__all__ = [
    "SearchSettings",
    "SETTINGS",
    "settings_for",
    "world_thresholds",
    "reaches_in_worlds",
    "strong_card",
    "strong_play",
    "strong_doubling",
    "declarer_share",
    "KONTRA_BELOW",
    "RE_ABOVE",
    "Judgement",
    "judge",
]


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How much a decision may search (per solver implementation)."""

    worlds: tuple[int, ...]
    """Sampled worlds per decision, by the number of cards the player holds (index 0..10);
    0 means: no search, rules of thumb."""
    defender_worlds: tuple[int, ...]
    """The same for a defender: from the second trick half as many again, for a defender places
    the declarer's cards and the skat among more unknowns (at the first trick they would cost
    more time than a move may take)."""
    node_budget: int
    """Solver nodes per decision, all worlds together."""
    tiebreak_budget: int
    """Of those, the most the tie-breaks (Schneider, exact card points) may use after the wins:
    they refine a choice already made, so a hard decision keeps its time for the worlds."""
    exact_worlds: int
    """A hint enumerates every fitting world when there are at most this many."""
    margin_hand: int
    """Break ties by the margin (see `_margin_question`) when the player holds at most this
    many cards: at the first trick the question would cost more time than it is worth."""
    exact_hand: int
    """Break ties by exact card points when the player holds at most this many cards."""


SETTINGS: Final = SearchSettings(
    worlds=(0, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16),
    defender_worlds=(0, 24, 24, 24, 24, 24, 24, 24, 24, 24, 16),
    node_budget=24_000_000,
    tiebreak_budget=24_000_000,
    exact_worlds=200,
    margin_hand=9,
    exact_hand=6,
)
"""The settings of every decision, whichever solver answers: 16 worlds at every trick, 24 for a
defender from the second trick.

A seed must replay the same decisions on every machine, and the two solvers count their nodes
differently, so no decision may depend on where a node budget ends: the budgets are a safety
net far above what a decision needs (with the compiled solver the hardest of 150 first-trick
decisions needed 9.1 million nodes, the 95th percentile 3.1 million: about 135 ms on two
cores). The pure-Python solver gives the same answers, only more slowly.
"""


def settings_for(solver: Solver) -> SearchSettings:
    """Return the settings of a decision (the same for every solver implementation)."""
    return SETTINGS


def world_thresholds(view: SeatView, worlds: list[World]) -> list[int | None]:
    """Return, per world, the threshold that wins the game there (None: nothing wins).

    The matadors, and so what wins, depend on the world's skat in a hand game and, for a
    defender, on the cards the declarer laid away.
    """
    contract = view.contract
    declarer = view.declarer
    assert contract is not None and declarer is not None
    played = view.played_by(declarer).mask
    return [
        threshold_for(target_of(contract, view.bid, world.hands[declarer] | played | world.skat))
        for world in worlds
    ]


def reaches_in_worlds(
    solver: Solver,
    positions: list[SolverPosition],
    thresholds: list[int | None],
    cards: list[int | None],
) -> list[list[bool]]:
    """Return, per world, whether the declarer wins after each card (None: as it stands).

    Where nothing wins (threshold None) every answer is no, without a search. The worlds
    answered are the first ones the node budget allows (see `Solver.reaches_after`).
    """
    asked: list[list[Question]] = [
        [] if threshold is None else [(card, threshold) for card in cards]
        for threshold in thresholds
    ]
    answers = solver.reaches_after(positions, asked)
    return [
        row if threshold is not None else [False] * len(cards)
        for row, threshold in zip(answers, thresholds)
    ]


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
    if view.skat is not None:
        gone |= view.skat.mask
    legal_mask = sum(card.bit for card in legal)
    strength = class_ranks(game)
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


def _level_question(card: int, won: bool) -> Question:
    """Return the question that tells the outcome level after a card: Schneider either way."""
    return (card, THRESHOLDS[2] if won else THRESHOLDS[0])


MARGIN: Final = 10
"""Card points by which a win or a loss counts as clear (see `_margin_question`)."""


def _margin_question(card: int, won: bool) -> Question:
    """Return the question that tells whether a win or a loss after a card is clear: does the
    declarer win by `MARGIN` points more, or lose by fewer than that?"""
    return (card, THRESHOLDS[1] + MARGIN if won else THRESHOLDS[1] - MARGIN)


def _level(won: bool, reached: bool) -> int:
    """Return the outcome level from the win and the answer to `_level_question` (lost
    Schneider, lost, won, won Schneider) or to `_margin_question` (lost clearly, lost narrowly,
    won narrowly, won clearly)."""
    if won:
        return 3 if reached else 2
    return 1 if reached else 0


_UTILITY: Final = (0, 1, 4, 5)
"""The declarer's utility of each level; the defenders' is 5 minus it."""


@dataclass(slots=True)
class Judgement:
    """The cards judged over a set of worlds, group by group.

    ``wins`` holds, per finished world, whether the declarer wins after each group. Groups tied
    on that are told apart by ``levels`` (Schneider either way) and then by ``points`` (the
    declarer's exact final card points), each filled in for the tied groups only.
    """

    groups: list[list[Card]]
    declarer_side: bool
    null: bool
    wins: list[list[bool]] = field(default_factory=list)
    levels: dict[int, list[int]] = field(default_factory=dict)
    """Per refined group, the outcome level in each world the tie-break budget reached (the
    first ones)."""
    margins: dict[int, list[int]] = field(default_factory=dict)
    """Per group still tied after the levels, the margin level in each world the tie-break
    budget reached (see `_margin_question`)."""
    points: dict[int, list[int]] = field(default_factory=dict)
    """Per group told apart by points, the declarer's final card points in each world."""

    @property
    def worlds(self) -> int:
        """Return how many worlds were judged."""
        return len(self.wins)

    def side_wins(self, group: int) -> int:
        """Return in how many worlds the group wins the game for the seat's side."""
        count = sum(1 for row in self.wins if row[group])
        return count if self.declarer_side else self.worlds - count

    def _level_score(self, group: int) -> int:
        total = sum(_UTILITY[level] for level in self.levels[group])
        return total if self.declarer_side else 5 * len(self.levels[group]) - total

    def _margin_score(self, group: int) -> int:
        total = sum(self.margins[group])
        return total if self.declarer_side else 3 * len(self.margins[group]) - total

    def _point_score(self, group: int) -> int:
        total = sum(self.points[group])
        return total if self.declarer_side else 120 * self.worlds - total

    def best(self, among: list[int] | None = None) -> list[int]:
        """Return the best groups: most wins, then the Schneider levels, then card points."""
        groups = list(range(len(self.groups))) if among is None else among
        top = max(self.side_wins(g) for g in groups)
        groups = [g for g in groups if self.side_wins(g) == top]
        if len(groups) > 1 and all(g in self.levels for g in groups):
            top = max(self._level_score(g) for g in groups)
            groups = [g for g in groups if self._level_score(g) == top]
        if len(groups) > 1 and all(g in self.margins for g in groups):
            top = max(self._margin_score(g) for g in groups)
            groups = [g for g in groups if self._margin_score(g) == top]
        if len(groups) > 1 and all(g in self.points for g in groups):
            top = max(self._point_score(g) for g in groups)
            groups = [g for g in groups if self._point_score(g) == top]
        return groups


def _refine(
    solver: Solver,
    positions: list[SolverPosition],
    judgement: Judgement,
    tied: list[int],
    question: Callable[[int, bool], Question],
) -> dict[int, list[int]]:
    """Return, per tied group, its outcome level (see `_level`) in each world the node budget
    reaches, asking ``question`` after its card and its win there ({} when none is reached)."""
    answers = solver.reaches_after(
        positions,
        [[question(judgement.groups[g][-1].index, row[g]) for g in tied] for row in judgement.wins],
    )
    if not answers:
        return {}
    return {
        g: [_level(row[g], answer[k]) for row, answer in zip(judgement.wins, answers)]
        for k, g in enumerate(tied)
    }


def judge(
    view: SeatView,
    worlds: list[World],
    solver: Solver,
    settings: SearchSettings,
    legal: list[Card],
) -> Judgement:
    """Judge every legal card group in as many worlds as the node budget allows.

    First the win (what wins the game in each world, or a clean Null) for every group in every
    world; then, where 61 wins in every world, for the groups still tied, Schneider (90 or 31)
    and then, from the second trick, the margin (71 or 51) in as many worlds as the tie-break
    budget reaches; then, late in the hand, the exact card points.
    """
    groups = _groups(view, legal)
    declarer = view.declarer
    game = view.game_type
    assert declarer is not None and game is not None
    judgement = Judgement(groups, view.position == declarer, game is GameType.NULL)
    cards: list[int | None] = [group[-1].index for group in groups]
    positions = [world.position(view) for world in worlds]
    thresholds = world_thresholds(view, worlds)
    judgement.wins = reaches_in_worlds(solver, positions, thresholds, cards)
    positions = positions[: judgement.worlds]
    if not judgement.wins or judgement.null:
        return judgement
    tied = judgement.best()
    if len(tied) < 2 or any(threshold != THRESHOLDS[1] for threshold in thresholds):
        return judgement
    limit = solver.nodes + settings.tiebreak_budget
    solver.node_limit = limit if solver.node_limit is None else min(solver.node_limit, limit)
    judgement.levels = _refine(solver, positions, judgement, tied, _level_question)
    if not judgement.levels:
        return judgement
    tied = judgement.best()
    if len(tied) < 2 or len(view.hand) > settings.margin_hand:
        return judgement
    judgement.margins = _refine(solver, positions, judgement, tied, _margin_question)
    if not judgement.margins:
        return judgement
    tied = judgement.best()
    if len(tied) < 2 or len(view.hand) > settings.exact_hand:
        return judgement
    try:
        points: dict[int, list[int]] = {g: [] for g in tied}
        for pos in positions:
            for g in tied:
                points[g].append(solver.value(pos.play(groups[g][-1].index)))
        judgement.points = points
    except SearchLimit:
        pass
    return judgement


def _searchable(view: SeatView) -> bool:
    """Return whether the search can judge this game: a declarer's game."""
    game = view.game_type
    return (
        game is not None
        and game is not GameType.RAMSCH
        and view.declarer is not None
        and view.contract is not None
    )


def _rng(view: SeatView, seed: int) -> random.Random:
    played = sum(len(trick.cards) for trick in view.tricks) + len(view.current_trick.cards)
    return random.Random(f"kiebitz:{seed}:{int(view.position)}:{played}")


def _pick(judgement: Judgement, choices: list[int], preferred: Card) -> Card:
    """Return the preferred card if it is in one of the chosen groups, else the strongest one."""
    for g in choices:
        if preferred in judgement.groups[g]:
            return preferred
    return judgement.groups[choices[0]][-1]


def _card_search(
    view: SeatView, seed: int, every_world: bool, most_worlds: int | None = None
) -> tuple[Judgement, bool] | None:
    """Judge the seat's legal cards, or return ``None`` where no search applies or none finished.

    The worlds are sampled (at most ``most_worlds`` if given); with ``every_world``, all the
    fitting worlds are judged when there are few enough. The flag returned says whether the
    judgement covers every fitting world.
    """
    legal = [action.card for action in view.legal_actions if isinstance(action, Play)]
    if len(legal) <= 1 or not _searchable(view):
        return None
    solver = get_solver()
    settings = settings_for(solver)
    defending = view.position != view.declarer
    count = (settings.defender_worlds if defending else settings.worlds)[len(view.hand)]
    if most_worlds is not None:
        count = min(count, most_worlds)
    if not count:
        return None
    solver.node_limit = settings.node_budget
    exact = all_worlds(view, settings.exact_worlds) if every_world else None
    worlds = exact if exact is not None else sample_worlds(view, count, _rng(view, seed))
    judgement = judge(view, worlds, solver, settings, legal)
    if not judgement.worlds:
        return None
    # When the budget ran out, nothing can be claimed for every world.
    return judgement, exact is not None and judgement.worlds == len(exact)


def _preferred(fallback: Hint) -> Card:
    """Return the card of the rules of thumb, played where the search ties."""
    assert isinstance(fallback.action, Play)
    return fallback.action.card


def strong_card(view: SeatView, seed: int, *, most_worlds: int | None = None) -> Hint:
    """Return the strong player's card: the best total over sampled worlds (see the module).

    ``most_worlds`` caps the sampled worlds (a weaker player looks at fewer of them).
    """
    fallback = play_card(view)
    found = _card_search(view, seed, every_world=False, most_worlds=most_worlds)
    if found is None:
        return fallback
    judgement, _ = found
    best = judgement.best()
    preferred = _preferred(fallback)
    card = _pick(judgement, best, preferred)
    wins = judgement.side_wins(next(g for g in best if card in judgement.groups[g]))
    if card is preferred:
        return fallback
    percent = round(100 * wins / judgement.worlds)
    return Hint(Play(card), HintReason.BEST_CHANCE, cards=(card,), value=percent)


KONTRA_BELOW: Final = 0.25
"""A defender says Kontra when the declarer wins in at most this share of its sampled worlds."""
RE_ABOVE: Final = 0.8
"""A declarer answers Re when it wins in at least this share of its sampled worlds."""
DOUBLING_WORLDS: Final = 16
"""The worlds a Kontra or Re decision samples (a medium player looks at these too)."""


def declarer_share(view: SeatView, seed: int, *, most_worlds: int | None = None) -> float | None:
    """Return the share of the seat's sampled worlds (at most ``most_worlds`` if given) in which
    the declarer wins, from the first trick (None: no search applies or none finished)."""
    if not _searchable(view):
        return None
    solver = get_solver()
    settings = settings_for(solver)
    count = min(settings.worlds[len(view.hand)], most_worlds or DOUBLING_WORLDS)
    if not count:
        return None
    solver.node_limit = settings.node_budget
    worlds = sample_worlds(view, count, _rng(view, seed))
    positions = [world.position(view) for world in worlds]
    answers = reaches_in_worlds(solver, positions, world_thresholds(view, worlds), [None])
    if not answers:
        return None
    return sum(row[0] for row in answers) / len(answers)


def strong_doubling(view: SeatView, seed: int, *, most_worlds: int | None = None) -> Hint | None:
    """Return Kontra or Re when offered and the sampled win probability says so, else None.

    ``most_worlds`` caps the worlds sampled (a weaker player looks at fewer). Without an affordable search (the pure-Python solver at the first trick) the rules of thumb
    decide.
    """
    offered = [action for action in view.legal_actions if isinstance(action, Kontra | Re)]
    if not offered or not _searchable(view):
        return None
    share = declarer_share(view, seed, most_worlds=most_worlds)
    if share is None:
        return doubling_choice(view)
    if isinstance(offered[0], Kontra) and share <= KONTRA_BELOW:
        return Hint(offered[0], HintReason.SAY_KONTRA)
    if isinstance(offered[0], Re) and share >= RE_ABOVE:
        return Hint(offered[0], HintReason.SAY_RE)
    return None


def strong_play(view: SeatView, seed: int) -> Hint:
    """Return the strong player's decision in the card play: Kontra or Re, or a card."""
    doubling = strong_doubling(view, seed)
    return doubling if doubling is not None else strong_card(view, seed)
