"""Every refused action names the right reason and leaves the state exactly as it was."""

from __future__ import annotations

import random
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

import pytest

from webapp.engine import (
    DECK,
    Action,
    Auction,
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
    InputReason,
    InvalidInput,
    Kontra,
    Options,
    Pass,
    Phase,
    PickUp,
    Play,
    PlayHand,
    Position,
    Push,
    Re,
    Reason,
    is_valid_bid,
    settle,
)

from .randomgame import OPTION_SETS, random_game

F, M, R = Position.FOREHAND, Position.MIDDLEHAND, Position.REARHAND


def snapshot(state: GameState) -> tuple[object, ...]:
    """Everything a caller can read from a state, each seat's view included."""
    return (
        str(state),
        state.phase,
        state.to_act,
        state.actions,
        tuple(state.hand(position) for position in Position),
        state.skat,
        state.tricks,
        state.current_trick,
        tuple(state.cards_taken(position) for position in Position),
        tuple(state.trick_count(position) for position in Position),
        state.declarer,
        state.bid,
        state.contract,
        state.game_type,
        state.kontra,
        state.re,
        state.pushes,
        state.auction.history,
        state.auction.to_act,
        state.legal_actions(),
        state.legal_cards(),
        state.settlement,
        tuple(state.view(position) for position in Position),
    )


def refused(
    state: GameState, action: object, reason: Reason, by: Position | None = None,
    *, deep: bool = True,
) -> None:
    """Assert that ``action`` is refused for ``reason`` and that nothing changed.

    ``deep=False`` compares the notation only (the caller compares a full snapshot later).
    """
    before = snapshot(state) if deep else str(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action, by=by)  # type: ignore[arg-type]
    assert caught.value.reason is reason, (str(state), action, caught.value.reason)
    assert caught.value.action == action
    assert (snapshot(state) if deep else str(state)) == before


def run(state: GameState, actions: Iterable[Action]) -> GameState:
    for action in actions:
        state = state.apply(action)
    return state


def card(text: str) -> Card:
    return Card.parse(text)


HAND_DEAL = Deal(
    (
        CardSet.parse("CJ SJ HJ DJ CA CT CK CQ C9 C8"),
        CardSet.parse("SA ST SK SQ S9 S8 S7 HA HT HK"),
        CardSet.parse("HQ H9 H8 H7 DA DT DK DQ D9 D8"),
    ),
    CardSet.parse("C7 D7"),
)


def test_refusals_in_the_auction() -> None:
    start = GameState.new(HAND_DEAL)
    refused(start, Bid(18), Reason.NOT_YOUR_TURN, by=F)
    refused(start, Bid(18), Reason.NOT_YOUR_TURN, by=R)
    for value in (0, 1, 17, 19, 21, 25, 265, 1000, -18):
        refused(start, Bid(value), Reason.INVALID_BID_VALUE)
    refused(start, Hold(), Reason.WRONG_PHASE)  # nothing to hold yet
    wrong: list[Action] = [PickUp(), PlayHand(), Declare(GameType.CLUBS), Play(card("SA")),
                           Kontra(), Re(), Discard(card("SA"), card("ST")),
                           Push(card("SA"), card("ST"))]
    for action in wrong:
        refused(start, action, Reason.WRONG_PHASE)
    refused(start, "18", Reason.UNKNOWN_ACTION)
    refused(start, None, Reason.UNKNOWN_ACTION)
    said = start.apply(Bid(20))
    refused(said, Bid(22), Reason.WRONG_PHASE)  # forehand answers, it does not bid
    refused(said, Hold(), Reason.NOT_YOUR_TURN, by=M)
    held = said.apply(Hold())
    refused(held, Bid(20), Reason.BID_NOT_HIGHER)
    refused(held, Bid(18), Reason.BID_NOT_HIGHER)
    refused(held, Hold(), Reason.WRONG_PHASE)
    to_rear = held.apply(Pass())  # middlehand passes: forehand survives with 20
    refused(to_rear, Bid(20), Reason.BID_NOT_HIGHER)
    refused(to_rear, Bid(23), Reason.NOT_YOUR_TURN, by=F)
    alone = run(start, [Pass(), Pass()])
    for value in (20, 22, 264):
        refused(alone, Bid(value), Reason.INVALID_BID_VALUE)
    refused(alone, Hold(), Reason.WRONG_PHASE)
    passed_in = alone.apply(Pass())
    after_end: list[Action] = [Pass(), Bid(18), PickUp(), Play(card("CJ"))]
    for action in after_end:
        refused(passed_in, action, Reason.WRONG_PHASE)
        refused(passed_in, action, Reason.NOT_YOUR_TURN, by=F)


def test_refusals_with_the_skat() -> None:
    skat = run(GameState.new(HAND_DEAL), [Bid(18), Hold(), Pass(), Pass()])
    assert skat.phase is Phase.SKAT and skat.to_act is F
    refused(skat, PickUp(), Reason.NOT_YOUR_TURN, by=M)
    before_skat: list[Action] = [Declare(GameType.GRAND), Discard(card("CJ"), card("SJ")),
                                 Pass(), Bid(20), Play(card("CJ"))]
    for action in before_skat:
        refused(skat, action, Reason.WRONG_PHASE)
    picked = skat.apply(PickUp())
    refused(picked, Discard(card("C7"), card("SA")), Reason.DISCARD_NOT_HELD)
    refused(picked, Discard(card("HQ"), card("SA")), Reason.DISCARD_NOT_HELD)
    refused(picked, Discard(card("C7"), card("C7")), Reason.SAME_CARD_TWICE)
    refused(picked, Discard(card("C7"), card("D7")), Reason.NOT_YOUR_TURN, by=R)
    not_now: list[Action] = [Declare(GameType.CLUBS), PickUp(), PlayHand(), Play(card("C7"))]
    for action in not_now:
        refused(picked, action, Reason.WRONG_PHASE)
    laid = picked.apply(Discard(card("C7"), card("D7")))
    for flags in ({"schneider": True}, {"schwarz": True}, {"ouvert": True}):
        refused(laid, Declare(GameType.SPADES, **flags), Reason.ANNOUNCEMENT_NOT_ALLOWED)
        refused(laid, Declare(GameType.GRAND, **flags), Reason.ANNOUNCEMENT_NOT_ALLOWED)
    refused(laid, Declare(GameType.NULL, schneider=True), Reason.ANNOUNCEMENT_NOT_ALLOWED)
    refused(laid, Declare(GameType.RAMSCH), Reason.GAME_NOT_ALLOWED)
    refused(laid, Declare(GameType.CLUBS), Reason.NOT_YOUR_TURN, by=M)
    high = run(GameState.new(HAND_DEAL), [Bid(48), Hold(), Pass(), Pass(), PickUp(),
                                          Discard(card("C7"), card("D7"))])
    refused(high, Declare(GameType.NULL), Reason.NULL_BELOW_BID)
    refused(high, Declare(GameType.NULL, ouvert=True), Reason.NULL_BELOW_BID)


def test_refusals_in_play() -> None:
    state = run(GameState.new(HAND_DEAL),
                [Bid(18), Hold(), Pass(), Pass(), PlayHand(), Declare(GameType.GRAND)])
    refused(state, Play(card("SA")), Reason.CARD_NOT_IN_HAND)  # middlehand's card
    refused(state, Play(card("C7")), Reason.CARD_NOT_IN_HAND)  # in the skat
    refused(state, Play(card("CJ")), Reason.NOT_YOUR_TURN, by=M)
    for action in (Bid(20), Pass(), Hold(), PickUp(), Declare(GameType.CLUBS),
                   Discard(card("CJ"), card("SJ"))):
        refused(state, action, Reason.WRONG_PHASE)
    refused(state, Kontra(), Reason.KONTRA_NOT_ALLOWED)  # the house rule is off
    refused(state, Re(), Reason.RE_NOT_ALLOWED)
    led = state.apply(Play(card("CA")))
    refused(led, Play(card("CA")), Reason.CARD_NOT_IN_HAND)  # already played
    # Middlehand has no club: anything goes; after it, rearhand has none either.
    after = led.apply(Play(card("HA")))
    refused(after, Play(card("HA")), Reason.CARD_NOT_IN_HAND)
    jack_led = state.apply(Play(card("CJ")))
    assert jack_led.legal_cards() == jack_led.hand(M)  # middlehand holds no Jack


def test_must_follow_suit_refusals() -> None:
    deal = Deal(
        (
            CardSet.parse("CJ SJ HA H7 CA C7 SA S7 DA D7"),
            CardSet.parse("HJ DJ HT H8 CT C8 ST S8 DT D8"),
            CardSet.parse("HK H9 CK C9 SK S9 DK D9 HQ CQ"),
        ),
        CardSet.parse("SQ DQ"),
    )
    hearts = run(GameState.new(deal),
                 [Bid(18), Hold(), Pass(), Pass(), PlayHand(), Declare(GameType.HEARTS)])
    # Trump led: middlehand must play a trump (a heart or a Jack).
    trump_led = hearts.apply(Play(card("H7")))
    assert trump_led.legal_cards() == CardSet.parse("HJ DJ HT H8")
    for text in ("CT", "C8", "ST", "S8", "DT", "D8"):
        refused(trump_led, Play(card(text)), Reason.MUST_FOLLOW_SUIT)
    # Spades led: the Jack of spades is no spade.
    spade_led = hearts.apply(Play(card("S7")))
    assert spade_led.legal_cards() == CardSet.parse("ST S8")
    for text in ("HJ", "DJ", "HT", "CT"):
        refused(spade_led, Play(card(text)), Reason.MUST_FOLLOW_SUIT)
    null = run(GameState.new(deal),
               [Bid(18), Hold(), Pass(), Pass(), PlayHand(), Declare(GameType.NULL)])
    # Null: a Jack led asks for its suit; the other Jacks are no help.
    jack_led = null.apply(Play(card("SJ")))
    assert jack_led.legal_cards() == CardSet.parse("ST S8")
    refused(jack_led, Play(card("HJ")), Reason.MUST_FOLLOW_SUIT)
    refused(jack_led, Play(card("DJ")), Reason.MUST_FOLLOW_SUIT)
    heart_led = null.apply(Play(card("H7")))
    assert heart_led.legal_cards() == CardSet.parse("HJ HT H8")


def test_kontra_and_re_refusals() -> None:
    options = Options(kontra_re=True)
    state = run(GameState.new(HAND_DEAL, options),
                [Bid(18), Hold(), Pass(), Pass(), PlayHand(), Declare(GameType.GRAND)])
    refused(state, Kontra(), Reason.KONTRA_NOT_ALLOWED)  # the declarer cannot say Kontra
    refused(state, Re(), Reason.RE_NOT_ALLOWED)  # no Kontra yet
    led = state.apply(Play(card("CA")))
    refused(led, Re(), Reason.RE_NOT_ALLOWED)  # a defender cannot say Re
    doubled = led.apply(Kontra())
    refused(doubled, Kontra(), Reason.KONTRA_NOT_ALLOWED)  # said already
    rear = doubled.apply(Play(card("SA")))
    refused(rear, Kontra(), Reason.KONTRA_NOT_ALLOWED)  # one Kontra for both defenders
    refused(rear, Re(), Reason.RE_NOT_ALLOWED)  # not the declarer's turn
    back = rear.apply(Play(card("HQ")))
    assert back.to_act is F and Re() in back.legal_actions()
    played_on = back.apply(Play(card("CT")))
    assert played_on.to_act is M
    refused(played_on, Kontra(), Reason.KONTRA_NOT_ALLOWED)  # after the first trick
    # Re is for the declarer's next turn only: once it has played on, it is too late.
    late = run(played_on, [Play(card("ST")), Play(card("H9"))])
    assert late.to_act is F
    refused(late, Re(), Reason.RE_NOT_ALLOWED)
    strict = run(GameState.new(HAND_DEAL, Options(kontra_re=True, kontra_only_if_bid=True)),
                 [Bid(18), Hold(), Pass(), Pass(), PlayHand(), Declare(GameType.GRAND),
                  Play(card("CA")), Play(card("SA"))])
    refused(strict, Kontra(), Reason.KONTRA_NOT_ALLOWED)  # rearhand never bid


def test_ramsch_refusals() -> None:
    plain = GameState.new(HAND_DEAL, Options(ramsch=True))
    assert plain.phase is Phase.PLAY
    for action in (PickUp(), Declare(GameType.GRAND), Push(card("CJ"), card("SJ")), Kontra()):
        refused(plain, action, Reason.KONTRA_NOT_ALLOWED if action == Kontra()
                else Reason.WRONG_PHASE)
    push_only = GameState.new(HAND_DEAL, Options(ramsch=True, schieberamsch=True,
                                                 push_jacks_allowed=False))
    refused(push_only, Declare(GameType.GRAND), Reason.GAME_NOT_ALLOWED)
    refused(push_only, Bid(18), Reason.WRONG_PHASE)
    taken = push_only.apply(PickUp())
    refused(taken, Push(card("CJ"), card("C7")), Reason.JACK_NOT_PUSHABLE)
    refused(taken, Push(card("SA"), card("C7")), Reason.DISCARD_NOT_HELD)
    refused(taken, Push(card("C7"), card("C7")), Reason.SAME_CARD_TWICE)
    refused(taken, Pass(), Reason.WRONG_PHASE)
    grand_only = GameState.new(HAND_DEAL, Options(ramsch=True, grand_hand_in_ramsch=True))
    refused(grand_only, PickUp(), Reason.GAME_NOT_ALLOWED)
    refused(grand_only, Declare(GameType.CLUBS), Reason.GAME_NOT_ALLOWED)
    refused(grand_only, Declare(GameType.NULL), Reason.GAME_NOT_ALLOWED)


@pytest.mark.parametrize("which", range(len(OPTION_SETS)))
def test_random_refusals_leave_states_unchanged(which: int) -> None:
    """30 random hands per option set; at sampled states, every wrong card and seat is refused
    with its reason and the whole state, every seat's view included, stays the same."""
    rng = random.Random(which)
    checked = 0
    for seed in range(30):
        states = random_game(1000 * which + seed, OPTION_SETS[which])
        for state in rng.sample(states, min(4, len(states))):
            if state.finished:
                continue
            actor = state.to_act
            assert actor is not None
            before = snapshot(state)
            for other in Position:
                if other != actor:
                    action = state.legal_actions()[0]
                    refused(state, action, Reason.NOT_YOUR_TURN, by=other, deep=False)
            if state.phase is Phase.PLAY:
                hand = state.hand(actor)
                legal = state.legal_cards()
                for played in DECK:
                    if played not in hand:
                        refused(state, Play(played), Reason.CARD_NOT_IN_HAND, deep=False)
                    elif played not in legal:
                        refused(state, Play(played), Reason.MUST_FOLLOW_SUIT, deep=False)
                    checked += 1
            elif state.phase in (Phase.DISCARD, Phase.PUSH):
                hand = state.hand(actor)
                outside = [c for c in DECK if c not in hand]
                held = list(hand)
                make = Discard if state.phase is Phase.DISCARD else Push
                refused(state, make(rng.choice(held), rng.choice(outside)),
                        Reason.DISCARD_NOT_HELD, deep=False)
                refused(state, make(held[0], held[0]), Reason.SAME_CARD_TWICE, deep=False)
                checked += 1
            assert snapshot(state) == before
    assert checked > 50


@pytest.mark.parametrize("value", [18.0, 20.0, True, "18", Fraction(18), Decimal(18)])
def test_a_bid_value_that_is_not_an_integer_is_invalid(value: object) -> None:
    """rules.md §4: the valid bids are the (integer) game values. ``Bid(18.0)`` used to be
    accepted, and the notation of the hand (``…_18.0``) then read back as two bids, 18 and 0."""
    state = GameState.new(HAND_DEAL)
    refused(state, Bid(value), Reason.INVALID_BID_VALUE)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction) as caught:
        Auction().apply(Bid(value))  # type: ignore[arg-type]
    assert caught.value.reason is Reason.INVALID_BID_VALUE
    assert not is_valid_bid(value)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput) as invalid:
        settle(Contract(GameType.CLUBS), matadors=1, declarer_points=61,
               bid=value)  # type: ignore[arg-type]
    assert (invalid.value.field, invalid.value.reason) == ("bid", InputReason.INVALID_BID)
