""""Practise this": where each lesson leads when it is done, a scoring drill or a practice deal.

A drill is an exercise of `webapp.calculator.drills` (its level and seed fix it); a deal is a
practice hand (`webapp.practice`) of a seed, played from a given seat. Each was chosen because
the lesson's skill decides it: the facts are checked by ``tests/lessons/deals.py`` (for a deal,
with the solver and all cards open), not hoped for.
"""

from __future__ import annotations

from dataclasses import dataclass

from webapp.engine import GameType, Position
from webapp.i18n import lazy_gettext as _

from .text import Say, say

__all__ = ["DealPractice", "DrillPractice", "Practice", "PRACTICE"]


@dataclass(frozen=True)
class DrillPractice:
    """A scoring drill: the exercise of ``level`` and ``seed``."""

    level: int
    seed: int
    text: Say


@dataclass(frozen=True)
class DealPractice:
    """A practice deal: deal ``seed`` from ``seat``; ``game`` is the game the seat should play."""

    seed: int
    seat: Position
    game: GameType | None
    text: Say


Practice = DrillPractice | DealPractice

F, M, R = Position.FOREHAND, Position.MIDDLEHAND, Position.REARHAND

PRACTICE: dict[str, Practice] = {
    "deck": DealPractice(1, M, None, say(
        _("Play a whole hand against two computer players; before the play, say “pass”. Your cards hold all four suits: find each one in your hand."),
    )),
    "tricks": DealPractice(3, F, None, say(
        _("Play a whole hand against two computer players; before the play, say “pass”. With good play your side wins it: follow suit, and take the tricks you can."),
    )),
    "points": DealPractice(4, M, None, say(
        _("Play a whole hand as a defender; before the play, say “pass”. It is decided by a few card points: count them as the tricks fall."),
    )),
    "table": DealPractice(7, F, None, say(
        _("Play a whole hand as forehand, and say “pass” before the play: you sit on the dealer's left and lead the first trick."),
    )),
    "trumps": DealPractice(4, F, GameType.SPADES, say(
        _("Play a suit game with %(game)s as trump. With good play it wins, even without picking up the skat."),
        game=GameType.SPADES,
    )),
    "grand": DealPractice(24, M, GameType.GRAND, say(
        _("Play a Grand. With good play it wins even without picking up the skat, and no suit game would."),
    )),
    "null": DealPractice(77, F, GameType.NULL, say(
        _("Play a Null. With good play you take no trick even without picking up the skat, and no other game would win."),
    )),
    "matadors": DrillPractice(2, 3, say(
        _("Score finished games: count the matadors, with or without, and work out what the game is worth."),
    )),
    "bidding": DealPractice(17, F, GameType.HEARTS, say(
        _("Bid for a game of %(game)s: the bidding goes right up to your limit, so know it, and go no higher. With good play the game then wins."),
        game=GameType.HEARTS,
    )),
    "skat": DrillPractice(3, 1, say(_("Score finished games, some of them played Hand."))),
    "value": DrillPractice(5, 2, say(
        _("Score finished games with Schneider, Schwarz or Ouvert announced."),
    )),
    "result": DrillPractice(6, 1, say(_("Score finished games in which the declarer may have overbid."))),
    "list": DrillPractice(4, 1, say(_("Score a lost game: what goes into the list?"))),
    "strategy": DealPractice(20, F, GameType.HEARTS, say(
        _("Play a suit game with %(game)s as trump and lead the first trick: draw trumps first. Leading a plain card first can lose the game."),
        game=GameType.HEARTS,
    )),
}
"""Each lesson's "Practise this", by lesson slug (the house rules and Lieutenant Skat have none:
the practice table plays neither, and no drill scores them)."""

