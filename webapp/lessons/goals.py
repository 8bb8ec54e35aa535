"""Goals: small reusable checks that ask the engine for the answer and explain a wrong one.

A goal never holds a typed-in answer list where the engine can decide: which cards are trumps,
which may be played, which card wins, the order of ranks, card points, game values and bids all
come from `webapp.engine`. Each goal also says *why* an answer is wrong, in a `Say` whose card
names follow the learner's deck. A reason never names the right answer: the learner is shown it
only after the third miss, and a number goal then works it out (``worked``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Literal

from webapp.engine import (
    BID_VALUES,
    Card,
    CardSet,
    Contract,
    GameState,
    GameType,
    IllegalAction,
    Play,
    Position,
    Rank,
    Reason,
    Settlement,
    StepKind,
    Suit,
    settle_ramsch,
    is_valid_bid,
    next_bid,
    rules_for,
    settle,
)
from webapp.engine.rules import GameRules
from webapp.engine.game import Trick
from webapp.i18n import lazy_gettext as _
from webapp.i18n import lazy_pgettext

from .text import Numbers, Product, Ranking, Say, Signed, Sum, lazy_ngettext, say

__all__ = [
    "class_ranking",
    "Trumps",
    "SuitCards",
    "TheCard",
    "PointsAtLeast",
    "LegalCards",
    "TrickWinner",
    "TakeTrick",
    "RankOrder",
    "CardPoints",
    "Count",
    "GameValue",
    "NextBid",
    "Matadors",
    "WinTrick",
    "SideWins",
    "RamschScore",
    "GivePoints",
    "DeclarerTakesTrick",
    "StayUnder",
    "LeadTrump",
    "why_card_loses",
    "why_not_legal",
]


def class_ranking(rules: GameRules, card: Card) -> Ranking:
    """Return the order of the cards the card competes with: the trumps, or its suit's ranks."""
    if rules.is_trump(card):
        return Ranking(tuple(c for c in rules.trumps if c.rank is not Rank.JACK) or rules.trumps)
    same = [c for c in rules.order(CardSet.from_mask(rules.class_mask(card)))]
    return Ranking(tuple(c.rank for c in same))


# ---------------------------------------------------------------- why a card loses or is refused

SUIT_ORDER = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)


def why_higher(rules: GameRules, card: Card, higher: Card) -> Say:
    """Give the rule by which ``higher`` ranks above ``card`` (same suit class)."""
    jack = Rank.JACK
    if rules.game_type is not GameType.NULL and higher.rank is jack:
        if card.rank is jack:
            return say(
                _("The Jacks rank by suit: %(ranking)s."),
                german_deck=lazy_pgettext("German-suited deck", "The Unters rank by suit: %(ranking)s."),
                ranking=Ranking(SUIT_ORDER),
            )
        return say(
            _("Every Jack ranks above all other trumps."),
            german_deck=lazy_pgettext("German-suited deck", "Every Unter ranks above all other trumps."),
        )
    return say(_("The order is %(ranking)s."), ranking=class_ranking(rules, card))


def why_card_loses(rules: GameRules, card: Card, winner: Card, led: Card, *, name_winner: bool = True) -> Say:
    """Explain why ``card`` does not beat ``winner`` in a trick that ``led`` opened.

    Without ``name_winner`` the reason does not say which card wins (when that is the question).
    """
    if rules.is_trump(winner) and not rules.is_trump(card):
        if not name_winner:
            if rules.game_type is GameType.GRAND:
                return say(
                    _("%(card)s cannot win: in a Grand only the Jacks are trumps, and a Jack was played."),
                    german_deck=lazy_pgettext("German-suited deck", "%(card)s cannot win: in a Grand only the Unters are trumps, and an Unter was played."),
                    card=card,
                )
            return say(
                _("%(card)s cannot win: a trump was played, and a trump beats every card that is not."),
                card=card,
            )
        if rules.game_type is GameType.GRAND and card.rank is not Rank.JACK:
            return say(
                _("%(card)s cannot win: in a Grand only the Jacks are trumps, and %(winner)s is one."),
                german_deck=lazy_pgettext("German-suited deck", "%(card)s cannot win: in a Grand only the Unters are trumps, and %(winner)s is one."),
                card=card, winner=winner,
            )
        return say(
            _("%(card)s cannot win: %(winner)s is a trump, and a trump beats every card that is not."),
            card=card, winner=winner,
        )
    if rules.follows(card) is not rules.follows(led) and not rules.is_trump(card):
        # No trump is in play here (a trump winner was answered above): the suit led wins.
        if rules.game_type is GameType.NULL:
            return say(
                _("%(card)s cannot win: it does not follow the suit that was led, and Null has no trumps."),
                card=card,
            )
        return say(_("%(card)s cannot win: it does not follow the suit that was led."), card=card)
    if not name_winner:
        return say(
            _("%(card)s cannot win: a higher card was played. %(rule)s"),
            card=card, rule=why_higher(rules, card, winner),
        )
    return say(
        _("%(card)s cannot win: %(winner)s is higher. %(rule)s"),
        card=card, winner=winner, rule=why_higher(rules, card, winner),
    )


def why_not_legal(rules: GameRules, hand: CardSet, trick: Sequence[Card], card: Card) -> Say:
    """Explain why ``card`` may not be played from ``hand`` to ``trick``."""
    led = trick[0]
    if rules.is_trump(led):
        return say(
            _("%(card)s may not be played: %(lead)s is a trump, and you hold trumps, so you must play one."),
            card=card, lead=led,
        )
    if rules.is_trump(card) and card.rank is Rank.JACK and card.suit is led.suit:
        return say(
            _("%(card)s may not be played: a Jack is a trump and does not follow its printed suit. %(lead_cap)s was led, and you hold a card of that suit."),
            german_deck=lazy_pgettext("German-suited deck", "%(card)s may not be played: an Unter is a trump and does not follow its printed suit. %(lead_cap)s was led, and you hold a card of that suit."),
            card=card, lead=led,
        )
    return say(
        _("%(card)s may not be played: %(lead)s was led, and you hold a card of that suit, so you must follow suit."),
        card=card, lead=led,
    )


# ---------------------------------------------------------------- goals that pick cards


@dataclass(frozen=True)
class Trumps:
    """Pick every trump of a game among the cards shown."""

    game_type: GameType
    single = False

    def answer(self, shown: CardSet) -> CardSet:
        """Return the trumps among ``shown``."""
        rules = rules_for(self.game_type)
        return CardSet.from_mask(shown.mask & rules.trump_mask)

    def why(self, card: Card, picked: bool) -> Say:
        """Explain a wrongly picked (or missed) card."""
        game = self.game_type
        if picked:
            if game is GameType.NULL:
                return say(_("%(card)s is not a trump: a Null game has no trumps."), card=card)
            if game is GameType.GRAND:
                return say(
                    _("%(card)s is not a trump: in a Grand only the four Jacks are trumps."),
                    german_deck=lazy_pgettext("German-suited deck", "%(card)s is not a trump: in a Grand only the four Unters are trumps."),
                    card=card,
                )
            return say(
                _("%(card)s is not a trump: the trumps are the four Jacks and the cards of the trump suit, %(trump)s."),
                german_deck=lazy_pgettext("German-suited deck", "%(card)s is not a trump: the trumps are the four Unters and the cards of the trump suit, %(trump)s."),
                card=card, trump=game.suit,
            )
        if card.rank is Rank.JACK:
            return say(
                _("A trump is still missing: every Jack is a trump, whatever its suit."),
                german_deck=lazy_pgettext("German-suited deck", "A trump is still missing: every Unter is a trump, whatever its suit."),
            )
        return say(
            _("A trump is still missing: the cards of the trump suit, %(trump)s, are trumps too."),
            trump=game.suit,
        )


@dataclass(frozen=True)
class SuitCards:
    """Pick every card of one suit (as printed: the deck lesson)."""

    suit: Suit
    single = False

    def answer(self, shown: CardSet) -> CardSet:
        """Return the cards of the suit among ``shown``."""
        return CardSet(card for card in shown if card.suit is self.suit)

    def why(self, card: Card, picked: bool) -> Say:
        """Explain a wrongly picked (or missed) card; a missed one is not named."""
        if picked:
            return say(_("%(card)s belongs to another suit: %(its)s."), card=card, its=card.suit)
        return say(_("A card of this suit is still missing."))


@dataclass(frozen=True)
class TheCard:
    """Pick one named card."""

    card: Card
    single = True

    def answer(self, shown: CardSet) -> CardSet:
        """Return the named card."""
        return CardSet((self.card,))

    def why(self, card: Card, picked: bool) -> Say:
        """Explain a wrongly picked card by naming it."""
        return say(_("That is %(card)s. Look at the suit sign and the rank."), card=card)


@dataclass(frozen=True)
class PointsAtLeast:
    """Pick every card worth at least so many card points."""

    points: int
    single = False

    def answer(self, shown: CardSet) -> CardSet:
        """Return the cards worth at least ``points``."""
        return CardSet(card for card in shown if card.points >= self.points)

    def why(self, card: Card, picked: bool) -> Say:
        """Explain with the card's value; a missed card is not named."""
        if not picked:
            return say(
                lazy_ngettext(
                    "A card worth %(points)s card point or more is still missing.",
                    "A card worth %(points)s card points or more is still missing.",
                    self.points,
                ),
                points=self.points,
            )
        return say(
            lazy_ngettext(
                "%(card)s is worth %(points)s card point.",
                "%(card)s is worth %(points)s card points.",
                card.points,
            ),
            card=card, points=card.points,
        )


@dataclass(frozen=True)
class LegalCards:
    """Pick every card of the hand that may be played to the trick."""

    game_type: GameType
    trick: tuple[Card, ...]
    single = False

    def answer(self, shown: CardSet) -> CardSet:
        """Return the playable cards of the hand ``shown``."""
        return rules_for(self.game_type).legal_cards(shown, self.trick)

    def why(self, card: Card, picked: bool, shown: CardSet) -> Say:
        """Explain a wrongly picked card, or that one is missed (without naming it)."""
        rules = rules_for(self.game_type)
        if picked:
            return why_not_legal(rules, shown, self.trick, card)
        if not self.trick:
            return say(_("A card you may play is still missing: whoever leads may play any card."))
        if not shown.mask & rules.class_mask(self.trick[0]):
            return say(_("A card you may play is still missing: you cannot follow suit, so any card is allowed."))
        return say(_("A card you may play is still missing: every card that follows suit may be played."))


@dataclass(frozen=True)
class TrickWinner:
    """Pick the card that wins a complete trick (the shown cards, the first one led)."""

    game_type: GameType
    single = True

    def answer(self, shown: CardSet, trick: Sequence[Card]) -> CardSet:
        """Return the winning card."""
        return CardSet((trick[rules_for(self.game_type).trick_winner(trick)],))

    def why_trick(self, card: Card, trick: Sequence[Card]) -> Say:
        """Explain why ``card`` does not win, without naming the card that does."""
        rules = rules_for(self.game_type)
        winner = trick[rules.trick_winner(trick)]
        return why_card_loses(rules, card, winner, trick[0], name_winner=False)


@dataclass(frozen=True)
class TakeTrick:
    """Play last to a trick on the table: pick the card of your hand that wins it."""

    game_type: GameType
    trick: tuple[Card, ...]
    single = True

    def answer(self, shown: CardSet) -> CardSet:
        """Return the playable cards of the hand ``shown`` that win the trick."""
        rules = rules_for(self.game_type)
        trick = self.trick
        return CardSet(
            card for card in rules.legal_cards(shown, trick)
            if rules.trick_winner((*trick, card)) == len(trick)
        )

    def why(self, card: Card, picked: bool, shown: CardSet) -> Say:
        """Explain why ``card`` may not be played or does not win."""
        rules = rules_for(self.game_type)
        if card not in rules.legal_cards(shown, self.trick):
            return why_not_legal(rules, shown, self.trick, card)
        winner = self.trick[rules.trick_winner(self.trick)]
        return why_card_loses(rules, card, winner, self.trick[0])


# ---------------------------------------------------------------- order


@dataclass(frozen=True)
class RankOrder:
    """Put cards of one suit class (or all trumps) in rank order, highest first."""

    game_type: GameType

    def answer(self, cards: CardSet) -> tuple[Card, ...]:
        """Return the cards highest first, as the engine ranks them in this game."""
        return rules_for(self.game_type).order(cards)

    def why(self, card: Card, higher: Card) -> Say:
        """Explain why ``card`` is not next (``higher`` ranks above it, and is not named)."""
        rules = rules_for(self.game_type)
        return say(
            _("%(card)s is not the highest card left: another card ranks above it. %(rule)s"),
            card=card, rule=why_higher(rules, card, higher),
        )


# ---------------------------------------------------------------- numbers


@dataclass(frozen=True)
class CardPoints:
    """Count the card points of some cards."""

    cards: tuple[Card, ...]

    def answer(self) -> int:
        """Return the card points."""
        return CardSet(self.cards).points

    def why(self, given: int) -> Say:
        """Say whether the count is too high or too low, without the count."""
        more = given < self.answer()
        if len(self.cards) == 1:
            if more:
                return say(_("Not %(given)s: %(card)s is worth more than that."), given=given, card=self.cards[0])
            return say(_("Not %(given)s: %(card)s is worth less than that."), given=given, card=self.cards[0])
        if more:
            return say(_("Not %(given)s: that is too few card points. Add up the cards one by one."), given=given)
        return say(_("Not %(given)s: that is too many card points. Add up the cards one by one."), given=given)

    def worked(self, given: int) -> Say:
        """Show the count."""
        if len(self.cards) == 1:
            card = self.cards[0]
            return say(
                lazy_ngettext(
                    "Not %(given)s: %(card)s is worth %(points)s card point.",
                    "Not %(given)s: %(card)s is worth %(points)s card points.",
                    card.points,
                ),
                given=given, card=card, points=card.points,
            )
        return say(
            _("Not %(given)s: the cards count %(sum)s."),
            given=given, sum=Sum(tuple(card.points for card in self.cards)),
        )


@dataclass(frozen=True)
class Count:
    """A number that the lesson derives from the engine (say ``len(DECK)``).

    ``clue`` says how to find it without giving it; ``reason`` works it out, with the number.
    """

    value: int
    clue: Say
    reason: Say

    def answer(self) -> int:
        """Return the number."""
        return self.value

    def why(self, given: int) -> Say:
        """Give the clue."""
        return say(_("Not %(given)s. %(clue)s"), given=given, clue=self.clue)

    def worked(self, given: int) -> Say:
        """Give the reason."""
        return say(_("Not %(given)s. %(reason)s"), given=given, reason=self.reason)


@dataclass(frozen=True)
class GameValue:
    """Work out a game value, or a list entry, with `settle`.

    ``ask`` says which number the learner types: ``value`` (the game value, or the lost value
    after an overbid), ``score`` (the classic list entry), ``seeger`` (the declarer's
    Seeger-Fabian entry) or ``others`` (what each other player gets under Seeger-Fabian).
    """

    contract: Contract
    matadors: int | None = None
    declarer_points: int | None = None
    declarer_tricks: int | None = None
    bid: int = 18
    ask: Literal["value", "score", "seeger", "others"] = "value"
    kontra: bool = False
    re: bool = False
    bock: bool = False
    """House rules (rules.md §10): they double the list score."""

    def settlement(self) -> Settlement:
        """Return the engine's settlement."""
        return settle(
            self.contract, matadors=self.matadors, declarer_points=self.declarer_points,
            declarer_tricks=self.declarer_tricks, bid=self.bid, kontra=self.kontra, re=self.re,
            bock=self.bock,
        )

    def answer(self) -> int:
        """Return the number asked for."""
        settlement = self.settlement()
        return {
            "value": settlement.value,
            "score": settlement.score,
            "seeger": settlement.seeger_fabian.declarer,
            "others": settlement.seeger_fabian.others,
        }[self.ask]

    def formula(self) -> Product | None:
        """Return base × (levels) for a suit or Grand game."""
        settlement = self.settlement()
        base = self.contract.base_value
        if base is None:
            return None
        return Product(base, tuple(count for _, count in settlement.levels))

    def why(self, given: int) -> Say:
        """Name the rule that was missed, or the usual slip, without the number itself."""
        settlement = self.settlement()
        if self.ask == "others":
            if settlement.won:
                return say(_("Not %(given)s: the other players get something only when the declarer loses."), given=given)
            return say(
                _("Not %(given)s: for a game the declarer loses, each of the other players gets a fixed amount at a table of three, whatever the game value."),
                given=given,
            )
        if self.ask == "seeger":
            if settlement.won:
                return say(_("Not %(given)s: a won game scores the game value plus 50."), given=given)
            return say(_("Not %(given)s: a lost game scores twice the game value, and 50 more, against the declarer."), given=given)
        if self.ask == "score" and (self.kontra or self.bock):
            return say(
                _("Not %(given)s: work out the list score first, then double it for each of Kontra, Re and Bock that applies."),
                given=Signed(given),
            )
        if self.ask == "score":
            if not settlement.won:
                return say(
                    _("Not %(given)s: the game is lost, and a lost game counts double against the declarer: −2 × the game value."),
                    given=Signed(given),
                )
            return say(_("Not %(given)s: a won game goes into the list with its game value."), given=Signed(given))
        formula = self.formula()
        if formula is None:
            return say(
                _("Not %(given)s: a Null has a fixed value; neither matadors nor card points change it."),
                given=given,
            )
        base = formula.base
        multiplier = sum(formula.levels)
        if settlement.overbid:
            return say(
                _("Not %(given)s: the game is worth only %(formula)s, less than the bid of %(bid)s. The declarer has overbid, and the lost value is the smallest multiple of %(base)s that reaches the bid."),
                given=given, formula=formula, bid=self.bid, base=base,
            )
        if given == base * (multiplier - 1):
            return say(_("Not %(given)s: one level is missing."), given=given)
        if given % multiplier == 0 and given // multiplier != base:
            return say(
                _("Not %(given)s: the base value of %(game)s is %(base)s."),
                given=given, game=self.contract.game_type, base=base,
            )
        return say(
            _("Not %(given)s: multiply the base value, %(base)s, by the levels: the matadors, the game, and each extra level that applies."),
            given=given, base=base,
        )

    def worked(self, given: int) -> Say:
        """Explain the number, naming the usual slip when it is one."""
        settlement = self.settlement()
        if self.ask == "others":
            if settlement.won:
                return say(_("The declarer won, so the others get nothing: 0."))
            return say(
                _("The declarer lost, so each of the other players gets %(bonus)s at a table of three."),
                bonus=settlement.seeger_fabian.others,
            )
        if self.ask == "seeger":
            if settlement.won:
                return say(
                    _("Won: the game value plus 50. %(value)s + 50 = %(score)s."),
                    value=settlement.value, score=Signed(settlement.seeger_fabian.declarer),
                )
            return say(
                _("Lost: twice the game value, and 50 more, against the declarer. −2 × %(value)s − 50 = %(score)s."),
                value=settlement.value, score=Signed(settlement.seeger_fabian.declarer),
            )
        if self.ask == "score" and (self.kontra or self.bock):
            plain = next(step.value for step in settlement.steps if step.kind is StepKind.LIST_SCORE)
            factor = settlement.score // plain
            return say(
                _("Not %(given)s: the list score %(plain)s is doubled for each of Kontra, Re and Bock that applies: %(plain)s × %(factor)s = %(score)s."),
                given=Signed(given), plain=Signed(plain), factor=factor, score=Signed(settlement.score),
            )
        if self.ask == "score":
            if not settlement.won:
                return say(
                    _("The game is lost, and a lost game counts double against the declarer: −2 × %(value)s = %(score)s."),
                    value=settlement.value, score=Signed(settlement.score),
                )
            return say(
                _("Not %(given)s: a won game goes into the list with its value, %(score)s."),
                given=Signed(given), score=Signed(settlement.score),
            )
        formula = self.formula()
        if formula is None:
            return say(
                _("Not %(given)s: this Null has the fixed value %(value)s."),
                given=given, value=settlement.value,
            )
        base = formula.base
        multiplier = sum(formula.levels)
        if settlement.overbid:
            return say(
                _("The game is worth only %(formula)s, less than the bid of %(bid)s: the declarer has overbid, and the lost value is the next multiple of %(base)s that reaches the bid: %(value)s."),
                formula=formula, bid=self.bid, base=base, value=settlement.value,
            )
        if given == base * (multiplier - 1):
            return say(
                _("Not %(given)s: one level is missing. %(formula)s."),
                given=given, formula=formula,
            )
        if given % multiplier == 0 and given // multiplier != base:
            return say(
                _("Not %(given)s: the base value of %(game)s is %(base)s. %(formula)s."),
                given=given, game=self.contract.game_type, base=base, formula=formula,
            )
        return say(_("Not %(given)s: %(formula)s."), given=given, formula=formula)


@dataclass(frozen=True)
class NextBid:
    """Say the next bid after a value (0 = the first bid)."""

    after: int

    def answer(self) -> int:
        """Return the next valid bid."""
        value = next_bid(self.after)
        assert value is not None
        return value

    def why(self, given: int) -> Say:
        """Explain an invalid bid or a skipped one, without the next bid."""
        if not is_valid_bid(given) and self.after == 0:
            return say(
                _("%(given)s is not a bid: only values a game can have may be bid. Which game is worth the least?"),
                given=given,
            )
        if not is_valid_bid(given):
            return say(_("%(given)s is not a bid: only values a game can have may be bid."), given=given)
        if given <= self.after:
            return say(_("A bid must be higher than %(after)s."), after=self.after)
        return say(_("%(given)s is a valid bid, but not the next one: a lower bid comes first."), given=given)

    def worked(self, given: int) -> Say:
        """Explain an invalid bid or a skipped one."""
        nearby = tuple(v for v in BID_VALUES if v > self.after)[:5]
        if not is_valid_bid(given) and self.after == 0:
            return say(
                _("%(given)s is not a bid: only values a game can have may be bid. The lowest is %(next)s."),
                given=given, next=self.answer(),
            )
        if not is_valid_bid(given):
            return say(
                _("%(given)s is not a bid: only values a game can have may be bid. After %(after)s come %(next)s."),
                given=given, after=self.after, next=Numbers(nearby),
            )
        if given <= self.after:
            return say(_("A bid must be higher than %(after)s."), after=self.after)
        return say(
            _("%(given)s is a valid bid, but not the next one: %(next)s comes first."),
            given=given, next=self.answer(),
        )


@dataclass(frozen=True)
class RamschScore:
    """Score a Ramsch for one player with `settle_ramsch`."""

    points: tuple[int, int, int]
    tricks: tuple[int, int, int]
    player: int

    def answer(self) -> int:
        """Return the player's score."""
        return settle_ramsch(self.points, self.tricks).scores[self.player]

    def why(self, given: int) -> Say:
        """Explain who loses, without the score."""
        result = settle_ramsch(self.points, self.tricks)
        if result.durchmarsch is not None:
            return say(_("Not %(given)s: one player took every trick, and that is a Durchmarsch."), given=Signed(given))
        if self.player not in result.losers:
            return say(
                _("Not %(given)s: only the player with the most card points loses in a Ramsch, and this player does not have the most."),
                given=Signed(given),
            )
        if result.jungfrau:
            return say(
                _("Not %(given)s: the player with the most card points loses them, and a player who took no trick (Jungfrau) doubles the loss."),
                given=Signed(given),
            )
        return say(
            _("Not %(given)s: the player with the most card points loses that many, with a minus sign."),
            given=Signed(given),
        )

    def worked(self, given: int) -> Say:
        """Explain who loses and how much."""
        result = settle_ramsch(self.points, self.tricks)
        most = max(self.points)
        if result.durchmarsch is not None:
            return say(_("One player took every trick: a Durchmarsch wins +120."))
        if self.player not in result.losers:
            return say(
                _("Only the player with the most card points (%(most)s) loses in a Ramsch; the others score 0."),
                most=most,
            )
        if result.jungfrau:
            return say(
                _("The most card points lose them: −%(most)s. A player took no trick (Jungfrau), which doubles it: %(score)s."),
                most=most, score=Signed(result.scores[self.player]),
            )
        return say(
            _("The most card points lose them: %(score)s."), score=Signed(result.scores[self.player])
        )


@dataclass(frozen=True)
class Matadors:
    """Count the matadors "with" or "without" of the declarer's cards."""

    cards: CardSet
    game_type: GameType

    def answer(self) -> int:
        """Return how many: positive with, negative without (the engine's sign)."""
        from webapp.engine import matadors

        return abs(matadors(self.cards, self.game_type))

    def why(self, given: int) -> Say:
        """Explain how to count, with the top trumps (as many as a count can reach), not the count."""
        from webapp.engine import matadors

        count = matadors(self.cards, self.game_type)
        top = rules_for(self.game_type).trumps[:5]
        if count > 0:
            return say(
                _("Not %(given)s: count the trumps you hold from the top without a gap; the first one missing stops the count. From the top: %(ranking)s …"),
                given=given, ranking=Ranking(top),
            )
        return say(
            _("Not %(given)s: count the trumps missing from the top, down to the highest one you hold. From the top: %(ranking)s …"),
            given=given, ranking=Ranking(top),
        )

    def worked(self, given: int) -> Say:
        """Explain with the top trumps."""
        from webapp.engine import matadors

        count = matadors(self.cards, self.game_type)
        top = rules_for(self.game_type).trumps[: abs(count) + 1]
        if count > 0:
            return say(
                _("Not %(given)s: count the trumps from the top without a gap: %(ranking)s. The first one missing stops the count at %(count)s."),
                given=given, ranking=Ranking(top), count=count,
            )
        return say(
            _("Not %(given)s: count the missing trumps from the top down to the first one held: %(ranking)s. That makes %(count)s."),
            given=given, ranking=Ranking(top), count=-count,
        )


# ---------------------------------------------------------------- play


def _search(
    state: GameState,
    wanted: Callable[[Trick], bool],
    ours: Callable[[Position], bool],
    tricks_before: int,
) -> bool:
    if len(state.tricks) > tricks_before:
        return wanted(state.tricks[-1])
    player = state.to_act
    assert player is not None
    replies = [a for a in state.legal_actions() if isinstance(a, Play)]
    results = (_search(state.apply(reply), wanted, ours, tricks_before) for reply in replies)
    return any(results) if ours(player) else all(results)


@dataclass(frozen=True)
class _PlayGoal(ABC):
    """Shared play-goal machinery: sides, legality and the one-trick search."""

    def sides(self, state: GameState) -> Callable[[Position], bool]:
        """Return 'is on the learner's side' for the player to act now."""
        me = state.to_act
        declarer = state.declarer
        if me == declarer:
            return lambda position: position == me
        return lambda position: position != declarer

    @abstractmethod
    def wanted(self, state: GameState, card: Card) -> Callable[[Trick], bool]:
        """Return what the completed trick must look like."""

    def refuse(self, state: GameState, card: Card) -> Say | None:
        """Return why the card is not even legal, or None."""
        try:
            state.apply(Play(card))
        except IllegalAction as error:
            assert error.reason is Reason.MUST_FOLLOW_SUIT
            assert state.rules is not None and state.to_act is not None
            return why_not_legal(
                state.rules, state.hand(state.to_act), state.current_trick.cards, card
            )
        return None

    def reached(self, state: GameState, card: Card) -> bool:
        """Tell whether playing ``card`` surely reaches the goal."""
        after = state.apply(Play(card))
        return _search(after, self.wanted(state, card), self.sides(state), len(state.tricks))

    def good_cards(self, state: GameState) -> list[Card]:
        """Return every card that reaches the goal."""
        return [a.card for a in state.legal_actions() if isinstance(a, Play) and self.reached(state, a.card)]

    def check(self, state: GameState, card: Card) -> Say | None:
        """Return None if ``card`` meets the goal, else why not."""
        refused = self.refuse(state, card)
        if refused is not None:
            return refused
        if self.reached(state, card):
            return None
        return self.why(state, card)

    @abstractmethod
    def why(self, state: GameState, card: Card) -> Say:
        """Explain why a legal card misses the goal."""

    def beater(self, state: GameState, card: Card) -> Card | None:
        """Return a card the other side can play to beat ``card``'s side in this trick."""
        me = state.to_act
        assert me is not None and state.rules is not None
        ours = self.sides(state)
        trick = state.current_trick.cards + (card,)
        rules = state.rules
        best = trick[rules.trick_winner(trick)]
        for offset in range(len(trick), 3):
            player = Position((state.current_trick.leader + offset) % 3)
            if ours(player):
                continue
            for reply in rules.legal_cards(state.hand(player), trick):
                if rules.trick_winner((*trick, reply)) == len(trick):
                    return reply
        return best if best is not card else None


@dataclass(frozen=True)
class WinTrick(_PlayGoal):
    """Take this trick yourself, whatever the others play."""

    def wanted(self, state: GameState, card: Card) -> Callable[[Trick], bool]:
        me = state.to_act
        return lambda trick: trick.winner == me

    def why(self, state: GameState, card: Card) -> Say:
        assert state.rules is not None
        trick = state.current_trick.cards
        rules = state.rules
        if trick:
            winner = trick[rules.trick_winner(trick)]
            if rules.trick_winner((*trick, card)) != len(trick):
                return why_card_loses(rules, card, winner, trick[0])
        beater = self.beater(state, card)
        if rules.game_type is GameType.GRAND and not rules.is_trump(card) and beater is not None:
            return say(
                _("%(card)s does not surely win: in a Grand only the Jacks are trumps, and %(beater)s is still out."),
                german_deck=lazy_pgettext("German-suited deck", "%(card)s does not surely win: in a Grand only the Unters are trumps, and %(beater)s is still out."),
                card=card, beater=beater,
            )
        return say(
            _("%(card)s does not surely win: %(beater)s is still out and can beat it."),
            card=card, beater=beater if beater is not None else card,
        )


@dataclass(frozen=True)
class GivePoints(_PlayGoal):
    """Let your partner take the trick and give as many card points as you can."""

    def best(self, state: GameState) -> int:
        """Return the most card points the learner can add while the side keeps the trick."""
        ours = self.sides(state)
        safe = [
            a.card for a in state.legal_actions() if isinstance(a, Play)
            and _search(state.apply(a), lambda t: t.winner is not None and ours(t.winner), ours,
                        len(state.tricks))
        ]
        return max((card.points for card in safe), default=-1)

    def wanted(self, state: GameState, card: Card) -> Callable[[Trick], bool]:
        ours = self.sides(state)
        best = self.best(state)
        return lambda trick: trick.winner is not None and ours(trick.winner) and card.points == best

    def why(self, state: GameState, card: Card) -> Say:
        ours = self.sides(state)
        keeps = _search(
            state.apply(Play(card)), lambda t: t.winner is not None and ours(t.winner), ours,
            len(state.tricks),
        )
        if not keeps:
            beater = self.beater(state, card)
            return say(
                _("With %(card)s your side can lose the trick: %(beater)s would take it."),
                card=card, beater=beater if beater is not None else card,
            )
        return say(
            lazy_ngettext(
                "Your side takes the trick, but another card would give more card points than %(card)s (worth %(points)s card point).",
                "Your side takes the trick, but another card would give more card points than %(card)s (worth %(points)s card points).",
                card.points,
            ),
            card=card, points=card.points,
        )


@dataclass(frozen=True)
class SideWins(_PlayGoal):
    """Defenders: make sure your side takes this trick, whatever the declarer plays."""

    def wanted(self, state: GameState, card: Card) -> Callable[[Trick], bool]:
        ours = self.sides(state)
        return lambda trick: trick.winner is not None and ours(trick.winner)

    def why(self, state: GameState, card: Card) -> Say:
        beater = self.beater(state, card)
        return say(
            _("With %(card)s the declarer can take the trick: %(beater)s would win it."),
            card=card, beater=beater if beater is not None else card,
        )


@dataclass(frozen=True)
class DeclarerTakesTrick(_PlayGoal):
    """Null defence: force the declarer to take this trick."""

    def wanted(self, state: GameState, card: Card) -> Callable[[Trick], bool]:
        declarer = state.declarer
        return lambda trick: trick.winner == declarer

    def why(self, state: GameState, card: Card) -> Say:
        return say(
            _("With %(card)s the declarer can stay under it and take no trick."), card=card
        )


@dataclass(frozen=True)
class StayUnder(_PlayGoal):
    """Null declarer: do not take this trick, whatever the defenders play."""

    def wanted(self, state: GameState, card: Card) -> Callable[[Trick], bool]:
        me = state.to_act
        return lambda trick: trick.winner != me

    def why(self, state: GameState, card: Card) -> Say:
        return say(
            _("%(card)s can take the trick, and in Null the declarer loses with the first trick taken."),
            card=card,
        )


@dataclass(frozen=True)
class LeadTrump(_PlayGoal):
    """Declarer: lead a trump to draw the defenders' trumps."""

    def wanted(self, state: GameState, card: Card) -> Callable[[Trick], bool]:
        assert state.rules is not None
        is_trump = state.rules.is_trump(card)
        return lambda trick: is_trump

    def why(self, state: GameState, card: Card) -> Say:
        return say(
            _("%(card)s is not a trump. Lead trumps first, so the defenders cannot trump your high cards later."),
            card=card,
        )
