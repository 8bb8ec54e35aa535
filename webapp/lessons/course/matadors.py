"""Lesson 8: matadors, with and without, counted together with the skat."""

from __future__ import annotations

from webapp.engine import Card, CardSet, GameType

from ..concepts import Concept
from ..goals import Matadors
from ..lesson import Lesson
from ..steps import Explain, Number, Row
from ..text import Ranking, say
from webapp.engine import rules_for
from webapp.i18n import lazy_gettext as _

C = Card.parse
HEARTS = GameType.HEARTS
HOW_MANY = _("Trump suit: %(trump)s. These are the declarer's ten cards and the skat. With or without how many?")
COUNT = _("Matadors")


def question(cards: str, game: GameType = HEARTS) -> Number:
    """Ask for the matadors of eleven-or-twelve cards in a game."""
    held = CardSet.parse(cards)
    return Number(
        text=say(HOW_MANY, trump=game.suit) if game.suit is not None else say(
            _("Grand. These are the declarer's ten cards and the skat. With or without how many?")
        ),
        rows=(Row(rules_for(game).order(held)),),
        label=say(COUNT),
        goal=Matadors(held, game),
    )


LESSON = Lesson(
    slug="matadors",
    title=_("Matadors"),
    summary=_("With and without, counted together with the skat."),
    teaches=frozenset({Concept.MATADORS}),
    steps=(
        Explain(
            text=say(
                _("Matadors are the top trumps in unbroken order from the top: %(ranking)s … Holding %(top)s, you are “with” as many as you hold without a gap."),
                ranking=Ranking(rules_for(HEARTS).trumps[:5]), top=C("CJ"),
            ),
            rows=(Row(tuple(map(C, ("CJ", "SJ", "HJ")))),),
        ),
        Explain(
            text=say(
                _("Without %(top)s you are “without” as many as are missing above your highest trump. Your ten cards and the skat count together.")
                , top=C("CJ"),
            ),
            rows=(Row(tuple(map(C, ("HJ", "DJ", "HA")))),),
        ),
        question("CJ SJ HJ HA HT H9 SA ST CA D7 D8 DT"),
        question("HJ DJ HA HK H8 SA SK CA CT C9 D7 D8"),
        question("CJ SJ DJ HA HT HK SA C7 C8 D7 D8 D9"),
        question("HA HT HQ H9 H8 SA SK CA CT C9 D7 D8"),
        question("SJ HJ DJ CA CT CK SA ST HA HK D7 D8", GameType.GRAND),
    ),
)
