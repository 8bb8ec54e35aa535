"""The words for the engine's enums, in the user's language: one table per enum.

The engine speaks in enums (why an action was refused, why a game was lost, the levels of a
multiplier, the seats); every area shows them through these tables, so each idea is worded
once, following the glossary.
"""

from __future__ import annotations

from flask_babel import LazyString

from webapp.decks.wording import by_deck
from webapp.engine import InputReason, Level, LossReason, Position, Reason
from webapp.engine.game import Phase
from webapp.forms import Name, lazy_name
from webapp.i18n import domain_pgettext, lazy_gettext, lazy_pgettext

ILLEGAL: dict[Reason, LazyString] = {
    Reason.WRONG_PHASE: lazy_gettext("That is not possible at this point of the game."),
    Reason.NOT_YOUR_TURN: lazy_gettext("It is not your turn."),
    Reason.UNKNOWN_ACTION: lazy_gettext("Kiebitz does not know that move."),
    Reason.INVALID_BID_VALUE: lazy_gettext("That is not a bid value: bids are the possible game values (18, 20, 22, 23, 24, 27, …)."),
    Reason.BID_NOT_HIGHER: lazy_gettext("A new bid must be higher than the last one."),
    Reason.DISCARD_NOT_HELD: lazy_gettext("You can only lay away cards that you hold."),
    Reason.SAME_CARD_TWICE: lazy_gettext("Choose two different cards."),
    Reason.ANNOUNCEMENT_NOT_ALLOWED: lazy_gettext(
        "That announcement is not allowed: Schneider and Schwarz can only be announced in a Hand game, "
        "and a suit or Grand ouvert must be a Hand game."
    ),
    Reason.NULL_BELOW_BID: lazy_gettext("This Null is worth less than the bid, so it cannot be played."),
    Reason.GAME_NOT_ALLOWED: lazy_gettext("That game cannot be played here."),
    Reason.JACK_NOT_PUSHABLE: by_deck(
        lazy_gettext("Jacks may not be pushed on in this Schieberamsch."),
        lazy_pgettext("German-suited deck", "Unters may not be pushed on in this Schieberamsch."),
    ),
    Reason.CARD_NOT_IN_HAND: lazy_gettext("That card is not in your hand."),
    Reason.MUST_FOLLOW_SUIT: lazy_gettext("You must follow suit: you still hold a card of the suit that was led."),
    Reason.KONTRA_NOT_ALLOWED: lazy_gettext("Kontra is not possible now."),
    Reason.RE_NOT_ALLOWED: lazy_gettext("Re is only possible after a Kontra, and only for the declarer."),
}

LOSS: dict[LossReason, LazyString] = {
    LossReason.NOT_ENOUGH_POINTS: lazy_gettext("The declarer took fewer than 61 card points."),
    LossReason.SCHNEIDER_MISSED: lazy_gettext("Schneider was announced, but the defenders took more than 30 card points."),
    LossReason.SCHWARZ_MISSED: lazy_gettext("Schwarz was announced, but the defenders took a trick."),
    LossReason.OVERBID: lazy_gettext("The game value is below the bid: the declarer overbid."),
    LossReason.NULL_TRICK_TAKEN: lazy_gettext("The declarer took a trick in a Null game."),
}

# TRANSLATORS: the levels of the multiplier ("matadors + 1 game + 1 Hand + …").
LEVEL_NAMES: dict[Level, LazyString] = {
    Level.MATADORS: lazy_gettext("matadors"),
    Level.GAME: lazy_pgettext("level", "game"),
    Level.HAND: lazy_pgettext("level", "Hand"),
    Level.SCHNEIDER: lazy_pgettext("level", "Schneider"),
    Level.SCHNEIDER_ANNOUNCED: lazy_gettext("Schneider announced"),
    Level.SCHWARZ: lazy_pgettext("level", "Schwarz"),
    Level.SCHWARZ_ANNOUNCED: lazy_gettext("Schwarz announced"),
    Level.OUVERT: lazy_pgettext("level", "Ouvert"),
}

LEVEL_HELP: dict[Level, LazyString] = {
    Level.MATADORS: lazy_gettext(
        "With: how many of the top trumps the declarer holds without a gap, counting down from the "
        "highest. Without: how many top trumps are missing above the declarer's highest trump. The "
        "ten cards and the skat both count."
    ),
    Level.GAME: lazy_gettext("Every game counts one level for being played."),
    Level.HAND: lazy_gettext("One level when the declarer played without picking up the skat."),
    Level.SCHNEIDER: lazy_gettext("One level when a side ends with 30 card points or fewer."),
    Level.SCHNEIDER_ANNOUNCED: lazy_gettext("One level for announcing Schneider before the first trick (Hand games only)."),
    Level.SCHWARZ: lazy_gettext("One level when a side takes no trick at all."),
    Level.SCHWARZ_ANNOUNCED: lazy_gettext("One level for announcing Schwarz before the first trick (Hand games only)."),
    Level.OUVERT: lazy_gettext("One level when the declarer plays with the cards face up."),
}

INPUT: dict[InputReason, LazyString] = {
    InputReason.MISSING: lazy_gettext("This is needed."),
    InputReason.OUT_OF_RANGE: lazy_gettext("This number is outside what a game allows."),
    InputReason.NOT_ALLOWED: lazy_gettext("This is not allowed in this game."),
    InputReason.NEEDS_HAND: lazy_gettext("Only possible in a Hand game."),
    InputReason.INVALID_BID: lazy_gettext("That is not a bid value: bids are the possible game values (18, 20, 22, 23, 24, 27, …)."),
    InputReason.NULL_BELOW_BID: lazy_gettext("This Null is worth less than the bid, so it cannot be played."),
    InputReason.RE_WITHOUT_KONTRA: lazy_gettext("Re can only answer a Kontra."),
    InputReason.INCONSISTENT: lazy_gettext("These numbers cannot all be true in one game."),
}

POSITIONS: dict[Position, LazyString] = {
    # TRANSLATORS: A seat at the table, as a sentence names it (glossary.md): "Vorhand", "premier".
    Position.FOREHAND: lazy_pgettext("seat", "forehand"),
    Position.MIDDLEHAND: lazy_pgettext("seat", "middlehand"),
    Position.REARHAND: lazy_pgettext("seat", "rearhand"),
}

#: A seat named for the learner at the practice table: the learner's own, or a computer's.
SEATS: dict[tuple[Position, bool], LazyString] = {
    # TRANSLATORS: The learner's own seat, as a sentence names it: "du (Vorhand)", "vous (premier)".
    (Position.FOREHAND, True): lazy_pgettext("seat", "you (forehand)"),
    (Position.MIDDLEHAND, True): lazy_pgettext("seat", "you (middlehand)"),
    (Position.REARHAND, True): lazy_pgettext("seat", "you (rearhand)"),
    # TRANSLATORS: A computer player's seat, as a sentence names it: "Mittelhand (Computer)".
    (Position.FOREHAND, False): lazy_pgettext("seat", "forehand (computer)"),
    (Position.MIDDLEHAND, False): lazy_pgettext("seat", "middlehand (computer)"),
    (Position.REARHAND, False): lazy_pgettext("seat", "rearhand (computer)"),
}

PHASES: dict[Phase, LazyString] = {
    Phase.BIDDING: lazy_gettext("Bidding"),
    Phase.SKAT: lazy_gettext("Skat or Hand"),
    Phase.DISCARD: lazy_gettext("Laying away"),
    Phase.DECLARE: lazy_gettext("Announcing the game"),
    Phase.RAMSCH: lazy_gettext("Before the Ramsch"),
    Phase.PUSH: lazy_gettext("Pushing the skat on"),
    Phase.PLAY: lazy_gettext("Playing"),
    Phase.FINISHED: lazy_gettext("Game over"),
    Phase.PASSED_IN: lazy_gettext("Everybody passed"),
}


def _words_pgettext(context: str, msgid: str) -> str:
    """Translate a seat's form from this domain's catalog."""
    return domain_pgettext("words", context, msgid)


def position_name(position: Position) -> Name:
    """Name a seat ("forehand"), with its grammatical forms (:mod:`webapp.forms`)."""
    return lazy_name(POSITIONS[position], _words_pgettext)


def seat_name(position: Position, learner: Position) -> Name:
    """Name a seat for the learner: "you (forehand)" or "middlehand (computer)", with its forms."""
    return lazy_name(SEATS[position, position == learner], _words_pgettext)


def illegal(reason: Reason) -> LazyString:
    """Say why an action was refused."""
    return ILLEGAL[reason]


def loss(reason: LossReason) -> LazyString:
    """Say why the declarer lost."""
    return LOSS[reason]


def input_error(reason: InputReason) -> LazyString:
    """Say what is wrong with an entry."""
    return INPUT[reason]
