"""Card distributions that fit one seat's view: sampled at random, or all of them when few.

A *world* gives every unseen card a place: one of the other two hands or the skat. It respects
everything the seat knows: its own cards, the cards played, the skat it saw or laid away, an
ouvert declarer's open cards, each player's number of cards, and the suits a player showed it
no longer holds. Sampled worlds are also weighted by what the others showed: the auction (a
player who held 30 probably holds some values, one who passed at 18 holds no game; the
declarer's game must reach the bid) and the play (a defender last to a trick who let the
declarer keep it while following suit holds no card of that suit that would have taken it; a
defender who led a low card of a side suit seldom holds its Ace).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import Final

from webapp.engine.actions import Bid, Hold, Pass
from webapp.engine.bidding import BID_VALUES, next_bid
from webapp.engine.cards import DECK, JACKS_MASK, Card, CardSet, Rank, mask_cards, mask_points
from webapp.engine.view import SeatView
from webapp.engine.rules import GameType, rules_for

from .limits import bid_limits, game_value, null_risk
from .ranks import class_ranks
from .solver import SolverPosition

__all__ = ["Unknowns", "World", "unknowns", "sample_worlds", "all_worlds", "world_count"]

_SKAT: Final = 3
"""Holder number of the skat (0..2 are the seats)."""
_HOLDERS: Final = (0, 1, 2, _SKAT)


@dataclass(frozen=True, slots=True)
class World:
    """Every hand and the skat in one distribution that fits the view."""

    hands: tuple[int, int, int]
    skat: int

    def position(self, view: SeatView) -> SolverPosition:
        """Return the solver position of this world (a declarer's game in its card play)."""
        declarer = view.declarer
        game = view.game_type
        assert declarer is not None and game is not None
        trick = view.current_trick
        declarer_points = view.trick_points[declarer] + mask_points(self.skat)
        defender_points = sum(view.trick_points) - view.trick_points[declarer]
        return SolverPosition(
            game,
            int(declarer),
            self.hands,
            tuple(card.index for card in trick.cards),
            int(trick.leader),
            declarer_points,
            defender_points,
            sum(view.trick_counts) - view.trick_counts[declarer],
        )


@dataclass(frozen=True, slots=True)
class Unknowns:
    """What a seat does not know: the unseen cards, where they may go, and how many go where."""

    known: tuple[int, int, int]
    """Cards known to be in each hand (this seat's own, an ouvert declarer's)."""
    skat_known: int
    """The skat's cards if this seat knows them (it laid them away), else 0."""
    cards: int
    """The cards whose place is unknown."""
    needs: tuple[int, int, int, int]
    """How many unknown cards each seat and the skat still take."""
    barred: tuple[int, int, int, int]
    """Cards each holder cannot have (the classes a seat showed void in)."""


def unknowns(view: SeatView) -> Unknowns:
    """Return the unknowns of a view in the card play (or of a hand before it)."""
    me = int(view.position)
    known = [0, 0, 0]
    known[me] = view.hand.mask
    if view.open_cards is not None and view.declarer is not None and view.declarer != me:
        known[view.declarer] = view.open_cards.mask
    skat_known = view.skat.mask if view.skat is not None else 0
    cards = view.unseen.mask
    needs = [view.hand_sizes[seat] - known[seat].bit_count() for seat in range(3)]
    skat_need = 0 if view.skat is not None else view.skat_size
    rules = view.rules
    barred = [0, 0, 0, 0]
    if rules is not None:
        for seat in range(3):
            for cls in view.voids[seat]:
                for card in mask_cards(cards):
                    if rules.follows(card) is cls:
                        barred[seat] |= card.bit
    return Unknowns(
        (known[0], known[1], known[2]),
        skat_known,
        cards,
        (needs[0], needs[1], needs[2], skat_need),
        (barred[0], barred[1], barred[2], barred[3]),
    )


def _by_constraint(unknown: Unknowns) -> list[list[int]]:
    """Return the unknown cards' bits grouped by how many holders cannot take them, most first."""
    groups: list[list[int]] = [[], [], [], [], []]
    for card in mask_cards(unknown.cards):
        groups[sum(1 for barred in unknown.barred if barred & card.bit)].append(card.bit)
    return [group for group in reversed(groups) if group]


def _assign(unknown: Unknowns, order: list[list[int]], rng: random.Random) -> list[int] | None:
    """Return one random placement of the unknown cards (holder masks), or None at a dead end.

    The most constrained cards are placed first (``order``, from :func:`_by_constraint`), each
    with a holder drawn in proportion to the room left, which deals the cards uniformly where
    nothing is known.
    """
    holders = [0, 0, 0, 0]
    room = list(unknown.needs)
    barred = unknown.barred
    anywhere = ~(barred[0] | barred[1] | barred[2] | barred[3])  # cards any holder may take
    for group in order:
        cards = group[:]
        rng.shuffle(cards)
        for bit in cards:
            if bit & anywhere:
                takers: Sequence[int] = _HOLDERS
                total = room[0] + room[1] + room[2] + room[3]
            else:
                takers = [h for h in _HOLDERS if not barred[h] & bit]
                total = sum(room[h] for h in takers)
            if not total:
                return None
            pick = rng.randrange(total)
            for h in takers:
                pick -= room[h]
                if pick < 0:
                    break
            holders[h] |= bit
            room[h] -= 1
    return holders


def _world(unknown: Unknowns, holders: list[int]) -> World:
    hands = tuple(unknown.known[seat] | holders[seat] for seat in range(3))
    return World((hands[0], hands[1], hands[2]), unknown.skat_known | holders[_SKAT])


def all_worlds(view: SeatView, limit: int) -> list[World] | None:
    """Return every world that fits the view, or None if there are more than ``limit``."""
    unknown = unknowns(view)
    if world_count(unknown) > limit:
        return None
    cards = mask_cards(unknown.cards)
    found: list[World] = []
    holders = [0, 0, 0, 0]
    room = list(unknown.needs)

    def place(position: int) -> None:
        if position == len(cards):
            found.append(_world(unknown, holders))
            return
        card = cards[position]
        for holder in range(4):
            if room[holder] and not unknown.barred[holder] & card.bit:
                holders[holder] |= card.bit
                room[holder] -= 1
                place(position + 1)
                holders[holder] ^= card.bit
                room[holder] += 1

    place(0)
    return found


def world_count(unknown: Unknowns) -> int:
    """Return an upper bound of the worlds (the count without the void constraints)."""
    rest = unknown.cards.bit_count()
    total = 1
    for need in unknown.needs:
        total *= comb(rest, need)
        rest -= need
    return total


PASS_WEIGHT: Final = 0.4
"""A world's weight when a seat holds more than its bids say: a game worth more than it passed
at, or less than it bid or held (by the rules of thumb's bid limits)."""
DUCK_WEIGHT: Final = 0.5
"""A world's weight when a defender, last to a trick the declarer was winning, followed low
though it held a card of the suit that takes the trick: it would almost always have taken it."""

LEAD_WEIGHT: Final = 0.4
"""A world's weight when a defender led a low card of a side suit (neither trump nor the Ace)
while holding that suit's Ace: a defender leads its Aces first."""


@dataclass(frozen=True, slots=True)
class _Clues:
    """What the auction and the play so far say about the other seats' cards."""

    played: tuple[int, int, int]
    """The cards each seat played."""
    said: dict[int, int]
    """The highest value each seat bid or held."""
    passed: dict[int, int]
    """The value each seat passed at: its hand was worth less than this."""
    ducks: tuple[tuple[int, int, int], ...]
    """(seat, cards that would have taken the trick, cards it played after that trick): the
    tricks a defender, last to play, let the declarer keep while following suit."""
    low_leads: tuple[tuple[int, int], ...]
    """(seat, the Ace still unseen): a defender led a low card of that Ace's side suit."""


def _auction_bounds(view: SeatView) -> tuple[dict[int, int], dict[int, int]]:
    """Return the highest value each seat bid or held and the value each seat passed at.

    A seat that passes a bid waiting for its answer could not hold that value; a seat that
    passes when it is to bid could not bid the next value (18 when nothing was bid).
    """
    said: dict[int, int] = {}
    passed: dict[int, int] = {}
    value = 0
    waiting: int | None = None  # the seat whose bid awaits an answer
    for seat, action in view.auction:
        if isinstance(action, Bid):
            value = action.value
            said[int(seat)] = value
            waiting = int(seat)
        elif isinstance(action, Hold):
            said[int(seat)] = value
            waiting = None
        elif isinstance(action, Pass):
            if waiting is not None and waiting != int(seat):
                passed[int(seat)] = value
            else:
                passed[int(seat)] = next_bid(value) or BID_VALUES[-1] + 1
            waiting = None
    return said, passed


def _ducks(view: SeatView, played_after: list[list[int]]) -> tuple[tuple[int, int, int], ...]:
    """Return the tricks a defender let the declarer keep as the last player (see `_Clues`).

    ``played_after[trick][seat]`` holds the cards the seat played after that trick.
    """
    game = view.game_type
    declarer = view.declarer
    if game is None or declarer is None or game in (GameType.NULL, GameType.RAMSCH):
        return ()
    rules = rules_for(game)
    ranks = class_ranks(game)
    me = int(view.position)
    found = []
    for number, trick in enumerate(view.tricks):
        if len(trick.cards) != 3 or trick.winner != declarer:
            continue
        last = int(trick.players[2])
        if last in (me, int(declarer)):
            continue
        led = rules.follows(trick.cards[0])
        if rules.follows(trick.cards[2]) is not led:
            continue
        winning = trick.cards[trick.players.index(declarer)]
        if rules.follows(winning) is not led:
            continue  # the declarer trumped: a card of the suit led would not take it
        later = played_after[number][last]
        higher = view.unseen.mask & sum(
            card.bit for card in DECK
            if rules.follows(card) is led and ranks[card.index] > ranks[winning.index]
        )
        if higher:
            found.append((last, higher, later))
    return tuple(found)


def _low_leads(view: SeatView) -> tuple[tuple[int, int], ...]:
    """Return the defenders' low leads (see `_Clues`) other than the seat's own whose Ace is still
    unseen: each lead counts, so a seat that led low in a suit twice is twice as unlikely."""
    game = view.game_type
    declarer = view.declarer
    if game is None or declarer is None or game in (GameType.NULL, GameType.RAMSCH):
        return ()
    rules = rules_for(game)
    found = []
    for trick in (*view.tricks, view.current_trick):
        if not trick.cards or int(trick.leader) in (int(view.position), int(declarer)):
            continue
        led = trick.cards[0]
        ace = Card(led.suit, Rank.ACE)
        if not rules.is_trump(led) and led != ace and ace.bit & view.unseen.mask:
            found.append((int(trick.leader), ace.bit))
    return tuple(found)


def _clues(view: SeatView) -> _Clues:
    """Return what the auction and the play so far say about the other seats' cards."""
    tricks = (*view.tricks, view.current_trick)
    played = [0, 0, 0]
    after: list[list[int]] = [[0, 0, 0] for _ in tricks]
    for number in range(len(tricks) - 1, -1, -1):
        after[number] = list(played)
        trick = tricks[number]
        for seat, card in zip(trick.players, trick.cards):
            played[seat] |= card.bit
    said, passed = _auction_bounds(view)
    return _Clues(
        (played[0], played[1], played[2]), said, passed, _ducks(view, after), _low_leads(view)
    )


def _weight(view: SeatView, world: World, clues: _Clues) -> float:
    """Return how well a world fits the auction, the declared game and the play (1.0: fully)."""
    weight = 1.0
    declarer = view.declarer
    game = view.game_type
    me = int(view.position)
    played = clues.played
    for seat, higher, later in clues.ducks:
        if (world.hands[seat] | later) & higher:
            weight *= DUCK_WEIGHT
    for seat, ace in clues.low_leads:
        if world.hands[seat] & ace:
            weight *= LEAD_WEIGHT
    for seat in range(3):
        if seat == me:
            continue
        original = world.hands[seat] | played[seat]
        if seat == declarer and game is not None and game is not GameType.RAMSCH:
            cards = CardSet.from_mask(original | world.skat)
            if game is GameType.NULL:
                caught, _ = null_risk(CardSet.from_mask(original))
                weight *= 0.6**caught
                continue
            hand = view.contract.hand if view.contract is not None else False
            if game_value(cards, game, hand=hand) < view.bid:
                weight *= 0.05
            trumps = (original & rules_for(game).trump_mask).bit_count()
            if game is GameType.GRAND:
                jacks = (original & JACKS_MASK).bit_count()
                weight *= 1.0 if jacks >= 2 else 0.4
            elif trumps < 5:
                weight *= 0.35 ** (5 - trumps)
            continue
        said = clues.said.get(seat, 0)
        passed = clues.passed.get(seat)
        if said >= 18 or passed is not None:
            limits = bid_limits(CardSet.from_mask(original))
            best = max((limit.value for limit in limits), default=0)
            if best < said or (passed is not None and best >= passed):
                weight *= PASS_WEIGHT
    return weight


def sample_worlds(view: SeatView, count: int, rng: random.Random) -> list[World]:
    """Return ``count`` worlds drawn at random, weighted by the auction and the declared game.

    Three times as many candidates are drawn and ``count`` of them kept, each with a chance that
    grows with its weight, so the result follows the inference without ever being empty.
    """
    unknown = unknowns(view)
    order = _by_constraint(unknown)
    clues = _clues(view)
    candidates: list[tuple[float, World]] = []
    attempts = 0
    while len(candidates) < 3 * count and attempts < 60 * count:
        attempts += 1
        holders = _assign(unknown, order, rng)
        if holders is None:
            continue
        world = _world(unknown, holders)
        weight = _weight(view, world, clues)
        # Weighted sampling without replacement (Efraimidis–Spirakis keys).
        candidates.append((rng.random() ** (1.0 / weight), world))
    if not candidates:
        exact = all_worlds(view, 10**9)
        assert exact, "the real deal always fits the view"
        return [exact[rng.randrange(len(exact))] for _ in range(count)]
    candidates.sort(key=lambda item: -item[0])
    return [world for _, world in candidates[:count]]
