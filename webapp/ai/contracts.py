"""The strong declarer's choices before the play: hand or skat, what to lay away, which game.

A few candidates (the best ones by the rules of thumb) are played out in worlds sampled from the
declarer's view (the defenders' cards, and the skat when unseen, dealt at random and weighted by
the auction), each world solved with open hands from the first trick. A candidate scores the
list score it would bring in a world: +value when the declarer reaches what wins it there (61,
or Schneider or every trick when only that reaches the bid: `webapp.engine.win_target`),
−2 × value when it does not (a game no result of which reaches the bid always loses). The best
mean score is chosen, but not a Null that stays clean in half of the worlds or fewer while another
option is left: open hands flatter a Null (one card the declarer guesses wrong loses it), and such
Nulls lost most of their games in the match against XSkat. Without an affordable search (the
pure-Python solver cannot solve whole hands in time) every function returns None and the rules
of thumb decide.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from webapp.engine.actions import Action, Declare, PickUp, PlayHand
from webapp.engine.cards import CardSet, mask_points
from webapp.engine.deal import Position
from webapp.engine.rules import GameType
from webapp.engine.score import Contract, matadors, win_target, win_value
from webapp.engine.view import SeatView

from .heuristics import best_plans, declare_choices, plans
from .limits import SUIT_GAMES, game_value
from .search import settings_for
from .solver import Question, Solver, SolverPosition, get_solver, threshold_for
from .worlds import World, sample_worlds

__all__ = ["strong_skat", "strong_discard", "strong_declare", "CONTRACT_WORLDS", "CANDIDATES"]

CONTRACT_WORLDS: Final = 12
"""Worlds per decision; every candidate is judged in the same worlds. Against XSkat (1,000 deals
from seed 20000) 12 worlds gave +4.57 per game where 6 gave +4.02 (paired: +0.56, −0.34 .. +1.46),
with the declarer's games won 2,409 of 2,759 (6 worlds: 2,389)."""
CANDIDATES: Final = 3
"""Candidates judged by search (the best ones by the rules of thumb)."""


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A game to try: the declarer's ten cards, the laid-away cards (None: the world's skat)."""

    game: GameType
    cards: int
    laid: int | None
    hand: bool
    ouvert: bool = False


def _solver() -> Solver | None:
    """Return a solver with half a card decision's node budget (whole hands cost the most),
    if whole hands can be searched at all."""
    solver = get_solver()
    settings = settings_for(solver)
    if not settings.worlds[10]:
        return None
    solver.node_limit = settings.node_budget // 2
    return solver


def _rng(view: SeatView, seed: int, what: str) -> random.Random:
    return random.Random(f"kiebitz-contract:{seed}:{int(view.position)}:{what}")


def _position(view: SeatView, candidate: _Candidate, world: World) -> SolverPosition:
    """Return the first-trick position of a candidate in one world."""
    declarer = int(view.position)
    skat = candidate.laid if candidate.laid is not None else world.skat
    hands = list(world.hands)
    hands[declarer] = candidate.cards
    return SolverPosition(
        candidate.game,
        declarer,
        (hands[0], hands[1], hands[2]),
        (),
        int(Position.FOREHAND),
        mask_points(skat),
        0,
    )


def _value(candidate: _Candidate, world: World) -> int:
    """Return the game value of a candidate in one world (the skat counts for the matadors)."""
    skat = candidate.laid if candidate.laid is not None else world.skat
    return game_value(
        CardSet.from_mask(candidate.cards | skat),
        candidate.game,
        hand=candidate.hand,
        ouvert=candidate.ouvert,
    )


def _win(candidate: _Candidate, world: World, bid: int) -> tuple[int | None, int | None]:
    """Return the solver's threshold that wins a candidate in one world and the value that win
    scores (None, None: nothing reaches the bid)."""
    skat = candidate.laid if candidate.laid is not None else world.skat
    contract = Contract(candidate.game, hand=candidate.hand, ouvert=candidate.ouvert)
    count = None
    if candidate.game is not GameType.NULL:
        count = matadors(CardSet.from_mask(candidate.cards | skat), candidate.game)
    target = win_target(contract, matadors=count, bid=bid)
    return threshold_for(target), win_value(contract, matadors=count, bid=bid)


@dataclass(frozen=True, slots=True)
class _Judged:
    """An option's mean list score over the worlds judged, and the share of them it won."""

    mean: float
    won: float


def _means(
    view: SeatView, candidates: Sequence[Sequence[_Candidate]], worlds: list[World], solver: Solver
) -> list[_Judged] | None:
    """Return each option's mean list score and share of wins over the worlds (None if no world
    was finished).

    ``candidates[option][world]`` is what the option plays in that world (a skat pickup plays
    differently in each world). A game is won if the declarer reaches what wins it from the
    first trick (Null: stays clean), and then scores the value of that win; a game that no
    result brings up to the bid is lost without a search.
    """
    tried = [
        (option[number], world) for number, world in enumerate(worlds) for option in candidates
    ]
    values = [_value(candidate, world) for candidate, world in tried]
    wins = [_win(candidate, world, view.bid) for candidate, world in tried]
    asked: list[list[Question]] = [
        [] if threshold is None else [(None, threshold)] for threshold, _ in wins
    ]
    answers = solver.reaches_after(
        [_position(view, candidate, world) for candidate, world in tried], asked
    )
    judged = len(answers) // len(candidates)
    if not judged:
        return None
    totals = [0.0] * len(candidates)
    won = [0] * len(candidates)
    for number, (answer, value, (_, won_value)) in enumerate(
        zip(answers[: judged * len(candidates)], values, wins)
    ):
        option = number % len(candidates)
        if answer and answer[0] and won_value is not None:
            totals[option] += won_value
            won[option] += 1
        else:
            totals[option] -= 2 * max(value, view.bid)
    return [_Judged(total / judged, wins / judged) for total, wins in zip(totals, won)]


def _best(judged: list[_Judged], nulls: set[int]) -> int:
    """Return the option with the best mean, passing over the options in ``nulls`` (Null
    games) that win in half of the worlds or fewer while another option is left."""
    left = [
        number
        for number in range(len(judged))
        if number not in nulls or judged[number].won > 0.5
    ]
    return max(left or range(len(judged)), key=lambda number: (judged[number].mean, -number))


def strong_declare(view: SeatView, seed: int, *, worlds: int = CONTRACT_WORLDS) -> Action | None:
    """Return the game to declare chosen by search in ``worlds`` sampled worlds (None: leave it
    to the rules of thumb)."""
    choices = declare_choices(view)[:CANDIDATES]
    choices = [(action, value) for action, value in choices if value >= view.bid]
    if len(choices) < 2:
        return None
    solver = _solver()
    if solver is None:
        return None
    laid = view.skat.mask if view.skat is not None else None
    sampled = sample_worlds(view, worlds, _rng(view, seed, "declare"))
    options = [
        [_Candidate(action.game_type, view.hand.mask, laid, laid is None, action.ouvert)]
        * len(sampled)
        for action, _ in choices
    ]
    judged = _means(view, options, sampled, solver)
    if judged is None:
        return None
    nulls = {n for n, (action, _) in enumerate(choices) if action.game_type is GameType.NULL}
    return choices[_best(judged, nulls)][0]


def strong_discard(view: SeatView, seed: int, *, worlds: int = CONTRACT_WORLDS) -> Action | None:
    """Return the two cards to lay away chosen by search in ``worlds`` sampled worlds (None: the
    rules of thumb)."""
    chosen = best_plans(view, CANDIDATES)
    if len(chosen) < 2:
        return None
    solver = _solver()
    if solver is None:
        return None
    twelve = view.hand.mask
    sampled = sample_worlds(view, worlds, _rng(view, seed, "discard"))
    options = []
    for game, discard in chosen:
        laid = discard.first.bit | discard.second.bit
        options.append([_Candidate(game, twelve & ~laid, laid, False)] * len(sampled))
    judged = _means(view, options, sampled, solver)
    if judged is None:
        return None
    nulls = {n for n, (game, _) in enumerate(chosen) if game is GameType.NULL}
    return chosen[_best(judged, nulls)][1]


def strong_skat(view: SeatView, seed: int, *, worlds: int = CONTRACT_WORLDS) -> Action | None:
    """Return PlayHand or PickUp by comparing the best hand games with a pickup, by search in
    ``worlds`` sampled worlds."""
    announce = [Declare(game) for game in (*SUIT_GAMES, GameType.GRAND, GameType.NULL)]
    hand_games = [
        (action, value)
        for action, value in declare_choices(view, announce)
        if value >= view.bid
    ][: CANDIDATES - 1]
    if not hand_games:
        return None
    solver = _solver()
    if solver is None:
        return None
    sampled = sample_worlds(view, worlds, _rng(view, seed, "skat"))
    forehand = view.position == Position.FOREHAND
    pickup = []
    for world in sampled:
        # In this world the skat is known: lay away and declare by the rules of thumb.
        twelve = CardSet.from_mask(view.hand.mask | world.skat)
        game, discard = plans(twelve, view.bid, forehand=forehand)[0]
        laid = discard.first.bit | discard.second.bit
        pickup.append(_Candidate(game, twelve.mask & ~laid, laid, False))
    options = [pickup] + [
        [_Candidate(action.game_type, view.hand.mask, None, True)] * len(sampled)
        for action, _ in hand_games
    ]
    judged = _means(view, options, sampled, solver)
    if judged is None:
        return None
    nulls = {
        number
        for number, option in enumerate(options)
        if all(candidate.game is GameType.NULL for candidate in option)
    }
    return PickUp() if _best(judged, nulls) == 0 else PlayHand()
