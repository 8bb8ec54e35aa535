"""The practice area's sentences: levels, announcements, the worked score, seats.

Each idea is one whole translated sentence with named placeholders; numbers go through the
locale's format (`webapp.i18n.number`, `webapp.i18n.signed`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from flask_babel import LazyString

from webapp import decks, web, words
from webapp.decks.wording import german_deck
from webapp.calculator.explain import Explanation, explain
from webapp.calculator.inputs import Game
from webapp.ai import Hint, HintReason, Odds, Review
from webapp.ai.review import Swing
from webapp.engine import (
    Action,
    Bid,
    Card,
    CardSet,
    Contract,
    Declare,
    Discard,
    GameType,
    Hold,
    Kontra,
    Level,
    Pass,
    PickUp,
    Play,
    PlayHand,
    Push,
    Position,
    SeatView,
    Settlement,
    Target,
    null_value,
)
from webapp.engine import token as engine_token
from webapp.practice.screen import Reach, Worth
from webapp.forms import joined
from webapp.i18n import gettext, lazy_gettext, listing, ngettext, npgettext, pgettext, number, percent, signed



def _(message: str, **values: object) -> str:
    """Translate a message and fill in its placeholders."""
    return str(gettext(message, **values))


LEVELS: dict[str, LazyString] = {
    # TRANSLATORS: the level of the computer players.
    "easy": lazy_gettext("Easy: plays by rules of thumb"),
    # TRANSLATORS: the level of the computer players.
    "medium": lazy_gettext("Medium: thinks a little ahead"),
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


def announcement_name(word: str) -> str:
    """Name an announcement offered when declaring: Schneider, Schwarz announced, Ouvert."""
    level = {"schneider": Level.SCHNEIDER_ANNOUNCED, "schwarz": Level.SCHWARZ_ANNOUNCED}.get(word, Level.OUVERT)
    return str(words.LEVEL_NAMES[level])


def announcement_help(hand: bool) -> str:
    """Say which announcements go with which games."""
    if hand:
        return _("In a Hand game you may announce Schneider or Schwarz. Ouvert means your cards lie open; a suit game or Grand ouvert includes Schwarz announced.")
    return _("After picking up the skat only a Null can be played ouvert.")


def seat_name(position: Position, learner: Position) -> str:
    """Name a seat for the learner: "you (forehand)" or "middlehand (computer)", with its forms."""
    return words.seat_name(position, learner)


def seat_names(learner: Position) -> tuple[str, str, str]:
    """Name the three seats for the learner, by position.

    A page names the seats dozens of times (the auction, the tricks, the headings), so it
    names each once.
    """
    return (
        seat_name(Position.FOREHAND, learner),
        seat_name(Position.MIDDLEHAND, learner),
        seat_name(Position.REARHAND, learner),
    )


def matadors(count: int) -> str:
    """Say "with 2" or "without 1"."""
    if count >= 0:
        # TRANSLATORS: matadors, as in "Clubs with 2".
        return str(ngettext("with %(num)s", "with %(num)s", count))
    # TRANSLATORS: matadors, as in "Grand without 1".
    return str(ngettext("without %(num)s", "without %(num)s", -count))


def explanation(settlement: Settlement) -> Explanation:
    """Return the calculator's worked score of a settled hand (its rows, formula and verdict)."""
    contract = settlement.contract
    game = Game(
        contract.game_type,
        hand=contract.hand,
        schneider_announced=contract.schneider_announced,
        schwarz_announced=contract.schwarz_announced,
        ouvert=contract.ouvert,
        matadors=settlement.matadors,
        declarer_points=settlement.declarer_points,
        declarer_tricks=settlement.declarer_tricks,
        bid=settlement.bid,
        kontra=settlement.kontra,
        re=settlement.re,
        bock=settlement.bock,
        players=settlement.players,
    )
    return explain(settlement, game)


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


def doubling_word(word: str) -> str:
    """Return the button's word for saying Kontra or Re (house rules)."""
    if word == "kontra":
        # TRANSLATORS: a defender doubles the game (house rule); Skat's own word.
        return str(pgettext("doubling", "Kontra"))
    # TRANSLATORS: the declarer answers Kontra (house rule); Skat's own word.
    return str(pgettext("doubling", "Re"))


def contract_name(contract: Contract) -> str:
    """Name the declared game: "Clubs", "Grand Hand", "Null ouvert Hand"."""
    game = announcement(Declare(contract.game_type, schneider=contract.schneider_announced,
                                schwarz=contract.schwarz_announced, ouvert=contract.ouvert))
    if contract.hand:
        # TRANSLATORS: a game played without picking up the skat, e.g. "Clubs Hand".
        return _("%(game)s Hand", game=game)
    return game


def card_list(cards: Iterable[Card]) -> str:
    """List cards by name as the language lists them ("A, B and C"; each card in the form asked for)."""
    return joined([card_name(card) for card in cards], listing)


def token(action: Action) -> str:
    """Return the action's notation token (what a form sends)."""
    return engine_token(action)


def auction_lines(auction: Iterable[tuple[Position, Action]], seats: Sequence[str]) -> list[str]:
    """Say each call of the auction: "middlehand (computer): 18"; ``seats`` are `seat_names`."""
    yes, no = context_word("yes"), context_word("pass")

    def value(said: Action) -> str:
        if isinstance(said, Bid):
            return number(said.value)
        return yes if isinstance(said, Hold) else no

    return [_("%(seat)s: %(value)s", seat=seats[position], value=value(said)) for position, said in auction]


def bidding_prompt(view: SeatView) -> str:
    """Ask the learner for their next call in the auction."""
    history = view.auction
    if history and isinstance(history[-1][1], Bid) and any(isinstance(a, Hold) for a in view.legal_actions):
        position, said = history[-1]
        assert isinstance(said, Bid)
        return _("%(position_cap)s bids %(value)s. Do you hold it (yes) or pass?",
                       position=words.position_name(position), value=number(said.value))
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


def worth_line(worth: Worth) -> str:
    """Say what one game of the learner's hand is worth: "Spades with 1: 22 with the skat, 33 as Hand"."""
    game = game_name(worth.game)
    skat, hand = number(worth.skat_game), number(worth.hand_game)
    if worth.game is GameType.NULL:
        # TRANSLATORS: what a Null is worth in the bidding, e.g. "Null: 23 with the skat, 35 as Hand".
        return _("%(game)s: %(skat)s with the skat, %(hand)s as Hand", game=game, skat=skat, hand=hand)
    # TRANSLATORS: what a game of the learner's ten cards is worth in the bidding (simple win),
    # e.g. "Spades with 1: 22 with the skat, 33 as Hand".
    return _("%(game)s %(matadors)s: %(skat)s with the skat, %(hand)s as Hand",
             game=game, matadors=matadors(worth.matadors), skat=skat, hand=hand)


def worth_warning(worth: Worth) -> str | None:
    """Warn when the bid at stake is more than a simple skat game of this game is worth."""
    if worth.bid is None or worth.reach is Reach.SKAT_GAME:
        return None
    bid = number(worth.bid)
    game = game_name(worth.game)
    if worth.reach is Reach.HIGHER_NULL:
        assert worth.lowest_null is not None
        return _("At %(bid)s a Null reaches the bid only as %(game)s (%(value)s) or a higher Null.",
                 bid=bid, game=contract_name(worth.lowest_null),
                 value=number(null_value(hand=worth.lowest_null.hand, ouvert=worth.lowest_null.ouvert)))
    if worth.reach is Reach.NO_NULL:
        return _("At %(bid)s no Null reaches the bid.", bid=bid)
    if worth.reach is Reach.HAND_OR_SCHNEIDER:
        # TRANSLATORS: %(game)s %(matadors)s is e.g. "Spades with 1".
        return _("At %(bid)s, %(game)s %(matadors)s reaches the bid only as Hand or with Schneider, if the matadors stay.",
                 bid=bid, game=game, matadors=matadors(worth.matadors))
    # TRANSLATORS: %(game)s %(matadors)s is e.g. "Spades with 1".
    return _("At %(bid)s, %(game)s %(matadors)s needs Schneider or more to reach the bid, even as Hand, if the matadors stay.",
             bid=bid, game=game, matadors=matadors(worth.matadors))


def hint_move(hint: Hint) -> str:
    """Name the move a hint advises, as an instruction."""
    action = hint.action
    if isinstance(action, Bid):
        return _("Bid %(value)s.", value=number(action.value))
    if isinstance(action, Hold):
        return _("Say yes: hold the bid.")
    if isinstance(action, Pass):
        return _("Pass.")
    if isinstance(action, PickUp):
        return _("Pick up the skat.")
    if isinstance(action, PlayHand):
        return _("Play Hand, without the skat.")
    if isinstance(action, Discard):
        return _("Lay away %(first)s and %(second)s.", first=card_name(action.first), second=card_name(action.second))
    if isinstance(action, Push):
        return _("Push %(first)s and %(second)s on.", first=card_name(action.first), second=card_name(action.second))
    if isinstance(action, Declare):
        return _("Announce %(game)s.", game=announcement(action))
    if isinstance(action, Play):
        return _("Play %(card)s.", card=card_name(action.card))
    if isinstance(action, Kontra):
        return _("Say Kontra.")
    return _("Say Re.")


def hint_reason(hint: Hint) -> str:
    """Give the reason of a hint in words a learner understands: its plan, then its odds."""
    said = plan_reason(hint)
    if hint.odds is None:
        return said
    return f"{said} {odds_line(hint.odds)}"


def odds_line(odds: Odds) -> str:
    """Say how often the learner's side wins the game with the card, and with any other card.

    What is counted is the game, never the trick: "this card wins" reads as "takes the trick".
    A sample ("about 62 %") never claims all or none of the ways.
    """
    share = percent(odds.share)
    if odds.defending:
        if odds.share == 100 and odds.every_world:
            said = _("With this card you and your partner beat the declarer in every way the hidden cards can lie.")
        elif odds.every_world:
            said = _("With this card you and your partner beat the declarer in %(share)s of the ways the hidden cards can lie.", share=share)
        elif odds.share == 100:
            said = _("With this card you and your partner beat the declarer in nearly every way the hidden cards can lie.")
        elif odds.share == 0:
            said = _("With this card you and your partner beat the declarer in hardly any of the ways the hidden cards can lie.")
        else:
            said = _("With this card you and your partner beat the declarer in about %(share)s of the ways the hidden cards can lie.", share=share)
        if odds.other == 0:
            said += " " + _("With any other card the declarer would win the game in all of them.")
        elif odds.other is not None:
            said += " " + _("With any other card you would beat the declarer in at most %(share)s of them.", share=percent(odds.other))
        return said
    if odds.share == 100 and odds.every_world:
        said = _("With this card you win the game in every way the hidden cards can lie.")
    elif odds.every_world:
        said = _("With this card you win the game in %(share)s of the ways the hidden cards can lie.", share=share)
    elif odds.share == 100:
        said = _("With this card you win the game in nearly every way the hidden cards can lie.")
    elif odds.share == 0:
        said = _("With this card you win the game in hardly any of the ways the hidden cards can lie.")
    else:
        said = _("With this card you win the game in about %(share)s of the ways the hidden cards can lie.", share=share)
    if odds.other == 0:
        said += " " + _("With any other card you would lose the game in all of them.")
    elif odds.other is not None:
        said += " " + _("With any other card you would win the game in at most %(share)s of them.", share=percent(odds.other))
    return said


def plan_reason(hint: Hint) -> str:
    """Give the principle of a hint as one sentence (for a card: the plan it follows)."""
    reason = hint.reason
    cards = card_list(hint.cards)
    count = len(hint.cards)
    game = game_name(hint.game) if hint.game is not None else ""
    value = number(hint.value) if hint.value is not None else ""
    if reason is HintReason.BID_UP_TO_LIMIT:
        return _("Played as %(game)s, your hand is worth up to %(value)s, and the bidding has not reached that yet.", game=game, value=value)
    if reason is HintReason.PASS_ABOVE_LIMIT:
        return _("Played as %(game)s, your hand is worth at most %(value)s: bidding higher risks overbidding.", game=game, value=value)
    if reason is HintReason.PASS_WEAK_HAND:
        return _("Your hand has no game worth playing: let the others bid and defend against them.")
    if reason is HintReason.PASS_THROWN_IN:
        return _("Your hand has no game worth playing, and the others have passed: pass too, and the cards are thrown in.")
    if reason is HintReason.PASS_INTO_RAMSCH:
        return _("Your hand has no game worth playing, and the others have passed: pass too, and a Ramsch is played.")
    if reason is HintReason.PICK_UP_SKAT:
        if hint.game is None:
            return _("No game in your hand is worth the bid yet: the two cards of the skat may make one.")
        return _("Two more cards from the skat will make your hand stronger for %(game)s.", game=game)
    if reason is HintReason.PLAY_HAND_STRONG:
        return _("Your hand is strong enough without the skat, and Hand counts one level more: %(game)s Hand is worth %(value)s.", game=game, value=value)
    if reason is HintReason.DISCARD_BLANK_TEN:
        if german_deck():
            return str(npgettext(
                "German-suited deck",
                "A lonely ten would fall to the Daus: %(cards)s. In the skat its points count for you.",
                "Lonely tens would fall to the Daus cards: %(cards)s. In the skat their points count for you.",
                count, cards=cards))
        return str(ngettext(
            "A lonely ten would fall to the ace: %(cards)s. In the skat its points count for you.",
            "Lonely tens would fall to the aces: %(cards)s. In the skat their points count for you.",
            count, cards=cards))
    if reason is HintReason.DISCARD_SHORT_SUIT:
        if len({card.suit for card in hint.cards}) > 1:
            return _("Lay away two short suits (%(cards)s): once they are gone, you can trump them.", cards=cards)
        return _("Lay away your short suit (%(cards)s): once it is gone, you can trump it.", cards=cards)
    if reason is HintReason.DISCARD_HIGH_POINTS_SAFE:
        return _("The defenders could take these points (%(cards)s); in the skat they count for you.", cards=cards)
    if reason is HintReason.DISCARD_NULL_DANGER:
        return _("In a Null these high cards could be caught: %(cards)s. Lay them away.", cards=cards)
    if reason is HintReason.DISCARD_LOSERS:
        return _("These cards could only lose tricks: %(cards)s.", cards=cards)
    if reason is HintReason.DECLARE_BEST_GAME:
        return _("%(game)s suits your hand best and reaches the bid: it is worth %(value)s.", game=game, value=value)
    if reason is HintReason.SAY_KONTRA:
        return _("The declarer will probably lose: Kontra doubles the score.")
    if reason is HintReason.SAY_RE:
        return _("You will probably win despite the Kontra: Re doubles the score again.")
    if reason is HintReason.RAMSCH_PASS:
        return _("Taking the skat means pushing two cards on without seeing the play: pass it on.")
    if reason is HintReason.RAMSCH_PICK_UP:
        return _("With the skat your hand can get rid of two dangerous cards.")
    if reason is HintReason.PUSH_DANGEROUS_CARDS:
        return _("These cards are the most likely to take tricks full of points: %(cards)s.", cards=cards)
    if reason is HintReason.RAMSCH_AVOID_POINTS:
        return _("In a Ramsch, keep your points out of your own tricks: play under the card that is winning this one.")
    if reason is HintReason.DRAW_TRUMPS:
        return _("Draw trumps while the defenders may still hold some: then they cannot trump your other suits later.")
    if reason is HintReason.CASH_WINNER:
        return _("No card still out beats this one in its suit: take the trick now, before the suit can be trumped.")
    if reason is HintReason.CASH_SURE:
        return _("No card still out beats this one, and no opponent can trump it: a sure trick.")
    if reason is HintReason.LEAD_SHORT_SUIT:
        return _("Get rid of your short suit: once it is gone, you can trump it.")
    if reason is HintReason.PLAY_THROUGH_DECLARER:
        return _("The declarer plays right after you: lead your longest suit through the declarer, towards your partner, who plays last.")
    if reason is HintReason.KEEP_TEN_GUARD:
        if german_deck():
            return str(pgettext("German-suited deck", "Keep a guard on your ten: hold on to the other card of its suit, or the ten falls to the Daus."))
        return _("Keep a guard on your ten: hold on to the other card of its suit, or the ten falls to the ace.")
    if reason is HintReason.SCHMIER:
        return _("Your partner is winning this trick and, as far as you can see, keeps it: smear points on it.")
    if reason is HintReason.TAKE_THE_TRICK:
        return _("Take this trick: as far as you can see, no card still to come beats this one.")
    if reason is HintReason.DUCK:
        return _("Let this trick go: keep the card that could win it for later.")
    if reason is HintReason.FOLLOW_LOWEST:
        return _("You cannot win this trick, so give it as few points as you can.")
    if reason is HintReason.SAVE_HIGH_CARD:
        return _("Keep your high card for a later trick and throw a low card now.")
    if reason is HintReason.PLAY_LOW_CARD:
        return _("Your cards here are all worth the same points: play a low one.")
    if reason is HintReason.NULL_PLAY_LOW:
        return _("Play low, so that another card takes the trick.")
    if reason is HintReason.NULL_DISCARD_HIGH:
        return _("You cannot follow suit: get rid of a dangerous high card now, before a lower card can force it to take a trick.")
    if reason is HintReason.NULL_LEAD_LOW:
        return _("Lead low in a suit where the declarer may have to go over your card.")
    if reason is HintReason.ONLY_WINNING_CARDS:
        return str(ngettext(
            "Only this card still wins the game, whatever the hidden cards are: %(cards)s.",
            "Only these cards still win the game, whatever the hidden cards are: %(cards)s.",
            count, cards=cards))
    if reason is HintReason.ALL_CARDS_WIN:
        return _("Every card wins the game, whatever the hidden cards are; this one keeps the most points.")
    if reason is HintReason.ALL_CARDS_LOSE:
        return _("No card can win the game any more; this one gives away the fewest points.")
    if reason is HintReason.BEST_CHANCE:
        return _("No single plan decides here: of your cards, this one gives you the best chance.")
    if reason is HintReason.MUST_TAKE_TRICK:
        return _("This trick is yours whatever you play, so use it to get rid of your highest card.")
    if reason is HintReason.ONLY_LEGAL_CARD:
        return _("You must follow suit, and this is your only card of that suit.")
    return fallback_reason()


def fallback_reason() -> str:
    """Say what the coach says for a reason this version of Kiebitz has no sentence for yet."""
    return _("This is the move the coach would make here.")


def holding_order(cards: CardSet, game_type: GameType | None) -> tuple[Card, ...]:
    """Return the cards sorted as a player holds them."""
    from webapp.practice.screen import holding_order as order

    return order(cards, game_type)


def review_title(declarer: Position | None, learner: Position) -> str:
    """Name the open-hand review as the learner asks it: as the declarer or as a defender."""
    if declarer is None or declarer == learner:
        return _("Could I have won?")
    return _("Could we have beaten it?")


def review_link(declarer: Position | None, learner: Position) -> str:
    """Say the link from the result to the open-hand review."""
    if declarer is None or declarer == learner:
        return _("Could I have won? See the best play with all cards open")
    return _("Could we have beaten it? See the best play with all cards open")


def review_verdict(review: Review, learner: Position) -> str:
    """Say whether the declarer could have won with best play on both sides."""
    mine = review.declarer == learner
    if review.best_points is None:  # Null: won by taking no trick
        if review.could_win:
            return _("You could have won this Null: with best play you take no trick.") if mine else _(
                "The declarer could not have been stopped: with best play the declarer takes no trick.")
        return _("This Null could not be won: with best play the defenders force a trick on you.") if mine else _(
            "The defenders could always win: with best play the declarer must take a trick.")
    points = number(review.best_points)
    if review.target is Target.NONE:
        if mine:
            return _("No: no result of this game reaches your bid, not even Schwarz. It was lost before the first card.")
        return _("The declarer could not win: no result of this game reaches the bid, not even Schwarz.")
    if review.target is Target.SCHWARZ:
        if review.could_win:
            return _("Yes: your game needs every trick, and with best play on both sides you take them all.") if mine else _(
                "The declarer could not have been beaten: the game needs every trick, and with best play on both sides the declarer takes them all.")
        return _("No: your game needs every trick, and with best play on both sides the defenders take at least one.") if mine else _(
            "You and your partner could always win: the game needs every trick, and with best play on both sides you take at least one.")
    if review.target is Target.SCHNEIDER:
        if review.could_win:
            return _("Yes: your game needs Schneider to win, and with best play on both sides you take %(points)s card points.", points=points) if mine else _(
                "The declarer could not have been beaten: the game needs Schneider, and with best play on both sides the declarer takes %(points)s card points.", points=points)
        return _("No: your game needs Schneider (90 card points) to win, and with best play on both sides you take only %(points)s.", points=points) if mine else _(
            "You and your partner could always win: the game needs Schneider (90 card points), and with best play on both sides the declarer takes only %(points)s.", points=points)
    if review.could_win:
        if mine:
            return _("Yes: with best play on both sides you take %(points)s card points and win.", points=points)
        return _("The declarer could not have been beaten: with best play on both sides the declarer takes %(points)s card points.", points=points)
    if mine:
        return _("No: with best play on both sides you take only %(points)s card points.", points=points)
    return _("You and your partner could always win: with best play on both sides the declarer takes only %(points)s card points.", points=points)


def decisive_swing(review: Review, learner: Position) -> Swing | None:
    """Return the card of the learner's side that decided the game against it, if one did.

    Every swing turns the result, so the last one decided how the game ended; the side that
    played it lost by it (a player's best card never turns the result against its side).
    """
    if not review.swings:
        return None
    last = review.swings[-1]
    ours = (last.position == review.declarer) == (learner == review.declarer)
    return last if ours else None


def decisive_line(swing: Swing, review: Review, learner: Position) -> str:
    """Name the trick that decided the game and the card that gave it away."""
    values = {
        "trick": number(swing.trick),
        "seat": seat_name(swing.position, learner),
        "card": card_name(swing.card),
    }
    if review.declarer == learner:
        return _("Trick %(trick)s decided the game: %(card)s from %(seat)s let your game be beaten.", **values)
    return _("Trick %(trick)s decided the game: %(card)s from %(seat)s let the declarer win.", **values)


def decisive_better(swing: Swing, review: Review, learner: Position) -> str:
    """Introduce the cards that would have kept the game for the learner's side."""
    count = len(swing.better)
    if review.declarer == learner:
        return str(ngettext("This card would have kept your game winning:",
                            "Each of these cards would have kept your game winning:", count))
    return str(ngettext("This card would have beaten the game:",
                        "Each of these cards would have beaten the game:", count))


def swing_line(swing: Swing, index: int, review: Review, learner: Position) -> str:
    """Say how one card of the real play turned the result (with all hands open)."""
    # The result flips at every swing: before the first one it is the best-play result.
    could_win_before = review.could_win != (index % 2 == 1)
    values = {
        "trick": number(swing.trick),
        "seat": seat_name(swing.position, learner),
        "card": card_name(swing.card),
        "better": card_list(swing.better),
    }
    if could_win_before:
        return _("Trick %(trick)s: %(card)s from %(seat)s let the declarer's game be beaten; %(better)s would have kept it winning.", **values)
    return _("Trick %(trick)s: %(card)s from %(seat)s let the declarer win; %(better)s would have beaten the game.", **values)
