""""Could I have won?": the open-hand review of a finished hand, bounded in time and kept.

The review is a full search from the first card. The pure-Python solver may need far longer
than a request may take, so it runs in a child process that is stopped after
`REVIEW_SECONDS`; the answer is stored with the hand (keyed by the play's opening, so an undo
that changes the game asks again) and every later visit reads it back.
"""

from __future__ import annotations

import json
import multiprocessing
from multiprocessing.connection import Connection

from webapp.ai import Review
from webapp.engine import GameState, GameType, Phase, Play, Position, parse_action, token
from webapp.practice import players

REVIEW_SECONDS = 4.0
"""How long a request may wait for the review before it gives up (the child is stopped)."""


class NotInTime(Exception):
    """The review did not finish in time (or its search stopped without an answer)."""


def opening_key(state: GameState) -> str:
    """Return the notation of everything before the first card: what the review depends on."""
    tokens = []
    for action in state.actions:
        if isinstance(action, Play):
            break
        tokens.append(token(action))
    return ".".join(tokens)


def dumps(review: Review, key: str) -> str:
    """Write a review as JSON text for storage."""
    return json.dumps(
        {
            "key": key,
            "game": review.game_type.value,
            "declarer": int(review.declarer),
            "could_win": review.could_win,
            "best_points": review.best_points,
            "declarer_won": review.declarer_won,
            "line": ".".join(token(play) for play in review.line),
        }
    )


def loads(text: str | None, key: str) -> Review | None:
    """Read a stored review back, or None if there is none for this opening."""
    if not text:
        return None
    data = json.loads(text)
    if data.get("key") != key:
        return None
    line = tuple(parse_action(word) for word in data["line"].split(".") if word)
    return Review(
        GameType(data["game"]),
        Position(data["declarer"]),
        bool(data["could_win"]),
        data["best_points"],
        data["declarer_won"],
        tuple(play for play in line if isinstance(play, Play)),
    )


def _work(notation: str, connection: Connection) -> None:
    """Compute the review in the child process and send it to the parent."""
    connection.send(players.review(GameState.parse(notation)))
    connection.close()


def compute(state: GameState, *, seconds: float | None = None) -> Review | None:
    """Return the review of a finished hand, None without a declarer; raise `NotInTime` after ``seconds``.

    A forked child does the search, so that the request can stop it and nothing keeps running.
    """
    if state.phase is not Phase.FINISHED or state.declarer is None:
        return None
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_work, args=(str(state), sender), daemon=True)
    child.start()
    sender.close()
    try:
        if not receiver.poll(REVIEW_SECONDS if seconds is None else seconds):
            raise NotInTime()
        try:
            result: Review | None = receiver.recv()
        except EOFError:
            raise NotInTime() from None  # the child died without an answer
        return result
    finally:
        receiver.close()
        if child.is_alive():
            child.kill()
        child.join()
