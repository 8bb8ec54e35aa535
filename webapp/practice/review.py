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
from webapp.ai.review import Swing
from webapp.engine import Card, GameState, GameType, Phase, Play, Position, parse_action, token
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


def dumps(review: Review | None, key: str) -> str:
    """Write a review as JSON text for storage (None: it could not be worked out)."""
    if review is None:
        return json.dumps({"key": key, "unknown": True})
    return json.dumps(
        {
            "key": key,
            "game": review.game_type.value,
            "declarer": int(review.declarer),
            "could_win": review.could_win,
            "best_points": review.best_points,
            "declarer_won": review.declarer_won,
            "line": ".".join(token(play) for play in review.line),
            "swings": None
            if review.swings is None
            else [
                [swing.trick, int(swing.position), str(swing.card), [str(card) for card in swing.better]]
                for swing in review.swings
            ],
        }
    )


def known(text: str | None, key: str) -> bool:
    """Return whether a review (or the news that there is none) is stored for this opening."""
    return bool(text) and json.loads(text or "{}").get("key") == key


def loads(text: str | None, key: str) -> Review | None:
    """Read a stored review back, or None if there is none for this opening."""
    if not text or not known(text, key):
        return None
    data = json.loads(text)
    if data.get("unknown"):
        return None
    line = tuple(parse_action(word) for word in data["line"].split(".") if word)
    swings = data.get("swings")
    return Review(
        GameType(data["game"]),
        Position(data["declarer"]),
        bool(data["could_win"]),
        data["best_points"],
        data["declarer_won"],
        tuple(play for play in line if isinstance(play, Play)),
        None
        if swings is None
        else tuple(
            Swing(trick, Position(position), Card.parse(card), tuple(Card.parse(c) for c in better))
            for trick, position, card, better in swings
        ),
    )


def _work(notation: str, connection: Connection) -> None:
    """Compute the review in the child process and send it to the parent."""
    connection.send(players.review(GameState.parse(notation)))
    connection.close()


def compute(state: GameState, *, seconds: float | None = None) -> Review | None:
    """Return the review of a finished hand; raise `NotInTime` after ``seconds``.

    None without a declarer, and when the search is too big for the solver in use.

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
