"""Lesson 3: card points: the values, counting a trick, 120 in all."""

from __future__ import annotations

from webapp.engine import DECK, Card, CardSet, Rank, Suit
from webapp.i18n import lazy_gettext as _

from ..concepts import Concept
from ..goals import CardPoints, Count, PointsAtLeast
from ..lesson import Lesson
from ..steps import Choose, Explain, Number, Option, Pick, Row
from ..text import say

C = Card.parse
RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
HEARTS = tuple(Card(Suit.HEARTS, rank) for rank in RANKS)
CLUBS = tuple(Card(Suit.CLUBS, rank) for rank in RANKS)
SUIT_POINTS = CardSet(CLUBS).points
POINTS = _("Card points")

LESSON = Lesson(
    slug="points",
    title=_("Card points"),
    summary=_("What each card is worth, counting a trick, 120 in all."),
    teaches=frozenset({Concept.CARD_POINTS, Concept.DECLARER}),
    steps=(
        Explain(
            text=say(
                _("In Skat you win with card points, not with the number of tricks. Five ranks are worth points; the 9, 8 and 7 are worth nothing.")
            ),
            rows=(Row(HEARTS, points=True),),
        ),
        Number(
            text=say(_("How many card points is %(card)s worth?"), card=C("CA")),
            rows=(Row((C("CA"),)),),
            label=say(POINTS),
            goal=CardPoints((C("CA"),)),
            hint=say(_("It is the card worth the most.")),
        ),
        Pick(
            text=say(_("Click every card worth 10 card points or more.")),
            cards=tuple(map(C, ("ST", "SK", "DA", "D9", "HT", "CQ", "HJ"))),
            goal=PointsAtLeast(10),
            hint=say(_("Only two ranks are worth that much.")),
        ),
        Choose(
            text=say(_("Which is worth more?")),
            rows=(Row((C("ST"), C("SK"))),),
            options=(
                Option(
                    say("%(card)s", card=C("SK")),
                    why=say(_("%(king)s is worth only 4 card points."), king=C("SK")),
                ),
                Option(say("%(card)s", card=C("ST"))),
                Option(
                    say(_("Both are worth the same")),
                    why=say(_("A ten and a king are not worth the same number of card points.")),
                ),
            ),
        ),
        Number(
            text=say(_("Count this trick: how many card points are in it?")),
            rows=(Row((C("SA"), C("ST"), C("D7"))),),
            label=say(POINTS),
            goal=CardPoints((C("SA"), C("ST"), C("D7"))),
        ),
        Number(
            text=say(_("And this trick?")),
            rows=(Row((C("HK"), C("HQ"), C("CJ"))),),
            label=say(POINTS),
            goal=CardPoints((C("HK"), C("HQ"), C("CJ"))),
            # TRANSLATORS: The card points of three ranks, as a short reminder (the rank names follow the deck).
            hint=say(_("%(king)s: 4 · %(queen)s: 3 · %(jack)s: 2"), king=Rank.KING, queen=Rank.QUEEN, jack=Rank.JACK),
        ),
        Explain(
            text=say(
                _("Each suit holds %(suit)s card points, so the whole deck holds %(deck)s. In each game one player, the declarer, plays alone against the two others, the defenders. To win, the declarer needs more than half: 61."),
                suit=SUIT_POINTS, deck=CardSet(DECK).points,
            ),
            rows=(Row(CLUBS, points=True),),
        ),
        Number(
            text=say(_("How many card points are there in the whole deck?")),
            label=say(POINTS),
            goal=Count(
                CardSet(DECK).points,
                say(_("Each of the four suits holds %(suit)s card points."), suit=SUIT_POINTS),
                say(
                    _("Each of the four suits holds %(suit)s: 4 × %(suit)s = %(deck)s."),
                    suit=SUIT_POINTS, deck=CardSet(DECK).points,
                ),
            ),
        ),
    ),
)
