"""The open-hand solver against brute force on small endgames."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tests.ai.brute import brute_move_value, brute_schwarz, brute_value, random_position
from webapp.ai.solver import ALL_TRICKS, PySolver, SearchLimit, SolverPosition, get_solver
from webapp.engine import CardSet, GameType


@pytest.mark.parametrize("tricks", [1, 2, 3, 4])
def test_value_matches_brute_force(tricks: int) -> None:
    rng = random.Random(tricks)
    for _ in range(60 if tricks < 4 else 15):
        pos = random_position(rng, tricks, open_cards=rng.randrange(3))
        assert PySolver().value(pos) == brute_value(pos), pos


def test_reaches_agrees_with_value() -> None:
    rng = random.Random(7)
    for _ in range(80):
        pos = random_position(rng, 3, open_cards=rng.randrange(3))
        solver = PySolver()
        value = solver.value(pos)
        if pos.game_type is GameType.NULL:
            assert solver.reaches(pos, 61) is (value == 0)
            continue
        for threshold in (value - 1, value, value + 1, 31, 61, 90):
            assert PySolver().reaches(pos, threshold) is (value >= threshold)
            assert solver.reaches(pos, threshold) is (value >= threshold)


def test_move_values_agree_with_value() -> None:
    rng = random.Random(11)
    for _ in range(60):
        pos = random_position(rng, 3, open_cards=rng.randrange(3))
        solver = PySolver()
        values = solver.move_values(pos)
        assert sorted(values) == sorted(pos.legal_moves())
        best = (max if (pos.to_move == pos.declarer) != (pos.game_type is GameType.NULL) else min)(
            values.values()
        )
        assert best == PySolver().value(pos)
        for card, value in values.items():
            assert value == brute_move_value(pos, card)


def test_node_limit_stops_the_search() -> None:
    pos = random_position(random.Random(3), 6)
    solver = PySolver(node_limit=50)
    with pytest.raises(SearchLimit):
        solver.value(pos)
    assert solver.nodes > 50


def test_the_environment_variable_forces_the_python_solver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KIEBITZ_PURE_PYTHON_SOLVER", "1")
    assert isinstance(get_solver(), PySolver)


def test_positions_are_checked() -> None:
    with pytest.raises(ValueError):
        SolverPosition(GameType.GRAND, 0, (1, 1, 2))
    with pytest.raises(ValueError):
        SolverPosition(GameType.RAMSCH, 0, (1, 2, 4))
    with pytest.raises(ValueError):
        SolverPosition(GameType.GRAND, 0, (1, 2, 4 | 8))


def test_a_new_solver_does_not_remember_other_solvers_searches() -> None:
    """Node counts (and so budgets and decisions) must not depend on earlier searches."""
    rng = random.Random(8)
    for _ in range(6):
        pos = random_position(rng, 5)
        first = get_solver()
        first.value(pos)
        again = get_solver()
        again.value(pos)
        assert again.nodes == first.nodes


def test_the_default_solver_agrees_with_the_reference() -> None:
    rng = random.Random(12)
    for _ in range(40):
        pos = random_position(rng, 4, open_cards=rng.randrange(3))
        assert get_solver().value(pos) == PySolver().value(pos)
        assert get_solver().move_values(pos) == PySolver().move_values(pos)


def test_every_trick_is_a_question_of_tricks_not_points() -> None:
    """Schwarz (ALL_TRICKS): the declarer must take every trick, even one worth no points."""
    rng = random.Random(17)
    seen = {True: 0, False: 0}
    for _ in range(150):
        pos = random_position(rng, rng.randint(1, 4), open_cards=rng.randint(0, 2))
        if pos.game_type is GameType.NULL:
            continue
        expected = brute_schwarz(pos)
        seen[expected] += 1
        assert PySolver().reaches(pos, ALL_TRICKS) is expected, pos
    assert min(seen.values()) > 10
    # Seven, eight and nine of spades: no points, but a trick the defenders take is the end of it.
    pos = SolverPosition(GameType.GRAND, 0, (mask("D7"), mask("S8"), mask("S9")), (), 1, 120, 0)
    assert not PySolver().reaches(pos, ALL_TRICKS)
    assert PySolver().reaches(pos, 120)
    taken = SolverPosition(GameType.GRAND, 0, (mask("HA"), mask("H7"), mask("H8")), (), 0, 110, 0, 1)
    assert not PySolver().reaches(taken, ALL_TRICKS)
    assert PySolver().reaches(dataclasses.replace(taken, defender_tricks=0), ALL_TRICKS)


def mask(text: str) -> int:
    """Return the card mask of a text like "CJ HA"."""
    return CardSet.parse(text).mask
