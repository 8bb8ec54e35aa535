"""Lesson 2: tricks: leading, following suit, who wins (no trumps yet: no Jack appears)."""

from __future__ import annotations

from webapp.engine import Card, GameType, Rank

from ..concepts import Concept
from ..goals import LegalCards, RankOrder, TakeTrick, TrickWinner, class_ranking
from ..lesson import Lesson
from ..steps import Explain, Order, Pick, Row
from ..text import say
from webapp.engine import rules_for
from webapp.i18n import lazy_gettext as _
from webapp.i18n import lazy_pgettext

C = Card.parse
GRAND = GameType.GRAND
"""The rules these tricks follow; with no Jack shown no card is a trump, and no game is named."""
PLAIN = class_ranking(rules_for(GRAND), C("HA"))
WHICH_WINS = _("Which card wins this trick? The first card was led.")
LAST_TRICK = (C("HK"), C("H7"))

LESSON = Lesson(
    slug="tricks",
    title=_("Tricks"),
    summary=_("Leading, following suit, and who wins a trick."),
    teaches=frozenset({Concept.TRICK}),
    steps=(
        Explain(
            text=say(
                _("A hand is played in ten tricks. Each player plays one card in turn, clockwise: the three cards make a trick.")
            ),
            rows=(Row((C("SA"), C("S7"), C("SK"))),),
        ),
        Explain(
            text=say(
                _("The first player of a trick leads: any card. The others must follow suit: play a card of the suit led if they have one. Whoever wins the trick leads the next one.")
            ),
        ),
        Explain(
            text=say(
                _("The highest card of the suit led wins. The order is %(ranking)s: the ten is high, right below the ace."),
                german_deck=lazy_pgettext("German-suited deck", "The highest card of the suit led wins. The order is %(ranking)s: the ten is high, right below the Daus."),
                ranking=PLAIN,
            ),
            rows=(Row(tuple(map(C, ("HA", "HT", "HK", "HQ", "H9", "H8", "H7")))),),
        ),
        Order(
            text=say(_("Put these cards in order: click the highest first, then the next one, down to the lowest.")),
            cards=tuple(map(C, ("HK", "H7", "HA", "HQ", "HT", "H9"))),
            goal=RankOrder(GRAND),
            hint=say(_("The order is %(ranking)s."), ranking=PLAIN),
        ),
        Pick(text=say(WHICH_WINS), cards=tuple(map(C, ("S9", "SA", "SK"))), goal=TrickWinner(GRAND)),
        Pick(
            text=say(WHICH_WINS),
            cards=tuple(map(C, ("DK", "D8", "DT"))),
            goal=TrickWinner(GRAND),
            hint=say(_("The ten is higher than the king.")),
        ),
        Pick(
            text=say(WHICH_WINS),
            cards=tuple(map(C, ("C9", "HA", "C8"))),
            goal=TrickWinner(GRAND),
            hint=say(_("Only cards of the suit led can win.")),
        ),
        Pick(
            text=say(_("%(lead)s was led. Click every card in your hand that you may play."), lead=C("SK")),
            rows=(Row((C("SK"),), caption=say(_("Led"))),),
            cards=tuple(map(C, ("SA", "S8", "HK", "H7", "D9", "CT"))),
            goal=LegalCards(GRAND, (C("SK"),)),
            hint=say(_("You have cards of the suit led, so you must play one of them.")),
        ),
        Pick(
            text=say(_("%(lead)s was led. Click every card in your hand that you may play."), lead=C("DA")),
            rows=(Row((C("DA"),), caption=say(_("Led"))),),
            cards=tuple(map(C, ("SA", "S8", "HK", "H7", "CT", "C7"))),
            goal=LegalCards(GRAND, (C("DA"),)),
            hint=say(_("Do you have a card of the suit led?")),
        ),
        Pick(
            text=say(_("You play last in this trick. Click the card with which you win it.")),
            rows=(Row(LAST_TRICK, caption=say(_("The trick so far"))),),
            cards=tuple(map(C, ("C8", "C7", "S9", "S8", "S7", "HT", "HQ", "H9", "D9", "D8"))),
            goal=TakeTrick(GRAND, LAST_TRICK),
            hint=say(_("You must follow suit, and the ten is high.")),
        ),
    ),
)
