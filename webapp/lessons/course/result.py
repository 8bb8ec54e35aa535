"""Lesson 12: winning and losing: 61 card points, lost games count double, overbidding."""

from __future__ import annotations

from webapp.engine import Contract, GameType
from webapp.i18n import lazy_gettext as _

from ..concepts import Concept
from ..goals import GameValue
from ..lesson import Lesson
from ..steps import Choose, Explain, Number, Option
from ..text import say

G = GameType
SCORE = _("List score")

LESSON = Lesson(
    slug="result",
    title=_("Winning and losing"),
    summary=_("61 card points, lost games count double, overbidding."),
    teaches=frozenset({Concept.OVERBID, Concept.LIST}),
    steps=(
        Explain(
            text=say(
                _("The declarer wins a suit game or a Grand with 61 card points or more, the skat included. With 60 the game is lost.")
            ),
        ),
        Choose(
            text=say(_("The declarer ends with exactly 60 card points. Won or lost?")),
            options=(
                Option(say(_("Won")), why=say(_("60 is only half: the declarer needs 61 or more."))),
                Option(say(_("Lost"))),
            ),
        ),
        Explain(
            text=say(
                _("A won game goes into the list as its value: +value. A lost game counts double against the declarer: −2 × value.")
            ),
        ),
        Number(
            text=say(_("%(game)s with 1, bid 18, the declarer takes 60 card points. What goes into the list?"), game=G.DIAMONDS),
            label=say(SCORE),
            goal=GameValue(Contract(G.DIAMONDS), matadors=1, declarer_points=60, ask="score"),
            hint=say(_("Type a minus sign for a loss.")),
        ),
        Explain(
            text=say(
                _("If the game turns out to be worth less than the bid, the declarer has overbid and loses, whatever the card points. The lost value is the smallest multiple of the base value that reaches the bid.")
            ),
        ),
        Number(
            text=say(_("Bid 24. The declarer plays %(game)s with 1 and takes 70 card points. Which value is lost?"), game=G.DIAMONDS),
            label=say(_("Game value")),
            goal=GameValue(Contract(G.DIAMONDS), matadors=1, declarer_points=70, bid=24),
            hint=say(_("9 × 2 = 18 is below 24. Which multiple of 9 reaches 24?")),
        ),
        Number(
            text=say(_("And what goes into the list for that game?")),
            label=say(SCORE),
            goal=GameValue(Contract(G.DIAMONDS), matadors=1, declarer_points=70, bid=24, ask="score"),
        ),
        Number(
            text=say(_("Bid 22. %(game_cap)s without 1; the declarer takes only 25 card points and is Schneider. What goes into the list?"), game=G.SPADES),
            label=say(SCORE),
            goal=GameValue(Contract(G.SPADES), matadors=-1, declarer_points=25, bid=22, ask="score"),
            hint=say(_("A lost game keeps its Schneider level: 11 × (1 + 1 + 1).")),
        ),
    ),
)
