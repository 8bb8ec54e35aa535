"""Printable handouts, in the reader's language and deck: a rules summary, a game-value table and
a blank score sheet for three or four players.

``/<lang>/learn/handouts/`` lists them; each is a page meant for paper (``?paper=a4`` or
``letter``), drawn from the engine's own numbers, so the figures are those Kiebitz plays by.
"""

from __future__ import annotations

from typing import Any

from flask import Response, request, url_for

from webapp import web, words
from webapp.i18n import lazy_pgettext
from webapp.engine import BASE_VALUES, BID_VALUES, Card, GameType, Level, Rank, Suit, null_value

from .views import bp

PAPERS = ("a4", "letter")
"""The paper sizes a handout is laid out for (its stylesheet sets ``@page``)."""
SUIT_GAMES = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS)
VALUE_GAMES = (*SUIT_GAMES, GameType.GRAND)
LEVELS = (Level.GAME, Level.HAND, Level.SCHNEIDER, Level.SCHNEIDER_ANNOUNCED, Level.SCHWARZ,
          Level.SCHWARZ_ANNOUNCED, Level.OUVERT)
"""The levels after the matadors, each one more in the multiplier (rules.md §7)."""
HIGHEST_MULTIPLIER = {GameType.GRAND: 4 + len(LEVELS)}
"""A suit game reaches 11 matadors + 7 levels = 18, a Grand 4 + 7 = 11."""
MULTIPLIERS = tuple(range(2, 11 + len(LEVELS) + 1))
RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
"""The ranks in the order of a suit outside Null (A 10 K Q, the Jacks apart, 9 8 7)."""
JACKS = tuple(Card(suit, Rank.JACK) for suit in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS))
NULL_ORDER = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
NULL_GAMES = tuple((hand, ouvert, null_value(hand=hand, ouvert=ouvert)) for ouvert in (False, True) for hand in (False, True))
NULL_NAMES = {
    (False, False): lazy_pgettext("Null game", "Null"),
    (True, False): lazy_pgettext("Null game", "Null Hand"),
    (False, True): lazy_pgettext("Null game", "Null ouvert"),
    (True, True): lazy_pgettext("Null game", "Null ouvert Hand"),
}
SHEET_ROWS = {3: 36, 4: 48}
"""A list is 36 hands at a three-table, 48 at a four-table (rules.md §2)."""


def _paper() -> str | None:
    paper = request.args.get("paper", "a4")
    return paper if paper in PAPERS else None


def _render(template: str, **context: Any) -> Response:
    """Render a handout for the paper asked for; an unknown paper or choice answers 400."""
    paper = _paper()
    if paper is None:
        return web.error_page(400)
    endpoint = request.endpoint or "lessons.handouts"
    values: dict[str, Any] = {**(request.view_args or {}), **request.args.to_dict()}
    other = [(choice, url_for(endpoint, **{**values, "paper": choice})) for choice in PAPERS if choice != paper]
    return web.render(template, paper=paper, other_papers=other, null_names=NULL_NAMES, **context)


@bp.get("/handouts/")
def handouts() -> Response:
    """List the handouts to print, each for A4 and Letter paper."""
    return web.render("lessons/handouts.html", papers=PAPERS)


@bp.get("/handouts/rules")
def handout_rules() -> Response:
    """Print the rules summary: cards and points, trumps, following, bidding, values, winning."""
    return _render(
        "lessons/handout_rules.html",
        ranks=RANKS, jacks=JACKS, null_order=NULL_ORDER, suit_games=SUIT_GAMES,
        base_values=[(game, BASE_VALUES[game]) for game in VALUE_GAMES], levels=LEVELS,
        null_games=NULL_GAMES, first_bids=BID_VALUES[:8], words=words, matadors=Level.MATADORS,
        hearts=GameType.HEARTS, diamonds=GameType.DIAMONDS, grand=GameType.GRAND, null=GameType.NULL,
    )


@bp.get("/handouts/values")
def handout_values() -> Response:
    """Print the game values: every suit and Grand against the multiplier, the Null values, the bids."""
    rows = [
        (multiplier, [BASE_VALUES[game] * multiplier if multiplier <= HIGHEST_MULTIPLIER.get(game, MULTIPLIERS[-1]) else None
                      for game in VALUE_GAMES])
        for multiplier in MULTIPLIERS
    ]
    return _render("lessons/handout_values.html", games=VALUE_GAMES, rows=rows, null_games=NULL_GAMES,
                   bids=BID_VALUES, base_value=BASE_VALUES.get)


@bp.get("/handouts/scoresheet")
def handout_scoresheet() -> Response:
    """Print a blank score sheet for three or four players (``?players=3`` or ``4``)."""
    players = {"3": 3, "4": 4}.get(request.args.get("players", "3"))
    if players is None:
        return web.error_page(400)
    return _render("lessons/handout_scoresheet.html", players=players, rows=SHEET_ROWS[players])
