"""The auction of rules.md §4."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from webapp.engine import Action, Auction, Bid, Hold, IllegalAction, Pass, Position, Reason


def run(actions: Sequence[Action]) -> Auction:
    auction = Auction()
    for action in actions:
        auction = auction.apply(action)
    return auction


def test_middlehand_then_rearhand() -> None:
    auction = run([Bid(18), Hold(), Bid(20), Pass()])
    assert auction.to_act is Position.REARHAND and auction.value == 20
    with pytest.raises(IllegalAction) as caught:
        auction.apply(Bid(20))
    assert caught.value.reason is Reason.BID_NOT_HIGHER
    auction = auction.apply(Bid(22)).apply(Hold()).apply(Bid(30)).apply(Pass())
    assert auction.finished and auction.declarer is Position.REARHAND and auction.value == 30


def test_jump_bids_and_rearhand_starts_above_the_held_value() -> None:
    auction = run([Bid(40), Pass()])
    assert auction.to_act is Position.REARHAND
    assert Bid(40) not in auction.legal_actions() and Bid(44) in auction.legal_actions()
    auction = auction.apply(Pass())
    assert auction.declarer is Position.MIDDLEHAND and auction.value == 40


def test_forehand_may_play_at_18_when_both_pass() -> None:
    auction = run([Pass(), Pass()])
    assert auction.to_act is Position.FOREHAND
    assert auction.legal_actions() == (Bid(18), Pass())
    with pytest.raises(IllegalAction) as caught:
        auction.apply(Bid(20))
    assert caught.value.reason is Reason.INVALID_BID_VALUE
    played = auction.apply(Bid(18))
    assert played.declarer is Position.FOREHAND and played.value == 18
    passed = auction.apply(Pass())
    assert passed.finished and passed.passed_in and passed.declarer is None


def test_rearhand_bids_to_forehand_after_middlehand_passes() -> None:
    auction = run([Pass(), Bid(18), Hold(), Pass()])
    assert auction.declarer is Position.FOREHAND and auction.value == 18
    assert auction.bidders == {Position.FOREHAND, Position.REARHAND}


def test_invalid_bid_values_and_answers() -> None:
    with pytest.raises(IllegalAction) as caught:
        Auction().apply(Bid(19))
    assert caught.value.reason is Reason.INVALID_BID_VALUE
    with pytest.raises(IllegalAction):
        Auction().apply(Hold())
    with pytest.raises(IllegalAction):
        run([Bid(18)]).apply(Bid(20))
    with pytest.raises(IllegalAction) as caught:
        run([Pass(), Pass(), Pass()]).apply(Pass())
    assert caught.value.reason is Reason.WRONG_PHASE
