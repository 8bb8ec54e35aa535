"""Lesson 16: Lieutenant Skat, the two-player game (rules.md §11)."""

from __future__ import annotations

from webapp.engine import Card, GameType
from webapp.engine.lieutenant import lieutenant_game_points
from webapp.i18n import lazy_gettext as _
from webapp.i18n import lazy_pgettext

from ..concepts import Concept
from ..goals import Count, LegalCards
from ..lesson import Lesson
from ..steps import Choose, Explain, Number, Option, Pick, Row
from ..text import say

C = Card.parse
POINTS = _("Game points")
SCALE = say(
    _("A draw at 60 : 60 gives %(draw)s each; the winner gets %(low)s for 61–90, %(mid)s for 91–119 and %(all)s for all 120."),
    draw=lieutenant_game_points(60), low=lieutenant_game_points(61), mid=lieutenant_game_points(91),
    all=lieutenant_game_points(120),
)

SCALE_CLUE = say(
    _("The game points go by bands of card points: 60 : 60 is a draw; a win counts from 61 to 90, from 91 to 119, or with all 120.")
)

LESSON = Lesson(
    slug="lieutenant",
    title=_("Lieutenant Skat"),
    summary=_("The two-player game: piles of two, open and covered cards."),
    teaches=frozenset({Concept.LIEUTENANT}),
    steps=(
        Explain(
            text=say(
                _("Lieutenant Skat (Offiziersskat) is for two players. Each gets eight piles of two cards: a covered card below, an open card on top.")
            ),
        ),
        Explain(
            text=say(
                _("A card drawn at random sets the trump: a Jack means Grand, any other card makes its suit trump. Then the tricks are played as in Skat."),
                german_deck=lazy_pgettext("German-suited deck", "A card drawn at random sets the trump: an Unter means Grand, any other card makes its suit trump. Then the tricks are played as in Skat.")
            ),
        ),
        Choose(
            text=say(_("The card drawn for trump is %(card)s. What is played?"), card=C("SJ")),
            rows=(Row((C("SJ"),)),),
            options=(
                Option(say(
                    _("Grand: only the Jacks are trumps"),
                    german_deck=lazy_pgettext("German-suited deck", "Grand: only the Unters are trumps"),
                )),
                Option(
                    say(_("A suit game with %(suit)s as trump"), suit=C("SJ").suit),
                    why=say(
                        _("A Jack belongs to the trumps, not to its printed suit: it cannot make its suit trump."),
                        german_deck=lazy_pgettext("German-suited deck", "An Unter belongs to the trumps, not to its printed suit: it cannot make its suit trump."),
                    ),
                ),
            ),
        ),
        Explain(
            text=say(
                _("The player who leads plays any open card. The other must follow suit with an open card if possible. When an open card is played, the covered card below it is turned face up. After 16 tricks, more than 60 card points wins.")
            ),
        ),
        Pick(
            text=say(_("Trump suit: %(trump)s. %(lead_cap)s was led. These are your open cards: click every one you may play."), trump=GameType.HEARTS.suit, lead=C("SA")),
            rows=(Row((C("SA"),), caption=say(_("Led"))),),
            cards=tuple(map(C, ("S7", "HK", "CJ", "DT", "SQ"))),
            goal=LegalCards(GameType.HEARTS, (C("SA"),)),
        ),
        Number(
            text=say(_("You took 95 card points. How many game points do you get?")),
            label=say(POINTS),
            goal=Count(lieutenant_game_points(95), SCALE_CLUE, SCALE),
        ),
        Number(
            text=say(_("Both players took 60 card points. How many game points does each get?")),
            label=say(POINTS),
            goal=Count(lieutenant_game_points(60), SCALE_CLUE, SCALE),
        ),
        Number(
            text=say(_("You took all 120 card points. How many game points do you get?")),
            label=say(POINTS),
            goal=Count(lieutenant_game_points(120), SCALE_CLUE, SCALE),
        ),
    ),
)
