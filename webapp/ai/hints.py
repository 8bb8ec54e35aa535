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

__all__ = ["HintReason", "Hint", "Odds"]


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
    """Lay away a short suit to make a void: you can trump it later (cards = the cards of the
    suits left empty: one suit or two)."""
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

    # --- card play: principles (the plans a card can follow; each is said only when true)
    DRAW_TRUMPS = "draw_trumps"
    """Declarer leads a trump while a defender may still hold trumps, holding other suits too."""
    CASH_WINNER = "cash_winner"
    """Lead a card of a plain suit that no card still out beats, while it can still be trumped
    later: an opponent may hold trumps, and none has shown it is out of this suit (cards)."""
    CASH_SURE = "cash_sure"
    """Lead a card that no card still out beats and that no opponent can trump: a trump, or a
    card of a plain suit when no opponent may hold a trump (cards)."""
    LEAD_SHORT_SUIT = "lead_short_suit"
    """Lead or throw off a plain card of a suit of at most two cards that others still hold,
    holding trumps: once the suit is gone you can trump it (cards)."""
    PLAY_THROUGH_DECLARER = "play_through_declarer"
    """Defender, the declarer to play next: lead a plain card of your longest suit through the
    declarer, towards your partner who plays last (cards)."""
    KEEP_TEN_GUARD = "keep_ten_guard"
    """Keep the one card that guards a plain ten whose ace is still out: unable to follow the
    suit led, throw off another suit although the guard could go (cards = the card played)."""
    SCHMIER = "schmier"
    """Your partner wins this trick (surely when you play last; else as far as you can see):
    give it a card of 3 points or more that does not go over your partner's (cards)."""
    TAKE_THE_TRICK = "take_the_trick"
    """Take the trick: the card beats the trick so far, and (as far as you can see) no card still
    to come beats it (cards = the card, value = the trick's points with it)."""
    DUCK = "duck"
    """An opponent is winning the trick and you could beat it: keep the card that could, play
    one that does not (cards)."""
    FOLLOW_LOWEST = "follow_lowest"
    """None of your cards beats the opponent winning the trick: give it the fewest points (cards)."""
    SAVE_HIGH_CARD = "save_high_card"
    """Play your card with the fewest points and keep a richer card or a trump (cards)."""
    PLAY_LOW_CARD = "play_low_card"
    """Your cards here are all worth the same points (and none is a trump beside plain cards):
    play a low one (cards)."""
    NULL_PLAY_LOW = "null_play_low"
    """Null or Ramsch: play low, so that another card takes the trick (cards)."""
    NULL_DISCARD_HIGH = "null_discard_high"
    """Null declarer who cannot follow: throw off a high card that a lower card still out could
    catch later (cards)."""
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
    """No plan tells the cards apart: this card wins the game most often in the card
    distributions the computer tried, all of which fit what you know (value = the share of them
    won, in percent; a sample, so 100 does not promise a sure win; the `Odds` say more)."""
    ONLY_LEGAL_CARD = "only_legal_card"
    """You must follow suit and hold only this card of it."""


@dataclass(frozen=True, slots=True)
class Odds:
    """What the search found for a hinted card: how often the seat's side wins the game with it.

    ``share`` is the percentage of the worlds judged (every fitting one when ``every_world``,
    else a sample) in which the side wins the game after this card; ``other`` the best share of
    any other card, when lower. ``defending``: the seat is a defender (the side wins by beating
    the declarer).
    """

    share: int
    other: int | None
    every_world: bool
    defending: bool


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action with its reason, the cards and numbers the reason talks about.

    ``alternatives`` are other actions that are just as good; ``odds`` what the search found
    for a card (None when no search judged it).
    """

    action: Action
    reason: HintReason
    cards: tuple[Card, ...] = ()
    value: int | None = None
    game: GameType | None = None
    alternatives: tuple[Action, ...] = ()
    odds: Odds | None = None
