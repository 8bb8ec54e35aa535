"""The table model: positions as the deal passes on, house rules as engine options, the computer
seats' moves, and a finished hand written as the list entry that scores it as the engine did."""

from __future__ import annotations

from webapp.engine import Action, Bid, GameState, Hold, Pass, Phase, Position, RamschSettlement, SeatView, Settlement
from webapp.scoresheet.sheet import PRESETS, PassedIn, Preset, Ramsch, RoundKind, Slot, build
from webapp.tables import model

PUB = PRESETS[Preset.PUB]
ISKO = PRESETS[Preset.ISKO]


def first_legal(view: SeatView, level: str, seed: int) -> Action:
    """A computer player that plays its first legal action (bids whenever it may)."""
    return view.legal_actions[0]


def passer(view: SeatView, level: str, seed: int) -> Action:
    """A computer player that passes in the auction, else plays its first legal action."""
    return Pass() if any(isinstance(a, Pass) for a in view.legal_actions) else view.legal_actions[0]


def play_out(state: GameState, choose=first_legal) -> GameState:
    """Play a hand to its end with nobody a person."""
    return model.advance(state, (), level="easy", seed=1, choose=choose)


def test_the_deal_passes_on_clockwise():
    # Seat 0 deals hand 0, so seat 1 is forehand; in hand 1 seat 1 deals and seat 2 leads.
    assert model.seat_positions(0, 3) == (Position.REARHAND, Position.FOREHAND, Position.MIDDLEHAND)
    assert model.seat_positions(1, 3) == (Position.MIDDLEHAND, Position.REARHAND, Position.FOREHAND)
    assert model.seat_positions(3, 3) == model.seat_positions(0, 3)


def test_each_hand_of_a_table_has_its_own_deal_and_a_table_replays_the_same():
    deals = {model.hand_seed(7, number) for number in range(20)}
    assert len(deals) == 20
    assert model.hand_seed(7, 3) == model.hand_seed(7, 3) != model.hand_seed(8, 3)


def test_pub_rules_bring_kontra_ramsch_and_bock_to_the_engine_isko_none():
    plain = model.options_for(PUB, Slot(1, 3, RoundKind.PLAIN))
    assert (plain.kontra_re, plain.ramsch_when_passed, plain.bock) == (True, True, False)
    assert model.options_for(PUB, Slot(5, 3, RoundKind.BOCK)).bock
    isko = model.options_for(ISKO, Slot(1, 3, RoundKind.PLAIN))
    assert not (isko.kontra_re or isko.ramsch_when_passed or isko.bock or isko.ramsch)


def test_advance_stops_at_the_first_person_to_decide():
    state = model.start(11, model.options_for(ISKO, Slot(1, 3, RoundKind.PLAIN)))
    moved = model.advance(state, (Position.REARHAND,), level="easy", seed=11, choose=first_legal)
    assert moved.to_act is Position.REARHAND or moved.finished
    assert all(actor is not Position.REARHAND for actor, _ in moved.history())


def test_a_computer_that_never_bids_only_passes_in_the_auction():
    state = model.start(5, model.options_for(ISKO, Slot(1, 3, RoundKind.PLAIN)))
    # Forehand is the computer (Skat for two); it would bid with `first_legal`, but it never bids.
    state = model.advance(state, (Position.MIDDLEHAND, Position.REARHAND), level="easy", seed=5,
                          choose=first_legal, computer_bids=False)
    state = state.apply(Bid(18), by=Position.MIDDLEHAND)
    state = model.advance(state, (Position.MIDDLEHAND, Position.REARHAND), level="easy", seed=5,
                          choose=first_legal, computer_bids=False)
    said = [(actor, action) for actor, action in state.history() if actor is Position.FOREHAND]
    assert said == [(Position.FOREHAND, Pass())]
    assert not any(isinstance(action, Bid | Hold) for actor, action in state.history()
                   if actor is Position.FOREHAND)


def _scored_as_the_engine_did(state: GameState, number: int) -> None:
    seats = model.seat_positions(number, 3)
    entry = model.entry_for(state, seats)
    slot = Slot(1, 3, RoundKind.PLAIN)
    sheet = build(3, PUB, [entry])
    settlement = state.settlement
    if isinstance(settlement, Settlement):
        declarer = seats.index(state.declarer)
        expected = tuple(settlement.score if seat == declarer else 0 for seat in range(3))
    else:
        assert isinstance(settlement, RamschSettlement)
        expected = tuple(settlement.scores[seats[seat]] for seat in range(3))
    assert sheet.rows[0].scores == expected, (entry, slot)
    assert not sheet.rows[0].issues and sheet.rows[0].invalid is None


def test_a_played_game_is_the_list_entry_that_scores_it_as_the_engine_did():
    for seed in range(1, 9):
        for number in range(3):
            state = play_out(model.start(seed, model.options_for(PUB, Slot(1, 3, RoundKind.PLAIN))))
            assert isinstance(state.settlement, Settlement)
            _scored_as_the_engine_did(state, number)


def test_a_ramsch_is_the_list_entry_that_scores_it_as_the_engine_did():
    for seed in range(1, 6):
        state = play_out(model.start(seed, model.options_for(PUB, Slot(1, 3, RoundKind.PLAIN))), passer)
        assert state.phase is Phase.FINISHED and isinstance(state.settlement, RamschSettlement)
        entry = model.entry_for(state, model.seat_positions(seed, 3))
        assert isinstance(entry, Ramsch) and sum(p or 0 for p in entry.points) == 120
        _scored_as_the_engine_did(state, seed)


def test_everybody_passing_under_isko_is_a_passed_in_entry():
    state = play_out(model.start(3, model.options_for(ISKO, Slot(1, 3, RoundKind.PLAIN))), passer)
    assert state.phase is Phase.PASSED_IN
    assert model.entry_for(state, model.seat_positions(0, 3)) == PassedIn()
