"""The compiled solver against the pure-Python reference, its optional build, and the fallback.

The C source is compiled afresh for these tests, by setup.py's own build command (a stale build
in the tree must not pass for the current source), so they need a C compiler, as building the
extension does.
"""

from __future__ import annotations

import importlib.util
import random
import runpy
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from webapp.ai import Level, choose, hint
from webapp.ai.solver import (
    ALL_TRICKS,
    THRESHOLDS,
    PySolver,
    Question,
    SearchLimit,
    Solver,
    SolverPosition,
    answer,
    get_solver,
)
from webapp.engine import Bid, Deal, Declare, GameState, GameType, Hold, Pass, PlayHand
from webapp.engine.cards import mask_points

ROOT = Path(__file__).resolve().parents[2]
GAMES = (
    GameType.DIAMONDS,
    GameType.HEARTS,
    GameType.SPADES,
    GameType.CLUBS,
    GameType.GRAND,
    GameType.NULL,
)


def setup_arguments(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Return what setup.py passes to setuptools.setup (run with setup() captured)."""
    import setuptools  # type: ignore[import-untyped]

    captured: dict[str, Any] = {}
    monkeypatch.setattr(setuptools, "setup", lambda **arguments: captured.update(arguments))
    monkeypatch.chdir(ROOT)
    runpy.run_path(str(ROOT / "setup.py"))
    return captured


def build_extension(arguments: dict[str, Any], build: Path) -> None:
    """Run setup.py's build_ext command on its extensions, into ``build``."""
    from setuptools import Distribution

    distribution = Distribution(
        {"ext_modules": arguments["ext_modules"], "cmdclass": arguments["cmdclass"]}
    )
    command = distribution.get_command_obj("build_ext")
    command.build_lib = str(build / "lib")
    command.build_temp = str(build / "temp")
    command.ensure_finalized()
    command.run()


@pytest.fixture(scope="module")
def csolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """Compile ``webapp/ai/_csolver.c`` as it is now, as setup.py builds it, and load it."""
    build = tmp_path_factory.mktemp("csolver")
    with pytest.MonkeyPatch.context() as monkeypatch:
        build_extension(setup_arguments(monkeypatch), build)
    [path] = (build / "lib" / "webapp" / "ai").glob("_csolver*")
    spec = importlib.util.spec_from_file_location("webapp.ai._csolver", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module


def test_without_a_compiler_the_build_only_warns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    arguments = setup_arguments(monkeypatch)
    monkeypatch.setenv("CC", str(tmp_path / "no-such-compiler"))
    build_extension(arguments, tmp_path)
    assert "the compiled solver was not built" in capfd.readouterr().err
    assert not list(tmp_path.rglob("_csolver*.so"))


def deal_position(rng: random.Random, game: GameType) -> SolverPosition:
    """Return the first-trick position of a random deal: a random declarer, the skat theirs."""
    cards = list(range(32))
    rng.shuffle(cards)
    hands = tuple(sum(1 << card for card in cards[10 * seat : 10 * seat + 10]) for seat in range(3))
    skat = sum(1 << card for card in cards[30:])
    return SolverPosition(
        game, rng.randrange(3), (hands[0], hands[1], hands[2]), (), 0, mask_points(skat), 0
    )


def played_to(rng: random.Random, pos: SolverPosition, cards_left: int) -> SolverPosition:
    """Play random legal cards until ``cards_left`` cards are in the hands."""
    while (pos.hands[0] | pos.hands[1] | pos.hands[2]).bit_count() > cards_left:
        pos = pos.play(rng.choice(pos.legal_moves()))
    return pos


def positions(seed: int, count: int, cards_left: range) -> Iterator[SolverPosition]:
    """Yield positions from random deals of every game, at every trick and mid-trick.

    Several positions of one deal are shuffled among other deals', so the compiled solver's
    table sees deals come back after others were searched.
    """
    rng = random.Random(seed)
    batch: list[SolverPosition] = []
    deals = 0
    while count > 0:
        start = deal_position(rng, GAMES[deals % len(GAMES)])
        deals += 1
        for _ in range(3):
            batch.append(played_to(rng, start, rng.choice(cards_left)))
        if len(batch) >= 12:
            rng.shuffle(batch)
            yield from batch[:count]
            count -= len(batch)
            batch = []


def assert_same(fast: Solver, pos: SolverPosition) -> None:
    """Assert that the compiled solver gives the reference's value, thresholds and move values."""
    reference = PySolver()
    value = reference.value(pos)
    assert fast.value(pos) == value, pos
    thresholds = {*THRESHOLDS, value, value + 1, 0, 120}
    for threshold in sorted(thresholds):
        assert fast.reaches(pos, threshold) is reference.reaches(pos, threshold), (pos, threshold)
    assert fast.move_values(pos) == reference.move_values(pos), pos


@pytest.mark.parametrize("seed", range(4))
def test_endgames_agree_with_the_python_solver(csolver: ModuleType, seed: int) -> None:
    fast = csolver.CSolver()
    for pos in positions(seed, 600, range(1, 13)):
        assert_same(fast, pos)


def test_middle_game_agrees_with_the_python_solver(csolver: ModuleType) -> None:
    fast = csolver.CSolver()
    for pos in positions(10, 150, range(12, 19)):
        assert_same(fast, pos)


def test_first_tricks_reach_the_same_thresholds(csolver: ModuleType) -> None:
    """From the first tricks only the null-window questions are cheap enough for Python."""
    fast = csolver.CSolver()
    for pos in positions(20, 6, range(20, 31)):
        for threshold in THRESHOLDS:
            assert fast.reaches(pos, threshold) is PySolver().reaches(pos, threshold), pos


def test_exact_values_agree_with_the_thresholds_from_the_first_trick(csolver: ModuleType) -> None:
    fast = csolver.CSolver()
    for pos in positions(30, 60, range(27, 31)):
        value = fast.value(pos)
        if pos.game_type is GameType.NULL:
            assert fast.reaches(pos, 61) is (value == 0)
            continue
        for threshold in (value - 1, value, value + 1, *THRESHOLDS):
            assert fast.reaches(pos, threshold) is (value >= threshold)
        best = max if pos.to_move == pos.declarer else min
        assert best(fast.move_values(pos).values()) == value


def test_a_fresh_table_gives_the_same_values(csolver: ModuleType) -> None:
    fast = csolver.CSolver()
    for pos in positions(40, 24, range(18, 25)):
        value = fast.value(pos)
        moves = fast.move_values(pos)
        csolver.clear_table()
        assert fast.value(pos) == value
        csolver.clear_table()
        assert fast.move_values(pos) == moves


def test_a_new_solver_searches_the_same_whatever_came_before(csolver: ModuleType) -> None:
    """Node counts (and so budgets and decisions) do not depend on earlier searches."""
    first, other = positions(60, 2, range(24, 28))
    solver = csolver.CSolver()
    answer = solver.reaches(first, 61)
    nodes = solver.nodes
    csolver.CSolver().value(other)
    again = csolver.CSolver()
    assert again.reaches(first, 61) is answer
    assert again.nodes == nodes


def test_creating_another_solver_never_changes_a_node_count(csolver: ModuleType) -> None:
    """Each solver keeps its own single-call memory: a second solver made (and searching) in
    between changes neither the first one's answers nor its node counts."""
    first, other = positions(61, 2, range(22, 26))
    alone = csolver.CSolver()
    alone.value(first)
    expected = alone.nodes
    alone.reaches(first, 90)
    expected_second = alone.nodes - expected
    solver = csolver.CSolver()
    value = solver.value(first)
    assert solver.nodes == expected
    intruder = csolver.CSolver()
    intruder.value(other)
    solver.reaches(first, 90)
    assert solver.nodes - expected == expected_second
    assert value == PySolver().value(first)


def test_every_trick_agrees_with_the_python_solver(csolver: ModuleType) -> None:
    """ALL_TRICKS (Schwarz) asks for every trick, also after a card, in single calls and
    batches."""
    fast = csolver.CSolver()
    seen = {True: 0, False: 0}
    rng = random.Random(23)
    for _ in range(80):
        game = GAMES[rng.randrange(5)]
        pos = played_to(rng, deal_position(rng, game), rng.choice(range(3, 22)))
        if rng.random() < 0.8:
            pos = replace(pos, defender_tricks=0)  # as if the declarer took every trick so far
        expected = PySolver().reaches(pos, ALL_TRICKS)
        seen[expected] += 1
        assert fast.reaches(pos, ALL_TRICKS) is expected, pos
        cards = pos.legal_moves()
        batch = fast.reaches_after([pos], [[(card, ALL_TRICKS) for card in cards]])
        assert batch == [[answer(PySolver(), pos, (card, ALL_TRICKS)) for card in cards]]
    assert min(seen.values()) >= 5


def block_twin(pos: SolverPosition) -> SolverPosition | None:
    """Return the position with one card of a block (the 7, 8, 9 of a suit; the Jacks) swapped
    for its neighbour in the block that is no longer in play, or None if there is none."""
    left = pos.hands[0] | pos.hands[1] | pos.hands[2]
    for seat, hand in enumerate(pos.hands):
        for card in range(32):
            block = range(28, 32) if card >= 28 else range(card - card % 7, card - card % 7 + 3)
            if not hand >> card & 1 or card % 7 > 2 and card < 28:
                continue
            for twin in (card - 1, card + 1):
                if twin in block and not left >> twin & 1 and twin not in pos.trick:
                    hands = list(pos.hands)
                    hands[seat] = hand & ~(1 << card) | 1 << twin
                    return replace(pos, hands=(hands[0], hands[1], hands[2]))
    return None


def test_positions_equal_but_for_a_block_card_share_the_table(csolver: ModuleType) -> None:
    """A 7 that stands where the 8 stood (the 8 gone), or a Jack for a gone Jack next to it, is
    the same position: the second one is read from the table, and its value is right."""
    rng = random.Random(5)
    checked = 0
    while checked < 20:
        pos = played_to(rng, deal_position(rng, GAMES[checked % 5]), 15)
        twin = block_twin(pos)
        if twin is None:
            continue
        fast = csolver.CSolver()
        value = fast.value(pos)
        searched = fast.nodes
        assert fast.value(twin) == value == PySolver().value(twin)
        assert fast.nodes - searched <= 4 < searched
        checked += 1


def test_node_limit_raises_and_leaves_the_table_sound(csolver: ModuleType) -> None:
    pos = next(positions(50, 1, range(27, 28)))
    limited = csolver.CSolver(node_limit=1000)
    assert limited.node_limit == 1000
    with pytest.raises(SearchLimit):
        limited.value(pos)
    assert limited.nodes > 1000
    limited.node_limit = None
    value = limited.value(pos)
    csolver.clear_table()
    assert csolver.CSolver().value(pos) == value
    limited.nodes = 0
    assert limited.nodes == 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hands": (1, 1, 2)}, "disjoint"),
        ({"hands": (1, 2)}, "three"),
        ({"hands": (1 << 32, 2, 4)}, "32-bit"),
        ({"trick": (0,)}, "table"),
        ({"trick": (40,)}, "card index"),
        ({"trick": (8, 9, 10)}, "at most two"),
        ({"declarer": 3}, "declarer"),
        ({"leader": -1}, "leader"),
        ({"hands": (1 | 2, 4, 8)}, "sizes"),
    ],
)
def test_bad_positions_raise_value_error(
    csolver: ModuleType, change: dict[str, object], message: str
) -> None:
    """The module reads plain attributes, so it checks them itself rather than crash."""

    class Position:
        game_type = GameType.GRAND
        declarer = 0
        hands = (1, 2, 4)
        trick: tuple[int, ...] = ()
        leader = 0
        declarer_points = 0
        defender_points = 0
        defender_tricks = 0

    bad = Position()
    for name, value in change.items():
        setattr(bad, name, value)
    with pytest.raises(ValueError, match=message):
        csolver.CSolver().value(bad)


def test_ramsch_is_not_a_solver_game(csolver: ModuleType) -> None:
    class Position:
        game_type = GameType.RAMSCH
        declarer = 0
        hands = (1, 2, 4)
        trick = ()
        leader = 0
        declarer_points = 0
        defender_points = 0

    with pytest.raises(ValueError, match="Ramsch"):
        csolver.CSolver().value(Position())


def test_get_solver_returns_the_compiled_solver_when_it_imports(
    csolver: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KIEBITZ_PURE_PYTHON_SOLVER", raising=False)
    monkeypatch.setitem(sys.modules, "webapp.ai._csolver", csolver)
    solver = get_solver(node_limit=5000)
    assert isinstance(solver, csolver.CSolver)
    assert solver.node_limit == 5000
    monkeypatch.setenv("KIEBITZ_PURE_PYTHON_SOLVER", "1")
    assert isinstance(get_solver(), PySolver)


def late_game(seed: int) -> GameState:
    """Return a Grand (played hand by forehand) in its eighth trick, cards played at random."""
    rng = random.Random(seed)
    state = GameState.new(Deal.from_seed(seed))
    for action in (Bid(18), Hold(), Pass(), Pass(), PlayHand(), Declare(GameType.GRAND)):
        state = state.apply(action)
    while len(state.tricks) < 7:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_ai_works_without_the_extension(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the compiled module missing, the solver is the Python one and the AI still plays."""
    monkeypatch.delenv("KIEBITZ_PURE_PYTHON_SOLVER", raising=False)
    monkeypatch.setitem(sys.modules, "webapp.ai._csolver", None)  # import now fails
    assert isinstance(get_solver(), PySolver)
    state = late_game(8)
    while not state.finished:
        assert state.to_act is not None
        view = state.view(state.to_act)
        assert hint(view, seed=1).action in state.legal_actions()
        state = state.apply(choose(view, Level.STRONG, seed=1))
    assert state.settlement is not None


# ---------------------------------------------------------------------------- batches of worlds


def card_questions(pos: SolverPosition) -> list[Question]:
    """Every legal card at every threshold that matters, and the position as it stands."""
    return [(card, threshold) for card in pos.legal_moves() for threshold in THRESHOLDS] + [
        (None, 61)
    ]


def test_batches_agree_with_the_python_solver(csolver: ModuleType) -> None:
    worlds = list(positions(40, 60, range(4, 14)))
    questions = [card_questions(pos) for pos in worlds]
    expected = PySolver().reaches_after(worlds, questions)
    assert csolver.CSolver().reaches_after(worlds, questions) == expected
    # The same answers one by one, as the search asked before batches (Null caught at once too).
    one_by_one = [
        [answer(PySolver(), pos, q) for q in asked] for pos, asked in zip(worlds, questions)
    ]
    assert expected == one_by_one
    assert any(pos.game_type is GameType.NULL and len(pos.trick) == 2 for pos in worlds)


@pytest.fixture
def threads(csolver: ModuleType) -> Iterator[Callable[[int], None]]:
    """Set the compiled solver's threads for a test; restored afterwards."""
    before = csolver.get_threads()
    yield csolver.set_threads
    csolver.set_threads(before)


def first_trick_worlds() -> tuple[list[SolverPosition], list[list[Question]]]:
    """Sixteen first-trick worlds and the win question for each card, as a decision asks."""
    worlds = list(positions(41, 16, range(27, 30)))
    return worlds, [[(card, 61) for card in pos.legal_moves()] for pos in worlds]


def test_batches_answer_and_count_alike_on_any_number_of_threads(
    csolver: ModuleType, threads: Callable[[int], None]
) -> None:
    worlds, questions = first_trick_worlds()
    results = []
    for count in (1, 2, 3, 16):
        threads(count)
        solver = csolver.CSolver()
        results.append((solver.reaches_after(worlds, questions), solver.nodes))
    assert all(result == results[0] for result in results)


def test_a_batch_stops_where_the_budget_ends(
    csolver: ModuleType, threads: Callable[[int], None]
) -> None:
    """The worlds judged are the first ones whose node counts fit, whatever the threads."""
    worlds, questions = first_trick_worlds()
    full = csolver.CSolver()
    answers = full.reaches_after(worlds, questions)
    each = []
    for pos, asked in zip(worlds, questions):
        alone = csolver.CSolver()
        alone.reaches_after([pos], [asked])
        each.append(alone.nodes)
    assert sum(each) == full.nodes  # one memory a world: a world's count is its own
    for count in (1, 2):
        threads(count)
        for limit in (0, each[0], each[0] + each[1] - 1, sum(each[:7]), full.nodes - 1):
            solver = csolver.CSolver(node_limit=limit)
            fit = sum(1 for k in range(len(each)) if sum(each[: k + 1]) <= limit)
            assert solver.reaches_after(worlds, questions) == answers[:fit]
            assert solver.nodes == limit + 1  # the budget is spent: the next batch judges nothing
            assert solver.reaches_after(worlds, questions) == []


def test_a_new_solver_batches_the_same_whatever_came_before(csolver: ModuleType) -> None:
    worlds, questions = first_trick_worlds()
    first = csolver.CSolver()
    answers = first.reaches_after(worlds, questions)
    others = list(positions(42, 20, range(20, 30)))
    csolver.CSolver().reaches_after(others, [[(None, 61)] for _ in others])
    again = csolver.CSolver()
    assert again.reaches_after(worlds, questions) == answers
    assert again.nodes == first.nodes


def test_solvers_alive_together_keep_their_own_memories(csolver: ModuleType) -> None:
    """A decision's second batch finds its first one's work, whatever other solvers do."""
    worlds, questions = first_trick_worlds()
    schneider = [[(card, 90) for card, _ in asked] for asked in questions]
    alone = csolver.CSolver()
    alone.reaches_after(worlds, questions)
    first_batch = alone.nodes
    alone.reaches_after(worlds, schneider)
    mine, other = csolver.CSolver(), csolver.CSolver()
    mine.reaches_after(worlds, questions)
    others = list(positions(43, 16, range(20, 30)))
    other.reaches_after(others, [[(None, 61)] for _ in others])
    mine.reaches_after(worlds, schneider)
    assert mine.nodes == alone.nodes
    fresh = csolver.CSolver()
    fresh.reaches_after(worlds, schneider)
    assert fresh.nodes > alone.nodes - first_batch  # the second batch did use the first one's work


@pytest.mark.parametrize(
    ("questions", "message"),
    [
        ([[(0, 61)]], "not a legal card"),
        ([[(None, 61)], [(None, 61)]], "one sequence a world"),
        ([[(None,)]], "pair"),
        ([[(None, "61")]], "integer"),
        ([[(99, 61)]], "card index"),
    ],
)
def test_bad_batches_raise_an_error(
    csolver: ModuleType, questions: list[list[Any]], message: str
) -> None:
    pos = SolverPosition(GameType.GRAND, 0, (1 << 31, 1 << 30, 1 << 29))
    with pytest.raises((ValueError, TypeError), match=message):
        csolver.CSolver().reaches_after([pos], questions)
