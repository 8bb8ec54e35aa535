"""The practice area's sentences: levels, announcements, the worked score, seats.

Each idea is one whole translated sentence with named placeholders; numbers go through the
locale's format (`webapp.i18n.number`, `webapp.i18n.signed`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from flask_babel import LazyString, gettext, lazy_gettext, ngettext, pgettext

from webapp import decks, web, words
from webapp.engine import (
    Action,
    Bid,
    Card,
    CardSet,
    Contract,
    Declare,
    GameType,
    Hold,
    Level,
    Position,
    SeatView,
    Settlement,
    StepKind,
)
from webapp.engine import token as engine_token
from webapp.i18n import number, signed



def _(message: str, **values: object) -> str:
    """Translate a message and fill in its placeholders."""
    return str(gettext(message, **values))


LEVELS: dict[str, LazyString] = {
    # TRANSLATORS: the level of the computer players.
    "easy": lazy_gettext("Easy: plays by rules of thumb"),
    # TRANSLATORS: the level of the computer players.
    "strong": lazy_gettext("Strong: thinks ahead"),
}


def card_name(card: Card) -> str:
    """Return the card's accessible name in the user's language and deck."""
    return decks.card_name(card, web.current_deck())


def game_name(game_type: GameType) -> str:
    """Return the game's name in the user's language and deck."""
    return decks.game_name(game_type, web.current_deck())


def announcement(declare: Declare) -> str:
    """Name a game with its announcements: "Clubs", "Grand ouvert", "Hearts, Schneider announced"."""
    game = game_name(declare.game_type)
    if declare.ouvert:
        return _("%(game)s ouvert", game=game)
    if declare.schwarz:
        return _("%(game)s, Schwarz announced", game=game)
    if declare.schneider:
        return _("%(game)s, Schneider announced", game=game)
    return game


def seat_name(position: Position, learner: Position) -> str:
    """Name a seat for the learner: "you (forehand)" or "middlehand (computer)"."""
    where = str(words.POSITIONS[position])
    if position == learner:
        return _("you (%(position)s)", position=where)
    return _("%(position)s (computer)", position=where)


def matadors(count: int) -> str:
    """Say "with 2" or "without 1"."""
    if count >= 0:
        # TRANSLATORS: matadors, as in "Clubs with 2".
        return str(ngettext("with %(num)s", "with %(num)s", count))
    # TRANSLATORS: matadors, as in "Grand without 1".
    return str(ngettext("without %(num)s", "without %(num)s", -count))


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a worked score: what is counted, and its number."""

    label: str
    value: str
    total: bool = False


def worked_score(settlement: Settlement) -> list[Line]:
    """Return the worked score of a settlement, line by line, in the user's language."""
    lines: list[Line] = []
    contract = settlement.contract
    for step in settlement.steps:
        kind = step.kind
        if kind is StepKind.BASE_VALUE:
            lines.append(Line(_("Base value of %(game)s", game=game_name(contract.game_type)), number(step.value)))
        elif kind is StepKind.LEVEL and step.level is Level.MATADORS:
            assert settlement.matadors is not None
            lines.append(Line(_("Matadors: %(matadors)s", matadors=matadors(settlement.matadors)), "+" + number(step.value)))
        elif kind is StepKind.LEVEL and step.level is not None:
            lines.append(Line(str(words.LEVEL_NAMES[step.level]), "+" + number(step.value)))
        elif kind is StepKind.MULTIPLIER:
            lines.append(Line(_("Multiplier"), number(step.value)))
        elif kind is StepKind.GAME_VALUE:
            base = contract.base_value
            assert base is not None and settlement.multiplier is not None
            lines.append(Line(
                _("Game value"),
                _("%(base)s × %(multiplier)s = %(value)s", base=number(base),
                        multiplier=number(settlement.multiplier), value=number(step.value)),
                total=True,
            ))
        elif kind is StepKind.NULL_VALUE:
            lines.append(Line(_("Game value (fixed for this Null)"), number(step.value), total=True))
        elif kind is StepKind.BID_REACHED:
            lines.append(Line(_("Bid %(bid)s: reached", bid=number(step.value)), "✓"))
        elif kind is StepKind.OVERBID:
            lines.append(Line(_("Bid %(bid)s: not reached, the declarer overbid", bid=number(step.value)), "✗"))
        elif kind is StepKind.OVERBID_VALUE:
            lines.append(Line(_("Lost value: the smallest multiple of the base value that reaches the bid"), number(step.value)))
        elif kind is StepKind.WON:
            lines.append(Line(_("Won"), number(step.value)))
        elif kind is StepKind.LOST:
            assert step.reason is not None
            lines.append(Line(_("Lost: %(reason)s", reason=words.loss(step.reason)), number(step.value)))
        elif kind is StepKind.LIST_SCORE:
            if step.value < 0:
                label = _("Score in the list: a lost game counts double, −2 × %(value)s",
                                value=number(settlement.value))
            else:
                label = _("Score in the list")
            lines.append(Line(label, signed(step.value), total=True))
    return lines


def seeger_fabian(settlement: Settlement) -> str:
    """Say the Seeger-Fabian list entry of the game."""
    entry = settlement.seeger_fabian
    if settlement.won:
        return _("In a Seeger-Fabian list: %(score)s for the declarer (the value + 50).",
                       score=signed(entry.declarer))
    return _(
        "In a Seeger-Fabian list: %(score)s for the declarer (−2 × the value − 50) and %(bonus)s for each of the others.",
        score=signed(entry.declarer), bonus=signed(entry.others),
    )


def context_word(word: str) -> str:
    """Return the glossary's "yes" or "pass" for the auction buttons."""
    if word == "yes":
        # TRANSLATORS: "yes" in the auction: the player holds the bid.
        return str(pgettext("bid", "Yes"))
    # TRANSLATORS: "pass" in the auction.
    return str(pgettext("bid", "Pass"))


def contract_name(contract: Contract) -> str:
    """Name the declared game: "Clubs", "Grand Hand", "Null ouvert Hand"."""
    game = announcement(Declare(contract.game_type, schneider=contract.schneider_announced,
                                schwarz=contract.schwarz_announced, ouvert=contract.ouvert))
    if contract.hand:
        # TRANSLATORS: a game played without picking up the skat, e.g. "Clubs Hand".
        return _("%(game)s Hand", game=game)
    return game


def card_list(cards: Iterable[Card]) -> str:
    """List cards by name, separated by commas."""
    return ", ".join(card_name(card) for card in cards)


def cards_left(view: SeatView, position: Position) -> int:
    """Return how many cards a seat still holds (public: ten less the cards it played)."""
    played = sum(
        1
        for trick in (*view.tricks, view.current_trick)
        for player in trick.players
        if player == position
    )
    return 10 - played


def token(action: Action) -> str:
    """Return the action's notation token (what a form sends)."""
    return engine_token(action)


def auction_line(position: Position, said: Action, learner: Position) -> str:
    """Say one call of the auction: "middlehand (computer): 18"."""
    seat = seat_name(position, learner)
    if isinstance(said, Bid):
        return _("%(seat)s: %(value)s", seat=seat, value=number(said.value))
    word = context_word("yes" if isinstance(said, Hold) else "pass")
    return _("%(seat)s: %(value)s", seat=seat, value=word)


def bidding_prompt(view: SeatView) -> str:
    """Ask the learner for their next call in the auction."""
    history = view.auction
    if history and isinstance(history[-1][1], Bid) and any(isinstance(a, Hold) for a in view.legal_actions):
        position, said = history[-1]
        assert isinstance(said, Bid)
        return _("%(position)s bids %(value)s. Do you hold it (yes) or pass?",
                       position=str(words.POSITIONS[position]).capitalize(), value=number(said.value))
    if not any(isinstance(a, Bid) and a.value > 18 for a in view.legal_actions):
        return _("Both others passed. Play at 18, or pass?")
    return _("Your bid: say a value, or pass.")


def seat_help(position: Position) -> str:
    """Describe a seat on the start form."""
    if position is Position.FOREHAND:
        return _("Forehand: you lead the first trick and answer the first bids.")
    if position is Position.MIDDLEHAND:
        return _("Middlehand: you bid first.")
    return _("Rearhand: you bid last; at three players the dealer sits here.")


def result_headline(settlement: Settlement, declarer: Position | None, learner: Position) -> str:
    """Say who won, from the learner's side of the table."""
    if declarer == learner:
        if settlement.won:
            return _("You won your game: %(score)s.", score=signed(settlement.score))
        return _("You lost your game: %(score)s.", score=signed(settlement.score))
    if settlement.won:
        return _("The declarer won: %(score)s for the declarer.", score=signed(settlement.score))
    return _("You and your partner defeated the declarer: %(score)s for the declarer.",
                   score=signed(settlement.score))


def limit_line(limit: object) -> str:
    """Say one bid limit of the learner's hand (filled in when the computer players land)."""
    return ""


def hint_move(hint: object) -> str:
    """Name the move a hint advises (filled in when the computer players land)."""
    return ""


def hint_reason(hint: object) -> str:
    """Give a hint's reason in words (filled in when the computer players land)."""
    return ""


def holding_order(cards: CardSet, game_type: GameType | None) -> tuple[Card, ...]:
    """Return the cards sorted as a player holds them."""
    from webapp.practice.screen import holding_order as order

    return order(cards, game_type)
