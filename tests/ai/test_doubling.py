"""Kontra and Re: the strong and medium players say them by their sampled odds of the game."""

from __future__ import annotations

import pytest

from webapp.ai import Level, choose
from webapp.engine import (
    Bid,
    Card,
    CardSet,
    Deal,
    Declare,
    Discard,
    GameState,
    GameType,
    Hold,
    Kontra,
    Options,
    Pass,
    Play,
    PickUp,
    Re,
)

KONTRA_RE = Options(kontra_re=True)


def _cards(text: str) -> CardSet:
    return CardSet(tuple(Card.parse(part) for part in text.split()))


def _declared(fore: str, middle: str, rear: str, skat: str, game: GameType, laid: str) -> GameState:
    """Return the state at the first card: middlehand bid 18, forehand held and declares."""
    deal = Deal((_cards(fore), _cards(middle), _cards(rear)), _cards(skat))
    state = GameState.new(deal, KONTRA_RE)
    first, second = (Card.parse(part) for part in laid.split())
    for action in (Bid(18), Hold(), Pass(), Pass(), PickUp(), Discard(first, second), Declare(game)):
        state = state.apply(action)
    return state


# Forehand plays Spades without four; middlehand holds all four Jacks and the side Aces and Tens.
HOPELESS = ("SA ST SK SQ S9 S8 S7 C9 H9 D9", "CJ SJ HJ DJ CA CT HA HT DA DT",
            "CK CQ C8 C7 HK HQ H8 H7 DK DQ", "D8 D7")
# Forehand plays Grand with four Jacks and three Aces; middlehand holds small cards.
COLD = ("CJ SJ HJ DJ CA CT CK HA HT SA", "C7 C8 C9 H7 H8 H9 S7 S8 S9 D7",
        "CQ HK HQ SK SQ ST DA DT DK DQ", "D9 D8")


@pytest.mark.parametrize("level", [Level.STRONG, Level.MEDIUM])
def test_a_defender_with_the_declarers_tricks_in_hand_says_kontra(level: Level) -> None:
    state = _declared(*HOPELESS, GameType.SPADES, "C9 H9")
    state = state.apply(Play(Card.parse("SA")))
    assert Kontra() in state.legal_actions()
    assert choose(state.view(state.to_act), level, seed=3) == Kontra()


@pytest.mark.parametrize("level", [Level.STRONG, Level.MEDIUM])
def test_a_defender_with_small_cards_against_a_cold_grand_says_no_kontra(level: Level) -> None:
    state = _declared(*COLD, GameType.GRAND, "D9 D8")
    state = state.apply(Play(Card.parse("CJ")))
    assert Kontra() in state.legal_actions()
    assert choose(state.view(state.to_act), level, seed=3) != Kontra()


@pytest.mark.parametrize("level", [Level.STRONG, Level.MEDIUM])
def test_a_declarer_answers_kontra_with_re_on_a_cold_game_and_not_on_a_hopeless_one(level: Level) -> None:
    cold = _declared(*COLD, GameType.GRAND, "D9 D8")
    cold = cold.apply(Play(Card.parse("CJ"))).apply(Kontra())
    for card in ("C7", "CQ"):
        cold = cold.apply(Play(Card.parse(card)))
    assert Re() in cold.legal_actions()
    assert choose(cold.view(cold.to_act), level, seed=3) == Re()
    hopeless = _declared(*HOPELESS, GameType.SPADES, "C9 H9")
    hopeless = hopeless.apply(Play(Card.parse("SA"))).apply(Kontra())
    for card in ("SJ", "CK"):
        hopeless = hopeless.apply(Play(Card.parse(card)))
    # Middlehand's Jack took the trick; the declarer is asked once it is to play.
    while hopeless.to_act != hopeless.declarer:
        hopeless = hopeless.apply(choose(hopeless.view(hopeless.to_act), Level.EASY, seed=3))
    assert Re() in hopeless.legal_actions()
    assert choose(hopeless.view(hopeless.to_act), level, seed=3) != Re()
