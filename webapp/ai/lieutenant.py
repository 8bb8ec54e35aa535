"""Computer players and hints for Lieutenant Skat (rules.md §11), from one player's view.

Both players see every open card and neither sees a covered one, so every way of putting the
unseen cards under the covered piles is equally likely: nothing a player did can tell which.

- `Level.EASY` plays by rules of thumb (take a trick worth it with the cheapest card that
  does, lead a card the opponent cannot beat, else give away few points).
- `Level.MEDIUM` and `Level.STRONG` sample such *worlds* and search each one with every card
  known (alpha-beta over whole tricks with a transposition table: exact when few tricks are
  left, a static estimate of the rest beyond its depth), then play the card that does best
  over the worlds. The strong player searches four tricks deep (medium two), is exact over the
  last seven tricks (medium four), samples more worlds, and counts each world's outcome in game
  points (61, 91, 120 card points) before card points.
- `hint(view, seed=...)` is the strong player's card with a `LieutenantReason` that is true in
  the position, and the cards it talks about (the web layer words it).

Everything is deterministic for a given seed and never looks at a covered card.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Final

from webapp.engine.cards import DECK, Card, Rank, mask_cards, mask_indices
from webapp.engine.deal import SplitMix64
from webapp.engine.lieutenant import LieutenantView, lieutenant_game_points
from webapp.engine.rules import GameType, rules_for

from .player import Level

__all__ = [
    "Level",
    "LieutenantReason",
    "LieutenantHint",
    "SearchDepth",
    "DEPTHS",
    "choose",
    "hint",
    "judge",
]

_POINTS: Final = tuple(card.points for card in DECK)
_BITS: Final = tuple(1 << i for i in range(32))


@dataclass(frozen=True, slots=True)
class SearchDepth:
    """How much one decision searches."""

    worlds: int
    """Worlds sampled (fewer when fewer exist: all of them are then searched)."""
    depth: int
    """Tricks searched, the current one included, before the static estimate takes over."""
    exact: int
    """With this many tricks left or fewer (counting the current one) the search goes to the end."""
    game_points: bool
    """Judge a world's outcome in game points first (else in card points only)."""


DEPTHS: Final[dict[Level, SearchDepth]] = {
    Level.MEDIUM: SearchDepth(worlds=3, depth=2, exact=4, game_points=False),
    Level.STRONG: SearchDepth(worlds=6, depth=4, exact=7, game_points=True),
}
"""The search of each searching level. Depth is what tells the levels apart (measured with
bench/lieutenant.py's duplicate match: searching four tricks in 6 worlds beat three tricks in 10
worlds by 0.2 game points per game, while 10 worlds instead of 3 gained nothing measurable); a strong
move stays well under 150 ms."""


# --------------------------------------------------------------------------- tables per game


@dataclass(frozen=True, slots=True)
class _Tables:
    """Fast per-card facts of one game type."""

    follow: tuple[int, ...]
    """Per card: the mask of its suit class (trump counts as one suit)."""
    beaten_by: tuple[int, ...]
    """Per led card: the mask of answers that win the trick against it."""
    trumps: int
    power: tuple[int, ...]
    """Per card: a rough weight of how many tricks it takes (for the static estimate)."""


@cache
def _tables(game_type: GameType) -> _Tables:
    rules = rules_for(game_type)
    beaten_by = tuple(
        sum(_BITS[answer] for answer in range(32) if rules.winner_index((led, answer)) == 1)
        for led in range(32)
    )
    power = []
    for card in DECK:
        if card.bit & rules.trump_mask:
            power.append(12 if card.rank is Rank.JACK else 8)
        else:
            power.append({Rank.ACE: 6, Rank.TEN: 3, Rank.KING: 1}.get(card.rank, 0))
    return _Tables(
        follow=rules.class_masks,
        beaten_by=beaten_by,
        trumps=rules.trump_mask,
        power=tuple(power),
    )


def _legal(tops: int, led: int, follow: tuple[int, ...]) -> int:
    if led < 0:
        return tops
    following = tops & follow[led]
    return following if following else tops


def _points(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += _POINTS[low.bit_length() - 1]
        mask ^= low
    return total


# --------------------------------------------------------------------------- the position


@dataclass(frozen=True, slots=True)
class _Position:
    """The view as masks: whose turn, the tops, the covered piles, the card led, the points."""

    me: int
    to_act: int
    tops: tuple[int, int]
    covered_tops: tuple[int, int]
    """Per player: the open cards with a covered card below."""
    unseen: tuple[int, ...]
    """The covered cards, lowest index first."""
    led: int
    points: tuple[int, int]
    tricks_left: int
    """Tricks still to finish, the current one included."""
    game_type: GameType


def _position(view: LieutenantView) -> _Position:
    if view.to_act is None or view.to_act != view.player:
        raise ValueError("it is not this player's turn")
    tops = tuple(view.open_cards(side).mask for side in range(2))
    covered = tuple(
        sum(pile.top.bit for pile in view.piles[side] if pile.covered and pile.top is not None)
        for side in range(2)
    )
    return _Position(
        me=view.player,
        to_act=view.to_act,
        tops=(tops[0], tops[1]),
        covered_tops=(covered[0], covered[1]),
        unseen=tuple(card.index for card in view.unseen),
        led=view.current_trick[0].index if view.current_trick else -1,
        points=view.points,
        tricks_left=16 - len(view.tricks),
        game_type=view.game_type,
    )


def _worlds(position: _Position, count: int, seed: int) -> list[list[int]]:
    """Return ``count`` worlds (or every one, when there are no more): per card index, the bit
    of the covered card under it (0 for none)."""
    slots = [i for side in range(2) for i in mask_indices(position.covered_tops[side])]
    cards = list(position.unseen)
    if len(slots) <= 1:
        count = 1
    elif len(slots) == 2:
        count = min(count, 2)
    elif len(slots) == 3:
        count = min(count, 6)
    rng = SplitMix64(seed)
    worlds: list[list[int]] = []
    seen: set[tuple[int, ...]] = set()
    tries = 0
    while len(worlds) < count and tries < 8 * count:
        tries += 1
        order = list(cards)
        rng.shuffle(order)
        key = tuple(order)
        if key in seen:
            continue
        seen.add(key)
        under = [0] * 32
        for slot, card in zip(slots, order):
            under[slot] = _BITS[card]
        worlds.append(under)
    return worlds


# --------------------------------------------------------------------------- the search


class _Search:
    """Alpha-beta over one world with every card known: the card points the leader of a trick
    takes from here on (exact within the horizon, a static estimate beyond it)."""

    __slots__ = ("follow", "beaten_by", "power", "under", "table", "nodes")

    def __init__(self, tables: _Tables, under: list[int]) -> None:
        self.follow = tables.follow
        self.beaten_by = tables.beaten_by
        self.power = tables.power
        self.under = under
        self.table: dict[tuple[int, int, int], tuple[int, int]] = {}
        self.nodes = 0

    def weight(self, tops: int) -> int:
        """Return a side's trick-taking weight: its open cards and the covered ones below."""
        under = self.under
        power = self.power
        weight = 1
        while tops:
            low = tops & -tops
            index = low.bit_length() - 1
            weight += power[index]
            below = under[index]
            if below:
                weight += power[below.bit_length() - 1]
            tops ^= low
        return weight

    def lead(
        self, lead: int, other: int, weights: tuple[int, int], rest: int, depth: int,
        alpha: int, beta: int,
    ) -> int:
        """Return the leader's points out of ``rest`` (the points of every card left);
        ``weights`` are the leader's and the other's `weight`."""
        if not lead:
            return 0
        if depth < 0:
            # Share what is left by weight; the leader chooses the suit, a small edge.
            mine = weights[0] * 11 // 10
            return rest * mine // (mine + weights[1])
        self.nodes += 1
        key = (lead, other, depth)
        bounds = self.table.get(key)
        if bounds is not None:
            low, high = bounds
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha = max(alpha, low)
            beta = min(beta, high)
        start_alpha, start_beta = alpha, beta
        best = -1
        for card in self._lead_order(lead, other):
            value = self.answer(lead, other, weights, card, rest, depth, alpha, beta)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        low, high = bounds if bounds is not None else (0, rest)
        if best <= start_alpha:
            high = min(high, best)
        elif best >= start_beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high)
        return best

    def answer(
        self, lead: int, other: int, weights: tuple[int, int], card: int, rest: int,
        depth: int, alpha: int, beta: int,
    ) -> int:
        """Return the leader's points out of ``rest`` after leading ``card``: the follower's
        best answer."""
        under = self.under
        power = self.power
        bit = _BITS[card]
        led_tops = lead ^ bit | under[card]
        led_weight = weights[0] - power[card]
        legal = _legal(other, card, self.follow)
        beaten_by = self.beaten_by[card]
        worst = rest + 1
        for answer in self._answer_order(legal, beaten_by):
            answer_bit = _BITS[answer]
            other_tops = other ^ answer_bit | under[answer]
            other_weight = weights[1] - power[answer]
            won = _POINTS[card] + _POINTS[answer]
            after = rest - won
            if answer_bit & beaten_by:
                # The follower takes the trick and leads the next one.
                value = after - self.lead(
                    other_tops, led_tops, (other_weight, led_weight), after, depth - 1,
                    after - beta, after - alpha,
                )
            else:
                value = won + self.lead(
                    led_tops, other_tops, (led_weight, other_weight), after, depth - 1,
                    alpha - won, beta - won,
                )
            if value < worst:
                worst = value
                if value < beta:
                    beta = value
                    if alpha >= beta:
                        break
        return worst

    def _lead_order(self, lead: int, other: int) -> list[int]:
        """Likely best leads first: cards the other cannot beat (richest first), then cheap
        cards."""
        follow = self.follow
        beaten_by = self.beaten_by
        safe: list[int] = []
        cheap: list[int] = []
        for card in mask_indices(lead):
            if not _legal(other, card, follow) & beaten_by[card]:
                safe.append(card)
            else:
                cheap.append(card)
        safe.sort(key=lambda card: -_POINTS[card])
        cheap.sort(key=lambda card: _POINTS[card])
        return safe + cheap

    @staticmethod
    def _answer_order(legal: int, beaten_by: int) -> list[int]:
        """Winning answers with the most points first, then losing ones with the fewest."""
        winners = mask_indices(legal & beaten_by)
        losers = mask_indices(legal & ~beaten_by)
        winners.sort(key=lambda card: -_POINTS[card])
        losers.sort(key=lambda card: _POINTS[card])
        return winners + losers


@dataclass(frozen=True, slots=True)
class _Judgement:
    """What the search found for each legal card (indexed as ``cards``)."""

    cards: tuple[int, ...]
    scores: tuple[int, ...]
    """Per card: the sum over the worlds of its outcome (game points first if asked)."""
    won: tuple[int, ...]
    """Per card: in how many worlds the player ends with more than 60 card points."""
    worlds: int


def _judge(position: _Position, settings: SearchDepth, seed: int) -> _Judgement:
    tables = _tables(position.game_type)
    me = position.me
    legal = _legal(position.tops[me], position.led, tables.follow)
    cards = tuple(mask_indices(legal))
    rest = _points(position.tops[0] | position.tops[1]) + _points(_mask(position.unseen))
    if position.led >= 0:
        rest += _POINTS[position.led]
    worlds = _worlds(position, settings.worlds, seed)
    left = position.tricks_left
    depth = left if left <= settings.exact else settings.depth
    scores = [0] * len(cards)
    won = [0] * len(cards)
    mine, theirs = position.points[me], position.points[1 - me]
    for under in worlds:
        search = _Search(tables, under)
        for number, card in enumerate(cards):
            got = _my_points(search, position, card, rest, depth)
            final = mine + got
            other = theirs + rest - got
            score = final
            if settings.game_points:
                margin = lieutenant_game_points(final) - lieutenant_game_points(other)
                score += 1000 * margin
            scores[number] += score
            won[number] += final > 60
    return _Judgement(cards, tuple(scores), tuple(won), len(worlds))


def _mask(indices: tuple[int, ...]) -> int:
    mask = 0
    for index in indices:
        mask |= _BITS[index]
    return mask


def _my_points(search: _Search, position: _Position, card: int, rest: int, depth: int) -> int:
    """Return the points out of ``rest`` the player to act takes after playing ``card``."""
    me = position.me
    mine, theirs = position.tops[me], position.tops[1 - me]
    weights = (search.weight(mine), search.weight(theirs))
    if position.led < 0:
        return search.answer(mine, theirs, weights, card, rest, depth - 1, -1, rest + 1)
    led = position.led
    bit = _BITS[card]
    my_tops = mine ^ bit | search.under[card]
    mine_weight = weights[0] - search.power[card]
    won = _POINTS[led] + _POINTS[card]
    after = rest - won
    if bit & search.beaten_by[led]:
        return won + search.lead(
            my_tops, theirs, (mine_weight, weights[1]), after, depth - 2, -1, after + 1
        )
    return after - search.lead(
        theirs, my_tops, (weights[1], mine_weight), after, depth - 2, -1, after + 1
    )


def _best(judgement: _Judgement) -> int:
    """Return the card with the best total (ties: the one with the fewest points, then the
    lowest)."""
    ranked = sorted(
        range(len(judgement.cards)),
        key=lambda n: (-judgement.scores[n], _POINTS[judgement.cards[n]], judgement.cards[n]),
    )
    return judgement.cards[ranked[0]]


def _seed(seed: int, position: _Position) -> int:
    """Mix the game's progress into the seed, so each decision samples its own worlds."""
    return (seed * 1_000_003 + position.tops[0] * 31 + position.tops[1] + position.led) & (
        (1 << 64) - 1
    )


# --------------------------------------------------------------------------- rules of thumb


def _easy(position: _Position) -> int:
    tables = _tables(position.game_type)
    me = position.me
    mine, theirs = position.tops[me], position.tops[1 - me]
    covered = position.covered_tops[me]
    legal = _legal(mine, position.led, tables.follow)
    cards = mask_indices(legal)
    trumps = tables.trumps
    if position.led >= 0:
        led = position.led
        winners = [card for card in cards if _BITS[card] & tables.beaten_by[led]]
        if winners and (_POINTS[led] >= 3 or any(not _BITS[c] & trumps for c in winners)):
            # Take it with the cheapest card that does: a plain card before a trump, the lowest.
            return min(winners, key=lambda c: (bool(_BITS[c] & trumps), c))
        return min(cards, key=lambda c: (_POINTS[c], bool(_BITS[c] & trumps), c))
    safe = [c for c in cards if not _legal(theirs, c, tables.follow) & tables.beaten_by[c]]
    if safe:
        return max(safe, key=lambda c: (_POINTS[c], -c))
    return min(
        cards,
        key=lambda c: (_POINTS[c], bool(_BITS[c] & trumps), not _BITS[c] & covered, c),
    )


# --------------------------------------------------------------------------- the interface


def choose(view: LieutenantView, level: Level, *, seed: int) -> Card:
    """Return the computer player's card for ``view.player`` (deterministic per seed)."""
    position = _position(view)
    if len(view.legal_cards) == 1:
        return next(iter(view.legal_cards))
    if level is Level.EASY:
        return DECK[_easy(position)]
    judgement = _judge(position, DEPTHS[level], _seed(seed, position))
    return DECK[_best(judgement)]


def judge(view: LieutenantView, level: Level, *, seed: int) -> dict[Card, tuple[float, int]]:
    """Return, per legal card, the searching level's mean score and the percent of worlds won
    (for the bench and tests)."""
    position = _position(view)
    judgement = _judge(position, DEPTHS[level], _seed(seed, position))
    return {
        DECK[card]: (
            judgement.scores[n] / judgement.worlds,
            round(100 * judgement.won[n] / judgement.worlds),
        )
        for n, card in enumerate(judgement.cards)
    }


class LieutenantReason(Enum):
    """Why the hint's card is good (the fields it fills in parentheses). Each is given only when
    it is true of the position."""

    ONLY_LEGAL_CARD = "only_legal_card"
    """This is the only card you may play (cards = (card,))."""
    TAKE_TRICK = "take_trick"
    """The card beats the card led (cards = (card, led), value = the trick's points)."""
    TAKE_TRICK_TRUMP = "take_trick_trump"
    """No open card follows the card led: trump it (cards = (card, led), value = the points)."""
    GIVE_FEWEST = "give_fewest"
    """No open card beats the card led: give the one with the fewest points (cards = (card,
    led))."""
    DUCK = "duck"
    """A card could beat the card led, but the hint keeps it for later (cards = (card, keep))."""
    KEEP_TRUMP = "keep_trump"
    """No open card follows, a trump could take the trick, but keep it: the opponent still has
    trumps open (cards = (card, *the opponent's open trumps), value = how many)."""
    LEAD_SURE_WINNER = "lead_sure_winner"
    """Lead a card that none of the opponent's open cards can beat (cards = (card,))."""
    LEAD_UNCOVER = "lead_uncover"
    """Lead a card of at most 4 points from a pile with a covered card: it turns face up
    (cards = (card,))."""
    LEAD_LOW = "lead_low"
    """Lead a card of at most 4 points that the opponent can beat (cards = (card,))."""
    BEST_CHANCE = "best_chance"
    """The card did best in the worlds the computer tried (cards = (card,), value = the percent
    of them it won)."""


@dataclass(frozen=True, slots=True)
class LieutenantHint:
    """A suggested card with its reason and the cards and number the reason talks about."""

    card: Card
    reason: LieutenantReason
    cards: tuple[Card, ...]
    value: int | None = None


def hint(view: LieutenantView, *, seed: int) -> LieutenantHint:
    """Return the strong player's card for ``view.player`` with a reason true in the position."""
    position = _position(view)
    legal = view.legal_cards
    if len(legal) == 1:
        card = next(iter(legal))
        return LieutenantHint(card, LieutenantReason.ONLY_LEGAL_CARD, (card,))
    judgement = _judge(position, DEPTHS[Level.STRONG], _seed(seed, position))
    chosen = _best(judgement)
    card = DECK[chosen]
    share = round(100 * judgement.won[judgement.cards.index(chosen)] / judgement.worlds)
    tables = _tables(position.game_type)
    me = position.me
    theirs = position.tops[1 - me]
    legal_mask = legal.mask
    if position.led >= 0:
        led = position.led
        beaters = legal_mask & tables.beaten_by[led]
        if card.bit & beaters:
            value = _POINTS[led] + _POINTS[chosen]
            follows = position.tops[me] & tables.follow[led]
            reason = (
                LieutenantReason.TAKE_TRICK_TRUMP
                if not follows and card.bit & tables.trumps
                else LieutenantReason.TAKE_TRICK
            )
            return LieutenantHint(card, reason, (card, DECK[led]), value)
        if not beaters:
            if all(_POINTS[chosen] <= _POINTS[c] for c in mask_indices(legal_mask)):
                return LieutenantHint(card, LieutenantReason.GIVE_FEWEST, (card, DECK[led]))
        else:
            follows = position.tops[me] & tables.follow[led]
            their_trumps = theirs & tables.trumps
            if not follows and beaters & tables.trumps and their_trumps:
                shown = tuple(mask_cards(their_trumps))
                return LieutenantHint(
                    card, LieutenantReason.KEEP_TRUMP, (card, *shown), len(shown)
                )
            keep = DECK[max(mask_indices(beaters), key=lambda c: _POINTS[c] * 64 + c)]
            return LieutenantHint(card, LieutenantReason.DUCK, (card, keep))
    else:
        if not _legal(theirs, chosen, tables.follow) & tables.beaten_by[chosen]:
            return LieutenantHint(card, LieutenantReason.LEAD_SURE_WINNER, (card,))
        if card.points <= 4:
            if card.bit & position.covered_tops[me]:
                return LieutenantHint(card, LieutenantReason.LEAD_UNCOVER, (card,))
            return LieutenantHint(card, LieutenantReason.LEAD_LOW, (card,))
    return LieutenantHint(card, LieutenantReason.BEST_CHANCE, (card,), share)
