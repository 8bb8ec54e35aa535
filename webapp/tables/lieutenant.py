"""Lieutenant Skat at a table: who plays each side, who leads each game, the computer's moves.

Pure game flow on top of `webapp.engine.lieutenant` (no requests, no database), as
`webapp.tables.model` is for Skat: a table of the family `model.LIEUTENANT` has two seats, the
host's (player 1) and player 2's, held by a person on the same device, the computer, or a person
in another browser (by the join link). Each game of the series is its deal and its plays; the
deal of game ``n`` comes from the table's seed, unless a permalink replays a deal first.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from enum import Enum

from webapp import ai
from webapp.ai import lieutenant as lieutenant_ai
from webapp.engine import Card, LieutenantDeal, LieutenantResult, LieutenantState, Play, lieutenant_game_points
from webapp.tables.model import hand_seed, move_seed

__all__ = [
    "Side",
    "Starting",
    "Pile",
    "first_player",
    "deal_for",
    "start",
    "game_seed",
    "computer",
    "advance",
    "piles",
    "totals",
    "result_of",
    "outcome",
]

log = logging.getLogger(__name__)


class Side(Enum):
    """Who plays player 2's side (player 1 is the host, on their device)."""

    HERE = "here"
    """A second person on the same device: nothing in Lieutenant Skat is private."""
    COMPUTER = "computer"
    REMOTE = "remote"
    """A person in another browser, by the join link."""


class Starting(Enum):
    """Who leads the first trick of each game."""

    FIRST = "1"
    SECOND = "2"
    ALTERNATE = "alternate"
    """Player 1 leads the first game, player 2 the second, and so on."""


def first_player(starting: Starting, number: int) -> int:
    """Return the player (0 or 1) who leads game ``number`` (from 0) of a series.

    >>> [first_player(Starting.ALTERNATE, n) for n in range(4)], first_player(Starting.SECOND, 3)
    ([0, 1, 0, 1], 1)
    """
    if starting is Starting.ALTERNATE:
        return number % 2
    return 0 if starting is Starting.FIRST else 1


def deal_for(table_seed: int, number: int, replay: str | None = None) -> LieutenantDeal:
    """Return the deal of game ``number``: the replayed deal first (a permalink), else the table's series."""
    if replay is not None and number == 0:
        return LieutenantDeal.parse(replay)
    return LieutenantDeal.from_seed(hand_seed(table_seed, number))


def start(table_seed: int, number: int, starting: Starting, replay: str | None = None) -> LieutenantState:
    """Return game ``number`` of a table before its first card."""
    return LieutenantState.new(deal_for(table_seed, number, replay), first=first_player(starting, number))


def game_seed(deal: LieutenantDeal) -> int:
    """Return the seed of the computer's moves in a game of this deal: the same deal, replayed at
    any table by its permalink, gets the same answers to the same cards."""
    digest = hashlib.blake2b(f"lieutenant:{deal}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def computer(state: LieutenantState, player: int, level: str, seed: int) -> Card:
    """Return the computer player's card, from what its side may see.

    Should the computer player fail, the game goes on with its first legal card (logged): a
    person's game must not stop with an error page.
    """
    view = state.view(player)
    try:
        return lieutenant_ai.choose(view, ai.Level(level), seed=seed)
    except Exception:
        log.exception("the Lieutenant Skat computer player failed; playing its first legal card")
        return state.legal_actions()[0].card


def advance(state: LieutenantState, computers: Collection[int], *, level: str) -> LieutenantState:
    """Let the computer play its side until a person must play or the game is over.

    Each computer move's seed comes from the deal (`game_seed`) and the number of cards played
    so far, so a replayed deal gets the same answers.
    """
    seed = game_seed(state.deal)
    while state.to_act is not None and state.to_act in computers:
        card = computer(state, state.to_act, level, move_seed(seed, len(state.actions)))
        state = state.apply(Play(card))
    return state


@dataclass(frozen=True, slots=True)
class Pile:
    """One of a player's eight piles as the table shows it."""

    top: Card | None
    """The open card on top; None once both cards are played."""
    covered: bool
    """Whether a covered card still lies below the open one."""
    turned: bool
    """Whether the top card has just turned face up (its open card was the last card played)."""


def piles(state: LieutenantState, player: int) -> tuple[Pile, ...]:
    """Return a player's eight piles in deal order, as the engine's view shows them, each saying
    whether its open card has just turned face up.

    >>> game = LieutenantState.new(LieutenantDeal.from_seed(7))
    >>> first = piles(game, 0)[0]
    >>> first.top == game.deal.piles[0][0][1], first.covered, first.turned
    (True, True, False)
    """
    last = state.actions[-1].card if state.actions else None
    shown = state.view(player).piles[player]
    return tuple(
        Pile(pile.top, pile.covered, pile.top is not None and not pile.covered and dealt[1] == last)
        for pile, dealt in zip(shown, state.deal.piles[player])
    )


def totals(results: Iterable[LieutenantResult]) -> tuple[int, int]:
    """Return each player's game points over a series.

    >>> totals([LieutenantResult((90, 30), 0, (2, 0)), LieutenantResult((60, 60), None, (1, 1))])
    (3, 1)
    """
    first = second = 0
    for result in results:
        first += result.game_points[0]
        second += result.game_points[1]
    return first, second


def result_of(points: tuple[int, int]) -> LieutenantResult:
    """Return the result of a game that ended with these card points (rules.md §11).

    >>> result_of((30, 90))
    LieutenantResult(points=(30, 90), winner=1, game_points=(0, 2))
    """
    winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
    return LieutenantResult(points, winner, (lieutenant_game_points(points[0]), lieutenant_game_points(points[1])))


def outcome(result: LieutenantResult, player: int) -> int:
    """Return 1 if ``player`` won the game, 0 for a draw, -1 if they lost."""
    if result.winner is None:
        return 0
    return 1 if result.winner == player else -1
