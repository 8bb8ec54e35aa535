"""Say, in the user's language, what is wrong with a refused field of the calculator or the API.

The engine's reasons are worded once in `webapp.words`; this table adds the sharper sentences a
calculator can give because it knows the field and the numbers (the next valid bid, the highest
matadors of the game, the value of the Null).
"""

from __future__ import annotations

from webapp import words
from webapp.decks import card_name, upper_first
from webapp.engine import BID_VALUES, GameType, InputReason, next_bid, null_value
from webapp.i18n import gettext, ngettext
from webapp.web import current_deck

from .inputs import FLAGS, FieldError, Game, Problem

__all__ = ["message"]

_TOP_BID = BID_VALUES[-1]


def message(error: FieldError, game: Game | None = None) -> str:
    """Return the translated message for ``error``; ``game`` gives the numbers it may name."""
    reason = error.reason
    if reason is Problem.REPEATED:
        return gettext("Give this parameter only once.")
    if reason is Problem.UNKNOWN_PARAMETER:
        return gettext("Kiebitz does not know this parameter.")
    if reason is Problem.NOT_A_FLAG:
        return gettext("Use 1 for on or 0 for off.")
    if reason is Problem.NOT_A_NUMBER:
        return gettext("Enter a whole number, for example 61.")
    specific = _specific(error, game)
    if specific is not None:
        return specific
    if isinstance(reason, InputReason):
        return str(words.input_error(reason))
    return gettext("This entry cannot be read.")


def _specific(error: FieldError, game: Game | None) -> str | None:
    """Return the field's own message, or None to fall back on the engine's wording."""
    field, reason = error.field, error.reason
    if field == "game":
        return gettext("Choose the game: one of the four suits, Grand or Null.")
    if field == "players":
        return gettext("A Skat table has 3 or 4 players.")
    if field == "list":
        return gettext("Choose the classic list or Seeger-Fabian.")
    if field == "source":
        return gettext("Give the matadors as a number or by picking the cards.")
    if field == "lang":
        return gettext("Choose one of the languages: en, fr, fi, ms or de.")
    if field == "took_trick":
        return gettext("Say whether the declarer took a trick.")
    if field in FLAGS and reason is InputReason.NEEDS_HAND:
        return {
            "schneider_announced": gettext("Schneider can only be announced in a Hand game."),
            "schwarz_announced": gettext("Schwarz can only be announced in a Hand game."),
            "ouvert": gettext("A suit game or Grand can only be played ouvert as a Hand game."),
        }.get(field)
    if field in FLAGS and reason is InputReason.NOT_ALLOWED:
        return gettext("Nothing is announced in a Null game: it has no Schneider or Schwarz.")
    if field == "matadors":
        return _matadors(reason, game)
    if field == "declarer_points":
        return _points(reason, game)
    if field == "declarer_tricks":
        if reason is InputReason.OUT_OF_RANGE:
            return gettext("Tricks go from 0 to 10.")
        if reason is InputReason.MISSING and game is not None:
            if game.game_type is GameType.NULL:
                return gettext("Enter the declarer's tricks: a Null is won with 0.")
            if game.declarer_points == 120 and not game.schwarz_announced:
                return gettext("At 120 card points, did the declarer take every trick? "
                               "Enter the declarer's tricks: 10 if so.")
            if game.declarer_points == 0 and not game.schwarz_announced:
                return gettext("At 0 card points, did the declarer take no trick at all? "
                               "Enter the declarer's tricks: 0 if so.")
            return gettext("Enter the declarer's tricks: Schwarz is counted in tricks.")
        return None
    if field == "bid":
        return _bid(reason, game)
    if field in ("cards", "skat"):
        return _cards(error)
    return None


def _matadors(reason: object, game: Game | None) -> str | None:
    if reason is InputReason.MISSING:
        return gettext("Choose the matadors: with or without how many.")
    if reason is InputReason.NOT_ALLOWED:
        return gettext("A Null game has no matadors: leave them out.")
    if reason is InputReason.OUT_OF_RANGE and game is not None:
        if game.game_type is GameType.GRAND:
            return gettext(
                "A Grand is played with or without 1 to 4 matadors: it has only four trumps."
            )
        return gettext("A suit game is played with or without 1 to 11 matadors.")
    return None


def _points(reason: object, game: Game | None) -> str | None:
    if reason is InputReason.MISSING:
        return gettext("Enter the declarer's card points, the skat included (0 to 120).")
    if reason is InputReason.OUT_OF_RANGE:
        return gettext("Card points go from 0 to 120.")
    if reason is InputReason.INCONSISTENT and game is not None:
        points = game.declarer_points
        if game.declarer_tricks is None:
            return gettext("No cards add up to exactly %(points)s card points.", points=points)
        return ngettext(
            "%(num)s trick and the skat cannot add up to exactly %(points)s card points.",
            "%(num)s tricks and the skat cannot add up to exactly %(points)s card points.",
            game.declarer_tricks,
            points=points,
        )
    return None


def _bid(reason: object, game: Game | None) -> str | None:
    if reason is InputReason.MISSING:
        return gettext("Enter the bid.")
    if game is None:
        return None
    if reason is InputReason.INVALID_BID:
        following = next_bid(game.bid)
        if following is None:
            return gettext("The highest bid is %(top)s.", top=_TOP_BID)
        return gettext(
            "%(bid)s is not a bid value. The next bid value is %(next)s.",
            bid=game.bid,
            next=following,
        )
    if reason is InputReason.NULL_BELOW_BID:
        value = null_value(hand=game.hand, ouvert=game.ouvert)
        return gettext(
            "This Null is worth %(value)s, less than the bid of %(bid)s, so it cannot be played.",
            value=value,
            bid=game.bid,
        )
    return None


def _cards(error: FieldError) -> str | None:
    hand = error.field == "cards"
    if error.reason is Problem.NOT_A_CARD:
        return gettext("Pick the cards on the grid.")
    if error.reason is Problem.CARD_TWICE and error.card is not None:
        name = card_name(error.card, current_deck())
        if hand:
            return upper_first(gettext("%(card)s is picked twice.", card=name))
        return upper_first(gettext("%(card)s cannot be in the hand and in the skat at once.", card=name))
    if error.reason is Problem.WRONG_COUNT and error.count is not None:
        if hand:
            return ngettext(
                "Pick the declarer's ten cards: %(num)s card is picked.",
                "Pick the declarer's ten cards: %(num)s cards are picked.",
                error.count,
            )
        return ngettext(
            "Pick the two cards of the skat: %(num)s card is picked.",
            "Pick the two cards of the skat: %(num)s cards are picked.",
            error.count,
        )
    return None
