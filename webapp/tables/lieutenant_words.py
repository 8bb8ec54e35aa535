"""The words of Lieutenant Skat's screen: the trump, a refused card, the result, the hint.

Card and suit names come from `webapp.decks` in the visitor's language and deck, with the
grammatical forms each sentence asks for (`webapp.forms`).
"""

from __future__ import annotations

import logging

from flask_babel import LazyString

from webapp import decks, web, words
from webapp.ai import lieutenant as lieutenant_ai
from webapp.ai.lieutenant import LieutenantReason as Reason_
from webapp.decks.wording import by_deck
from webapp.engine import Card, GameType, LieutenantResult, LieutenantState, Reason
from webapp.i18n import gettext, lazy_gettext, lazy_pgettext, ngettext, percent
from webapp.practice import phrases

log = logging.getLogger(__name__)

LEVELS = phrases.LEVELS
"""The computer's levels, worded as at the practice table."""

SIDES: dict[str, LazyString] = {
    # TRANSLATORS: who plays player 2's side in Lieutenant Skat.
    "here": lazy_gettext("A second person on this device (you take turns at one screen)"),
    "computer": lazy_gettext("The computer"),
    "remote": lazy_gettext("A person in another browser (you send them a link)"),
}

STARTINGS: dict[str, LazyString] = {
    # TRANSLATORS: who leads the first trick of each game of Lieutenant Skat.
    "1": lazy_gettext("Player 1"),
    "2": lazy_gettext("Player 2"),
    "alternate": lazy_gettext("Player 1 and player 2 in turn, game by game"),
}

GRAND: LazyString = by_deck(
    lazy_gettext("Grand: only the four Jacks are trump."),
    lazy_pgettext("German-suited deck", "Grand: only the four Unters are trump."),
)
NOT_OPEN: LazyString = lazy_gettext("That card is not one of your open cards, so nothing was changed.")


def card_name(card: Card) -> str:
    """Return the card's name in the visitor's language and deck (with its forms)."""
    return decks.card_name(card, web.current_deck())


def card_list(cards: list[Card] | tuple[Card, ...]) -> str:
    """Return the cards' names joined ("the nine of hearts and the ace of hearts"), with their forms."""
    return phrases.card_list(cards)


def trump(state: LieutenantState) -> str:
    """Say what the drawn card makes trump: "Trump: hearts (the four Jacks too)." or the Grand."""
    game = state.deal.game_type
    if game is GameType.GRAND:
        return str(GRAND)
    assert game.suit is not None
    suit = decks.suit_name(game.suit.name, web.current_deck())
    return str(by_deck(
        lazy_gettext("Trump: %(suit)s, and the four Jacks above them.", suit=suit),
        lazy_pgettext("German-suited deck", "Trump: %(suit)s, and the four Unters above them.", suit=suit),
    ))


def drawn(state: LieutenantState) -> str:
    """Name the card drawn for trump: "The card drawn for trump: the jack of clubs."."""
    return gettext("The card drawn for trump: the %(card)s.", card=card_name(state.deal.trump_card))


def refusal(state: LieutenantState, card: Card) -> str | None:
    """Say why ``card`` may not be played now by the player to act; None if it may."""
    found = state.refusal(card)
    if found is None:
        return None
    if found.reason is Reason.CARD_NOT_IN_HAND:
        return str(NOT_OPEN)
    if found.reason is not Reason.MUST_FOLLOW_SUIT or found.led is None:
        return str(words.illegal(found.reason))
    follow = found.follow
    if state.rules.is_trump(found.led):
        return ngettext(
            "You must follow trump with an open trump: you have the %(cards)s open.",
            "You must follow trump with an open trump: you have the %(cards)s open.",
            len(follow), cards=card_list(follow))
    suit = decks.suit_name(found.led.suit.name, web.current_deck())
    return ngettext(
        "You must follow %(suit)s with an open card of that suit: you have the %(cards)s open.",
        "You must follow %(suit)s with an open card of that suit: you have the %(cards)s open.",
        len(follow), suit=suit, cards=card_list(follow))


def outcome(result: LieutenantResult, names: tuple[str, ...]) -> str:
    """Say who won: "Anna wins with 90 card points." or the draw."""
    if result.winner is None:
        return gettext("A draw: 60 card points each.")
    winner = result.winner
    return ngettext("%(name)s wins with %(num)s card point.", "%(name)s wins with %(num)s card points.",
                    result.points[winner], name=names[winner])


def worked(points: int, name: str) -> str:
    """Work out one player's game points from their card points (rules.md §11)."""
    if points == 60:
        return gettext("%(name)s: 60 card points, a draw: 1 game point.", name=name)
    if points < 60:
        return ngettext("%(name)s: %(num)s card point, the game lost: no game points.",
                        "%(name)s: %(num)s card points, the game lost: no game points.", points, name=name)
    if points <= 90:
        return gettext("%(name)s: %(points)s card points, between 61 and 90: 2 game points.",
                       name=name, points=points)
    if points < 120:
        return gettext("%(name)s: %(points)s card points, between 91 and 119: 3 game points.",
                       name=name, points=points)
    return gettext("%(name)s: all 120 card points: 4 game points.", name=name)


def hint_text(state: LieutenantState, seed: int) -> str:
    """Return the computer's advice for the player to act, worded from its reason."""
    player = state.to_act
    if player is None:
        return ""
    try:
        advice = lieutenant_ai.hint(state.view(player), seed=seed)
    except Exception:
        log.exception("the Lieutenant Skat hint failed")
        return gettext("The computer has no advice this time.")
    reason, cards, value = advice.reason, advice.cards, advice.value or 0
    card = card_name(advice.card)
    other = card_name(cards[1]) if len(cards) > 1 else card
    if reason is Reason_.ONLY_LEGAL_CARD:
        return gettext("The %(card)s is the only card you may play.", card=card)
    if reason is Reason_.TAKE_TRICK:
        return ngettext("Take the trick: the %(card)s beats the %(led)s (%(num)s card point).",
                        "Take the trick: the %(card)s beats the %(led)s (%(num)s card points).",
                        value, card=card, led=other)
    if reason is Reason_.TAKE_TRICK_TRUMP:
        return ngettext("You cannot follow: trump the %(led)s with the %(card)s (%(num)s card point).",
                        "You cannot follow: trump the %(led)s with the %(card)s (%(num)s card points).",
                        value, card=card, led=other)
    if reason is Reason_.GIVE_FEWEST:
        return gettext("None of your open cards can beat the %(led)s: give the %(card)s, which costs the "
                       "fewest card points.", card=card, led=other)
    if reason is Reason_.DUCK:
        return gettext("Let this trick go: keep the %(keep)s for later and play the %(card)s.",
                       card=card, keep=other)
    if reason is Reason_.KEEP_TRUMP:
        return ngettext("Keep your trumps and play the %(card)s: your opponent still has %(num)s trump open.",
                        "Keep your trumps and play the %(card)s: your opponent still has %(num)s trumps open.",
                        value, card=card)
    if reason is Reason_.LEAD_SURE_WINNER:
        return gettext("Lead the %(card)s: none of your opponent's open cards can beat it.", card=card)
    if reason is Reason_.LEAD_UNCOVER:
        return gettext("Lead the %(card)s: the card under it turns face up and gives you more choice.", card=card)
    if reason is Reason_.LEAD_LOW:
        return gettext("Lead the %(card)s: your opponent may take it, but it costs you little.", card=card)
    return gettext("Play the %(card)s: in the games the computer tried, it did best (it won %(percent)s of "
                   "them).", card=card, percent=percent(value))
