"""Trumps, following and trick winners per game family."""

from __future__ import annotations

from webapp.engine import Card, CardSet, GameType, SuitClass, rules_for


def cards(text: str) -> list[Card]:
    return [Card.parse(part) for part in text.split()]


def test_trump_orders() -> None:
    assert " ".join(map(str, rules_for(GameType.CLUBS).trumps)) == (
        "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7"
    )
    assert " ".join(map(str, rules_for(GameType.DIAMONDS).trumps)) == (
        "CJ SJ HJ DJ DA DT DK DQ D9 D8 D7"
    )
    assert " ".join(map(str, rules_for(GameType.GRAND).trumps)) == "CJ SJ HJ DJ"
    assert rules_for(GameType.NULL).trumps == ()
    assert rules_for(GameType.RAMSCH).trumps == rules_for(GameType.GRAND).trumps


def test_jack_led_asks_for_trump() -> None:
    spades = rules_for(GameType.SPADES)
    hand = CardSet.parse("HA H7 S7")
    assert str(spades.legal_cards(hand, cards("HJ"))) == "S7"
    assert spades.follows(Card.parse("HJ")) is SuitClass.TRUMP
    assert str(rules_for(GameType.NULL).legal_cards(hand, cards("HJ"))) == "HA H7"
    assert str(rules_for(GameType.GRAND).legal_cards(CardSet.parse("HA SJ"), cards("H7"))) == "HA"


def test_void_may_play_anything() -> None:
    hearts = rules_for(GameType.HEARTS)
    hand = CardSet.parse("CA S7")
    assert hearts.legal_cards(hand, cards("DA")) == hand
    assert hearts.legal_cards(hand, []) == hand


def test_trick_winners() -> None:
    clubs = rules_for(GameType.CLUBS)
    assert clubs.trick_winner(cards("SA ST C7")) == 2
    assert clubs.trick_winner(cards("SA DJ CJ")) == 2
    assert clubs.trick_winner(cards("S7 SA HA")) == 1
    assert clubs.trick_winner(cards("HT HK HA")) == 2
    grand = rules_for(GameType.GRAND)
    assert grand.trick_winner(cards("CA C7 DJ")) == 2
    assert grand.trick_winner(cards("HT HK H9")) == 0
    null = rules_for(GameType.NULL)
    assert null.trick_winner(cards("HT HJ H9")) == 1
    assert null.trick_winner(cards("H7 CA SA")) == 0


def test_order_sorts_a_hand_for_the_game() -> None:
    hand = CardSet.parse("D7 HA CJ HT SK DJ")
    assert " ".join(map(str, rules_for(GameType.HEARTS).order(hand))) == "CJ DJ HA HT SK D7"
    assert " ".join(map(str, rules_for(GameType.NULL).order(hand))) == "CJ SK HA HT DJ D7"
