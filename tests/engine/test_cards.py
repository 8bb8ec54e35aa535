"""Cards, the deck and card sets."""

from __future__ import annotations

import pickle

import pytest

from webapp.engine import DECK, Card, CardSet, Rank, Suit


def test_deck_has_32_distinct_cards_worth_120() -> None:
    assert len(set(DECK)) == 32
    assert [card.index for card in DECK] == list(range(32))
    assert sum(card.points for card in DECK) == 120
    assert CardSet(DECK).points == 120


def test_every_card_round_trips_its_notation() -> None:
    for card in DECK:
        assert Card.parse(str(card)) is card
        assert Card(card.suit, card.rank) is card
        assert eval(repr(card)) is card
        assert pickle.loads(pickle.dumps(card)) is card


def test_card_is_immutable_and_ordered() -> None:
    card = Card.parse("CJ")
    with pytest.raises(AttributeError):
        card.points = 3
    assert Card.parse("CJ") > Card.parse("SJ") > Card.parse("CA") > Card.parse("D7")
    assert max(DECK) is card


@pytest.mark.parametrize("text", ["", "C", "XJ", "C1", "CJJ", "cj"])
def test_bad_card_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(text)


def test_card_set_operations() -> None:
    a = CardSet.parse("CJ SJ HA")
    b = CardSet.parse("HA D7")
    assert str(a | b) == "CJ SJ HA D7"
    assert str(a & b) == "HA"
    assert str(a - b) == "CJ SJ"
    assert a.points == 15 and len(a) == 3
    assert Card.parse("SJ") in a and Card.parse("D7") not in a
    assert CardSet.parse(str(a)) == a and hash(CardSet.parse("HA SJ CJ")) == hash(a)
    assert CardSet() == CardSet.from_mask(0) and not CardSet()
    assert pickle.loads(pickle.dumps(a)) == a
    assert CardSet.parse("HA") <= a < a | b


@pytest.mark.parametrize("text", ["CJ CJ", "CJ S", "ZZ"])
def test_bad_card_set_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        CardSet.parse(text)


def test_suit_and_rank_letters() -> None:
    assert [suit.letter for suit in Suit] == ["D", "H", "S", "C"]
    assert "".join(rank.char for rank in Rank) == "789TJQKA"
    assert Suit.parse("C") is Suit.CLUBS and Rank.parse("T") is Rank.TEN
    assert Rank.ACE.points == 11 and Rank.TEN.points == 10
