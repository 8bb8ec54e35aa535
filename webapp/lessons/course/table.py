"""Lesson 4: the table: dealer, forehand, middlehand, rearhand, the deal 3-skat-4-3."""

from __future__ import annotations

from webapp.engine import DECK, Deal, Position, seat_positions
from webapp.i18n import lazy_gettext as _

from ..concepts import Concept
from ..goals import Count
from ..lesson import Lesson
from ..steps import Choose, Explain, Number, Option
from ..text import say

SAMPLE = Deal.from_seed(7)
HAND = len(SAMPLE.hands[Position.FOREHAND])
SKAT = len(SAMPLE.skat)
# At a table of four the dealer's seat has no position: the dealer sits out.
DEALER_SITS_OUT = seat_positions(dealer=0, players=4)[0] is None
assert DEALER_SITS_OUT

LESSON = Lesson(
    slug="table",
    title=_("The table"),
    summary=_("Dealer, forehand, middlehand, rearhand, and the deal."),
    teaches=frozenset({Concept.POSITIONS, Concept.SKAT}),
    steps=(
        Explain(
            text=say(
                _("Three play at a time. The dealer deals; the player on the dealer's left is forehand, the next one middlehand, the next one rearhand. At a table of three the dealer is rearhand.")
            ),
        ),
        Explain(
            text=say(
                _("The deal goes 3 – skat – 4 – 3: three cards to each player, two cards to the skat, four to each, then three to each. The deal passes to the left after every hand.")
            ),
        ),
        Number(
            text=say(_("How many cards does each player hold after the deal?")),
            label=say(_("Cards")),
            goal=Count(HAND, say(_("The deal gives each player three cards, then four, then three.")), say(_("Three, then four, then three: 3 + 4 + 3 = 10."))),
        ),
        Number(
            text=say(_("How many cards lie in the skat?")),
            label=say(_("Cards")),
            goal=Count(SKAT, say(_("Of the 32 cards each of the three players gets ten; the rest is the skat.")), say(_("32 cards, ten for each of three players: 32 − 30 = 2."))),
        ),
        Choose(
            text=say(_("Who leads the first trick?")),
            options=(
                Option(say(_("The dealer")), why=say(_("The dealer deals; the first trick is led by the player on the dealer's left."))),
                Option(say(_("Forehand"))),
                Option(say(_("Middlehand")), why=say(_("Middlehand plays the second card of the first trick."))),
            ),
        ),
        Choose(
            text=say(_("At a table of three, which position does the dealer have?")),
            options=(
                Option(say(_("Forehand")), why=say(_("Forehand sits on the dealer's left, so it is not the dealer."))),
                Option(say(_("Rearhand"))),
                Option(say(_("None: the dealer sits out")), why=say(_("Only at a table of four does the dealer sit out. With three, the dealer plays too."))),
            ),
        ),
        Choose(
            text=say(_("Four sit at the table. What does the dealer do in this hand?")),
            options=(
                Option(say(_("Plays as rearhand")), why=say(_("At a table of four only three play each hand: the three players after the dealer, from the dealer's left."))),
                Option(say(_("Sits out this hand"))),
                Option(say(_("Plays as forehand")), why=say(_("Forehand is the player on the dealer's left, not the dealer."))),
            ),
        ),
    ),
)

assert HAND * 3 + SKAT == len(DECK)
