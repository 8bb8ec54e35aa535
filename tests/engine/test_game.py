"""Whole hands through GameState: properties over random games and scripted hands."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.engine import (
    BID_VALUES,
    DECK,
    Action,
    Bid,
    Card,
    CardSet,
    Contract,
    Deal,
    Declare,
    Discard,
    GameState,
    GameType,
    Hold,
    IllegalAction,
    Kontra,
    LossReason,
    Options,
    Pass,
    Phase,
    PickUp,
    Play,
    PlayHand,
    Position,
    Push,
    RamschSettlement,
    Re,
    Reason,
    Settlement,
    SuitClass,
    rules_for,
)

from .randomgame import OPTION_SETS, random_game

FAST = settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


def every_action(rng: random.Random) -> list[Action]:
    """Return a sample of actions of every kind, legal or not."""
    a, b = rng.sample(DECK, 2)
    actions: list[Action] = [Play(card) for card in DECK]
    actions += [Bid(18), Bid(19), Bid(rng.choice(BID_VALUES)), Bid(264), Hold(), Pass()]
    actions += [PickUp(), PlayHand(), Discard(a, b), Discard(a, a), Push(a, b), Kontra(), Re()]
    actions += [
        Declare(game, schneider=rng.random() < 0.3, ouvert=rng.random() < 0.2) for game in GameType
    ]
    return actions


def check_finished_hand(state: GameState) -> None:
    assert state.finished and state.to_act is None and state.legal_actions() == ()
    if state.phase is Phase.PASSED_IN:
        assert state.settlement is None and not state.tricks
        return
    played = [card for trick in state.tricks for card in trick.cards]
    assert len(played) == len(set(played)) == 3 * len(state.tricks)
    taken = CardSet()
    for position in Position:
        assert not (taken & state.cards_taken(position))
        taken |= state.cards_taken(position)
    assert taken == CardSet(played)
    settlement = state.settlement
    rest = sum(state.hand(position).points for position in Position)
    assert taken.points + state.skat.points + rest == 120
    assert sum(state.trick_count(position) for position in Position) == len(state.tricks)
    if len(state.tricks) < 10:
        # Only a Null ends early: when the declarer takes a trick.
        assert state.game_type is GameType.NULL
        assert state.tricks[-1].winner == state.declarer
        assert isinstance(settlement, Settlement) and not settlement.won
        assert settlement.loss_reason in (LossReason.NULL_TRICK_TAKEN, LossReason.OVERBID)
    else:
        assert rest == 0 and taken.points + state.skat.points == 120
    if isinstance(settlement, RamschSettlement):
        assert sum(settlement.points) == 120 and sum(settlement.tricks) == 10
    else:
        assert isinstance(settlement, Settlement)
        assert settlement.contract == state.contract
        assert settlement.bid == state.bid
        if settlement.declarer_points is not None:
            assert 0 <= settlement.declarer_points <= 120


def check_plays_were_legal(states: Iterable[GameState]) -> None:
    """Re-derive, from the hands before each card, that every card played followed suit."""
    previous: GameState | None = None
    for state in states:
        if previous is not None and previous.phase is Phase.PLAY:
            action = state.actions[-1]
            if isinstance(action, Play):
                actor = previous.to_act
                assert actor is not None
                rules = previous.rules
                assert rules is not None
                hand = previous.hand(actor)
                assert action.card in hand
                led = previous.current_trick.cards
                if led:
                    same = [card for card in hand if rules.follows(card) is rules.follows(led[0])]
                    assert not same or rules.follows(action.card) is rules.follows(led[0])
        previous = state


@FAST
@given(seed=st.integers(0, 2**32), which=st.integers(0, len(OPTION_SETS) - 1))
def test_random_games_are_consistent_and_replay(seed: int, which: int) -> None:
    states = random_game(seed, OPTION_SETS[which])
    final = states[-1]
    check_finished_hand(final)
    check_plays_were_legal(states)
    text = str(final)
    again = GameState.parse(text)
    assert again == final and str(again) == text
    assert again.settlement == final.settlement
    assert GameState.replay(final.deal, final.actions, final.options) == final


@FAST
@given(seed=st.integers(0, 2**32), which=st.integers(0, len(OPTION_SETS) - 1))
def test_a_hand_read_again_is_as_written_whatever_was_played_on_the_first_reading(seed: int, which: int) -> None:
    states = random_game(seed, OPTION_SETS[which])
    middle = states[len(states) // 2]
    text = str(middle)
    first = GameState.parse(text)
    played_on = first.apply(first.legal_actions()[0])
    again = GameState.parse(text)
    assert again == middle and str(again) == text and again.legal_actions() == middle.legal_actions()
    assert played_on != again and str(played_on) != text


@FAST
@given(seed=st.integers(0, 2**32), which=st.integers(0, len(OPTION_SETS) - 1))
def test_history_names_who_took_each_action_however_the_state_was_built(seed: int, which: int) -> None:
    states = random_game(seed, OPTION_SETS[which])
    assert states[0].history() == ()
    for before, after in zip(states, states[1:]):
        assert before.to_act is not None
        assert after.history() == (*before.history(), (before.to_act, after.actions[-1]))
    final = states[-1]
    assert GameState.parse(str(final)).history() == final.history()
    assert final.undo().history() == final.history()[:-1]


def test_thousands_of_random_games() -> None:
    for seed in range(1000, 2500):
        check_finished_hand(random_game(seed, OPTION_SETS[seed % len(OPTION_SETS)])[-1])


@settings(FAST, max_examples=40)
@given(seed=st.integers(0, 2**32), which=st.integers(0, len(OPTION_SETS) - 1))
def test_legal_actions_are_exactly_the_accepted_ones(seed: int, which: int) -> None:
    rng = random.Random(seed)
    states = random_game(seed, OPTION_SETS[which])
    for state in rng.sample(states, min(len(states), 6)):
        before = str(state)
        legal = set(state.legal_actions())
        for action in [*every_action(rng), *legal]:
            try:
                after = state.apply(action)
            except IllegalAction as refused:
                assert action not in legal, (before, action, refused.reason)
                assert isinstance(refused.reason, Reason)
            else:
                assert action in legal, (before, action)
                assert after.actions == state.actions + (action,)
            # The state an action was tried on never changes.
            assert str(state) == before
        assert state == GameState.parse(before) and set(state.legal_actions()) == legal


@settings(FAST, max_examples=40)
@given(seed=st.integers(0, 2**32), which=st.integers(0, len(OPTION_SETS) - 1))
def test_views_show_only_what_a_seat_may_know(seed: int, which: int) -> None:
    rng = random.Random(seed)
    for state in random_game(seed, OPTION_SETS[which])[::5]:
        for position in Position:
            view = state.view(position)
            assert view.hand == state.hand(position)
            hidden = CardSet() if view.skat is not None else state.skat
            for other in Position:
                if other != position and not (view.open_cards and other == state.declarer):
                    hidden |= state.hand(other)
            assert view.unseen == hidden
            if view.skat is not None:
                assert view.skat == state.skat
            if view.open_cards is not None:
                assert view.open_cards == state.hand(view.declarer or Position.FOREHAND)
            for (actor, seen), (_, action) in zip(view.log, state.history()):
                if seen is None:
                    assert actor != position and isinstance(action, Discard | Push)
                else:
                    assert seen == action
            for other in Position:
                rules = state.rules
                for suit_class in view.voids[other]:
                    assert rules is not None
                    assert not rules.cards_of(suit_class) & state.hand(other)
            if state.to_act == position:
                assert view.legal_actions == state.legal_actions()
            else:
                assert view.legal_actions == ()
            if state.phase in (Phase.DISCARD, Phase.PUSH):
                continue
            # A sampled world looks the same from this seat.
            world = view.sample(rng)
            again = world.view(position)
            if view.pushes:
                # Pushes are imagined as passing the skat on unchanged.
                fields = ("log", "skat_seen", "laid_away", "skat", "settlement")
                again = dataclasses.replace(again, **{f: getattr(view, f) for f in fields})
            assert again == view


def test_not_your_turn() -> None:
    state = GameState.new(Deal.from_seed(3))
    with pytest.raises(IllegalAction) as caught:
        state.apply(Bid(18), by=Position.FOREHAND)
    assert caught.value.reason is Reason.NOT_YOUR_TURN
    assert state.apply(Bid(18), by=Position.MIDDLEHAND).to_act is Position.FOREHAND
    with pytest.raises(IllegalAction) as caught:
        state.apply("18")  # type: ignore[arg-type]
    assert caught.value.reason is Reason.UNKNOWN_ACTION


# ------------------------------------------------------------ scripted hands


def make_deal(forehand: str, skat: str) -> Deal:
    """Return a deal with forehand's cards and the skat fixed, the rest split in index order."""
    fixed = CardSet.parse(forehand) | CardSet.parse(skat)
    rest = [card for card in DECK if card not in fixed]
    return Deal(
        (CardSet.parse(forehand), CardSet(rest[:10]), CardSet(rest[10:])), CardSet.parse(skat)
    )


def run(state: GameState, actions: Iterable[Action]) -> GameState:
    for action in actions:
        state = state.apply(action)
    return state


def play_out(state: GameState, seed: int = 0) -> GameState:
    """Play the cards: the declarer plays its highest legal card, the others at random."""
    rng = random.Random(seed)
    while not state.finished:
        cards = state.legal_cards()
        if state.to_act == state.declarer:
            state = state.apply(Play(max(cards)))
        else:
            state = state.apply(Play(rng.choice(list(cards))))
    return state


STRONG = "CJ SJ HJ DJ CA CT CK CQ C9 C8"


@pytest.mark.parametrize("seed", range(5))
def test_grand_ouvert_with_4_reached_in_play(seed: int) -> None:
    state = run(
        GameState.new(make_deal(STRONG, "D7 H7")),
        [Bid(264), Hold(), Pass(), Pass(), PlayHand(), Declare(GameType.GRAND, ouvert=True)],
    )
    assert state.view(Position.MIDDLEHAND).open_cards == CardSet.parse(STRONG)
    settlement = play_out(state, seed).settlement
    assert isinstance(settlement, Settlement)
    assert (settlement.multiplier, settlement.value, settlement.score) == (11, 264, 264)


@pytest.mark.parametrize("seed", range(5))
def test_grand_with_4_all_tricks_reached_in_play(seed: int) -> None:
    state = run(
        GameState.new(make_deal(STRONG, "D7 H7")),
        [Bid(96), Hold(), Pass(), Pass(), PickUp()],
    )
    assert state.view(Position.FOREHAND).skat_seen == CardSet.parse("D7 H7")
    assert state.view(Position.MIDDLEHAND).skat_seen is None
    state = run(state, [Discard(Card.parse("D7"), Card.parse("H7")), Declare(GameType.GRAND)])
    final = play_out(state, seed)
    settlement = final.settlement
    assert isinstance(settlement, Settlement)
    assert final.trick_count(Position.FOREHAND) == 10
    assert (settlement.value, settlement.won, settlement.score) == (168, True, 168)


@pytest.mark.parametrize("seed", range(5))
def test_null_ouvert_lost_at_the_first_trick(seed: int) -> None:
    state = run(
        GameState.new(make_deal("CA CK CQ CJ CT SA SK SQ SJ ST", "D7 H7")),
        [Bid(46), Hold(), Pass(), Pass(), PickUp(), Discard(Card.parse("D7"), Card.parse("H7"))],
    )
    with pytest.raises(IllegalAction) as caught:
        state.apply(Declare(GameType.NULL))
    assert caught.value.reason is Reason.NULL_BELOW_BID
    state = state.apply(Declare(GameType.NULL, ouvert=True))
    final = play_out(state, seed)
    assert len(final.tricks) == 1 and final.phase is Phase.FINISHED
    settlement = final.settlement
    assert isinstance(settlement, Settlement)
    assert (settlement.value, settlement.won, settlement.score) == (46, False, -92)


@pytest.mark.parametrize(("kontra", "score"), [(False, -54), (True, -108)])
def test_diamonds_overbid_reached_in_play(kontra: bool, score: int) -> None:
    options = Options(kontra_re=True)
    state = run(
        GameState.new(make_deal("CJ HJ DA DT DK DQ D9 D8 D7 HA", "C7 C8"), options),
        [Bid(24), Hold(), Pass(), Pass(), PickUp(), Discard(Card.parse("C7"), Card.parse("C8")),
         Declare(GameType.DIAMONDS)],
    )
    state = state.apply(Play(Card.parse("CJ")))
    if kontra:
        assert Kontra() in state.legal_actions()
        state = state.apply(Kontra())
        assert state.kontra is Position.MIDDLEHAND
    # Neither side may end Schneider, or the value would reach 27 >= 24: pick such a play.
    for seed in range(50):
        settlement = play_out(state, seed).settlement
        assert isinstance(settlement, Settlement)
        if not settlement.schneider:
            break
    assert settlement.matadors == 1 and settlement.overbid
    assert (settlement.value, settlement.score) == (27, score)


def test_kontra_and_re_timing() -> None:
    options = Options(kontra_re=True, kontra_only_if_bid=True)
    state = run(
        GameState.new(make_deal(STRONG, "D7 H7"), options),
        [Bid(18), Hold(), Pass(), Pass(), PlayHand(), Declare(GameType.CLUBS)],
    )
    # Forehand is the declarer and leads; middlehand bid, rearhand did not.
    assert Kontra() not in state.legal_actions()
    state = state.apply(Play(Card.parse("CJ")))
    assert Kontra() in state.legal_actions()
    state = state.apply(Kontra())
    with pytest.raises(IllegalAction) as caught:
        state.apply(Kontra())
    assert caught.value.reason is Reason.KONTRA_NOT_ALLOWED
    state = state.apply(Play(max(state.legal_cards())))
    state = state.apply(Play(max(state.legal_cards())))
    assert state.to_act is Position.FOREHAND and Re() in state.legal_actions()
    state = state.apply(Re())
    assert state.re and Re() not in state.legal_actions()
    settlement = play_out(state).settlement
    assert isinstance(settlement, Settlement)
    assert settlement.kontra and settlement.re
    assert settlement.score == 4 * settlement.value


def test_rearhand_without_a_bid_may_not_say_kontra() -> None:
    options = Options(kontra_re=True, kontra_only_if_bid=True)
    state = run(
        GameState.new(make_deal(STRONG, "D7 H7"), options),
        [Bid(18), Hold(), Pass(), Pass(), PlayHand(), Declare(GameType.CLUBS),
         Play(Card.parse("CJ")), Play(max(make_deal(STRONG, "D7 H7").hands[1]))],
    )
    assert state.to_act is Position.REARHAND
    with pytest.raises(IllegalAction) as caught:
        state.apply(Kontra())
    assert caught.value.reason is Reason.KONTRA_NOT_ALLOWED


def test_announcements_need_a_hand_game() -> None:
    state = run(
        GameState.new(make_deal(STRONG, "D7 H7")),
        [Bid(18), Hold(), Pass(), Pass(), PickUp(), Discard(Card.parse("D7"), Card.parse("H7"))],
    )
    for declare in (Declare(GameType.CLUBS, schneider=True), Declare(GameType.GRAND, ouvert=True)):
        with pytest.raises(IllegalAction) as caught:
            state.apply(declare)
        assert caught.value.reason is Reason.ANNOUNCEMENT_NOT_ALLOWED
    with pytest.raises(IllegalAction) as caught:
        state.apply(Declare(GameType.RAMSCH))
    assert caught.value.reason is Reason.GAME_NOT_ALLOWED
    with pytest.raises(IllegalAction) as caught:
        state.apply(Declare(GameType.NULL, schneider=True))
    assert caught.value.reason is Reason.ANNOUNCEMENT_NOT_ALLOWED
    assert state.apply(Declare(GameType.NULL, ouvert=True)).contract == Contract(
        GameType.NULL, ouvert=True
    )


def test_discard_checks() -> None:
    state = run(GameState.new(make_deal(STRONG, "D7 H7")), [Bid(18), Hold(), Pass(), Pass()])
    assert state.phase is Phase.SKAT
    state = state.apply(PickUp())
    assert len(state.hand(Position.FOREHAND)) == 12 and not state.skat
    with pytest.raises(IllegalAction) as caught:
        state.apply(Discard(Card.parse("SA"), Card.parse("D7")))
    assert caught.value.reason is Reason.DISCARD_NOT_HELD
    with pytest.raises(IllegalAction) as caught:
        state.apply(Discard(Card.parse("D7"), Card.parse("D7")))
    assert caught.value.reason is Reason.SAME_CARD_TWICE
    with pytest.raises(IllegalAction) as caught:
        state.apply(Play(Card.parse("D7")))
    assert caught.value.reason is Reason.WRONG_PHASE
    done = state.apply(Discard(Card.parse("CJ"), Card.parse("CA")))
    assert done.skat == CardSet.parse("CJ CA") and done.phase is Phase.DECLARE


def test_must_follow_suit() -> None:
    state = run(
        GameState.new(make_deal(STRONG, "D7 H7")),
        [Bid(18), Hold(), Pass(), Pass(), PlayHand(), Declare(GameType.GRAND),
         Play(Card.parse("CA")), Play(Card.parse("HK"))],
    )
    # Middlehand had no club: free to play anything, and now known to be void in clubs.
    assert state.view(Position.REARHAND).voids[Position.MIDDLEHAND] == {SuitClass.CLUBS}
    assert Card.parse("C7") in state.hand(Position.REARHAND)
    with pytest.raises(IllegalAction) as caught:
        state.apply(Play(Card.parse("SA")))
    assert caught.value.reason is Reason.MUST_FOLLOW_SUIT
    assert state.legal_cards() == CardSet.parse("C7")
    assert state.apply(Play(Card.parse("C7"))).tricks[0].winner is Position.FOREHAND


def test_all_pass_is_passed_in_or_ramsch() -> None:
    deal = Deal.from_seed(9)
    passed = run(GameState.new(deal), [Pass(), Pass(), Pass()])
    assert passed.phase is Phase.PASSED_IN and passed.finished and passed.settlement is None
    ramsch = run(GameState.new(deal, Options(ramsch_when_passed=True)), [Pass(), Pass(), Pass()])
    assert ramsch.phase is Phase.PLAY and ramsch.game_type is GameType.RAMSCH
    assert ramsch.to_act is Position.FOREHAND
    final = play_out(ramsch)
    assert isinstance(final.settlement, RamschSettlement)
    assert sum(final.settlement.points) == 120


def test_schieberamsch_pushes_double() -> None:
    options = Options(ramsch=True, schieberamsch=True, push_jacks_allowed=False)
    state = GameState.new(make_deal(STRONG, "D7 H7"), options)
    assert state.phase is Phase.RAMSCH and state.to_act is Position.FOREHAND
    state = state.apply(PickUp())
    assert state.phase is Phase.PUSH
    with pytest.raises(IllegalAction) as caught:
        state.apply(Push(Card.parse("CJ"), Card.parse("D7")))
    assert caught.value.reason is Reason.JACK_NOT_PUSHABLE
    state = state.apply(Push(Card.parse("CA"), Card.parse("CT")))
    assert state.to_act is Position.MIDDLEHAND and state.skat == CardSet.parse("CA CT")
    state = run(state, [Pass(), PickUp()])
    assert state.view(Position.REARHAND).skat_seen == CardSet.parse("CA CT")
    state = state.apply(Push(Card.parse("CA"), Card.parse("CT")))
    assert state.phase is Phase.PLAY and state.pushes == 2
    settlement = play_out(state).settlement
    assert isinstance(settlement, RamschSettlement) and settlement.pushes == 2


def test_grand_hand_instead_of_ramsch() -> None:
    options = Options(ramsch=True, grand_hand_in_ramsch=True, kontra_re=True)
    state = GameState.new(make_deal(STRONG, "D7 H7"), options)
    state = state.apply(Declare(GameType.GRAND))
    assert state.declarer is Position.FOREHAND and state.contract == Contract(
        GameType.GRAND, hand=True
    )
    state = state.apply(Play(Card.parse("CJ")))
    assert Kontra() not in state.legal_actions()
    settlement = play_out(state).settlement
    assert isinstance(settlement, Settlement) and settlement.won


def test_undo_and_equality() -> None:
    state = run(GameState.new(Deal.from_seed(4)), [Bid(18), Hold()])
    assert state.undo() == GameState.new(Deal.from_seed(4)).apply(Bid(18))
    assert GameState.new(Deal.from_seed(4)).undo() == GameState.new(Deal.from_seed(4))
    assert hash(state) == hash(GameState.parse(str(state)))


@pytest.mark.parametrize(
    "text",
    [
        "nonsense",
        "CJ_18",
        str(Deal.from_seed(1)) + "_19",
        str(Deal.from_seed(1)) + "_18.fly",
        str(Deal.from_seed(1)) + "_wings_18",
        str(Deal.from_seed(1)) + "_players-5_",
    ],
)
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        GameState.parse(text)


def test_order_of_play_in_tricks() -> None:
    final = random_game(11)[-1]
    for trick in final.tricks:
        assert trick.players[0] == trick.leader
        rules = final.rules
        assert rules is not None
        assert trick.winner == trick.players[rules.trick_winner(trick.cards)]
    assert rules_for(GameType.GRAND).trumps[0] == Card.parse("CJ")
