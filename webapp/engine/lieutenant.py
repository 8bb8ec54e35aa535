"""Lieutenant Skat (Offiziersskat), the two-player game of rules.md §11.

Each player has eight piles of two cards: a covered card below, an open card on top. A randomly
drawn card sets the trump (a Jack means Grand). The leader plays any open card; the other must
follow suit (trump counts as one suit) with an open card if possible. When an open card is
played, the covered card below it turns face up. After 16 tricks, more than 60 card points wins.

>>> game = LieutenantState.new(LieutenantDeal.from_seed(7))
>>> game.deal.game_type, game.to_act, len(game.open_cards(0)), game.covered_count(1)
(<GameType.HEARTS: 'hearts'>, 0, 8, 8)
>>> while not game.finished:
...     game = game.apply(game.legal_actions()[0])
>>> game.result
LieutenantResult(points=(90, 30), winner=0, game_points=(2, 0))
>>> LieutenantState.parse(str(game)) == game
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .actions import IllegalAction, Play, Reason
from .cards import ALL_MASK, DECK, Card, CardSet, Rank, mask_cards, mask_points
from .deal import SplitMix64
from .rules import GameRules, GameType, rules_for

__all__ = [
    "LieutenantDeal",
    "LieutenantState",
    "LieutenantResult",
    "LieutenantPile",
    "LieutenantView",
    "LieutenantRefusal",
    "lieutenant_game_points",
]

_PILES: Final = 8
_PLAYS: Final = tuple(Play(card) for card in DECK)


def _trump_game(card: Card) -> GameType:
    return GameType.GRAND if card.rank is Rank.JACK else GameType.for_suit(card.suit)


class LieutenantDeal:
    """Each player's eight piles (covered card, open card) and the card drawn for trump.

    ``str(deal)`` is player 1's covered cards, player 1's open cards, player 2's covered, player
    2's open (pile by pile, run together) and the trump card, joined with ``-``.
    """

    __slots__ = ("piles", "trump_card")

    piles: tuple[tuple[tuple[Card, Card], ...], tuple[tuple[Card, Card], ...]]
    trump_card: Card

    def __init__(
        self,
        piles: tuple[tuple[tuple[Card, Card], ...], tuple[tuple[Card, Card], ...]],
        trump_card: Card,
    ) -> None:
        """Check that there are 8 piles of two per player and every card is used once."""
        cards = [card for side in piles for pile in side for card in pile]
        if len(piles) != 2 or any(len(side) != _PILES for side in piles):
            raise ValueError("each player has eight piles")
        if any(len(pile) != 2 for side in piles for pile in side) or len(set(cards)) != 32:
            raise ValueError("the piles must hold the 32 cards in twos")
        object.__setattr__(self, "piles", (tuple(piles[0]), tuple(piles[1])))
        object.__setattr__(self, "trump_card", trump_card)

    @classmethod
    def from_seed(cls, seed: int) -> LieutenantDeal:
        """Shuffle as `Deal.from_seed` does, lay out the piles and draw the trump card."""
        if seed < 0:
            raise ValueError("the seed must not be negative")
        rng = SplitMix64(seed)
        pack = [card.index for card in DECK]
        rng.shuffle(pack)
        cards = [DECK[index] for index in pack]
        piles = tuple(
            tuple((cards[16 * side + pile], cards[16 * side + 8 + pile]) for pile in range(_PILES))
            for side in range(2)
        )
        return cls((piles[0], piles[1]), DECK[rng.below(32)])

    @classmethod
    def parse(cls, text: str) -> LieutenantDeal:
        """Return the deal written by ``str(deal)``."""
        parts = text.split("-")
        if len(parts) != 5:
            raise ValueError(f"not a Lieutenant Skat deal: {text!r}")
        rows = [_cards(part) for part in parts[:4]]
        if any(len(row) != _PILES for row in rows):
            raise ValueError(f"not a Lieutenant Skat deal: {text!r}")
        piles = tuple(tuple(zip(rows[2 * side], rows[2 * side + 1])) for side in range(2))
        return cls((piles[0], piles[1]), Card.parse(parts[4]))

    @property
    def game_type(self) -> GameType:
        """Return the trump: the drawn card's suit game, or Grand for a Jack."""
        return _trump_game(self.trump_card)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("LieutenantDeal is immutable")

    def __str__(self) -> str:
        rows = [
            "".join(str(pile[layer]) for pile in self.piles[side])
            for side in range(2)
            for layer in range(2)
        ]
        return "-".join((*rows, str(self.trump_card)))

    def __repr__(self) -> str:
        return f"LieutenantDeal.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LieutenantDeal) and str(other) == str(self)

    def __hash__(self) -> int:
        return hash(str(self))


def _cards(text: str) -> list[Card]:
    if len(text) % 2:
        raise ValueError(f"not a list of cards: {text!r}")
    return [Card.parse(text[i : i + 2]) for i in range(0, len(text), 2)]


def lieutenant_game_points(points: int) -> int:
    """Return a player's game points for their card points (rules.md §11).

    >>> [lieutenant_game_points(p) for p in (59, 60, 61, 90, 91, 119, 120)]
    [0, 1, 2, 2, 3, 3, 4]
    """
    if points == 60:
        return 1
    if points < 60:
        return 0
    if points <= 90:
        return 2
    return 3 if points < 120 else 4


@dataclass(frozen=True, slots=True)
class LieutenantResult:
    """Card points per player, the winner (None for a 60 : 60 draw) and game points."""

    points: tuple[int, int]
    winner: int | None
    game_points: tuple[int, int]


@dataclass(frozen=True, slots=True)
class LieutenantPile:
    """One pile as both players see it: the open card on top (None when the pile is empty) and
    whether a covered card lies below it."""

    top: Card | None
    covered: bool


@dataclass(frozen=True, slots=True)
class LieutenantRefusal:
    """Why a card may not be played now: the engine's `Reason`, the card, and for
    `Reason.MUST_FOLLOW_SUIT` the card led and the open cards that would follow it."""

    reason: Reason
    card: Card
    led: Card | None = None
    follow: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class LieutenantView:
    """What one player may see: every open card, the tricks and points, but no covered card.

    Both players see the same; ``player`` says whose view it is (the side a computer player
    or a hint decides for).
    """

    player: int
    first: int
    trump_card: Card
    to_act: int | None
    piles: tuple[tuple[LieutenantPile, ...], tuple[LieutenantPile, ...]]
    current_trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, Card], int], ...]
    points: tuple[int, int]
    legal_cards: CardSet

    @property
    def game_type(self) -> GameType:
        """Return the trump: the drawn card's suit game, or Grand for a Jack."""
        return _trump_game(self.trump_card)

    @property
    def rules(self) -> GameRules:
        """Return the trump rules of this game."""
        return rules_for(self.game_type)

    @property
    def finished(self) -> bool:
        """Return whether all 16 tricks are played."""
        return self.to_act is None

    def open_cards(self, player: int) -> CardSet:
        """Return a player's face-up cards."""
        return CardSet(pile.top for pile in self.piles[player] if pile.top is not None)

    def covered_count(self, player: int) -> int:
        """Return how many of a player's cards are still face down."""
        return sum(1 for pile in self.piles[player] if pile.covered)

    @property
    def played(self) -> CardSet:
        """Return the cards played so far (the tricks and the card led to this one)."""
        cards = [card for _, pair, _ in self.tricks for card in pair]
        return CardSet((*cards, *self.current_trick))

    @property
    def unseen(self) -> CardSet:
        """Return the covered cards: neither player knows which pile holds which of them."""
        seen = self.open_cards(0).mask | self.open_cards(1).mask | self.played.mask
        return CardSet.from_mask(ALL_MASK & ~seen)


class LieutenantState:
    """A game of Lieutenant Skat: immutable, a replay of its deal and plays.

    Players are 0 and 1. Everything is public except the covered cards, which nobody sees:
    `view` gives what a player may see.
    """

    __slots__ = ("_deal", "_first", "_actions", "_piles", "_to_act", "_trick", "_taken", "_tricks")

    _deal: LieutenantDeal
    _first: int
    _actions: tuple[Play, ...]
    _piles: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    _to_act: int
    _trick: tuple[int, ...]
    _taken: tuple[int, int]
    _tricks: tuple[tuple[int, tuple[Card, Card], int], ...]

    @classmethod
    def new(cls, deal: LieutenantDeal, *, first: int = 0) -> LieutenantState:
        """Return the game before the first card; ``first`` (0 or 1) leads the first trick."""
        if first not in (0, 1):
            raise ValueError("the first player is 0 or 1")
        state = object.__new__(cls)
        state._deal = deal
        state._first = first
        state._actions = ()
        state._piles = (
            tuple((covered.index, top.index) for covered, top in deal.piles[0]),
            tuple((covered.index, top.index) for covered, top in deal.piles[1]),
        )
        state._to_act = first
        state._trick = ()
        state._taken = (0, 0)
        state._tricks = ()
        return state

    @classmethod
    def parse(cls, text: str) -> LieutenantState:
        """Return the game written as ``DEAL_FIRST_PLAYS`` (plays are cards joined by ``.``)."""
        parts = text.strip().split("_")
        if len(parts) != 3 or parts[1] not in ("0", "1"):
            raise ValueError("not a Lieutenant Skat game: expected DEAL_FIRST_PLAYS")
        state = cls.new(LieutenantDeal.parse(parts[0]), first=int(parts[1]))
        for word in filter(None, parts[2].split(".")):
            state = state.apply(Play(Card.parse(word)))
        return state

    def __str__(self) -> str:
        plays = ".".join(str(action.card) for action in self._actions)
        return f"{self._deal}_{self._first}_{plays}"

    def __repr__(self) -> str:
        return f"LieutenantState.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, LieutenantState)
            and other._deal == self._deal
            and other._first == self._first
            and other._actions == self._actions
        )

    def __hash__(self) -> int:
        return hash((self._deal, self._first, self._actions))

    @property
    def deal(self) -> LieutenantDeal:
        """Return the deal."""
        return self._deal

    @property
    def rules(self) -> GameRules:
        """Return the trump rules of this game."""
        return rules_for(self._deal.game_type)

    @property
    def actions(self) -> tuple[Play, ...]:
        """Return the plays so far."""
        return self._actions

    @property
    def to_act(self) -> int | None:
        """Return the player to play (0 or 1), None when the game is over."""
        return None if self.finished else self._to_act

    @property
    def finished(self) -> bool:
        """Return whether all 16 tricks are played."""
        return len(self._tricks) == 16

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Return the card led to the trick in progress, if any."""
        return tuple(DECK[i] for i in self._trick)

    @property
    def tricks(self) -> tuple[tuple[int, tuple[Card, Card], int], ...]:
        """Return the tricks played: (leader, (led card, answer), winner)."""
        return self._tricks

    def open_cards(self, player: int) -> CardSet:
        """Return a player's face-up cards: the top card of each pile."""
        return CardSet.from_mask(_tops(self._piles[player]))

    def covered_count(self, player: int) -> int:
        """Return how many of a player's cards are still face down."""
        return sum(1 for pile in self._piles[player] if len(pile) == 2)

    def points(self, player: int) -> int:
        """Return the card points a player has taken."""
        return mask_points(self._taken[player])

    def legal_cards(self) -> CardSet:
        """Return the open cards the player to act may play."""
        if self.finished:
            return CardSet()
        tops = _tops(self._piles[self._to_act])
        if self._trick:
            tops = self.rules.legal_mask(tops, self._trick[0])
        return CardSet.from_mask(tops)

    def legal_actions(self) -> tuple[Play, ...]:
        """Return a `Play` for every legal card, highest index first."""
        mask = self.legal_cards().mask
        return tuple(_PLAYS[i] for i in range(31, -1, -1) if mask >> i & 1)

    def view(self, player: int) -> LieutenantView:
        """Return what ``player`` (0 or 1) may see: the open cards, never a covered one."""
        if player not in (0, 1):
            raise ValueError("the player is 0 or 1")
        piles = tuple(
            tuple(
                LieutenantPile(DECK[pile[-1]] if pile else None, len(pile) == 2)
                for pile in self._piles[side]
            )
            for side in range(2)
        )
        return LieutenantView(
            player=player,
            first=self._first,
            trump_card=self._deal.trump_card,
            to_act=self.to_act,
            piles=(piles[0], piles[1]),
            current_trick=self.current_trick,
            tricks=self._tricks,
            points=(self.points(0), self.points(1)),
            legal_cards=self.legal_cards(),
        )

    def refusal(self, card: Card, player: int | None = None) -> LieutenantRefusal | None:
        """Return why ``card`` may not be played now (by ``player``, if given), or None."""
        if self.finished:
            return LieutenantRefusal(Reason.WRONG_PHASE, card)
        if player is not None and player != self._to_act:
            return LieutenantRefusal(Reason.NOT_YOUR_TURN, card)
        tops = _tops(self._piles[self._to_act])
        if not tops & card.bit:
            return LieutenantRefusal(Reason.CARD_NOT_IN_HAND, card)
        legal = self.legal_cards().mask
        if legal & card.bit:
            return None
        led = DECK[self._trick[0]]
        return LieutenantRefusal(Reason.MUST_FOLLOW_SUIT, card, led, tuple(mask_cards(legal)))

    def apply(self, action: Play) -> LieutenantState:
        """Return the game after the player to act plays ``action.card``."""
        if not isinstance(action, Play):
            raise IllegalAction(Reason.WRONG_PHASE, action)
        if self.finished:
            raise IllegalAction(Reason.WRONG_PHASE, action)
        card = action.card
        player = self._to_act
        refused = self.refusal(card)
        if refused is not None:
            raise IllegalAction(refused.reason, action)
        new = object.__new__(LieutenantState)
        new._deal = self._deal
        new._first = self._first
        new._actions = (*self._actions, action)
        # The card leaves its pile; the covered card below (if any) is now the top, face up.
        own = tuple(
            pile[:-1] if pile and pile[-1] == card.index else pile for pile in self._piles[player]
        )
        new._piles = (own, self._piles[1]) if player == 0 else (self._piles[0], own)
        new._taken = self._taken
        new._tricks = self._tricks
        if not self._trick:
            new._trick = (card.index,)
            new._to_act = 1 - player
            return new
        leader = 1 - player
        led = DECK[self._trick[0]]
        winner = leader if self.rules.winner_index((led.index, card.index)) == 0 else player
        taken = list(self._taken)
        taken[winner] |= led.bit | card.bit
        new._taken = (taken[0], taken[1])
        new._tricks = (*self._tricks, (leader, (led, card), winner))
        new._trick = ()
        new._to_act = winner
        return new

    @property
    def result(self) -> LieutenantResult | None:
        """Return the result once all tricks are played."""
        if not self.finished:
            return None
        points = (self.points(0), self.points(1))
        winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
        return LieutenantResult(
            points=points,
            winner=winner,
            game_points=(lieutenant_game_points(points[0]), lieutenant_game_points(points[1])),
        )


def _tops(piles: tuple[tuple[int, ...], ...]) -> int:
    mask = 0
    for pile in piles:
        if pile:
            mask |= 1 << pile[-1]
    return mask
