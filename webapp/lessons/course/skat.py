"""Lesson 10: Skat or Hand: picking up, laying away, what the skat counts for."""

from __future__ import annotations

from webapp.engine import Card, Contract, GameType
from webapp.i18n import lazy_gettext as _

from ..concepts import Concept
from ..goals import CardPoints, GameValue
from ..lesson import Lesson
from ..steps import Choose, Explain, Number, Option, Row
from ..text import say

C = Card.parse
LAID_AWAY = (C("ST"), C("SK"))

LESSON = Lesson(
    slug="skat",
    title=_("Skat or Hand"),
    summary=_("Picking up the skat, laying away, and what the skat counts for."),
    teaches=frozenset({Concept.HAND}),
    steps=(
        Explain(
            text=say(
                _("The declarer may pick up the two cards of the skat and then lay away any two cards: that is a skat game. Or the declarer plays without looking at the skat: a Hand game, worth one level more.")
            ),
        ),
        Explain(
            text=say(
                _("The skat belongs to the declarer: at the end its card points count for the declarer, whether laid away or never touched. The skat counts for the matadors too, even in a Hand game.")
            ),
            rows=(Row(LAID_AWAY, points=True),),
        ),
        Choose(
            text=say(_("Whose card points are the cards in the skat at the end?")),
            options=(
                Option(say(_("The defenders'")), why=say(_("The defenders get only the card points of the tricks they take."))),
                Option(say(_("The declarer's"))),
                Option(say(_("Nobody's")), why=say(_("They count: all 120 card points go to one side or the other."))),
            ),
        ),
        Number(
            text=say(_("The declarer laid away these two cards. How many card points do they add to the declarer's tricks?")),
            rows=(Row(LAID_AWAY),),
            label=say(_("Card points")),
            goal=CardPoints(LAID_AWAY),
        ),
        Choose(
            text=say(_("In a Hand game, may the declarer look at the skat before the play?")),
            options=(
                Option(say(_("No"))),
                Option(say(_("Yes")), why=say(_("Hand means without the skat: it stays face down until the end. That is why a Hand game is worth one level more."))),
            ),
        ),
        Number(
            text=say(
                _("%(game)s with 1 (matador), played Hand, won with 61 card points. What is the game worth?"),
                game=GameType.HEARTS,
            ),
            label=say(_("Game value")),
            goal=GameValue(Contract(GameType.HEARTS, hand=True), matadors=1, declarer_points=61),
            hint=say(_("Hand adds one level: 10 × (1 + 1 + 1).")),
        ),
    ),
)
