"""Lesson 14: house rules: Kontra and Re, Bock rounds, Ramsch (rules.md §10)."""

from __future__ import annotations

from webapp.engine import Contract, GameType
from webapp.i18n import lazy_gettext as _
from webapp.i18n import lazy_pgettext

from ..concepts import Concept
from ..goals import GameValue, RamschScore
from ..lesson import Lesson
from ..steps import Explain, Number
from ..text import say

G = GameType
SCORE = _("List score")

LESSON = Lesson(
    slug="house-rules",
    title=_("House rules"),
    summary=_("Kontra and Re, Bock rounds, Ramsch."),
    teaches=frozenset({Concept.HOUSE_RULES, Concept.RAMSCH}),
    steps=(
        Explain(
            text=say(
                _("House rules are not part of the International Skat Order. A table plays them only when everyone agrees, and Kiebitz always says when one is on.")
            ),
        ),
        Explain(
            text=say(
                _("Kontra: a defender doubles the score. Re: the declarer answers and doubles again, ×4 in all. They multiply the list score, after the game value, the overbid check and the doubling of a lost game. They never help to reach the bid.")
            ),
        ),
        Number(
            text=say(_("%(game)s with 2, bid 36, won with 85 card points, with Kontra and Re. What goes into the list?"), game=G.CLUBS),
            label=say(SCORE),
            goal=GameValue(Contract(G.CLUBS), matadors=2, declarer_points=85, bid=36, ask="score", kontra=True, re=True),
            hint=say(_("The game is worth 36; Kontra and Re double it twice.")),
        ),
        Number(
            text=say(_("Bid 22. %(game_cap)s with 1, 75 card points, Kontra. What goes into the list?"), game=G.DIAMONDS),
            label=say(SCORE),
            goal=GameValue(Contract(G.DIAMONDS), matadors=1, declarer_points=75, bid=22, ask="score", kontra=True),
            hint=say(_("9 × 2 = 18 is below the bid: overbid. Lost value 27, lost double, then Kontra.")),
        ),
        Explain(
            text=say(
                _("A Bock round: the next round (three games at a table of three) counts double. The table chooses what starts one: for example a game lost with exactly 60, a Grand Hand won, or a successful Kontra.")
            ),
        ),
        Number(
            text=say(_("In a Bock round: %(game)s with 1, bid 18, won with 70 card points. What goes into the list?"), game=G.HEARTS),
            label=say(SCORE),
            goal=GameValue(Contract(G.HEARTS), matadors=1, declarer_points=70, ask="score", bock=True),
        ),
        Explain(
            text=say(
                _("Ramsch, when everybody passes: no one picks up the skat, only the Jacks are trumps as in a Grand, and each plays alone. Whoever takes the most card points loses that many. A player without a trick (Jungfrau) doubles the loss; a player who takes every trick (Durchmarsch) wins +120."),
                german_deck=lazy_pgettext("German-suited deck", "Ramsch, when everybody passes: no one picks up the skat, only the Unters are trumps as in a Grand, and each plays alone. Whoever takes the most card points loses that many. A player without a trick (Jungfrau) doubles the loss; a player who takes every trick (Durchmarsch) wins +120.")
            ),
        ),
        Number(
            text=say(_("Ramsch. Forehand took 70 card points, middlehand 50, rearhand no trick at all. What does forehand score?")),
            label=say(SCORE),
            goal=RamschScore(points=(70, 50, 0), tricks=(6, 4, 0), player=0),
            hint=say(_("Rearhand is Jungfrau.")),
        ),
        Number(
            text=say(_("Ramsch. Forehand took 60 card points, middlehand 40, rearhand 20; everyone took a trick. What does forehand score?")),
            label=say(SCORE),
            goal=RamschScore(points=(60, 40, 20), tricks=(5, 3, 2), player=0),
        ),
    ),
)
