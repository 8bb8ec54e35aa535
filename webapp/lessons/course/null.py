"""Lesson 7: Null: no trumps, the order A K Q J 10 9 8 7, the declarer must take no trick."""

from __future__ import annotations

from webapp.engine import Card, GameType, Suit, rules_for
from webapp.i18n import lazy_gettext as _
from webapp.i18n import lazy_pgettext

from ..concepts import Concept
from ..goals import DeclarerTakesTrick, LegalCards, RankOrder, TrickWinner, class_ranking
from ..lesson import Lesson
from ..steps import Choose, Explain, Option, Order, Pick, PlayCard, Row
from ..text import say

C = Card.parse
NULL = GameType.NULL
NULL_ORDER = class_ranking(rules_for(NULL), C("HA"))
WHICH_WINS = _("Null. Which card wins this trick? The first card was led.")

LESSON = Lesson(
    slug="null",
    title=_("Null"),
    summary=_("No trumps, another order, and the declarer must take no trick."),
    teaches=frozenset({Concept.NULL}),
    steps=(
        Explain(
            text=say(
                _("In a Null game the declarer must take no trick at all. There are no trumps, and every suit has the order %(ranking)s: the Jack sits between the queen and the ten."),
                german_deck=lazy_pgettext("German-suited deck", "In a Null game the declarer must take no trick at all. There are no trumps, and every suit has the order %(ranking)s: the Unter sits between the Ober and the ten."),
                ranking=NULL_ORDER,
            ),
            rows=(Row(tuple(map(C, ("HA", "HK", "HQ", "HJ", "HT", "H9", "H8", "H7")))),),
        ),
        Order(
            text=say(_("Null. Put these cards in order: click the highest first.")),
            cards=tuple(map(C, ("HT", "HJ", "HK", "H9", "HA", "HQ"))),
            goal=RankOrder(NULL),
            hint=say(_("The order is %(ranking)s."), ranking=NULL_ORDER),
        ),
        Choose(
            text=say(_("How many trumps are there in a Null game?")),
            options=(
                Option(say(_("None"))),
                Option(
                    say(
                        _("The four Jacks"),
                        german_deck=lazy_pgettext("German-suited deck", "The four Unters"),
                    ),
                    why=say(
                        _("Not in Null: there the Jacks belong to their suits, between the queen and the ten."),
                        german_deck=lazy_pgettext("German-suited deck", "Not in Null: there the Unters belong to their suits, between the Ober and the ten."),
                    ),
                ),
                Option(say(_("Eleven")), why=say(_("Eleven trumps are a suit game, and Null is not one."))),
            ),
        ),
        Pick(
            text=say(WHICH_WINS),
            cards=tuple(map(C, ("HJ", "HT", "HQ"))),
            goal=TrickWinner(NULL),
            hint=say(
                _("In Null the ten is low: below the Jack."),
                german_deck=lazy_pgettext("German-suited deck", "In Null the ten is low: below the Unter."),
            ),
        ),
        Pick(text=say(WHICH_WINS), cards=tuple(map(C, ("SJ", "S7", "CJ"))), goal=TrickWinner(NULL)),
        Pick(
            text=say(_("Null. %(lead_cap)s was led. Click every card in your hand that you may play."), lead=C("DJ")),
            rows=(Row((C("DJ"),), caption=say(_("Led"))),),
            cards=tuple(map(C, ("DA", "D7", "CJ", "HJ", "S8"))),
            goal=LegalCards(NULL, (C("DJ"),)),
            hint=say(
                _("In Null a Jack is an ordinary card of its suit."),
                german_deck=lazy_pgettext("German-suited deck", "In Null an Unter is an ordinary card of its suit."),
            ),
        ),
        PlayCard(
            text=say(
                _("You defend against a Null: middlehand is the declarer and holds a single card of %(suit)s. Lead a card that makes the declarer take this trick."),
                suit=Suit.DIAMONDS,
            ),
            position="DJCACKSAHADTDKDQD8D7-C9C8C7S9S8S7H9H8H7D9-SJHJCTCQSTSKSQHTHKHQ-CJDA_18.pass.pass.hand.null",
            goal=DeclarerTakesTrick(),
            hint=say(_("The declarer must follow suit. Lead low.")),
        ),
    ),
)
