"""Lesson 5: trumps in a suit game: the Jacks and their order, the eleven trumps."""

from __future__ import annotations

from webapp.engine import Card, GameType, Suit, rules_for
from webapp.i18n import lazy_gettext as _
from webapp.i18n import lazy_pgettext

from ..concepts import Concept
from ..goals import Count, LegalCards, RankOrder, TrickWinner, Trumps, WinTrick
from ..lesson import Lesson
from ..steps import Explain, Number, Order, Pick, PlayCard, Row
from ..text import Ranking, say

C = Card.parse
HEARTS = GameType.HEARTS
JACKS = tuple(map(C, ("CJ", "SJ", "HJ", "DJ")))
HEART_TRUMPS = rules_for(HEARTS).trumps
WHICH_WINS = _("Trump suit: %(trump)s. Which card wins this trick? The first card was led.")

LESSON = Lesson(
    slug="trumps",
    title=_("Trumps in a suit game"),
    summary=_("The highest trumps and their order, the eleven trumps."),
    teaches=frozenset({Concept.TRUMP, Concept.JACK_TRUMPS, Concept.SUIT_GAME}),
    steps=(
        Explain(
            text=say(
                _("In a suit game the declarer names a suit as trump. A trump beats every card that is not a trump: the smallest trump beats an ace of another suit."),
                german_deck=lazy_pgettext("German-suited deck", "In a suit game the declarer names a suit as trump. A trump beats every card that is not a trump: the smallest trump beats a Daus of another suit.")
            ),
            rows=(Row((C("SA"), C("H7")), caption=say(_("Trump suit: %(trump)s."), trump=Suit.HEARTS)),),
        ),
        Explain(
            text=say(
                _("The four Jacks are always the highest trumps, in this order: %(ranking)s."),
                german_deck=lazy_pgettext("German-suited deck", "The four Unters are always the highest trumps, in this order: %(ranking)s."),
                ranking=Ranking(JACKS),
            ),
            rows=(Row(JACKS),),
        ),
        Order(
            text=say(
                _("Put the Jacks in order: click the highest first."),
                german_deck=lazy_pgettext("German-suited deck", "Put the Unters in order: click the highest first."),
            ),
            cards=tuple(map(C, ("HJ", "CJ", "DJ", "SJ"))),
            goal=RankOrder(HEARTS),
            hint=say(
                _("The Jacks follow the order of the suits: %(ranking)s."),
                german_deck=lazy_pgettext("German-suited deck", "The Unters follow the order of the suits: %(ranking)s."),
                ranking=Ranking((Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)),
            ),
        ),
        Explain(
            text=say(
                _("After the Jacks come the seven cards of the trump suit, from the ace down. With %(trump)s as trump the eleven trumps are: %(ranking)s."),
                german_deck=lazy_pgettext("German-suited deck", "After the Unters come the seven cards of the trump suit, from the Daus down. With %(trump)s as trump the eleven trumps are: %(ranking)s."),
                trump=Suit.HEARTS, ranking=Ranking(HEART_TRUMPS),
            ),
            rows=(Row(HEART_TRUMPS),),
        ),
        Pick(
            text=say(_("Trump suit: %(trump)s. Click every trump."), trump=Suit.HEARTS),
            cards=tuple(map(C, ("CJ", "HA", "SA", "H7", "DJ", "DT", "HK", "C8"))),
            goal=Trumps(HEARTS),
            hint=say(
                _("Do not forget the Jacks."),
                german_deck=lazy_pgettext("German-suited deck", "Do not forget the Unters."),
            ),
        ),
        Number(
            text=say(_("How many trumps are there in a suit game?")),
            label=say(_("Trumps")),
            goal=Count(
                len(HEART_TRUMPS),
                say(
                    _("The four Jacks, and the seven cards of the trump suit."),
                    german_deck=lazy_pgettext("German-suited deck", "The four Unters, and the seven cards of the trump suit."),
                ),
                say(
                    _("Four Jacks and the seven cards of the trump suit: 4 + 7 = 11."),
                    german_deck=lazy_pgettext("German-suited deck", "Four Unters and the seven cards of the trump suit: 4 + 7 = 11."),
                ),
            ),
        ),
        Order(
            text=say(_("Trump suit: %(trump)s. Put these trumps in order, the highest first."), trump=Suit.SPADES),
            cards=tuple(map(C, ("SA", "DJ", "S9", "CJ", "ST", "SK"))),
            goal=RankOrder(GameType.SPADES),
            hint=say(
                _("First the Jacks, then the trump suit from the ace down."),
                german_deck=lazy_pgettext("German-suited deck", "First the Unters, then the trump suit from the Daus down."),
            ),
        ),
        Explain(
            text=say(
                _("A Jack belongs to the trumps, not to the suit printed on it. With %(trump)s as trump, %(jack)s is a trump: when %(lead)s is led, it does not follow suit."),
                german_deck=lazy_pgettext("German-suited deck", "An Unter belongs to the trumps, not to the suit printed on it. With %(trump)s as trump, %(jack)s is a trump: when %(lead)s is led, it does not follow suit."),
                trump=Suit.HEARTS, jack=C("DJ"), lead=C("DA"),
            ),
            rows=(Row((C("DA"), C("DJ"))),),
        ),
        Pick(
            text=say(
                _("Trump suit: %(trump)s. %(lead_cap)s was led. Click every card in your hand that you may play."),
                trump=Suit.HEARTS, lead=C("DA"),
            ),
            rows=(Row((C("DA"),), caption=say(_("Led"))),),
            cards=tuple(map(C, ("DJ", "D7", "HA", "S8", "CK"))),
            goal=LegalCards(HEARTS, (C("DA"),)),
            hint=say(_("Which of your cards are really of the suit led?")),
        ),
        Pick(
            text=say(WHICH_WINS, trump=Suit.HEARTS),
            cards=tuple(map(C, ("SA", "ST", "H7"))),
            goal=TrickWinner(HEARTS),
        ),
        Pick(
            text=say(WHICH_WINS, trump=Suit.HEARTS),
            cards=tuple(map(C, ("HA", "DJ", "HT"))),
            goal=TrickWinner(HEARTS),
            hint=say(
                _("Every Jack is higher than the ace of trumps."),
                german_deck=lazy_pgettext("German-suited deck", "Every Unter is higher than the Daus of trumps."),
            ),
        ),
        PlayCard(
            text=say(
                _("Trump suit: %(trump)s. You cannot follow suit. Play a card that surely wins this trick: rearhand cannot follow either."),
                trump=Suit.CLUBS,
            ),
            position="SASTSKSQS9S8S7HAHTD7-CJCACTC7HKHQH8DADTDK-SJHJDJCKCQC9C8H9H7DQ-D9D8_18.pass.pass.hand.clubs.SA",
            goal=WinTrick(),
            hint=say(_("Rearhand holds high trumps too.")),
        ),
    ),
)
