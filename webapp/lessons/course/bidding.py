"""Lesson 9: bidding: the valid values, who bids to whom, finding your limit."""

from __future__ import annotations

from webapp.engine import BASE_VALUES, BID_VALUES, CardSet, Contract, GameType, matadors
from webapp.i18n import lazy_gettext as _

from ..concepts import Concept
from ..goals import GameValue, NextBid
from ..lesson import Lesson
from ..steps import Choose, Explain, Number, Option, Row
from ..text import Numbers, say

LIMIT_HAND = CardSet.parse("CJ HJ CA CT CK C9 SA HA D8 D7")
LIMIT_MATADORS = matadors(LIMIT_HAND, GameType.CLUBS)
BID = _("Bid")

LESSON = Lesson(
    slug="bidding",
    title=_("Bidding"),
    summary=_("The bid values, who bids to whom, and your limit."),
    teaches=frozenset({Concept.BID, Concept.GAME_VALUE}),
    steps=(
        Explain(
            text=say(
                _("Before the play the players bid to become the declarer. Every bid is a value a game can have: the declarer promises a game worth at least the bid. The lowest bids are %(bids)s."),
                bids=Numbers(BID_VALUES[:10]),
            ),
        ),
        Explain(
            text=say(
                _("Middlehand bids to forehand first. Forehand says “yes” to hold each bid, or passes. Then rearhand bids to whoever is left. A player who passes is out; the last one left is the declarer.")
            ),
        ),
        Choose(
            text=say(_("Who bids first, and to whom?")),
            options=(
                Option(say(_("Middlehand, to forehand"))),
                Option(say(_("Forehand, to middlehand")), why=say(_("Forehand does not bid first: it listens and answers “yes” or passes."))),
                Option(say(_("Rearhand, to forehand")), why=say(_("Rearhand waits: it bids later, to whoever is left of forehand and middlehand."))),
            ),
        ),
        Number(text=say(_("What is the lowest bid?")), label=say(BID), goal=NextBid(0)),
        Number(
            text=say(_("Forehand holds %(bid)s. What is the next bid, one step up?"), bid=18),
            label=say(BID), goal=NextBid(18),
        ),
        Number(
            text=say(_("The last bid was %(bid)s. What is the next bid, one step up?"), bid=24),
            label=say(BID), goal=NextBid(24),
            hint=say(_("Bids are game values: 9 × 3 = 27.")),
        ),
        Number(
            text=say(_("The last bid was %(bid)s. What is the next bid, one step up?"), bid=36),
            label=say(BID), goal=NextBid(36),
        ),
        Explain(
            text=say(
                _("Your limit is the value of the game you want to play: its base value × (matadors + 1). Base values: %(diamonds)s 9, %(hearts)s 10, %(spades)s 11, %(clubs)s 12, Grand 24."),
                diamonds=GameType.DIAMONDS, hearts=GameType.HEARTS, spades=GameType.SPADES, clubs=GameType.CLUBS,
            ),
        ),
        Number(
            text=say(
                _("You want to play %(game)s with this hand: with %(count)s (matador). What is your limit?"),
                game=GameType.CLUBS, count=LIMIT_MATADORS,
            ),
            rows=(Row(tuple(LIMIT_HAND)),),
            label=say(_("Limit")),
            goal=GameValue(Contract(GameType.CLUBS), matadors=LIMIT_MATADORS, declarer_points=61),
            hint=say("%(base)s × (1 + 1)", base=BASE_VALUES[GameType.CLUBS]),
        ),
    ),
)
