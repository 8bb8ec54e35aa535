"""The strong declarer's search before the play, with a stand-in solver that knows the answer."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from webapp.ai import contracts
from webapp.ai.search import SETTINGS, SearchSettings
from webapp.ai.solver import Question, SolverPosition, answer_each
from webapp.engine import (
    Bid,
    Deal,
    Declare,
    Discard,
    GameState,
    GameType,
    Pass,
    PickUp,
    PlayHand,
)
from webapp.engine.cards import Card, CardSet
from webapp.engine.view import SeatView


class Oracle:
    """A solver whose declarer wins exactly the games in ``wins`` (and, if ``changed_only``,
    only with ten cards other than the dealt ones: after a skat pickup)."""

    def __init__(self, wins: set[GameType], changed_only: bool = False) -> None:
        self.wins = wins
        self.changed_only = changed_only
        self.nodes = 0
        self.node_limit: int | None = None
        self.asked: list[SolverPosition] = []

    def value(self, pos: SolverPosition) -> int:
        raise AssertionError("the contract search asks yes/no questions only")

    def reaches(self, pos: SolverPosition, threshold: int) -> bool:
        self.asked.append(pos)
        if self.changed_only and pos.hands[pos.declarer] == DEAL.hands[pos.declarer].mask:
            return False
        return pos.game_type in self.wins

    def move_values(self, pos: SolverPosition) -> dict[int, int]:
        raise AssertionError("not used")

    def reaches_after(
        self, worlds: Sequence[SolverPosition], questions: Sequence[Sequence[Question]]
    ) -> list[list[bool]]:
        return answer_each(self, worlds, questions)


WITHOUT_WHOLE_HANDS = dataclasses.replace(SETTINGS, worlds=SETTINGS.worlds[:7] + (0, 0, 0, 0))
"""Settings that search no decision with ten cards in the hand."""


def use(monkeypatch: pytest.MonkeyPatch, oracle: Oracle, settings: SearchSettings) -> None:
    monkeypatch.setattr(contracts, "get_solver", lambda: oracle)
    monkeypatch.setattr(contracts, "settings_for", lambda solver: settings)


# Forehand: four Jacks, clubs A T 9, and small cards: Clubs and Grand both reach 18.
DEAL = Deal.parse("CJSJHJDJCACTC9S7H7D7-SASTSKSQS9S8HAHTHKHQ-DADTDKDQD9D8H9H8CKCQ-C8C7")


def after(*actions: object) -> GameState:
    state = GameState.new(DEAL)
    for action in actions:
        state = state.apply(action)  # type: ignore[arg-type]
    return state


def test_declaring_takes_the_game_that_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    state = after(Pass(), Pass(), Bid(18), PlayHand())
    view = state.view(state.to_act)  # type: ignore[arg-type]
    for winner in (GameType.CLUBS, GameType.GRAND):
        use(monkeypatch, Oracle({winner}), SETTINGS)
        action = contracts.strong_declare(view, seed=1)
        assert isinstance(action, Declare) and action.game_type is winner
        assert action in view.legal_actions


def test_every_candidate_is_judged_from_the_first_trick(monkeypatch: pytest.MonkeyPatch) -> None:
    state = after(Pass(), Pass(), Bid(18), PlayHand())
    view = state.view(state.to_act)  # type: ignore[arg-type]
    oracle = Oracle({GameType.GRAND})
    use(monkeypatch, oracle, SETTINGS)
    contracts.strong_declare(view, seed=1)
    assert oracle.asked
    for pos in oracle.asked:
        assert pos.trick == () and pos.leader == 0 and pos.declarer == 0
        assert pos.hands[0] == view.hand.mask
        assert sum(mask.bit_count() for mask in pos.hands) == 30
        # Hand game: the skat of the world is unseen, and its points count for the declarer.
        skat = (1 << 32) - 1 - (pos.hands[0] | pos.hands[1] | pos.hands[2])
        assert pos.declarer_points == CardSet.from_mask(skat).points


def test_a_sure_hand_game_is_played_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    state = after(Pass(), Pass(), Bid(18))
    view = state.view(state.to_act)  # type: ignore[arg-type]
    use(monkeypatch, Oracle({GameType.CLUBS, GameType.GRAND}), SETTINGS)
    assert contracts.strong_skat(view, seed=2) == PlayHand()
    use(monkeypatch, Oracle({GameType.CLUBS, GameType.GRAND}, changed_only=True), SETTINGS)
    assert contracts.strong_skat(view, seed=2) == PickUp()


def test_laying_away_keeps_the_winning_game(monkeypatch: pytest.MonkeyPatch) -> None:
    state = after(Pass(), Pass(), Bid(18), PickUp())
    view = state.view(state.to_act)  # type: ignore[arg-type]
    for winner in (GameType.CLUBS, GameType.GRAND):
        oracle = Oracle({winner})
        use(monkeypatch, oracle, SETTINGS)
        action = contracts.strong_discard(view, seed=3)
        assert isinstance(action, Discard) and action in view.legal_actions
        games = {pos.game_type for pos in oracle.asked}
        assert winner in games and len(games) >= 2


def test_without_whole_hand_search_the_rules_of_thumb_decide(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use(monkeypatch, Oracle({GameType.GRAND}), WITHOUT_WHOLE_HANDS)
    state = after(Pass(), Pass(), Bid(18))
    view = state.view(state.to_act)  # type: ignore[arg-type]
    assert contracts.strong_skat(view, seed=4) is None
    state = after(Pass(), Pass(), Bid(18), PickUp())
    assert contracts.strong_discard(state.view(state.to_act), seed=4) is None  # type: ignore[arg-type]


class HalfNulls(Oracle):
    """A solver whose declarer loses every game but Null, and stays clean in a Null in the
    worlds that ``clean`` names in turn (True, False: in every second world)."""

    def __init__(self, clean: tuple[bool, ...]) -> None:
        super().__init__(set())
        self.clean = clean
        self.nulls = 0

    def reaches(self, pos: SolverPosition, threshold: int) -> bool:
        self.asked.append(pos)
        if pos.game_type is not GameType.NULL:
            return False
        self.nulls += 1
        return self.clean[(self.nulls - 1) % len(self.clean)]


# Forehand: no Jack, short in clubs and diamonds: after the pickup a Null, hearts or spades.
WEAK = Deal.parse("C9STS9S8HTHKH8H7D9D8-CJDJCACTCKCQC8SQHAH9-SJHJC7SAS7HQDADTDKDQ-SKD7")


def weak_view(*actions: object) -> SeatView:
    state = GameState.new(WEAK)
    for action in (Pass(), Pass(), Bid(18), PickUp(), *actions):
        state = state.apply(action)  # type: ignore[arg-type]
    return state.view(state.to_act)  # type: ignore[arg-type]


def test_a_null_clean_in_only_half_of_the_worlds_is_not_declared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Judged by the mean alone, a Null won in half of the worlds (23 or −46) beats a suit game
    # lost in all of them (−2 × its value); but the declarer would lose that Null most often.
    view = weak_view(Discard(Card.parse("C9"), Card.parse("D8")))
    use(monkeypatch, HalfNulls((True, False)), SETTINGS)
    action = contracts.strong_declare(view, seed=5)
    assert isinstance(action, Declare) and action.game_type is not GameType.NULL
    use(monkeypatch, HalfNulls((True, True, False)), SETTINGS)
    action = contracts.strong_declare(view, seed=5)
    assert isinstance(action, Declare) and action.game_type is GameType.NULL


def test_cards_are_not_laid_away_for_a_null_clean_in_only_half_of_the_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = weak_view()
    null_discard = Discard(Card.parse("C9"), Card.parse("D8"))
    use(monkeypatch, HalfNulls((True, False)), SETTINGS)
    action = contracts.strong_discard(view, seed=6)
    assert isinstance(action, Discard) and action != null_discard
    use(monkeypatch, HalfNulls((True, True, False)), SETTINGS)
    assert contracts.strong_discard(view, seed=6) == null_discard
