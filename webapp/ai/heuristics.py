"""Rules of thumb for every decision of a hand: the easy player, and the strong player's fallback.

Each function takes a `SeatView` and returns a `Hint`: the action with the principle behind it.
Nothing here looks beyond the view.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from webapp.engine.actions import (
    Action,
    Bid,
    Declare,
    Discard,
    Hold,
    Kontra,
    Pass,
    PickUp,
    Play,
    PlayHand,
    Push,
    Re,
    token,
)
from webapp.engine.cards import DECK, JACKS_MASK, Card, CardSet, Rank, Suit, mask_cards, suit_mask
from webapp.engine.game import Phase
from webapp.engine.view import SeatView
from webapp.engine.rules import GameRules, GameType, SuitClass, rules_for

from .hints import Hint, HintReason
from .ranks import class_ranks
from .limits import (
    HAND_THRESHOLD,
    SKAT_THRESHOLD,
    SUIT_GAMES,
    bid_limits,
    enough_suit,
    game_strength,
    game_value,
    null_risk,
)

__all__ = [
    "decide",
    "play_card",
    "doubling_choice",
    "plans",
    "best_plans",
    "declare_choices",
    "best_discard",
    "plan_score",
    "card_danger",
    "Table",
]


def decide(view: SeatView) -> Hint:
    """Return the rule-of-thumb decision for the seat to act."""
    phase = view.phase
    if phase is Phase.BIDDING:
        return _bidding(view)
    if phase is Phase.SKAT:
        return _skat(view)
    if phase is Phase.DISCARD:
        return _discard(view)
    if phase is Phase.DECLARE:
        return _declare(view)
    if phase is Phase.RAMSCH:
        return _ramsch(view)
    if phase is Phase.PUSH:
        return _push(view)
    if phase is Phase.PLAY:
        doubling = doubling_choice(view)
        if doubling is not None:
            return doubling
        return play_card(view)
    raise ValueError(f"nothing to decide in phase {phase.value}")


# ---------------------------------------------------------------------------------- bidding


def _auction_value(view: SeatView) -> int:
    value = 0
    for _, action in view.auction:
        if isinstance(action, Bid):
            value = action.value
    return value


def _bidding(view: SeatView) -> Hint:
    limits = bid_limits(view.hand)
    legal = view.legal_actions
    if not limits:
        if sum(isinstance(action, Pass) for _, action in view.auction) < 2:
            return Hint(Pass(), HintReason.PASS_WEAK_HAND)
        if view.options.ramsch_when_passed:
            return Hint(Pass(), HintReason.PASS_INTO_RAMSCH)
        return Hint(Pass(), HintReason.PASS_THROWN_IN)
    best = max(limits, key=lambda limit: limit.value)
    if Hold() in legal:
        if _auction_value(view) <= best.value:
            return Hint(Hold(), HintReason.BID_UP_TO_LIMIT, value=best.value, game=best.game)
        return Hint(Pass(), HintReason.PASS_ABOVE_LIMIT, value=best.value, game=best.game)
    bids = [action for action in legal if isinstance(action, Bid)]
    if bids and bids[0].value <= best.value:
        return Hint(bids[0], HintReason.BID_UP_TO_LIMIT, value=best.value, game=best.game)
    return Hint(Pass(), HintReason.PASS_ABOVE_LIMIT, value=best.value, game=best.game)


# ---------------------------------------------------------------------------------- skat, hand


def _skat(view: SeatView) -> Hint:
    for limit in bid_limits(view.hand):
        if limit.hand and limit.value >= view.bid:
            return Hint(
                PlayHand(), HintReason.PLAY_HAND_STRONG, value=limit.value, game=limit.game
            )
    limits = bid_limits(view.hand)
    return Hint(PickUp(), HintReason.PICK_UP_SKAT, game=limits[0].game if limits else None)


_SHORT_TRUMPS: Final = 50.0
"""Penalty of a suit game whose suit is too short to be trump (see `enough_suit`)."""


def plan_score(cards: CardSet, laid: CardSet, game: GameType, forehand: bool) -> float:
    """Return how good it is to keep ``cards`` and lay away ``laid`` for ``game``."""
    if game is GameType.NULL:
        caught, suits = null_risk(cards)
        return 9.0 - 2.5 * caught - suits
    family = "grand" if game is GameType.GRAND else "suit"
    strength = game_strength(cards, game, forehand=forehand)
    if game.suit is not None and not enough_suit(cards, game.suit):
        strength -= _SHORT_TRUMPS
    return strength - SKAT_THRESHOLD[family] + 8.0 + laid.points / 20


def plans(twelve: CardSet, bid: int, *, forehand: bool) -> list[tuple[GameType, Discard]]:
    """Return every (game, discard) for a declarer holding twelve cards, best first.

    Plans whose game cannot reach the bid come last.
    """
    scored: list[tuple[float, GameType, Discard]] = []
    cards = list(twelve)
    for game in (*SUIT_GAMES, GameType.GRAND, GameType.NULL):
        value = game_value(twelve, game, hand=False)
        for first, second in combinations(cards, 2):
            laid = CardSet((first, second))
            if game is not GameType.NULL and laid.mask & JACKS_MASK:
                continue
            score = plan_score(twelve - laid, laid, game, forehand)
            if value < bid:
                score -= 100.0
            scored.append((score, game, Discard(first, second)))
    scored.sort(
        key=lambda plan: (-plan[0], plan[1].value, plan[2].first.index, plan[2].second.index)
    )
    return [(game, discard) for _, game, discard in scored]


def best_discard(twelve: CardSet, game: GameType, *, forehand: bool) -> Discard:
    """Return the two cards the rules of thumb lay away from twelve cards for ``game``."""
    cards = list(twelve)
    best: tuple[float, int, int] | None = None
    for first, second in combinations(cards, 2):
        laid = CardSet((first, second))
        if game is not GameType.NULL and laid.mask & JACKS_MASK:
            continue
        key = (plan_score(twelve - laid, laid, game, forehand), -first.index, -second.index)
        if best is None or key > best:
            best = key
    assert best is not None
    return Discard(DECK[-best[1]], DECK[-best[2]])


def best_plans(view: SeatView, count: int) -> list[tuple[GameType, Discard]]:
    """Return the best plan of each of the ``count`` best games that reach the bid."""
    twelve = view.hand
    chosen: list[tuple[GameType, Discard]] = []
    games: set[GameType] = set()
    for game, discard in plans(twelve, view.bid, forehand=view.position == 0):
        if game in games or game_value(twelve, game, hand=False) < view.bid:
            continue
        games.add(game)
        chosen.append((game, discard))
        if len(chosen) == count:
            break
    return chosen


def _discard(view: SeatView) -> Hint:
    twelve = view.hand
    game, discard = plans(twelve, view.bid, forehand=view.position == 0)[0]
    laid = CardSet((discard.first, discard.second))
    keep = twelve - laid
    cards = (discard.first, discard.second)
    if game is GameType.NULL:
        return Hint(discard, HintReason.DISCARD_NULL_DANGER, cards=cards, game=game)
    rules = rules_for(game)
    tens = tuple(
        card
        for card in cards
        if card.rank is Rank.TEN
        and not rules.is_trump(card)
        and not twelve.mask & Card(card.suit, Rank.ACE).bit
        and (twelve.mask & suit_mask(card.suit)).bit_count() <= 2
    )
    if tens:
        return Hint(discard, HintReason.DISCARD_BLANK_TEN, cards=tens, game=game)
    voided = tuple(
        card
        for card in cards
        if not rules.is_trump(card) and not keep.mask & rules.class_mask(card)
    )
    if voided:
        return Hint(discard, HintReason.DISCARD_SHORT_SUIT, cards=voided, game=game)
    if laid.points >= 10:
        return Hint(discard, HintReason.DISCARD_HIGH_POINTS_SAFE, cards=cards, game=game)
    return Hint(discard, HintReason.DISCARD_LOSERS, cards=cards, game=game)


# ---------------------------------------------------------------------------------- declaring


def declare_choices(
    view: SeatView, announce: list[Declare] | None = None
) -> list[tuple[Declare, int]]:
    """Return the games the declarer may announce with their values, best first.

    ``announce`` are the declarations to weigh (default: the legal ones). No Schneider or
    Schwarz announcement; Null ouvert only with no card that can be caught. Games below the bid
    come last.
    """
    legal = (
        announce
        if announce is not None
        else [action for action in view.legal_actions if isinstance(action, Declare)]
    )
    hand_game = view.skat_seen is None
    cards = view.hand
    count_cards = cards | view.laid_away if view.laid_away is not None else cards
    forehand = view.position == 0
    scored: list[tuple[float, int, Declare]] = []
    for action in legal:
        if action.schneider or action.schwarz:
            continue
        game = action.game_type
        if game is GameType.NULL:
            caught, suits = null_risk(cards)
            if action.ouvert and caught:
                continue
            score = 9.0 - 2.5 * caught - suits - (0.5 if action.ouvert else 0.0)
            value = game_value(cards, game, hand=hand_game, ouvert=action.ouvert)
        else:
            family = "grand" if game is GameType.GRAND else "suit"
            threshold = HAND_THRESHOLD if hand_game else SKAT_THRESHOLD
            score = game_strength(cards, game, forehand=forehand) - threshold[family] + 8.0
            if game.suit is not None and not enough_suit(cards, game.suit):
                score -= _SHORT_TRUMPS
            value = game_value(count_cards, game, hand=hand_game)
        if value < view.bid:
            score -= 100.0
        scored.append((score, value, action))
    scored.sort(key=lambda item: (-item[0], -item[1], token(item[2])))
    return [(action, value) for _, value, action in scored]


def _declare(view: SeatView) -> Hint:
    action, value = declare_choices(view)[0]
    return Hint(action, HintReason.DECLARE_BEST_GAME, value=value, game=action.game_type)


# ---------------------------------------------------------------------------------- Ramsch


def _ramsch(view: SeatView) -> Hint:
    grand = Declare(GameType.GRAND)
    if grand in view.legal_actions:
        strength = game_strength(view.hand, GameType.GRAND, forehand=view.position == 0)
        if strength >= HAND_THRESHOLD["grand"] + 0.5:
            return Hint(grand, HintReason.DECLARE_BEST_GAME, value=game_value(
                view.hand, GameType.GRAND, hand=True), game=GameType.GRAND)
    if PickUp() in view.legal_actions and _ramsch_danger(view.hand) >= 40:
        return Hint(PickUp(), HintReason.RAMSCH_PICK_UP)
    return Hint(Pass(), HintReason.RAMSCH_PASS)


def card_danger(card: Card, hand: CardSet) -> int:
    """Return how likely a card is to take a Ramsch trick full of points (higher: worse)."""
    if card.rank is Rank.JACK:
        return 30 + int(card.suit) * 3
    length = (hand.mask & suit_mask(card.suit)).bit_count()
    strength = {Rank.ACE: 20, Rank.TEN: 16, Rank.KING: 10, Rank.QUEEN: 8}.get(card.rank, 0)
    return strength + card.points + max(0, 4 - length) * 2


def _ramsch_danger(hand: CardSet) -> int:
    return sum(sorted((card_danger(card, hand) for card in hand), reverse=True)[:2])


def _push(view: SeatView) -> Hint:
    pushes = [action for action in view.legal_actions if isinstance(action, Push)]
    hand = view.hand
    best = max(
        pushes,
        key=lambda push: (
            card_danger(push.first, hand) + card_danger(push.second, hand),
            push.first.index,
            push.second.index,
        ),
    )
    return Hint(best, HintReason.PUSH_DANGEROUS_CARDS, cards=(best.first, best.second))


# ---------------------------------------------------------------------------------- doubling


def doubling_choice(view: SeatView) -> Hint | None:
    """Return Kontra or Re by the rules of thumb when offered and worth it, else None."""
    legal = view.legal_actions
    if Kontra() in legal and view.game_type is not None and view.game_type is not GameType.NULL:
        if _defence_strength(view) >= 5.0:
            return Hint(Kontra(), HintReason.SAY_KONTRA)
    if Re() in legal and view.game_type is not None and view.game_type is not GameType.NULL:
        if game_strength(view.hand, view.game_type) >= 11.0:
            return Hint(Re(), HintReason.SAY_RE)
    return None


def _defence_strength(view: SeatView) -> float:
    """Return a defender's strength against the declared game (Kontra from 5)."""
    game = view.game_type
    assert game is not None
    rules = rules_for(game)
    hand = view.hand.mask
    trumps = hand & rules.trump_mask
    score = 1.0 * (trumps & JACKS_MASK).bit_count() + 0.5 * trumps.bit_count()
    for suit in Suit:
        if suit is game.suit:
            continue
        if hand & Card(suit, Rank.ACE).bit:
            score += 1.0
            if hand & Card(suit, Rank.TEN).bit:
                score += 0.75
    return score


# ---------------------------------------------------------------------------------- card play


@dataclass(frozen=True, slots=True)
class Table:
    """The facts about a card decision that the rules of thumb use, from one seat's view."""

    view: SeatView
    rules: GameRules
    game: GameType
    seat: int
    declarer: int | None
    hand: int
    legal: int
    trick: tuple[Card, ...]
    leader: int
    gone: int
    """Cards no longer in play: played in tricks, or in the skat as this seat knows it."""
    out: int
    """Cards still held by the other players as far as this seat knows (unseen ones included)."""

    @classmethod
    def from_view(cls, view: SeatView) -> Table:
        """Collect the facts from the view of the seat to play."""
        game = view.game_type
        assert game is not None
        rules = rules_for(game)
        hand = view.hand.mask
        trick = view.current_trick.cards
        legal = rules.legal_mask(hand, trick[0].index if trick else -1)
        gone = 0
        for done in view.tricks:
            for card in done.cards:
                gone |= card.bit
        for card in trick:
            gone |= card.bit
        if view.skat is not None:
            gone |= view.skat.mask
        out = view.unseen.mask
        if view.open_cards is not None:
            out |= view.open_cards.mask & ~hand
        return cls(
            view,
            rules,
            game,
            int(view.position),
            None if view.declarer is None else int(view.declarer),
            hand,
            legal,
            trick,
            int(view.current_trick.leader),
            gone,
            out,
        )

    @property
    def is_declarer(self) -> bool:
        """Return whether this seat plays alone against two."""
        return self.declarer == self.seat

    def partner_of(self, seat: int) -> bool:
        """Return whether ``seat`` is on this seat's side (Ramsch: nobody is)."""
        if self.declarer is None:
            return seat == self.seat
        return (seat == self.declarer) == self.is_declarer

    def strength(self, card: Card, led: Card | None) -> int:
        """Return the card's trick strength when ``led`` was led (0: it cannot win)."""
        rules = self.rules
        order = _order(self.game)
        if rules.is_trump(card):
            return 64 + order[card.index]
        if led is None or rules.follows(card) is rules.follows(led):
            return 32 + order[card.index]
        return 0

    def winning(self) -> tuple[int, int]:
        """Return (the seat winning the open trick, its card's strength)."""
        led = self.trick[0]
        strengths = [self.strength(card, led) for card in self.trick]
        best = max(range(len(strengths)), key=lambda i: strengths[i])
        return (self.leader + best) % 3, strengths[best]

    def higher_out(self, card: Card) -> int:
        """Return the cards still out (with the others) that beat ``card`` in its class."""
        order = _order(self.game)
        rules = self.rules
        mask = self.out & rules.class_mask(card)
        return sum(
            other.bit for other in mask_cards(mask) if order[other.index] > order[card.index]
        )

    def is_top(self, card: Card) -> bool:
        """Return whether no card still out beats ``card`` in its own class."""
        return not self.higher_out(card)

    def void(self, seat: int, cls: SuitClass) -> bool:
        """Return whether ``seat`` showed it holds no card of ``cls``."""
        return cls in self.view.voids[seat]


def _order(game: GameType) -> tuple[int, ...]:
    """Return each card's rank inside its suit class for ``game`` (higher beats lower)."""
    return class_ranks(game)


def _cards(mask: int) -> list[Card]:
    return mask_cards(mask)


def _lowest(table: Table, cards: Iterable[Card]) -> Card:
    """Return the card that gives away least: fewest points, then weakest."""
    order = _order(table.game)
    return min(
        cards,
        key=lambda card: (
            card.points,
            table.rules.is_trump(card),
            order[card.index],
            card.index,
        ),
    )


def _highest(table: Table, cards: Iterable[Card]) -> Card:
    order = _order(table.game)
    return max(cards, key=lambda card: (table.rules.is_trump(card), order[card.index], card.index))


def _play(card: Card, reason: HintReason, *, with_card: bool = True) -> Hint:
    return Hint(Play(card), reason, cards=(card,) if with_card else ())


def play_card(view: SeatView) -> Hint:
    """Return the rule-of-thumb card for the seat to play."""
    table = Table.from_view(view)
    legal = _cards(table.legal)
    if len(legal) == 1:
        return _play(legal[0], HintReason.ONLY_LEGAL_CARD)
    if table.game is GameType.NULL:
        return _null_card(table, legal)
    if table.game is GameType.RAMSCH:
        return _ramsch_card(table, legal)
    if not table.trick:
        return _declarer_lead(table, legal) if table.is_declarer else _defender_lead(table, legal)
    return _follow(table, legal)


def _opponents(table: Table) -> list[int]:
    return [seat for seat in range(3) if not table.partner_of(seat)]


def _may_ruff(table: Table) -> bool:
    """Return whether an opponent may still hold a trump."""
    if not table.out & table.rules.trump_mask:
        return False
    return not all(table.void(seat, SuitClass.TRUMP) for seat in _opponents(table))


def _suit_cards(table: Table, legal: list[Card], card: Card) -> list[Card]:
    cls = table.rules.follows(card)
    return [other for other in legal if table.rules.follows(other) is cls]


def _length(table: Table, card: Card) -> int:
    return (table.hand & table.rules.class_mask(card)).bit_count()


def _cash(table: Table, legal: list[Card], *, trumps: bool) -> Hint | None:
    """Lead the highest card still out in its suit, safest and richest first."""
    rules = table.rules
    ruff = _may_ruff(table)
    tops = [
        card
        for card in legal
        if table.is_top(card) and (trumps or not rules.is_trump(card))
    ]
    if not tops:
        return None

    def safety(card: Card) -> tuple[int, int, int]:
        shown_void = any(table.void(seat, rules.follows(card)) for seat in _opponents(table))
        safe = rules.is_trump(card) or not ruff or not shown_void
        return (int(safe), card.points, card.index)

    best = max(tops, key=safety)
    if not safety(best)[0]:
        return None  # an opponent showed it would trump this suit
    sure = follows_plan(table, HintReason.CASH_SURE, best)
    return _play(best, HintReason.CASH_SURE if sure else HintReason.CASH_WINNER)


def _declarer_lead(table: Table, legal: list[Card]) -> Hint:
    rules = table.rules
    trumps = [card for card in legal if rules.is_trump(card)]
    side = [card for card in legal if not rules.is_trump(card)]
    if trumps and side and _may_ruff(table):
        top = _highest(table, trumps)
        if table.is_top(top):
            return _play(top, HintReason.DRAW_TRUMPS)
        if len(trumps) >= (table.out & rules.trump_mask).bit_count():
            return _play(_lowest(table, trumps), HintReason.DRAW_TRUMPS)
    cash = _cash(table, legal, trumps=True)
    if cash is not None:
        return cash
    short = _short_suit_lead(table, side)
    if short is not None:
        return short
    return _low_card(table, legal)


def _short_suit_lead(table: Table, side: list[Card]) -> Hint | None:
    """Lead low from the shortest plain suit, when that makes a void to trump (see the plan)."""
    if not side:
        return None
    short = min(side, key=lambda card: (_length(table, card), card.points, card.index))
    card = _lowest(table, _suit_cards(table, side, short))
    if follows_plan(table, HintReason.LEAD_SHORT_SUIT, card):
        return _play(card, HintReason.LEAD_SHORT_SUIT)
    return None


def _low_card(table: Table, legal: list[Card]) -> Hint:
    """Play the card that gives away least, saying so only when a higher card is kept."""
    card = _lowest(table, legal)
    if follows_plan(table, HintReason.SAVE_HIGH_CARD, card):
        return _play(card, HintReason.SAVE_HIGH_CARD)
    return _play(card, HintReason.PLAY_LOW_CARD)


def _defender_lead(table: Table, legal: list[Card]) -> Hint:
    rules = table.rules
    declarer = table.declarer
    assert declarer is not None
    cash = _cash(table, legal, trumps=False)
    if cash is not None:
        return cash
    side = [card for card in legal if not rules.is_trump(card)]
    if side and declarer == (table.seat + 1) % 3:
        # The declarer plays next: lead our long suit through the declarer.
        suit = max(side, key=lambda card: (_length(table, card), -card.index))
        card = _lowest(table, _suit_cards(table, side, suit))
        if follows_plan(table, HintReason.PLAY_THROUGH_DECLARER, card):
            return _play(card, HintReason.PLAY_THROUGH_DECLARER)
    short = _short_suit_lead(table, side)
    if short is not None:
        return short
    return _low_card(table, legal)


def _schmier_card(table: Table, legal: list[Card]) -> Card:
    """Return the richest card to give a partner, keeping Jacks and a lone top ace."""
    rules = table.rules
    pool = [card for card in legal if card.rank is not Rank.JACK] or legal

    def value(card: Card) -> tuple[int, int]:
        keep_ace = card.rank is Rank.ACE and table.is_top(card) and not rules.is_trump(card)
        return (card.points - (2 if keep_ace else 0), -card.index)

    return max(pool, key=value)


def _follow(table: Table, legal: list[Card]) -> Hint:
    rules = table.rules
    led = table.trick[0]
    winner_seat, best = table.winning()
    last = len(table.trick) == 2
    partner_wins = table.partner_of(winner_seat) and winner_seat != table.seat
    beating = [card for card in legal if table.strength(card, led) > best]
    trick_points = sum(card.points for card in table.trick)
    if partner_wins:
        if last or _stays(table, best):
            under = [card for card in legal if table.strength(card, led) < best]
            if under:
                card = _schmier_card(table, under)
                if follows_plan(table, HintReason.SCHMIER, card):
                    return _play(card, HintReason.SCHMIER)
            return _low_card(table, legal)
        sure = [card for card in beating if _stays(table, table.strength(card, led), card)]
        if sure and trick_points >= 10:
            card = min(sure, key=lambda card: (table.strength(card, led), card.points))
            return Hint(Play(card), HintReason.TAKE_THE_TRICK, cards=(card,),
                        value=trick_points + card.points)
        return _low_card(table, legal)
    if not beating:
        return _play(_lowest(table, legal), HintReason.FOLLOW_LOWEST)
    if last:
        cheapest = min(beating, key=lambda card: (rules.is_trump(card), table.strength(card, led)))
        if trick_points == 0 and cheapest.rank is Rank.JACK:
            return _duck(table, legal, beating)
        return Hint(Play(cheapest), HintReason.TAKE_THE_TRICK, cards=(cheapest,),
                    value=trick_points + cheapest.points)
    sure = [card for card in beating if _stays(table, table.strength(card, led), card)]
    if sure and trick_points + max(card.points for card in sure) >= 3:
        card = min(sure, key=lambda card: (trick_points + card.points < 3, table.strength(card, led)))
        return Hint(Play(card), HintReason.TAKE_THE_TRICK, cards=(card,),
                    value=trick_points + card.points)
    return _duck(table, legal, beating)


def _duck(table: Table, legal: list[Card], beating: list[Card]) -> Hint:
    """Let the trick go with a low card; keep the high ones if every card would beat it."""
    low = [card for card in legal if card not in beating]
    if low:
        return _play(_lowest(table, low), HintReason.DUCK)
    return _low_card(table, legal)


def _stays(table: Table, best: int, card: Card | None = None) -> bool:
    """Return whether a card of strength ``best`` keeps the trick against the player after this
    seat as far as this seat can see: no unseen card of the led suit beats it, and no unseen
    trump does if that player showed it cannot follow."""
    if len(table.trick) == 2:
        return True
    last_seat = (table.leader + 2) % 3
    led = table.trick[0]
    cls = table.rules.follows(led)
    follows = not table.void(last_seat, cls)
    for other in mask_cards(table.out):
        if other is card or table.strength(other, led) <= best:
            continue
        if table.rules.follows(other) is cls:
            if follows:
                return False
        elif not follows and not table.void(last_seat, SuitClass.TRUMP):
            return False
    return True


def _null_card(table: Table, legal: list[Card]) -> Hint:
    order = _order(GameType.NULL)
    rules = table.rules
    if not table.trick:
        if table.is_declarer:
            beatable = [card for card in legal if table.higher_out(card)]
            if beatable:
                card = min(beatable, key=lambda card: (order[card.index], card.index))
                return _play(card, HintReason.NULL_PLAY_LOW)
            if all(not table.out & rules.class_mask(card) for card in legal):
                # Nobody holds these suits any more: whatever is led takes the trick.
                return _play(_highest(table, legal), HintReason.MUST_TAKE_TRICK)
            card = min(legal, key=lambda card: (order[card.index], card.index))
            return _play(card, HintReason.NULL_PLAY_LOW)
        declarer = table.declarer
        assert declarer is not None
        open_suits = [card for card in legal if not table.void(declarer, rules.follows(card))]
        if open_suits:
            card = min(open_suits, key=lambda card: (order[card.index], card.index))
            return _play(card, HintReason.NULL_LEAD_LOW)
        return _play(min(legal, key=lambda card: (order[card.index], card.index)),
                     HintReason.NULL_PLAY_LOW)
    led = table.trick[0]
    winner_seat, best = table.winning()
    last = len(table.trick) == 2
    following = [card for card in legal if rules.follows(card) is rules.follows(led)]
    under = [card for card in following if table.strength(card, led) < best]
    if table.is_declarer:
        if not following:
            dangerous = [card for card in legal if _lower_out(table, card)]
            card = max(dangerous or legal, key=lambda card: (
                order[card.index] * 4 - _length(table, card), card.index))
            if dangerous:
                return _play(card, HintReason.NULL_DISCARD_HIGH)
            return _play(card, HintReason.NULL_PLAY_LOW)
        if under:
            return _play(max(under, key=lambda card: order[card.index]), HintReason.NULL_PLAY_LOW)
        if last:
            return _play(max(following, key=lambda card: order[card.index]),
                         HintReason.MUST_TAKE_TRICK)
        return _play(min(following, key=lambda card: order[card.index]), HintReason.NULL_PLAY_LOW)
    declarer = table.declarer
    if winner_seat == declarer and (under or not following):
        if not following:
            # Cannot follow: the declarer keeps this trick; throw a high card.
            card = max(legal, key=lambda card: (order[card.index], card.index))
            return _play(card, HintReason.NULL_PLAY_LOW)
        return _play(max(under, key=lambda card: order[card.index]), HintReason.NULL_PLAY_LOW)
    lowest = min(legal, key=lambda card: (table.strength(card, led), order[card.index]))
    if last and table.strength(lowest, led) > best:
        return _play(lowest, HintReason.MUST_TAKE_TRICK)
    return _play(lowest, HintReason.NULL_PLAY_LOW)


def _ramsch_card(table: Table, legal: list[Card]) -> Hint:
    if not table.trick:
        card = min(legal, key=lambda card: (table.strength(card, None) + card.points, card.index))
        return _play(card, HintReason.NULL_PLAY_LOW)
    led = table.trick[0]
    _, best = table.winning()
    under = [card for card in legal if table.strength(card, led) < best]
    if under:
        card = max(under, key=lambda card: (
            card.points if table.strength(card, led) == 0 else 0,
            table.strength(card, led),
            card.points,
        ))
        return _play(card, HintReason.RAMSCH_AVOID_POINTS)
    if len(table.trick) == 2:
        card = max(legal, key=lambda card: (table.strength(card, led), -card.points))
        return _play(card, HintReason.MUST_TAKE_TRICK)
    card = min(legal, key=lambda card: (card.points, table.strength(card, led)))
    return _play(card, HintReason.NULL_PLAY_LOW)


# ---------------------------------------------------------------------------------- plans


def _guarded_tens(table: Table) -> list[tuple[Card, Card]]:
    """Return each plain ten of the seat with its one guard card, when its ace is still out."""
    if table.game in (GameType.NULL, GameType.RAMSCH):
        return []
    found = []
    for suit in Suit:
        ten = Card(suit, Rank.TEN)
        if not table.hand & ten.bit or table.rules.is_trump(ten):
            continue
        if not table.out & Card(suit, Rank.ACE).bit:
            continue
        others = _cards(table.hand & table.rules.class_mask(ten) & ~ten.bit)
        if len(others) == 1:
            found.append((ten, others[0]))
    return found


def _lower_out(table: Table, card: Card) -> bool:
    """Return whether a card still out, of this card's class, is lower than it."""
    order = _order(table.game)
    return any(
        order[other.index] < order[card.index]
        for other in mask_cards(table.out & table.rules.class_mask(card))
    )


def _plain_length(table: Table, card: Card) -> int:
    """Return how many cards of the card's plain suit the seat holds (0 for a trump)."""
    return 0 if table.rules.is_trump(card) else _length(table, card)


def follows_plan(table: Table, plan: HintReason, card: Card) -> bool:
    """Return whether playing ``card`` carries out the card-play principle ``plan`` here.

    Each condition is what the reason's sentence claims, judged from the seat's view only (see
    `HintReason`). A reason that is no card-play principle never holds.
    """
    rules = table.rules
    trick = table.trick
    led = trick[0] if trick else None
    trump = rules.is_trump(card)
    suited = table.game not in (GameType.NULL, GameType.RAMSCH)
    legal = _cards(table.legal)
    if not table.legal & card.bit:
        return False
    if plan is HintReason.DRAW_TRUMPS:
        return (
            suited and table.is_declarer and not trick and trump and _may_ruff(table)
            and bool(table.hand & ~rules.trump_mask)
        )
    if plan is HintReason.CASH_WINNER:
        return (
            suited and not trick and not trump and table.is_top(card) and _may_ruff(table)
            and not any(table.void(seat, rules.follows(card)) for seat in _opponents(table))
        )
    if plan is HintReason.CASH_SURE:
        return (
            suited and not trick and table.is_top(card) and (trump or not _may_ruff(table))
        )
    if plan is HintReason.LEAD_SHORT_SUIT:
        return (
            suited and not trump and bool(table.hand & rules.trump_mask)
            and (led is None or rules.follows(led) is not rules.follows(card))
            and _length(table, card) <= 2 and bool(table.out & rules.class_mask(card))
        )
    if plan is HintReason.PLAY_THROUGH_DECLARER:
        declarer = table.declarer
        longest = max((_plain_length(table, other) for other in _cards(table.hand)), default=0)
        return (
            suited and not trick and declarer is not None and not table.is_declarer
            and declarer == (table.seat + 1) % 3 and not trump
            and _length(table, card) == longest >= 2
        )
    if plan is HintReason.KEEP_TEN_GUARD:
        # Said of a card thrown off: not following the suit led, the guard could go instead.
        return led is not None and rules.follows(card) is not rules.follows(led) and any(
            table.legal & guard.bit and rules.follows(card) is not rules.follows(ten)
            for ten, guard in _guarded_tens(table)
        )
    if led is None:
        return plan is HintReason.SAVE_HIGH_CARD and suited and _saves_high_card(legal, card, rules)
    winner, best = table.winning()
    strength = table.strength(card, led)
    partner = table.partner_of(winner) and winner != table.seat
    last = len(trick) == 2
    if plan is HintReason.SCHMIER:
        return (
            suited and partner and (last or _stays(table, best)) and strength < best
            and card.points >= 3
        )
    if plan is HintReason.TAKE_THE_TRICK:
        return suited and strength > best and _stays(table, strength, card)
    beats = [other for other in legal if table.strength(other, led) > best]
    if plan is HintReason.DUCK:
        return suited and not partner and strength < best and bool(beats)
    if plan is HintReason.FOLLOW_LOWEST:
        return (
            suited and not partner and not beats
            and card.points == min(other.points for other in legal)
        )
    if plan is HintReason.SAVE_HIGH_CARD:
        return suited and _saves_high_card(legal, card, rules)
    if plan is HintReason.NULL_DISCARD_HIGH:
        return (
            table.game is GameType.NULL and table.is_declarer
            and rules.follows(card) is not rules.follows(led) and _lower_out(table, card)
        )
    return False


def _saves_high_card(legal: list[Card], card: Card, rules: GameRules) -> bool:
    """Return whether ``card`` has the fewest points and a richer card or a trump is kept."""
    if card.points != min(other.points for other in legal):
        return False
    return any(
        other.points > card.points or (rules.is_trump(other) and not rules.is_trump(card))
        for other in legal
    )
