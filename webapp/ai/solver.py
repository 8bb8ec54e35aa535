"""The open-hand solver: one small interface, a pure-Python reference, and a compiled hook.

A `SolverPosition` is a position of the card play with every hand known (a real state with open
hands, or a world sampled from one seat's view). A `Solver` answers three questions about it:

- `Solver.value`: the declarer's final card points with best play on both sides (skat and the
  points already taken included); for Null 0 if the declarer can avoid every trick, else 1;
- `Solver.reaches`: can the declarer end with at least ``threshold`` card points (a null-window
  search; for Null: can the declarer avoid every trick);
- `Solver.move_values`: for each legal card of the player to move, `Solver.value` after it.

`get_solver` returns the compiled `webapp.ai._csolver.CSolver` when it imports and
``KIEBITZ_PURE_PYTHON_SOLVER`` is not ``1``; otherwise the pure-Python `PySolver`.

Every solver takes ``node_limit`` (None: no limit) and counts the nodes it searched in ``nodes``
over its lifetime; once ``nodes`` passes ``node_limit`` a call raises `SearchLimit`, so that a
computer turn can be bounded deterministically (a node count, not a clock).

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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from webapp.engine.cards import ALL_MASK, DECK, mask_points
from webapp.engine.deal import Position
from webapp.engine.game import GameState, Phase
from webapp.engine.rules import GameType, SuitClass, rules_for

__all__ = [
    "SolverPosition",
    "Solver",
    "SearchLimit",
    "PySolver",
    "get_solver",
    "THRESHOLDS",
    "PURE_PYTHON_ENV",
]

THRESHOLDS: Final = (31, 61, 90)
"""The declarer's card points that matter: out of Schneider, the win, Schneider."""

PURE_PYTHON_ENV: Final = "KIEBITZ_PURE_PYTHON_SOLVER"

_POINTS: Final = tuple(card.points for card in DECK)


class SearchLimit(Exception):
    """The solver searched more nodes than its ``node_limit`` allows."""


@dataclass(frozen=True, slots=True)
class SolverPosition:
    """A card-play position with all hands open.

    ``hands`` are 32-bit masks in `Card.index` bit order, indexed by seat (the `Position` value
    0..2); ``trick`` holds the card indices of the current trick in play order, led by
    ``leader`` (who also leads when the trick is empty). ``declarer_points`` and
    ``defender_points`` are the card points each side already has (the skat counts for the
    declarer). Ramsch has no declarer and is not a solver game.
    """

    game_type: GameType
    declarer: int
    hands: tuple[int, int, int]
    trick: tuple[int, ...] = ()
    leader: int = 0
    declarer_points: int = 0
    defender_points: int = 0

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
            )
        winner = (self.leader + rules_for(self.game_type).winner_index(trick)) % 3
        points = sum(_POINTS[card] for card in trick)
        declarer_points, defender_points = self.declarer_points, self.defender_points
        if winner == self.declarer:
            declarer_points += points
        else:
            defender_points += points
        return SolverPosition(
            self.game_type,
            self.declarer,
            (hands[0], hands[1], hands[2]),
            (),
            winner,
            declarer_points,
            defender_points,
        )

    def winner(self, trick: Sequence[int]) -> int:
        """Return the seat that wins a complete trick led by ``leader``."""
        return (self.leader + rules_for(self.game_type).winner_index(trick)) % 3


class Solver(Protocol):
    """The solver interface: the pure-Python reference and the compiled core implement it."""

    nodes: int
    node_limit: int | None

    def value(self, pos: SolverPosition) -> int:
        """Return the declarer's final card points with best play (Null: 0 clean, 1 caught)."""

    def reaches(self, pos: SolverPosition, threshold: int) -> bool:
        """Return whether the declarer ends with ``threshold`` card points or more (Null: clean)."""

    def move_values(self, pos: SolverPosition) -> dict[int, int]:
        """Return `value` after each legal card of the player to move, by card index."""


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
        strength: list[int] = [0] * 32
        for cls in SuitClass:
            members = [card.index for card in DECK if rules.follows(card) is cls]
            members.sort(key=lambda index: _rank_key(rules, index, members))
            for rank, index in enumerate(members):
                strength[index] = rank
        self.strength = tuple(strength)
        orders: list[tuple[int, ...]] = []
        for cls in SuitClass:
            members = [card.index for card in DECK if rules.follows(card) is cls]
            orders.append(tuple(sorted(members, key=lambda index: strength[index])))
        self.orders = tuple(orders)


def _rank_key(rules: object, index: int, members: list[int]) -> int:
    """Return how many cards of the class ``index`` beats when led against each of them."""
    from webapp.engine.rules import GameRules

    assert isinstance(rules, GameRules)
    return sum(1 for other in members if other != index and rules.winner_index([other, index]) == 1)


_TABLES: dict[GameType, _Tables] = {}


def _tables(game_type: GameType) -> _Tables:
    tables = _TABLES.get(game_type)
    if tables is None:
        tables = _TABLES[game_type] = _Tables(game_type)
    return tables


# ---------------------------------------------------------------------------------- search


class _Search:
    """Alpha-beta (as null-window searches) for one game type and declarer, with its own table.

    The transposition table holds, for positions at the start of a trick, bounds ``(low, high)``
    of the card points the declarer's side still takes from there (Null: whether the declarer
    stays clean), so every null-window search tightens it and later searches reuse it.
    """

    def __init__(self, game_type: GameType, declarer: int, owner: PySolver) -> None:
        self.tables = _tables(game_type)
        self.declarer = declarer
        self.owner = owner
        self.table: dict[int, tuple[int, int]] = {}

    # ------------------------------------------------------------------ moves

    def moves(self, hands: list[int], seat: int, trick: tuple[int, ...]) -> list[int]:
        """Return the player's legal cards, equivalent cards merged, in a good search order."""
        t = self.tables
        hand = hands[seat]
        if trick:
            following = hand & t.class_mask[trick[0]]
            legal = following if following else hand
        else:
            legal = hand
        in_play = hands[0] | hands[1] | hands[2]
        for card in trick:
            in_play |= 1 << card
        strength = t.strength
        null = t.null
        picked: list[int] = []
        classes_done = 0
        rest = legal
        while rest:
            low = rest & -rest
            index = low.bit_length() - 1
            cls = t.class_id[index]
            rest &= ~t.class_mask[index]
            if classes_done >> cls & 1:
                continue
            classes_done |= 1 << cls
            previous = -1
            for card in t.orders[cls]:
                if not in_play >> card & 1:
                    continue
                if legal >> card & 1:
                    if previous >= 0 and (null or _POINTS[card] == _POINTS[previous]):
                        picked[-1] = card  # keep the stronger of equivalent cards
                    else:
                        picked.append(card)
                    previous = card
                else:
                    previous = -1
        if not trick:
            # Leads: strongest first (trumps and aces draw, then the rest).
            picked.sort(key=lambda card: -strength[card] - (64 if t.trump_mask >> card & 1 else 0))
            return picked
        # Following: cards that take the trick so far first (cheapest winner first), then the
        # rest with the fewest points first.
        best = self.trick_best(trick)
        led_class = t.class_mask[trick[0]]
        winners: list[int] = []
        others: list[int] = []
        for card in picked:
            if self.key(card, led_class) > best:
                winners.append(card)
            else:
                others.append(card)
        if null:
            # Null: the declarer wants to stay below, the defenders to make the declarer win.
            return others + winners if seat == self.declarer else winners + others
        winners.sort(key=lambda card: _POINTS[card] * 64 + strength[card])
        others.sort(key=lambda card: _POINTS[card] * 64 + strength[card])
        return winners + others

    def key(self, card: int, led_class: int) -> int:
        """Return the card's trick strength when ``led_class`` was led (0: cannot win)."""
        t = self.tables
        bit = 1 << card
        if bit & t.trump_mask:
            return 64 + t.strength[card]
        if bit & led_class:
            return 32 + t.strength[card]
        return 0

    def trick_best(self, trick: tuple[int, ...]) -> int:
        """Return the strength of the card currently winning an open trick."""
        led_class = self.tables.class_mask[trick[0]]
        return max(self.key(card, led_class) for card in trick)

    def winner(self, trick: tuple[int, ...]) -> int:
        """Return the offset (0..2) of the card that wins a complete trick."""
        led_class = self.tables.class_mask[trick[0]]
        keys = [self.key(card, led_class) for card in trick]
        return keys.index(max(keys))

    # ------------------------------------------------------------------ card points

    def count(self) -> None:
        owner = self.owner
        owner.nodes += 1
        if owner.node_limit is not None and owner.nodes > owner.node_limit:
            raise SearchLimit(owner.nodes)

    def reaches(self, hands: list[int], leader: int, trick: tuple[int, ...], need: int) -> bool:
        """Return whether the declarer's side takes ``need`` more points from here."""
        self.count()
        if not trick:
            if need <= 0:
                return True
            in_play = hands[0] | hands[1] | hands[2]
            if need > mask_points(in_play):
                return False
            key = in_play | hands[1] << 32 | hands[2] << 64 | leader << 96
            # hands[0] follows from the cards in play and the other two hands.
            bounds = self.table.get(key)
            if bounds is not None:
                if bounds[0] >= need:
                    return True
                if bounds[1] < need:
                    return False
            result = self.expand(hands, leader, trick, need)
            low, high = bounds if bounds is not None else (0, mask_points(in_play))
            if result:
                low = max(low, need)
            else:
                high = min(high, need - 1)
            self.table[key] = (low, high)
            return result
        return self.expand(hands, leader, trick, need)

    def expand(self, hands: list[int], leader: int, trick: tuple[int, ...], need: int) -> bool:
        seat = (leader + len(trick)) % 3
        declarer = self.declarer
        mine = seat == declarer
        for card in self.moves(hands, seat, trick):
            bit = 1 << card
            hands[seat] ^= bit
            if len(trick) == 2:
                full = (*trick, card)
                winner = (leader + self.winner(full)) % 3
                points = _POINTS[full[0]] + _POINTS[full[1]] + _POINTS[card]
                result = self.reaches(
                    hands, winner, (), need - points if winner == declarer else need
                )
            else:
                result = self.reaches(hands, leader, (*trick, card), need)
            hands[seat] ^= bit
            if result is mine:
                return result
        return not mine

    def exact(self, hands: list[int], leader: int, trick: tuple[int, ...]) -> int:
        """Return the card points the declarer's side takes from here with best play."""
        low = 0
        high = mask_points(hands[0] | hands[1] | hands[2]) + sum(_POINTS[card] for card in trick)
        while low < high:
            middle = (low + high + 1) // 2
            if self.reaches(hands, leader, trick, middle):
                low = middle
            else:
                high = middle - 1
        return low

    # ------------------------------------------------------------------ Null

    def clean(self, hands: list[int], leader: int, trick: tuple[int, ...]) -> bool:
        """Return whether the Null declarer can avoid every remaining trick."""
        self.count()
        if not trick:
            in_play = hands[0] | hands[1] | hands[2]
            if not hands[self.declarer]:
                return True
            key = in_play | hands[1] << 32 | hands[2] << 64 | leader << 96
            bounds = self.table.get(key)
            if bounds is not None:
                return bool(bounds[0])
            result = self.expand_null(hands, leader, trick)
            self.table[key] = (int(result), int(result))
            return result
        return self.expand_null(hands, leader, trick)

    def expand_null(self, hands: list[int], leader: int, trick: tuple[int, ...]) -> bool:
        seat = (leader + len(trick)) % 3
        declarer = self.declarer
        mine = seat == declarer
        for card in self.moves(hands, seat, trick):
            bit = 1 << card
            hands[seat] ^= bit
            if len(trick) == 2:
                full = (*trick, card)
                winner = (leader + self.winner(full)) % 3
                result = winner != declarer and self.clean(hands, winner, ())
            else:
                result = self.clean(hands, leader, (*trick, card))
            hands[seat] ^= bit
            if result is mine:
                return result
        return not mine


class PySolver:
    """The pure-Python reference solver (see the module docstring)."""

    def __init__(self, node_limit: int | None = None) -> None:
        self.nodes = 0
        self.node_limit = node_limit
        self._searches: dict[tuple[GameType, int], _Search] = {}

    def _search(self, pos: SolverPosition) -> _Search:
        key = (pos.game_type, pos.declarer)
        search = self._searches.get(key)
        if search is None:
            search = self._searches[key] = _Search(pos.game_type, pos.declarer, self)
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
        search = self._search(pos)
        hands = list(pos.hands)
        if pos.game_type is GameType.NULL:
            return search.clean(hands, pos.leader, pos.trick)
        return search.reaches(hands, pos.leader, pos.trick, threshold - pos.declarer_points)

    def move_values(self, pos: SolverPosition) -> dict[int, int]:
        """Return `value` after each legal card of the player to move, by card index."""
        return {card: self.value(pos.play(card)) for card in pos.legal_moves()}


def get_solver(node_limit: int | None = None) -> Solver:
    """Return the compiled solver if it is built and allowed, else the pure-Python one."""
    if os.environ.get(PURE_PYTHON_ENV) != "1":
        try:
            from webapp.ai._csolver import CSolver  # type: ignore[import-not-found]
        except ImportError:
            pass
        else:
            solver: Solver = CSolver(node_limit)
            return solver
    return PySolver(node_limit)
