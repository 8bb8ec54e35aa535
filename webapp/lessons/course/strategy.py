"""Lesson 15: first strategy for the declarer and the defenders, in engine positions."""

from __future__ import annotations

from webapp.engine import GameState
from webapp.i18n import lazy_gettext as _
from webapp.i18n import lazy_pgettext

from ..goals import Count, GivePoints, LeadTrump, SideWins
from ..lesson import Lesson
from ..steps import Explain, Number, PlayCard
from ..text import say

DRAW = "CJSJCACTCKC9SAHAHTD7-HJCQC7STSKS9HKH9DADT-DJC8SQS8S7HQH8H7DKDQ-D9D8_pass.pass.18.hand.clubs"
SMEAR = "CJSJC7SASTSKH8H7DKD8-CACTCKC9S7HKHQDADTD9-HJDJCQC8SQS9S8HAHTH9-DQD7_pass.pass.18.hand.spades.DK.DA"
THROUGH = "CQC8C7S9S7H7DQD9D8D7-CJSJHJDJCACKSTS8HAHT-CTC9SASKSQHKHQH9H8DA-DTDK_18.pass.pass.hand.hearts"

_draw = GameState.parse(DRAW)
assert _draw.rules is not None and _draw.to_act is not None
TRUMPS = len(_draw.rules.trumps)
HELD = sum(_draw.rules.is_trump(card) for card in _draw.hand(_draw.to_act))

LESSON = Lesson(
    slug="strategy",
    title=_("First strategy"),
    summary=_("For the declarer: draw trumps and count. For the defenders: give points, play through."),
    steps=(
        Explain(
            text=say(
                _("As declarer, lead trumps first. Once the defenders have no trumps left, your aces and tens can no longer be trumped. Count the trumps as they fall."),
                german_deck=lazy_pgettext("German-suited deck", "As declarer, lead trumps first. Once the defenders have no trumps left, your Daus cards and tens can no longer be trumped. Count the trumps as they fall.")
            ),
        ),
        PlayCard(
            text=say(_("You are the declarer and lead the first trick. Draw trumps.")),
            position=DRAW,
            goal=LeadTrump(),
            hint=say(
                _("Your Jacks are the highest trumps."),
                german_deck=lazy_pgettext("German-suited deck", "Your Unters are the highest trumps."),
            ),
        ),
        Number(
            text=say(_("There are %(all)s trumps. You hold %(held)s of them. How many are still out, with the defenders or in the skat?"), all=TRUMPS, held=HELD),
            label=say(_("Trumps")),
            goal=Count(
                TRUMPS - HELD,
                say(_("There are %(all)s trumps in all: take away the ones in your hand."), all=TRUMPS),
                say("%(all)s − %(held)s = %(out)s.", all=TRUMPS, held=HELD, out=TRUMPS - HELD),
            ),
        ),
        Explain(
            text=say(
                _("As a defender, give your partner points: when your partner surely takes the trick, add your highest card, an ace or a ten. Those points count for your side."),
                german_deck=lazy_pgettext("German-suited deck", "As a defender, give your partner points: when your partner surely takes the trick, add your highest card, a Daus or a ten. Those points count for your side.")
            ),
        ),
        PlayCard(
            text=say(
                _("You defend. Your partner's ace takes this trick, and you cannot follow suit. Give your partner as many card points as you can."),
                german_deck=lazy_pgettext("German-suited deck", "You defend. Your partner's Daus takes this trick, and you cannot follow suit. Give your partner as many card points as you can."),
            ),
            position=SMEAR,
            goal=GivePoints(),
            hint=say(_("Do not trump your partner's trick: add a plain high card.")),
        ),
        Explain(
            text=say(
                _("Play through the declarer: when the declarer sits right after you, lead so that your partner plays last. Your partner then sees the declarer's card before choosing.")
            ),
        ),
        PlayCard(
            text=say(_("You lead. Middlehand is the declarer; your partner sits last. Lead a card with which your side surely takes the trick.")),
            position=THROUGH,
            goal=SideWins(),
            hint=say(
                _("Your partner holds the ace and the king of one suit."),
                german_deck=lazy_pgettext("German-suited deck", "Your partner holds the Daus and the king of one suit."),
            ),
        ),
    ),
)
