"""Deals from seeds, deal notation and seating."""

from __future__ import annotations

import pytest

from webapp.engine import CardSet, Deal, Position, dealer_for, seat_of, seat_positions
from webapp.engine.deal import SplitMix64

# Pinned so that a permalink or class code gives the same deal on every machine, for ever.
PINNED = {
    0: "CJHJDJSQHAHKHQH7DAD9-SJCACTC9C8C7S7HTH9D7-CKCQSASTSKS8DTDKDQD8-S9H8",
    1: "HJDJCKC8SQHAHKH8DAD9-CJSJCTCQSTSKS8HTDTDQ-C9C7SAS9HQH9H7DKD8D7-CAS7",
    2024: "CACKCQS9S8S7HAH9DAD7-HJC9STSKSQH8DTDKDQD9-CJSJDJCTC8C7HTHKH7D8-SAHQ",
    2**64 - 1: "SJHJCKCQC9SAS9HTH8DT-CJC8C7HAHKHQH7DADQD9-DJCTSTSKSQS8H9DKD8D7-CAS7",
}


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_pinned_seeds(seed: int) -> None:
    assert str(Deal.from_seed(seed)) == PINNED[seed]


def test_splitmix64_reference_output() -> None:
    rng = SplitMix64(0)
    assert (rng.next(), rng.next()) == (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4)


def test_seeds_give_valid_different_deals() -> None:
    deals = {Deal.from_seed(seed) for seed in range(200)}
    assert len(deals) == 200
    for deal in deals:
        assert Deal.parse(str(deal)) == deal
        assert sum(len(hand) for hand in deal.hands) + len(deal.skat) == 32


def test_parse_accepts_spaced_form_and_refuses_bad_deals() -> None:
    deal = Deal.from_seed(5)
    spaced = " / ".join(str(part) for part in (*deal.hands, deal.skat))
    assert Deal.parse(spaced) == deal
    with pytest.raises(ValueError):
        Deal.parse("CJ-SJ")
    hands = deal.hands
    with pytest.raises(ValueError):
        Deal((hands[0], hands[0], hands[2]), deal.skat)
    with pytest.raises(ValueError):
        Deal((hands[0], hands[1], hands[2]), CardSet())
    with pytest.raises(ValueError):
        Deal.from_seed(-1)


def test_seating() -> None:
    assert seat_positions(dealer=0, players=3) == (
        Position.REARHAND, Position.FOREHAND, Position.MIDDLEHAND)
    assert seat_positions(dealer=3, players=4) == (
        Position.FOREHAND, Position.MIDDLEHAND, Position.REARHAND, None)
    assert seat_of(Position.FOREHAND, dealer=3, players=4) == 0
    assert [dealer_for(n, players=4) for n in range(6)] == [0, 1, 2, 3, 0, 1]
    with pytest.raises(ValueError):
        seat_positions(dealer=3, players=3)
    assert Position.REARHAND.next is Position.FOREHAND
