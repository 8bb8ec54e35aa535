"""What a hint says: the action and the principle behind it, as data the web layer translates.

Every `HintReason` names one principle a learner can understand; the fields of `Hint` that a
reason uses are listed with it. Each reason is given only when it is true of the position.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from webapp.engine.actions import Action
from webapp.engine.cards import Card
from webapp.engine.rules import GameType

__all__ = ["HintReason", "Hint"]


class HintReason(Enum):
    """The principle behind a hint (the fields it fills in parentheses)."""

    # --- bidding
    BID_UP_TO_LIMIT = "bid_up_to_limit"
    """Bid or hold: the hand's limit is not reached yet (value = the limit, game = its game)."""
    PASS_ABOVE_LIMIT = "pass_above_limit"
    """Pass: the next value is above the hand's limit (value = the limit, game = its game)."""
    PASS_WEAK_HAND = "pass_weak_hand"
    """Pass: the hand has no game worth playing."""
    PASS_THROWN_IN = "pass_thrown_in"
    """Pass: no game worth playing, and the others have passed; the cards are thrown in."""
    PASS_INTO_RAMSCH = "pass_into_ramsch"
    """Pass: no game worth playing, and the others have passed; a Ramsch is played."""

    # --- skat or hand
    PICK_UP_SKAT = "pick_up_skat"
    """Pick up the skat: two more cards make the hand stronger (game = the likely game)."""
    PLAY_HAND_STRONG = "play_hand_strong"
    """Play hand: strong enough without the skat, and a hand game is worth one level more
    (game, value = the hand game's value)."""

    # --- laying away
    DISCARD_BLANK_TEN = "discard_blank_ten"
    """Lay away a lonely ten: it would fall to the ace (cards = the ten or tens)."""
    DISCARD_SHORT_SUIT = "discard_short_suit"
    """Lay away a short suit to make a void: you can trump it later (cards = the suit's cards)."""
    DISCARD_HIGH_POINTS_SAFE = "discard_high_points_safe"
    """Lay away points the defenders could take: in the skat they count for you (cards)."""
    DISCARD_NULL_DANGER = "discard_null_danger"
    """Null: lay away the high cards that could be caught (cards)."""
    DISCARD_LOSERS = "discard_losers"
    """Lay away cards that could only lose tricks (cards)."""

    # --- declaring
    DECLARE_BEST_GAME = "declare_best_game"
    """Declare the game that suits the hand best and reaches the bid (game, value)."""

    # --- Kontra and Re (house rule)
    SAY_KONTRA = "say_kontra"
    """Say Kontra: the declarer will probably lose."""
    SAY_RE = "say_re"
    """Say Re: the declarer will probably win despite the Kontra."""

    # --- Ramsch and Schieberamsch
    RAMSCH_PASS = "ramsch_pass"
    """Pass the skat on: taking it means pushing two cards without seeing the play."""
    RAMSCH_PICK_UP = "ramsch_pick_up"
    """Take the skat: the hand can lose two dangerous cards (Schieberamsch)."""
    PUSH_DANGEROUS_CARDS = "push_dangerous_cards"
    """Push the cards most likely to take tricks full of points (cards)."""
    RAMSCH_AVOID_POINTS = "ramsch_avoid_points"
    """Ramsch: get rid of a high card (or points) safely, under the card that takes the trick
    (cards)."""

    # --- card play: principles
    DRAW_TRUMPS = "draw_trumps"
    """Declarer: draw the defenders' trumps first, so they cannot trump your aces."""
    CASH_WINNER = "cash_winner"
    """Lead the highest card still out in its suit: take its trick now, before it can be
    trumped; no opponent showed it would trump this suit (cards = the card)."""
    LEAD_SHORT_SUIT = "lead_short_suit"
    """Lead from your short suit: once it is gone you can trump it; you hold trumps
    (cards = the card)."""
    PLAY_THROUGH_DECLARER = "play_through_declarer"
    """Defender: lead so that the declarer must play in the middle, before your partner."""
    SCHMIER = "schmier"
    """Your partner wins this trick, as far as you can see: give them points (cards)."""
    TAKE_THE_TRICK = "take_the_trick"
    """Take the trick with your cheapest card that wins it, as far as you can see
    (cards = the card, value = the trick's points with it)."""
    DUCK = "duck"
    """Let this trick go: the card you could win with is worth more later."""
    FOLLOW_LOWEST = "follow_lowest"
    """None of your cards can win this trick: give it as few points as possible (cards)."""
    SAVE_HIGH_CARD = "save_high_card"
    """Keep your high cards for later tricks: play a low card now (cards)."""
    NULL_PLAY_LOW = "null_play_low"
    """Null or Ramsch: play low, so that another card takes the trick (cards)."""
    NULL_DISCARD_HIGH = "null_discard_high"
    """Null declarer: you cannot follow, so throw your most dangerous high card (cards)."""
    MUST_TAKE_TRICK = "must_take_trick"
    """This trick is yours whatever you play: get rid of your highest card with it (cards)."""
    NULL_LEAD_LOW = "null_lead_low"
    """Null defender: lead low in a suit where the declarer may have to go over."""

    # --- card play: from search
    ONLY_WINNING_CARDS = "only_winning_cards"
    """Only these cards still win the game, whatever the hidden cards (cards = the winning cards)."""
    ALL_CARDS_WIN = "all_cards_win"
    """Every card wins the game, whatever the hidden cards; this one keeps the most points."""
    ALL_CARDS_LOSE = "all_cards_lose"
    """No card can win the game any more; make the best of it (this one gives up the fewest)."""
    BEST_CHANCE = "best_chance"
    """This card wins most often in the card distributions the computer tried, all of which fit
    what you know (value = the share of them it wins, in percent; a sample, so 100 does not
    promise a sure win)."""
    ONLY_LEGAL_CARD = "only_legal_card"
    """You must follow suit and hold only this card of it."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action with its reason, the cards and numbers the reason talks about.

    ``alternatives`` are other actions that are just as good.
    """

    action: Action
    reason: HintReason
    cards: tuple[Card, ...] = ()
    value: int | None = None
    game: GameType | None = None
    alternatives: tuple[Action, ...] = ()
