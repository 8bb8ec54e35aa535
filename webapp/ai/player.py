"""The computer players and the learner's hints: one decision for the seat to act.

Both work from a `SeatView` only. `Level.EASY` plays by rules of thumb; `Level.STRONG` searches
sampled card distributions with the open-hand solver where the search is affordable (cards, Kontra
and Re; hand or skat, laying away and the game when whole hands can be solved) and falls back to
the rules of thumb elsewhere; in a Ramsch its cards, and in a Schieberamsch taking the skat and
the pushed cards, are played out in sampled worlds (`ramsch`; medium in fewer worlds).
`Level.MEDIUM` searches the same decisions as strong with smaller budgets: its cards in a few
worlds (`MEDIUM_WORLDS`), its bids by a smaller search, hand or skat, laying away and the game in
fewer worlds (`MEDIUM_CONTRACT_WORLDS`), Kontra and Re in a few worlds (`MEDIUM_DOUBLING_WORLDS`).
Hints give the rules of thumb with their principle, and for cards the search's verdict when it
tells the cards apart. Everything is deterministic for a given seed.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from webapp.engine.actions import Action, Play
from webapp.engine.game import Phase
from webapp.engine.rules import GameType
from webapp.engine.view import SeatView

from .bidding import MEDIUM_BIDDING, STRONG_BIDDING, searched_bid
from .contracts import CONTRACT_WORLDS, strong_declare, strong_discard, strong_skat
from .heuristics import decide
from .hints import Hint
from .coach import card_hint
from .ramsch import MEDIUM_RAMSCH_WORLDS, RAMSCH_WORLDS, ramsch_card, ramsch_pick_up, ramsch_push
from .search import strong_card, strong_doubling, strong_play

__all__ = [
    "Level", "MEDIUM_CONTRACT_WORLDS", "MEDIUM_DOUBLING_WORLDS", "MEDIUM_WORLDS", "choose", "hint",
]

MEDIUM_WORLDS: Final = 6
"""The worlds a medium player's card search samples (the strong player samples up to 16): few
enough that what it plays sometimes fits the sampled worlds better than the real one. Against
XSkat, with `MEDIUM_CONTRACT_WORLDS`: -2.06 per game (-5.44 .. +1.32) on deals 7-306, +6.88
(+3.44 .. +10.32) above the medium of 2 worlds that chose its game by the rules of thumb there;
-0.84 (-3.27 .. +1.58) on deals 5000-5599."""


MEDIUM_CONTRACT_WORLDS: Final = 4
"""The worlds a medium player's hand or skat, laying away and game sample (the strong player's:
`CONTRACT_WORLDS`)."""

MEDIUM_DOUBLING_WORLDS: Final = 6
"""The worlds a medium player's Kontra or Re samples (the strong player's: 16)."""


class Level(Enum):
    """How well a computer player plays."""

    EASY = "easy"
    """Rules of thumb."""
    MEDIUM = "medium"
    """The strong player's searches in fewer sampled worlds."""
    STRONG = "strong"
    """Search over sampled card distributions."""


def _check(view: SeatView) -> None:
    if view.to_act != view.position or not view.legal_actions:
        raise ValueError("it is not this seat's turn")


def _card_phase(view: SeatView, principle: Hint) -> bool:
    """Return whether the decision is which card to play (no Kontra or Re chosen)."""
    return view.phase is Phase.PLAY and isinstance(principle.action, Play)


def choose(view: SeatView, level: Level, *, seed: int) -> Action:
    """Return the computer player's action for the seat to act (deterministic per seed)."""
    _check(view)
    if level is not Level.EASY and view.game_type is GameType.RAMSCH:
        worlds = RAMSCH_WORLDS if level is Level.STRONG else MEDIUM_RAMSCH_WORLDS
        if view.phase is Phase.PLAY:
            return ramsch_card(view, seed, worlds=worlds).action
        if view.phase is Phase.RAMSCH:
            return ramsch_pick_up(view, seed, worlds=worlds).action
        if view.phase is Phase.PUSH:
            return ramsch_push(view, seed, worlds=worlds).action
    if level is not Level.EASY:
        strong = level is Level.STRONG
        contract_worlds = CONTRACT_WORLDS if strong else MEDIUM_CONTRACT_WORLDS
        phase = view.phase
        searched: Action | None = None
        if phase is Phase.PLAY:
            if strong:
                return strong_play(view, seed).action
            doubling = strong_doubling(view, seed, most_worlds=MEDIUM_DOUBLING_WORLDS)
            if doubling is not None:
                return doubling.action
            return strong_card(view, seed, most_worlds=MEDIUM_WORLDS).action
        if phase is Phase.BIDDING:
            searched = searched_bid(view, seed, STRONG_BIDDING if strong else MEDIUM_BIDDING)
        elif phase is Phase.SKAT:
            searched = strong_skat(view, seed, worlds=contract_worlds)
        elif phase is Phase.DISCARD:
            searched = strong_discard(view, seed, worlds=contract_worlds)
        elif phase is Phase.DECLARE:
            searched = strong_declare(view, seed, worlds=contract_worlds)
        if searched is not None:
            return searched
    return decide(view).action


def hint(view: SeatView, *, seed: int) -> Hint:
    """Return the suggested action for the learner's seat, with its reason."""
    _check(view)
    principle = decide(view)
    if _card_phase(view, principle):
        return card_hint(view, seed)
    return principle
