"""Computer players: always a legal action, in every phase and with every house rule."""

from __future__ import annotations

import pytest

from tests.engine.randomgame import OPTION_SETS
from webapp.ai import Level, choose
from webapp.engine import Deal, GameState, Options, Phase


def play_out(seed: int, options: Options, levels: tuple[Level, Level, Level]) -> GameState:
    """Play a whole hand with three computer players, checking every action."""
    state = GameState.new(Deal.from_seed(seed), options)
    while not state.finished:
        seat = state.to_act
        assert seat is not None
        action = choose(state.view(seat), levels[seat], seed=seed)
        assert action in state.legal_actions()
        state = state.apply(action)
    return state


def test_easy_players_only_take_legal_actions_in_every_phase() -> None:
    seen: set[Phase] = set()
    kontra = re = False
    for options in OPTION_SETS:
        for seed in range(40):
            state = play_out(seed, options, (Level.EASY, Level.EASY, Level.EASY))
            replay = GameState.new(state.deal, options)
            for action in state.actions:
                seen.add(replay.phase)
                replay = replay.apply(action)
            kontra = kontra or state.kontra is not None
            re = re or state.re
    assert seen >= {
        Phase.BIDDING, Phase.SKAT, Phase.DISCARD, Phase.DECLARE, Phase.RAMSCH, Phase.PUSH,
        Phase.PLAY,
    }
    assert kontra


@pytest.mark.parametrize("options", OPTION_SETS[1:4], ids=range(1, 4))
def test_strong_players_only_take_legal_actions(options: Options) -> None:
    for seed in range(3):
        play_out(seed + 100, options, (Level.STRONG, Level.EASY, Level.STRONG))


@pytest.mark.parametrize("options", OPTION_SETS[:3], ids=range(3))
def test_medium_players_only_take_legal_actions(options: Options) -> None:
    for seed in range(4):
        play_out(seed + 200, options, (Level.MEDIUM, Level.EASY, Level.MEDIUM))


def test_levels_are_ordered_weakest_first() -> None:
    assert [level.value for level in Level] == ["easy", "medium", "strong"]


def test_medium_searches_in_fewer_worlds_than_strong(monkeypatch: pytest.MonkeyPatch) -> None:
    """Medium plays by search like strong, in at most MEDIUM_WORLDS sampled worlds, and chooses
    hand or skat, laying away and its game by strong's search in at most MEDIUM_CONTRACT_WORLDS
    (strong: CONTRACT_WORLDS); easy never searches (medium's bidding: tests/ai/test_bidding.py)."""
    from webapp.ai import contracts, player, search

    asked: list[int] = []
    contract_asked: list[int] = []

    def counting(real, into):  # type: ignore[no-untyped-def]
        def sample(view, count, rng):  # type: ignore[no-untyped-def]
            into.append(count)
            return real(view, count, rng)
        return sample

    monkeypatch.setattr(search, "sample_worlds", counting(search.sample_worlds, asked))
    monkeypatch.setattr(
        contracts, "sample_worlds", counting(contracts.sample_worlds, contract_asked)
    )
    counts: dict[Level, list[int]] = {}
    contract_counts: dict[Level, list[int]] = {}
    differs = contract_differs = 0
    for seed in range(8):
        state = GameState.new(Deal.from_seed(seed))
        while not state.finished:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            for level in Level:
                asked.clear()
                contract_asked.clear()
                action = choose(view, level, seed=seed)
                counts.setdefault(level, []).extend(asked)
                contract_counts.setdefault(level, []).extend(contract_asked)
                if level is Level.MEDIUM and action != choose(view, Level.EASY, seed=seed):
                    if view.phase is Phase.PLAY:
                        differs += 1
                    elif view.phase is not Phase.BIDDING:
                        contract_differs += 1
            state = state.apply(choose(view, Level.EASY, seed=seed))
    assert not counts[Level.EASY] and not contract_counts[Level.EASY]
    assert counts[Level.MEDIUM] and max(counts[Level.MEDIUM]) <= player.MEDIUM_WORLDS
    assert max(counts[Level.STRONG]) > player.MEDIUM_WORLDS
    assert set(contract_counts[Level.MEDIUM]) == {player.MEDIUM_CONTRACT_WORLDS}
    assert set(contract_counts[Level.STRONG]) == {contracts.CONTRACT_WORLDS}
    assert player.MEDIUM_CONTRACT_WORLDS < contracts.CONTRACT_WORLDS
    assert differs  # medium's search changes cards that the rules of thumb would play
    assert contract_differs  # and hand or skat, laying away or the game
