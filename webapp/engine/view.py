"""What one seat may know (`SeatView`), and worlds sampled from it for computer players.

A computer player or a hint gets a `SeatView` only. `SeatView.sample` deals the cards this seat
has not seen to the other hands and the skat, consistently with everything it has seen (the voids
shown by not following included), and returns a complete `GameState` of that imagined world, in
which the seat's own view is the same as in the real one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action, Discard, PickUp, Push
from .cards import ALL_MASK, DECK, JACKS_MASK, CardSet
from .deal import Deal, Position
from .rules import GameRules, GameType, SuitClass, rules_for
from .score import Contract, RamschSettlement, Settlement

if TYPE_CHECKING:  # pragma: no cover
    from .game import GameState, Options, Phase, Trick

__all__ = ["SeatView"]

_SKAT = 3  # the skat's slot next to the three positions when sampling


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may know now: the only input computer players and hints get.

    ``log`` is every action so far with who took it; a discard or push made by another seat is
    None there. ``hand_sizes`` and ``skat_size`` count the cards each holds now. ``skat_seen`` is
    the skat as this seat picked it up; ``laid_away`` the cards it put into the skat (discards, or
    a Schieberamsch push); ``skat`` the skat now if this seat knows it (its own discards, or the
    hand is over). ``open_cards`` are the declarer's cards in an ouvert game. ``voids`` are, per
    position, the suit classes it showed it no longer holds by not following. ``trick_points``
    count the tricks taken so far (not the skat). ``ramsch`` is true in a Ramsch, and in a Grand
    hand declared instead of one.
    """

    position: Position
    phase: Phase
    to_act: Position | None
    options: Options
    hand: CardSet
    hand_sizes: tuple[int, int, int]
    skat_size: int
    log: tuple[tuple[Position, Action | None], ...]
    auction: tuple[tuple[Position, Action], ...]
    ramsch: bool
    declarer: Position | None
    bid: int
    game_type: GameType | None
    contract: Contract | None
    skat_seen: CardSet | None
    laid_away: CardSet | None
    skat: CardSet | None
    pushes: int
    open_cards: CardSet | None
    tricks: tuple[Trick, ...]
    current_trick: Trick
    voids: tuple[frozenset[SuitClass], frozenset[SuitClass], frozenset[SuitClass]]
    trick_points: tuple[int, int, int]
    trick_counts: tuple[int, int, int]
    kontra: Position | None
    re: bool
    legal_actions: tuple[Action, ...]
    settlement: Settlement | RamschSettlement | None

    @property
    def rules(self) -> GameRules | None:
        """Return the rule object of the game being played, if known."""
        return None if self.game_type is None else rules_for(self.game_type)

    def played_by(self, position: Position) -> CardSet:
        """Return the cards ``position`` has played so far."""
        return CardSet.from_mask(self._played()[position])

    def _played(self) -> list[int]:
        masks = [0, 0, 0]
        for trick in (*self.tricks, self.current_trick):
            for offset, card in enumerate(trick.cards):
                masks[(trick.leader + offset) % 3] |= card.bit
        return masks

    @property
    def unseen(self) -> CardSet:
        """Return the cards whose place this seat does not know: other hands or the skat."""
        played = self._played()
        known = self.hand.mask | played[0] | played[1] | played[2]
        for extra in (self.open_cards, self.skat):
            if extra is not None:
                known |= extra.mask
        return CardSet.from_mask(~known & ALL_MASK)

    def sample(self, rng: random.Random) -> GameState:
        """Return a complete state of a world that fits this view, unseen cards dealt at random.

        Not available while a player holds twelve cards (laying away or pushing).
        """
        from .game import GameState, Phase

        if self.phase in (Phase.DISCARD, Phase.PUSH):
            raise ValueError("cannot sample while a player holds the skat")
        holdings = self._deal_unseen(rng)
        played = self._played()
        start = [holdings[position] | played[position] for position in Position]
        skat = holdings[_SKAT]
        ramsch = self.ramsch
        declarer = self.declarer
        picked_up = any(isinstance(action, PickUp) for _, action in self.log)
        if (
            not ramsch
            and picked_up
            and declarer == self.position
            and self.skat_seen is not None
            and self.laid_away is not None
        ):
            # The declarer knows the skat it took and what it laid away: its real start.
            assert declarer is not None
            start[declarer] = (start[declarer] | self.laid_away.mask) & ~self.skat_seen.mask
            skat = self.skat_seen.mask
        two = [DECK[i] for i in range(32) if holdings[_SKAT] >> i & 1]
        actions: list[Action] = []
        for _, action in self.log:
            if action is None or (ramsch and isinstance(action, Push)):
                # Imagined: the skat now is what was laid away, or pushed on unchanged.
                hidden: Action = Push(*two) if ramsch else Discard(*two)
                actions.append(hidden)
            else:
                actions.append(action)
        deal = Deal(
            (
                CardSet.from_mask(start[0]),
                CardSet.from_mask(start[1]),
                CardSet.from_mask(start[2]),
            ),
            CardSet.from_mask(skat),
        )
        return GameState.replay(deal, actions, self.options)

    def _deal_unseen(self, rng: random.Random) -> list[int]:
        """Return masks for the three hands and the skat: known cards kept, the rest sampled."""
        holdings = [0, 0, 0, 0]
        holdings[self.position] = self.hand.mask
        fixed = {self.position}
        if self.open_cards is not None and self.declarer is not None:
            holdings[self.declarer] = self.open_cards.mask
            fixed.add(self.declarer)
        slots: list[tuple[int, int, int]] = []  # (target, how many, forbidden cards)
        rules = self.rules
        for position in Position:
            if position in fixed:
                continue
            forbidden = 0
            if rules is not None:
                for suit_class in self.voids[position]:
                    forbidden |= rules.cards_of(suit_class).mask
            slots.append((position, self.hand_sizes[position], forbidden))
        if self.skat is not None:
            holdings[_SKAT] = self.skat.mask
        elif self.skat_size:
            pushed_no_jacks = self.pushes and not self.options.push_jacks_allowed
            slots.append((_SKAT, self.skat_size, JACKS_MASK if pushed_no_jacks else 0))
        unseen = self.unseen.mask
        pool = [i for i in range(32) if unseen >> i & 1]
        for target, mask in _fill(pool, slots, rng).items():
            holdings[target] |= mask
        return holdings


def _fill(pool: list[int], slots: list[tuple[int, int, int]], rng: random.Random) -> dict[int, int]:
    """Deal the ``pool`` card indices into slots of fixed sizes, avoiding forbidden cards.

    Most constrained cards go first, each to a slot picked with weight = room left; a dead end
    (rare) starts over.
    """
    for _ in range(200):
        cards = pool[:]
        rng.shuffle(cards)
        cards.sort(key=lambda i: sum(1 for _, _, barred in slots if not barred >> i & 1))
        room = [size for _, size, _ in slots]
        result = {target: 0 for target, _, _ in slots}
        for index in cards:
            open_slots = [
                n for n, (_, _, barred) in enumerate(slots) if room[n] and not barred >> index & 1
            ]
            if not open_slots:
                break
            chosen = rng.choices(open_slots, weights=[room[n] for n in open_slots])[0]
            room[chosen] -= 1
            result[slots[chosen][0]] |= 1 << index
        else:
            return result
    raise ValueError("no deal of the unseen cards fits what this seat has seen")
