"""Lesson 13: keeping the list: classic scoring and Seeger-Fabian."""

from __future__ import annotations

from webapp.engine import Contract, GameType
from webapp.i18n import lazy_gettext as _

from ..concepts import Concept
from ..goals import GameValue
from ..lesson import Lesson
from ..steps import Explain, Number
from ..text import say

G = GameType
SCORE = _("List score")

LESSON = Lesson(
    slug="list",
    title=_("Keeping the list"),
    summary=_("Classic scoring and Seeger-Fabian."),
    teaches=frozenset({Concept.SEEGER_FABIAN}),
    steps=(
        Explain(
            text=say(
                _("The list has a column for each player. After every game only the declarer gets an entry: +value when won, −2 × value when lost. Each column keeps a running total.")
            ),
        ),
        Number(
            text=say(_("%(game)s with 2, bid 36, won with 85 card points. What goes into the list?"), game=G.CLUBS),
            label=say(SCORE),
            goal=GameValue(Contract(G.CLUBS), matadors=2, declarer_points=85, bid=36, ask="score"),
        ),
        Number(
            text=say(_("%(game)s without 2, Hand, bid 40, won with 95 card points (Schneider). What goes into the list?"), game=G.HEARTS),
            label=say(SCORE),
            goal=GameValue(Contract(G.HEARTS, hand=True), matadors=-2, declarer_points=95, bid=40, ask="score"),
            hint=say(_("10 × (2 + 1 + Hand + Schneider)")),
        ),
        Explain(
            text=say(
                _("Tournaments score by Seeger-Fabian: a won game is value + 50, a lost one −2 × value − 50. For every game the declarer loses, each other player gets +40 at a table of three (+30 at a table of four).")
            ),
        ),
        Number(
            text=say(_("Seeger-Fabian. %(game_cap)s with 1, bid 18, won with 61 card points. What does the declarer get?"), game=G.DIAMONDS),
            label=say(SCORE),
            goal=GameValue(Contract(G.DIAMONDS), matadors=1, declarer_points=61, ask="seeger"),
        ),
        Number(
            text=say(_("Seeger-Fabian. The same game, but the declarer takes only 60 card points. What does the declarer get?")),
            label=say(SCORE),
            goal=GameValue(Contract(G.DIAMONDS), matadors=1, declarer_points=60, ask="seeger"),
            hint=say("−2 × 18 − 50"),
        ),
        Number(
            text=say(_("And what does each of the two other players get for that lost game, at a table of three?")),
            label=say(SCORE),
            goal=GameValue(Contract(G.DIAMONDS), matadors=1, declarer_points=60, ask="others"),
        ),
    ),
)
