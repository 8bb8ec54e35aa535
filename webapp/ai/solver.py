"""The open-hand solver: one small interface, a pure-Python reference, and a compiled hook.

A `SolverPosition` is a position of the card play with every hand known (a real state with open
hands, or a world sampled from one seat's view). A `Solver` answers three questions about it:

- `Solver.value`: the declarer's final card points with best play on both sides (skat and the
  points already taken included); for Null 0 if the declarer can avoid every trick, else 1;
- `Solver.reaches`: can the declarer end with at least ``threshold`` card points (a null-window
  search; `ALL_TRICKS`: can the declarer take every trick; for Null: can the declarer avoid
  every trick);
- `Solver.move_values`: for each legal card of the player to move, `Solver.value` after it;
- `Solver.reaches_after`: `Solver.reaches` after given cards, for many worlds at once (the
  compiled solver searches the worlds on several threads).

`get_solver` returns the compiled `webapp.ai._csolver.CSolver` when it imports and
``KIEBITZ_PURE_PYTHON_SOLVER`` is not ``1``; otherwise the pure-Python `PySolver`.

Every solver takes ``node_limit`` (None: no limit) and counts the nodes it searched in ``nodes``
over its lifetime; once ``nodes`` passes ``node_limit`` a call raises `SearchLimit` (and
`Solver.reaches_after` stops at the last world that fits), so that a computer turn can be
bounded deterministically (a node count, not a clock).

>>> from webapp.engine import Card, CardSet, GameType
>>> def hand(text: str) -> int:
...     return CardSet.parse(text).mask
>>> pos = SolverPosition(GameType.GRAND, 0, (hand("CJ HA"), hand("SJ H7"), hand("DJ HT")))
>>> PySolver().value(pos)
27
>>> PySolver().reaches(pos, 28), PySolver().move_values(pos)[Card.parse("CJ").index]
(False, 27)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final, Protocol

from webapp.engine.cards import ALL_MASK, DECK, CardSet, mask_points
from webapp.engine.deal import Position
from webapp.engine.game import GameState, Phase
from webapp.engine.rules import GameType, SuitClass, rules_for
from webapp.engine.score import Contract, Target, matadors, win_target

from .ranks import class_ranks

__all__ = [
    "SolverPosition",
    "Solver",
    "Question",
    "answer",
    "answer_each",
    "SearchLimit",
    "PySolver",
    "get_solver",
    "solver_kind",
    "THRESHOLDS",
    "ALL_TRICKS",
    "threshold_for",
    "target_of",
    "PURE_PYTHON_ENV",
]

THRESHOLDS: Final = (31, 61, 90)
"""The declarer's card points that matter: out of Schneider, the win, Schneider."""

PURE_PYTHON_ENV: Final = "KIEBITZ_PURE_PYTHON_SOLVER"

_POINTS: Final = tuple(card.points for card in DECK)


ALL_TRICKS: Final = 1000
"""The threshold that asks for every trick (Schwarz). Far above all the card points (121 and
the like stay plain thresholds: "more than every point", never reached)."""

_THRESHOLD: Final = {
    Target.CLEAN: THRESHOLDS[1],  # Null asks whether the declarer stays clean, whatever this is
    Target.WIN: THRESHOLDS[1],
    Target.SCHNEIDER: THRESHOLDS[2],
    Target.SCHWARZ: ALL_TRICKS,
}


def threshold_for(target: Target) -> int | None:
    """Return the threshold of `Solver.reaches` that wins for a target (None: nothing wins)."""
    return _THRESHOLD.get(target)


def target_of(contract: Contract, bid: int, declarer_cards: int) -> Target:
    """Return what wins this game for the declarer (`win_target`), from the mask of the
    declarer's ten cards and the skat as it lay when the play began."""
    count = None
    if contract.game_type is not GameType.NULL:
        count = matadors(CardSet.from_mask(declarer_cards), contract.game_type)
    return win_target(contract, matadors=count, bid=bid)


class SearchLimit(Exception):
    """The solver searched more nodes than its ``node_limit`` allows."""


@dataclass(frozen=True, slots=True)
class SolverPosition:
    """A card-play position with all hands open.

    ``hands`` are 32-bit masks in `Card.index` bit order, indexed by seat (the `Position` value
    0..2); ``trick`` holds the card indices of the current trick in play order, led by
    ``leader`` (who also leads when the trick is empty). ``declarer_points`` and
    ``defender_points`` are the card points each side already has (the skat counts for the
    declarer), ``defender_tricks`` the tricks the defenders took (Schwarz). Ramsch has no
    declarer and is not a solver game.
    """

    game_type: GameType
    declarer: int
    hands: tuple[int, int, int]
    trick: tuple[int, ...] = ()
    leader: int = 0
    declarer_points: int = 0
    defender_points: int = 0
    defender_tricks: int = 0

    def __post_init__(self) -> None:
        if self.game_type is GameType.RAMSCH:
            raise ValueError("Ramsch has no declarer: not a solver game")
        if not (0 <= self.declarer <= 2 and 0 <= self.leader <= 2):
            raise ValueError("seats are 0, 1 and 2")
        if len(self.hands) != 3 or len(self.trick) > 2:
            raise ValueError("three hands and at most two cards in an open trick")
        seen = 0
        for mask in self.hands:
            if not 0 <= mask <= ALL_MASK or seen & mask:
                raise ValueError("hands must be disjoint 32-bit masks")
            seen |= mask
        for index in self.trick:
            if not 0 <= index < 32 or seen >> index & 1:
                raise ValueError("a trick card is also in a hand")
            seen |= 1 << index
        sizes = [mask.bit_count() for mask in self.hands]
        for offset in range(3):
            played = 1 if offset < len(self.trick) else 0
            if sizes[(self.leader + offset) % 3] + played != sizes[self.leader] + (
                1 if self.trick else 0
            ):
                raise ValueError("hand sizes do not fit the open trick")

    @classmethod
    def from_state(cls, state: GameState) -> SolverPosition:
        """Return the position of a game in its card play, all hands open."""
        declarer = state.declarer
        game_type = state.game_type
        if state.phase is not Phase.PLAY or declarer is None or game_type is None:
            raise ValueError("the solver needs a declarer's game in its card play")
        trick = state.current_trick
        declarer_points = state.cards_taken(declarer).points + state.skat.points
        defender_points = sum(
            state.cards_taken(seat).points for seat in Position if seat != declarer
        )
        masks = tuple(state.hand(seat).mask for seat in Position)
        return cls(
            game_type,
            int(declarer),
            (masks[0], masks[1], masks[2]),
            tuple(card.index for card in trick.cards),
            int(trick.leader),
            declarer_points,
            defender_points,
            len(state.tricks) - state.trick_count(declarer),
        )

    @property
    def to_move(self) -> int:
        """Return the seat that plays the next card."""
        return (self.leader + len(self.trick)) % 3

    @property
    def tricks_left(self) -> int:
        """Return how many tricks are still to be completed (the open one included)."""
        return self.hands[self.leader].bit_count() + (1 if self.trick else 0)

    @property
    def finished(self) -> bool:
        """Return whether every card has been played."""
        return not (self.hands[0] | self.hands[1] | self.hands[2]) and not self.trick

    def legal_moves(self) -> list[int]:
        """Return the card indices the player to move may play, highest first."""
        rules = rules_for(self.game_type)
        led = self.trick[0] if self.trick else -1
        mask = rules.legal_mask(self.hands[self.to_move], led)
        return [index for index in range(31, -1, -1) if mask >> index & 1]

    def play(self, index: int) -> SolverPosition:
        """Return the position after the player to move plays the card ``index``."""
        if index not in self.legal_moves():
            raise ValueError(f"not a legal card here: {DECK[index]}")
        seat = self.to_move
        hands = list(self.hands)
        hands[seat] &= ~(1 << index)
        trick = (*self.trick, index)
        if len(trick) < 3:
            return SolverPosition(
                self.game_type,
                self.declarer,
                (hands[0], hands[1], hands[2]),
                trick,
                self.leader,
                self.declarer_points,
                self.defender_points,
                self.defender_tricks,
            )
        winner = (self.leader + rules_for(self.game_type).winner_index(trick)) % 3
        points = sum(_POINTS[card] for card in trick)
        declarer_points, defender_points = self.declarer_points, self.defender_points
        defender_tricks = self.defender_tricks
        if winner == self.declarer:
            declarer_points += points
        else:
            defender_points += points
            defender_tricks += 1
        return SolverPosition(
            self.game_type,
            self.declarer,
            (hands[0], hands[1], hands[2]),
            (),
            winner,
            declarer_points,
            defender_points,
            defender_tricks,
        )

    def winner(self, trick: Sequence[int]) -> int:
        """Return the seat that wins a complete trick led by ``leader``."""
        return (self.leader + rules_for(self.game_type).winner_index(trick)) % 3


Question = tuple[int | None, int]
"""``(card, threshold)``: does the declarer end with ``threshold`` card points or more (Null:
stay clean; `ALL_TRICKS`: take every trick) after the player to move plays ``card`` (None: the
position as it stands)?"""


def answer(solver: Solver, pos: SolverPosition, question: Question) -> bool:
    """Answer one `Question` about a position with `Solver.reaches`."""
    card, threshold = question
    if card is None:
        return solver.reaches(pos, threshold)
    after = pos.play(card)
    if _null_caught(pos, after):
        return False
    return solver.reaches(after, threshold)


def answer_each(
    solver: Solver, worlds: Sequence[SolverPosition], questions: Sequence[Sequence[Question]]
) -> list[list[bool]]:
    """Answer each world's questions one by one, until the solver raises `SearchLimit`."""
    if len(worlds) != len(questions):
        raise ValueError("questions must hold one sequence a world")
    answers: list[list[bool]] = []
    for pos, asked in zip(worlds, questions):
        try:
            answers.append([answer(solver, pos, question) for question in asked])
        except SearchLimit:
            break
    return answers


class Solver(Protocol):
    """The solver interface: the pure-Python reference and the compiled core implement it.

    A new solver starts from nothing: its answers and its node counts never depend on searches
    made by other solver objects (tables shared between objects would make a node budget, and
    so a computer player's decision, depend on what the process did before). One object may
    keep what it learnt between its own calls.
    """

    nodes: int
    node_limit: int | None

    def value(self, pos: SolverPosition) -> int:
        """Return the declarer's final card points with best play (Null: 0 clean, 1 caught)."""

    def reaches(self, pos: SolverPosition, threshold: int) -> bool:
        """Return whether the declarer ends with ``threshold`` card points or more (Null: clean)."""

    def move_values(self, pos: SolverPosition) -> dict[int, int]:
        """Return `value` after each legal card of the player to move, by card index."""

    def reaches_after(
        self, worlds: Sequence[SolverPosition], questions: Sequence[Sequence[Question]]
    ) -> list[list[bool]]:
        """Answer each world's questions (see `Question`), world by world.

        Where the node budget ends, stop: the answers are those of the first worlds whose
        searches fit in it, all of them or fewer (none raises `SearchLimit`).
        """


# ---------------------------------------------------------------------------------- tables


class _Tables:
    """Per game type: suit classes, trick strength, and each class's cards weakest first."""

    __slots__ = ("null", "class_mask", "class_id", "strength", "trump_mask", "orders")

    def __init__(self, game_type: GameType) -> None:
        rules = rules_for(game_type)
        self.null = game_type is GameType.NULL
        self.trump_mask = rules.trump_mask
        self.class_mask = tuple(rules.class_mask(card) for card in DECK)
        self.class_id = tuple(int(rules.follows(card)) for card in DECK)
        # Strength inside a class follows the rule object's own trick winner.
        strength = list(class_ranks(game_type))
        self.strength = tuple(strength)
        orders: list[tuple[int, ...]] = []
        for cls in SuitClass:
            members = [card.index for card in DECK if rules.follows(card) is cls]
            orders.append(tuple(sorted(members, key=lambda index: strength[index])))
        self.orders = tuple(orders)


@cache
def _tables(game_type: GameType) -> _Tables:
    """Return the game's tables, built once."""
    return _Tables(game_type)


# ---------------------------------------------------------------------------------- search

@cache
def _merge_caches(
    game_type: GameType, schwarz: bool
) -> tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]]:
    """Return the shared caches of merged moves of a game type (whole hands, single classes)."""
    return {}, {}


_ONES: Final = (1,) * 32
"""The card points of a Schwarz search: every card one, so every card left means every trick."""


def _count_cards(mask: int) -> int:
    return mask.bit_count()


class _Search:
    """Null-window alpha-beta for one game type and declarer, with its own tables.

    The transposition table holds, for positions at the start of a trick, bounds ``(low, high)``
    of the card points the declarer's side still takes from there (Null: whether the declarer
    stays clean, as ``(1, 1)`` or ``(0, 0)``), so every null-window search tightens it and later
    searches reuse it. A trick is searched as three nested loops (one per card) with the cards
    of each player that are equivalent merged into one. With ``schwarz`` every card is worth one
    point, so that "every card left" means "every trick left".
    """

    def __init__(
        self, game_type: GameType, declarer: int, owner: PySolver, *, schwarz: bool = False
    ) -> None:
        tables = _tables(game_type)
        self.declarer = declarer
        self.owner = owner
        self.null = tables.null
        self.points = _ONES if schwarz else _POINTS
        self.mask_points: Callable[[int], int] = _count_cards if schwarz else mask_points
        self.table: dict[int, tuple[int, int, int]] = {}
        self._merged, self._parts = _merge_caches(game_type, schwarz)
        self._class_mask = tables.class_mask
        self._class_id = tables.class_id
        self._orders = tables.orders
        strength = tables.strength
        trump = tables.trump_mask
        self._trump_key = tuple(64 + strength[i] if trump >> i & 1 else 0 for i in range(32))
        self._suit_key = tuple(32 + strength[i] for i in range(32))
        # Cheap first: fewest points, then weakest (trumps above plain cards).
        self._cheap = tuple(
            self.points[i] * 256 + (self._trump_key[i] or self._suit_key[i]) for i in range(32)
        )
        self._trump_mask = trump
        # The cards of the same class that beat each card (suit games and Grand: the class's
        # cards in index order are its cards weakest first, so a class's lowest bit is its
        # weakest card).
        self._above = tuple(
            sum(
                1 << other
                for other in range(32)
                if tables.class_id[other] == tables.class_id[i] and strength[other] > strength[i]
            )
            for i in range(32)
        )
        self.reaches_node = self._build_reaches()
        self.clean_node = self._build_clean()

    # ------------------------------------------------------------------ moves

    def merged(self, legal: int, in_play: int) -> tuple[int, ...]:
        """Return one card of each group of equivalent cards in ``legal``, cheapest first.

        Cards are equivalent when no other card still in play lies between them in their suit
        class and (outside Null) they have the same card points.
        """
        cache_key = legal << 32 | in_play
        cached = self._merged.get(cache_key)
        if cached is not None:
            return cached
        class_mask = self._class_mask
        parts = self._parts
        picked: list[int] = []
        classes = 0
        rest = legal
        while rest:
            index = (rest & -rest).bit_length() - 1
            mask = class_mask[index]
            rest &= ~mask
            part_key = (legal & mask) << 32 | (in_play & mask)
            part = parts.get(part_key)
            if part is None:
                part = parts[part_key] = self._merge_class(index, legal, in_play)
            picked.extend(part)
            classes += 1
        if classes > 1:
            cheap = self._cheap
            picked.sort(key=lambda card: cheap[card])
        result = tuple(picked)
        if len(self._merged) > 300_000:
            self._merged.clear()
        self._merged[cache_key] = result
        return result

    def _merge_class(self, index: int, legal: int, in_play: int) -> tuple[int, ...]:
        """Return the merged cards of ``legal`` in the suit class of card ``index``."""
        null = self.null
        points = self.points
        picked: list[int] = []
        previous = -1
        for card in self._orders[self._class_id[index]]:
            if not in_play >> card & 1:
                continue
            if legal >> card & 1:
                if previous >= 0 and (null or points[card] == points[previous]):
                    picked[-1] = card  # keep the stronger of equivalent cards
                else:
                    picked.append(card)
                previous = card
            else:
                previous = -1
        cheap = self._cheap
        picked.sort(key=lambda card: cheap[card])
        return tuple(picked)

    def sweeps(self, hand: int, in_play: int) -> bool:
        """Return whether the leader takes every remaining trick: the others hold no trump and
        no card that beats the leader's lowest card of its suit."""
        others = in_play & ~hand
        if others & self._trump_mask:
            return False
        rest = hand & ~self._trump_mask
        while rest:
            lowest = rest & -rest
            index = lowest.bit_length() - 1
            if others & self._above[index]:
                return False
            rest &= ~self._class_mask[index]
        return True

    def _count(self, nodes: int) -> None:
        owner = self.owner
        owner.nodes += nodes
        if owner.node_limit is not None and owner.nodes > owner.node_limit:
            raise SearchLimit(owner.nodes)

    # ------------------------------------------------------------------ card points
    # The point search and the Null search below share their trick loop's shape but differ
    # in every move ordering and cut-off; each is written out in one closure over local
    # names, because a shared helper would add a Python call per card in the hottest loop.

    def _build_reaches(self) -> _Node:
        declarer = self.declarer
        class_mask = self._class_mask
        trump_key = self._trump_key
        suit_key = self._suit_key
        points = self.points
        count_points = self.mask_points
        table = self.table
        merged = self.merged
        count = self._count
        sweeps = self.sweeps

        def node(hands: list[int], leader: int, need: int) -> bool:
            """Return whether the declarer's side takes ``need`` more points (trick start)."""
            if need <= 0:
                return True
            in_play = hands[0] | hands[1] | hands[2]
            if not in_play:
                return False
            remaining = count_points(in_play)
            if need > remaining:
                return False
            if leader == declarer and sweeps(hands[declarer], in_play):
                return True
            key = in_play | hands[1] << 32 | hands[2] << 64 | leader << 96
            bounds = table.get(key)
            if bounds is not None:
                low, high, first = bounds
                if low >= need:
                    return True
                if high < need:
                    return False
            else:
                low, high, first = 0, remaining, -1
            p0 = leader
            p1 = (leader + 1) % 3
            p2 = (leader + 2) % 3
            d0 = p0 == declarer
            d1 = p1 == declarer
            d2 = p2 == declarer
            a = hands[p0]
            b = hands[p1]
            c = hands[p2]
            nodes = 0
            lead_moves = merged(a, in_play)[::-1]  # the most points first
            if first >= 0 and first in lead_moves:
                # The lead that decided this position before goes first.
                lead_moves = (first, *(card for card in lead_moves if card != first))
            result0 = not d0
            for c0 in lead_moves:
                nodes += 1
                hands[p0] = a ^ (1 << c0)
                led = class_mask[c0]
                k0 = trump_key[c0] or suit_key[c0]
                follow = b & led
                second = merged(follow if follow else b, in_play)
                if d1 != d0:
                    # An opponent led: try to beat it first, then the cheapest cards.
                    second = tuple(
                        card for card in second
                        if (trump_key[card] or (suit_key[card] if 1 << card & led else 0)) > k0
                    ) + tuple(
                        card for card in second
                        if (trump_key[card] or (suit_key[card] if 1 << card & led else 0)) <= k0
                    )
                else:
                    second = second[::-1]  # a partner led: give points
                result1 = not d1
                for c1 in second:
                    nodes += 1
                    hands[p1] = b ^ (1 << c1)
                    k1 = trump_key[c1] or (suit_key[c1] if 1 << c1 & led else 0)
                    if k1 > k0:
                        best, w01 = k1, p1
                    else:
                        best, w01 = k0, p0
                    follow = c & led
                    third = merged(follow if follow else c, in_play)
                    if (w01 == declarer) == d2:
                        third = third[::-1]  # our side wins: give points
                    else:
                        third = tuple(
                            card for card in third
                            if (trump_key[card] or (suit_key[card] if 1 << card & led else 0))
                            > best
                        )[::-1] + tuple(
                            card for card in third
                            if (trump_key[card] or (suit_key[card] if 1 << card & led else 0))
                            <= best
                        )
                    result2 = not d2
                    trick_points = points[c0] + points[c1]
                    for c2 in third:
                        nodes += 1
                        hands[p2] = c ^ (1 << c2)
                        k2 = trump_key[c2] or (suit_key[c2] if 1 << c2 & led else 0)
                        winner = p2 if k2 > best else w01
                        if winner == declarer:
                            result = node(hands, winner, need - trick_points - points[c2])
                        else:
                            result = node(hands, winner, need)
                        if result is d2:
                            result2 = result
                            break
                    hands[p2] = c
                    if result2 is d1:
                        result1 = result2
                        break
                hands[p1] = b
                if result1 is d0:
                    result0 = result1
                    first = c0
                    break
            hands[p0] = a
            if result0:
                if need > low:
                    low = need
            elif need - 1 < high:
                high = need - 1
            table[key] = (low, high, first)
            count(nodes)
            return result0

        return node

    def reaches(self, hands: list[int], leader: int, trick: tuple[int, ...], need: int) -> bool:
        """Return whether the declarer's side takes ``need`` more points from here."""
        if not trick:
            return self.reaches_node(hands, leader, need)
        seat = (leader + len(trick)) % 3
        mine = seat == self.declarer
        full = len(trick) == 2
        self._count(1)
        for card in self._follow_moves(hands, seat, trick):
            hands[seat] ^= 1 << card
            if full:
                done = (*trick, card)
                winner = (leader + self.winner(done)) % 3
                taken = sum(self.points[index] for index in done)
                result = self.reaches_node(
                    hands, winner, need - taken if winner == self.declarer else need
                )
            else:
                result = self.reaches(hands, leader, (*trick, card), need)
            hands[seat] ^= 1 << card
            if result is mine:
                return result
        return not mine

    def _follow_moves(self, hands: list[int], seat: int, trick: tuple[int, ...]) -> tuple[int, ...]:
        in_play = hands[0] | hands[1] | hands[2]
        for card in trick:
            in_play |= 1 << card
        hand = hands[seat]
        follow = hand & self._class_mask[trick[0]]
        return self.merged(follow if follow else hand, in_play)

    def winner(self, trick: tuple[int, ...]) -> int:
        """Return the offset (0..2) of the card that wins a complete trick."""
        led = self._class_mask[trick[0]]
        keys = [
            self._trump_key[card] or (self._suit_key[card] if 1 << card & led else 0)
            for card in trick
        ]
        return keys.index(max(keys))

    def exact(self, hands: list[int], leader: int, trick: tuple[int, ...]) -> int:
        """Return the card points the declarer's side takes from here with best play."""
        low = 0
        high = self.mask_points(hands[0] | hands[1] | hands[2]) + sum(
            self.points[card] for card in trick
        )
        while low < high:
            middle = (low + high + 1) // 2
            if self.reaches(hands, leader, trick, middle):
                low = middle
            else:
                high = middle - 1
        return low

    # ------------------------------------------------------------------ Null

    def _build_clean(self) -> _CleanNode:
        declarer = self.declarer
        class_mask = self._class_mask
        suit_key = self._suit_key
        table = self.table
        merged = self.merged
        count = self._count

        def node(hands: list[int], leader: int) -> bool:
            """Return whether the declarer avoids every remaining trick (trick start)."""
            if not hands[declarer]:
                return True
            in_play = hands[0] | hands[1] | hands[2]
            key = in_play | hands[1] << 32 | hands[2] << 64 | leader << 96
            bounds = table.get(key)
            if bounds is not None:
                return bool(bounds[0])
            p0 = leader
            p1 = (leader + 1) % 3
            p2 = (leader + 2) % 3
            d0 = p0 == declarer
            d1 = p1 == declarer
            d2 = p2 == declarer
            a = hands[p0]
            b = hands[p1]
            c = hands[p2]
            nodes = 0
            result0 = not d0
            for c0 in merged(a, in_play):
                nodes += 1
                hands[p0] = a ^ (1 << c0)
                led = class_mask[c0]
                k0 = suit_key[c0]
                follow = b & led
                second = merged(follow if follow else b, in_play)
                if d1:
                    # Stay under: the highest card below the lead first.
                    second = tuple(
                        card for card in second if 1 << card & led and suit_key[card] < k0
                    )[::-1] + tuple(
                        card for card in second if not (1 << card & led and suit_key[card] < k0)
                    )
                result1 = not d1
                for c1 in second:
                    nodes += 1
                    hands[p1] = b ^ (1 << c1)
                    k1 = suit_key[c1] if 1 << c1 & led else 0
                    if k1 > k0:
                        best, w01 = k1, p1
                    else:
                        best, w01 = k0, p0
                    follow = c & led
                    third = merged(follow if follow else c, in_play)
                    if d2:
                        third = tuple(
                            card for card in third if 1 << card & led and suit_key[card] < best
                        )[::-1] + tuple(
                            card for card in third
                            if not (1 << card & led and suit_key[card] < best)
                        )
                    result2 = not d2
                    for c2 in third:
                        nodes += 1
                        hands[p2] = c ^ (1 << c2)
                        k2 = suit_key[c2] if 1 << c2 & led else 0
                        winner = p2 if k2 > best else w01
                        result = winner != declarer and node(hands, winner)
                        if result is d2:
                            result2 = result
                            break
                    hands[p2] = c
                    if result2 is d1:
                        result1 = result2
                        break
                hands[p1] = b
                if result1 is d0:
                    result0 = result1
                    break
            hands[p0] = a
            table[key] = (1, 1, -1) if result0 else (0, 0, -1)
            count(nodes)
            return result0

        return node

    def clean(self, hands: list[int], leader: int, trick: tuple[int, ...]) -> bool:
        """Return whether the Null declarer can avoid every remaining trick."""
        if not trick:
            return self.clean_node(hands, leader)
        seat = (leader + len(trick)) % 3
        mine = seat == self.declarer
        self._count(1)
        for card in self._follow_moves(hands, seat, trick):
            hands[seat] ^= 1 << card
            if len(trick) == 2:
                winner = (leader + self.winner((*trick, card))) % 3
                result = winner != self.declarer and self.clean_node(hands, winner)
            else:
                result = self.clean(hands, leader, (*trick, card))
            hands[seat] ^= 1 << card
            if result is mine:
                return result
        return not mine


_Node = Callable[[list[int], int, int], bool]
_CleanNode = Callable[[list[int], int], bool]


class PySolver:
    """The pure-Python reference solver (see the module docstring)."""

    def __init__(self, node_limit: int | None = None) -> None:
        self.nodes = 0
        self.node_limit = node_limit
        self._searches: dict[tuple[GameType, int, bool], _Search] = {}

    def _search(self, pos: SolverPosition, *, schwarz: bool = False) -> _Search:
        key = (pos.game_type, pos.declarer, schwarz)
        search = self._searches.get(key)
        if search is None:
            search = self._searches[key] = _Search(
                pos.game_type, pos.declarer, self, schwarz=schwarz
            )
        return search

    def value(self, pos: SolverPosition) -> int:
        """Return the declarer's final card points with best play (Null: 0 clean, 1 caught)."""
        search = self._search(pos)
        hands = list(pos.hands)
        if pos.game_type is GameType.NULL:
            return 0 if search.clean(hands, pos.leader, pos.trick) else 1
        return pos.declarer_points + search.exact(hands, pos.leader, pos.trick)

    def reaches(self, pos: SolverPosition, threshold: int) -> bool:
        """Return whether the declarer ends with ``threshold`` card points or more (Null: clean)."""
        hands = list(pos.hands)
        if pos.game_type is GameType.NULL:
            return self._search(pos).clean(hands, pos.leader, pos.trick)
        if threshold == ALL_TRICKS:
            if pos.defender_tricks:
                return False
            cards = (hands[0] | hands[1] | hands[2]).bit_count() + len(pos.trick)
            return self._search(pos, schwarz=True).reaches(hands, pos.leader, pos.trick, cards)
        search = self._search(pos)
        return search.reaches(hands, pos.leader, pos.trick, threshold - pos.declarer_points)

    def move_values(self, pos: SolverPosition) -> dict[int, int]:
        """Return `value` after each legal card of the player to move, by card index."""
        values: dict[int, int] = {}
        for card in pos.legal_moves():
            after = pos.play(card)
            if _null_caught(pos, after):
                values[card] = 1
            else:
                values[card] = self.value(after)
        return values

    def reaches_after(
        self, worlds: Sequence[SolverPosition], questions: Sequence[Sequence[Question]]
    ) -> list[list[bool]]:
        """Answer each world's questions, world by world, until the node budget ends."""
        return answer_each(self, worlds, questions)


def _null_caught(before: SolverPosition, after: SolverPosition) -> bool:
    """Return whether the card from ``before`` to ``after`` made the Null declarer take a trick."""
    return (
        before.game_type is GameType.NULL
        and len(before.trick) == 2
        and after.leader == before.declarer
    )


def _compiled_solver() -> Callable[[int | None], Solver] | None:
    """Return the compiled solver's class if it is built and allowed, else None."""
    if os.environ.get(PURE_PYTHON_ENV) == "1":
        return None
    try:
        from webapp.ai._csolver import CSolver  # type: ignore[import-not-found]
    except ImportError:
        return None
    compiled: Callable[[int | None], Solver] = CSolver
    return compiled


def get_solver(node_limit: int | None = None) -> Solver:
    """Return the compiled solver if it is built and allowed, else the pure-Python one."""
    return (_compiled_solver() or PySolver)(node_limit)


def solver_kind() -> str:
    """Return which solver `get_solver` gives: ``"compiled"`` or ``"python"``."""
    return "python" if _compiled_solver() is None else "compiled"
