""""Could I have won?": the open-hand review of a finished hand, bounded and kept.

The review is a full search from the first card, bounded by the solver's node budget
(`webapp.ai.review.REVIEW_NODE_LIMIT`) in the request's own process. A finished answer is
stored with the hand (keyed by the play's opening, so an undo that changes the game asks
again) and every later visit reads it back; a review cut short by the budget is no answer and
is never stored.
"""

from __future__ import annotations

import json

from webapp.ai import Review, SearchLimit
from webapp.ai.review import Swing
from webapp.engine import Card, GameState, GameType, Phase, Play, Position, Target, parse_action, token
from webapp.practice import players

FORMAT = 2
"""The stored review's format: 2 names what wins the game. Older ones are worked out again
(they judged every game by 61 card points, and kept reviews cut short)."""


class CutShort(Exception):
    """The review's node budget ran out before it had an answer."""


def opening_key(state: GameState) -> str:
    """Return the notation of everything before the first card: what the review depends on."""
    tokens = []
    for action in state.actions:
        if isinstance(action, Play):
            break
        tokens.append(token(action))
    return ".".join(tokens)


def dumps(review: Review | None, key: str) -> str:
    """Write a finished review as JSON text for storage (None: there is no game to review)."""
    if review is None:
        return json.dumps({"key": key, "format": FORMAT, "unknown": True})
    return json.dumps(
        {
            "key": key,
            "format": FORMAT,
            "game": review.game_type.value,
            "declarer": int(review.declarer),
            "could_win": review.could_win,
            "best_points": review.best_points,
            "declarer_won": review.declarer_won,
            "target": review.target.value,
            "line": ".".join(token(play) for play in review.line),
            "swings": [
                [swing.trick, int(swing.position), str(swing.card), [str(card) for card in swing.better]]
                for swing in review.swings
            ],
        }
    )


def known(text: str | None, key: str) -> bool:
    """Return whether a review (or the news that there is none) is stored for this opening."""
    if not text:
        return False
    data = json.loads(text)
    return bool(data.get("key") == key and data.get("format") == FORMAT)


def loads(text: str | None, key: str) -> Review | None:
    """Read a stored review back, or None if there is none for this opening."""
    if not text or not known(text, key):
        return None
    data = json.loads(text)
    if data.get("unknown"):
        return None
    line = tuple(parse_action(word) for word in data["line"].split(".") if word)
    return Review(
        GameType(data["game"]),
        Position(data["declarer"]),
        bool(data["could_win"]),
        data["best_points"],
        data["declarer_won"],
        tuple(play for play in line if isinstance(play, Play)),
        tuple(
            Swing(trick, Position(position), Card.parse(card), tuple(Card.parse(c) for c in better))
            for trick, position, card, better in data["swings"]
        ),
        Target(data["target"]),
    )


def compute(state: GameState) -> Review | None:
    """Return the review of a finished hand (None without a declarer); raise `CutShort` when
    the node budget runs out first."""
    if state.phase is not Phase.FINISHED or state.declarer is None:
        return None
    try:
        return players.review(state)
    except SearchLimit:
        raise CutShort() from None
