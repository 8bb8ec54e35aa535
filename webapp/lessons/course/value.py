"""Lesson 11: the game value: base value × multiplier; Schneider, Schwarz, announcements, ouvert; Null."""

from __future__ import annotations

from webapp.engine import BASE_VALUES, Contract, GameType, null_value
from webapp.i18n import lazy_gettext as _

from ..concepts import Concept
from ..goals import GameValue
from ..lesson import Lesson
from ..steps import Explain, Number
from ..text import say

VALUE = _("Game value")
G = GameType
NULL_VALUES = say(
    _("Null has fixed values: Null %(null)s, Null Hand %(hand)s, Null Ouvert %(ouvert)s, Null Ouvert Hand %(both)s."),
    null=null_value(hand=False, ouvert=False), hand=null_value(hand=True, ouvert=False),
    ouvert=null_value(hand=False, ouvert=True), both=null_value(hand=True, ouvert=True),
)
"""The four fixed Null values, from the engine."""

LESSON = Lesson(
    slug="value",
    title=_("The game value"),
    summary=_("Base value × multiplier; Schneider, Schwarz, Hand, Ouvert; the Null values."),
    teaches=frozenset({Concept.SCHNEIDER, Concept.OUVERT}),
    steps=(
        Explain(
            text=say(
                _("Game value = base value × multiplier. The base values: %(diamonds)s %(d)s, %(hearts)s %(h)s, %(spades)s %(s)s, %(clubs)s %(c)s, Grand %(g)s."),
                diamonds=G.DIAMONDS, hearts=G.HEARTS, spades=G.SPADES, clubs=G.CLUBS,
                d=BASE_VALUES[G.DIAMONDS], h=BASE_VALUES[G.HEARTS], s=BASE_VALUES[G.SPADES],
                c=BASE_VALUES[G.CLUBS], g=BASE_VALUES[G.GRAND],
            ),
        ),
        Explain(
            text=say(
                _("Multiplier = matadors + 1 for the game. Add 1 for each that applies: Hand, Schneider (a side has 30 card points or fewer), Schneider announced, Schwarz (a side takes no trick), Schwarz announced, Ouvert.")
            ),
        ),
        Number(
            text=say(_("%(game)s with 2, skat game, won with 70 card points. What is the game value?"), game=G.HEARTS),
            label=say(VALUE),
            goal=GameValue(Contract(G.HEARTS), matadors=2, declarer_points=70),
            hint=say("10 × (2 + 1)"),
        ),
        Number(
            text=say(_("%(game)s without 1, skat game, won with 95 card points: the defenders are Schneider. What is the game value?"), game=G.CLUBS),
            label=say(VALUE),
            goal=GameValue(Contract(G.CLUBS), matadors=-1, declarer_points=95),
            hint=say(_("Schneider adds one level.")),
        ),
        Number(
            text=say(_("%(game)s without 2, Hand, won with 61 card points. What is the game value?"), game=G.SPADES),
            label=say(VALUE),
            goal=GameValue(Contract(G.SPADES, hand=True), matadors=-2, declarer_points=61),
        ),
        Number(
            text=say(_("Grand with 4, skat game, the declarer takes every trick. What is the game value?")),
            label=say(VALUE),
            goal=GameValue(Contract(G.GRAND), matadors=4, declarer_points=120, declarer_tricks=10),
            hint=say(_("Every trick: Schneider and Schwarz both count.")),
        ),
        Explain(text=NULL_VALUES),
        Number(
            text=say(_("What is a Null Ouvert worth (after picking up the skat)?")),
            label=say(VALUE),
            goal=GameValue(Contract(G.NULL, ouvert=True), declarer_tricks=0, bid=18),
        ),
        Number(
            text=say(_("Grand Ouvert with 4: always Hand, with Schneider and Schwarz announced. The declarer takes every trick. What is the game value?")),
            label=say(VALUE),
            goal=GameValue(Contract(G.GRAND, hand=True, ouvert=True), matadors=4, declarer_points=120, declarer_tricks=10, bid=264),
            hint=say(_("4 + 1 + Hand + Schneider + announced + Schwarz + announced + Ouvert")),
        ),
    ),
)
