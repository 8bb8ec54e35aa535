"""Lesson 6: Grand: only the four Jacks are trumps."""

from __future__ import annotations

from webapp.engine import Card, GameType, rules_for
from webapp.i18n import lazy_gettext as _
from webapp.i18n import lazy_pgettext

from ..concepts import Concept
from ..goals import Count, LegalCards, TrickWinner, Trumps, WinTrick, class_ranking
from ..lesson import Lesson
from ..steps import Explain, Number, Pick, PlayCard, Row
from ..text import say

C = Card.parse
GRAND = GameType.GRAND
JACKS = rules_for(GRAND).trumps
WHICH_WINS = _("Grand. Which card wins this trick? The first card was led.")

LESSON = Lesson(
    slug="grand",
    title=_("Grand"),
    summary=_("No suit is trump: only the four highest cards are."),
    teaches=frozenset({Concept.GRAND}),
    steps=(
        Explain(
            text=say(
                _("In a Grand only the four Jacks are trumps. The four suits are all plain suits, each in the order %(ranking)s."),
                german_deck=lazy_pgettext("German-suited deck", "In a Grand only the four Unters are trumps. The four suits are all plain suits, each in the order %(ranking)s."),
                ranking=class_ranking(rules_for(GRAND), C("HA")),
            ),
            rows=(Row(JACKS),),
        ),
        Pick(
            text=say(_("Grand. Click every trump.")),
            cards=tuple(map(C, ("CJ", "HA", "DJ", "ST", "SJ", "CA", "H7"))),
            goal=Trumps(GRAND),
            hint=say(
                _("Aces are not trumps in a Grand."),
                german_deck=lazy_pgettext("German-suited deck", "The Daus cards are not trumps in a Grand."),
            ),
        ),
        Number(
            text=say(_("How many trumps are there in a Grand?")),
            label=say(_("Trumps")),
            goal=Count(len(JACKS), say(
                _("In a Grand only the Jacks are trumps."),
                german_deck=lazy_pgettext("German-suited deck", "In a Grand only the Unters are trumps."),
            ), say(
                _("Only the four Jacks are trumps in a Grand."),
                german_deck=lazy_pgettext("German-suited deck", "Only the four Unters are trumps in a Grand."),
            )),
        ),
        Pick(text=say(WHICH_WINS), cards=tuple(map(C, ("SA", "DJ", "ST"))), goal=TrickWinner(GRAND)),
        Pick(
            text=say(WHICH_WINS),
            cards=tuple(map(C, ("CT", "HA", "C7"))),
            goal=TrickWinner(GRAND),
            hint=say(_("No suit is trump in a Grand.")),
        ),
        Pick(
            text=say(_("Grand. %(lead_cap)s was led. Click every card in your hand that you may play."), lead=C("SJ")),
            rows=(Row((C("SJ"),), caption=say(_("Led"))),),
            cards=tuple(map(C, ("CJ", "SA", "S8", "HA", "H7"))),
            goal=LegalCards(GRAND, (C("SJ"),)),
            hint=say(
                _("A Jack led asks for a trump, not for its printed suit."),
                german_deck=lazy_pgettext("German-suited deck", "An Unter led asks for a trump, not for its printed suit."),
            ),
        ),
        PlayCard(
            text=say(_("You are the declarer in a Grand and lead the first trick. Lead a card that surely wins it.")),
            position="CJCACTSASTS9HTH9D8D7-SJHJC9S8S7HAHKDADTDK-DJCKCQSKSQHQH8H7DQD9-C8C7_pass.pass.18.hand.grand",
            goal=WinTrick(),
            hint=say(_("Which of your cards can no one beat?")),
        ),
    ),
)
