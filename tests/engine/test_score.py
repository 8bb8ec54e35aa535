"""Worked examples of rules.md §12 and the checks of `settle`'s input."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from webapp.engine import (
    BID_VALUES,
    BockTrigger,
    CardSet,
    Contract,
    GameType,
    InputReason,
    InvalidInput,
    Level,
    LossReason,
    RamschSettlement,
    Settlement,
    StepKind,
    bock_triggers,
    matadors,
    next_bid,
    settle,
    settle_ramsch,
)

# The project's shared material sits next to the repository root as ../shared.
RULES = Path(__file__).resolve().parents[3] / "shared" / "spec" / "rules.md"
# The list of rules.md §4, copied here so that the check runs even without ../shared.
LISTED = """
18 20 22 23 24 27 30 33 35 36 40 44 45 46 48 50 54 55 59 60 63 66 70 72 77 80 81 84 88 90 96 99 100
108 110 117 120 121 126 130 132 135 140 143 144 150 153 154 156 160 162 165 168 170 176 180 187 192
198 204 216 240 264
"""


def listed_bid_values() -> tuple[int, ...]:
    """Read the list of rules.md §4 (from ../shared when it is there, else the copy above)."""
    if RULES.exists():
        section = RULES.read_text(encoding="utf-8").split("## 4. Bidding", 1)[1].split("(Suit values", 1)[0]
        text = section.split(":", 1)[1]
        assert re.findall(r"\d+", text) == LISTED.split(), "the copy in this file differs from rules.md"
    else:
        text = LISTED
    return tuple(int(number) for number in re.findall(r"\b\d+\b", text))


def test_derived_bid_values_match_the_list() -> None:
    assert BID_VALUES == listed_bid_values()
    assert len(BID_VALUES) == 63


def test_next_bid_walks_the_list() -> None:
    value, walked = 0, []
    while (following := next_bid(value)) is not None:
        walked.append(following)
        value = following
    assert tuple(walked) == BID_VALUES


def test_diamonds_with_1_won_with_61() -> None:
    result = settle(Contract(GameType.DIAMONDS), matadors=1, declarer_points=61, bid=18)
    assert (result.value, result.won, result.score) == (18, True, 18)
    assert result.seeger_fabian.declarer == 68
    assert result.seeger_fabian.others == 0


def test_diamonds_with_1_lost_with_60() -> None:
    result = settle(Contract(GameType.DIAMONDS), matadors=1, declarer_points=60, bid=18)
    assert (result.value, result.won, result.score) == (18, False, -36)
    assert result.loss_reason is LossReason.NOT_ENOUGH_POINTS
    assert result.seeger_fabian.declarer == -86
    assert result.seeger_fabian.others == 40
    four = settle(Contract(GameType.DIAMONDS), matadors=1, declarer_points=60, bid=18, players=4)
    assert four.seeger_fabian.others == 30


def test_clubs_with_2_won_with_85() -> None:
    result = settle(Contract(GameType.CLUBS), matadors=2, declarer_points=85, bid=36)
    assert (result.value, result.won, result.score) == (36, True, 36)


def test_hearts_without_2_hand_schneider() -> None:
    result = settle(Contract(GameType.HEARTS, hand=True), matadors=-2, declarer_points=95, bid=40)
    assert (result.value, result.won, result.score) == (50, True, 50)
    assert result.levels == (
        (Level.MATADORS, 2),
        (Level.GAME, 1),
        (Level.HAND, 1),
        (Level.SCHNEIDER, 1),
    )


def test_grand_with_4_all_tricks() -> None:
    result = settle(
        Contract(GameType.GRAND), matadors=4, declarer_points=120, declarer_tricks=10, bid=96
    )
    assert (result.value, result.won, result.score) == (168, True, 168)
    assert result.schneider and result.schwarz


def test_spades_without_1_declarer_schneider() -> None:
    result = settle(Contract(GameType.SPADES), matadors=-1, declarer_points=25, bid=22)
    assert (result.value, result.won, result.score) == (33, False, -66)


def test_diamonds_with_1_overbid() -> None:
    result = settle(Contract(GameType.DIAMONDS), matadors=1, declarer_points=70, bid=24)
    assert (result.game_value, result.value, result.won, result.score) == (18, 27, False, -54)
    assert result.overbid and result.overbid_value == 27
    assert result.loss_reason is LossReason.OVERBID


def test_hearts_schneider_announced_missed() -> None:
    contract = Contract(GameType.HEARTS, hand=True, schneider_announced=True)
    result = settle(contract, matadors=1, declarer_points=80, bid=30)
    assert (result.value, result.won, result.score) == (50, False, -100)
    assert result.loss_reason is LossReason.SCHNEIDER_MISSED


def test_null_ouvert_lost() -> None:
    result = settle(Contract(GameType.NULL, ouvert=True), declarer_tricks=1, bid=46)
    assert (result.value, result.won, result.score) == (46, False, -92)
    assert result.loss_reason is LossReason.NULL_TRICK_TAKEN
    assert result.multiplier is None and result.levels == ()


def test_grand_ouvert_with_4() -> None:
    contract = Contract(GameType.GRAND, hand=True, ouvert=True)
    result = settle(contract, matadors=4, declarer_points=120, declarer_tricks=10, bid=264)
    assert (result.multiplier, result.value, result.won, result.score) == (11, 264, True, 264)


def test_clubs_kontra_and_re() -> None:
    result = settle(
        Contract(GameType.CLUBS), matadors=2, declarer_points=85, bid=36, kontra=True, re=True
    )
    assert (result.value, result.won, result.score) == (36, True, 144)
    kinds = [step.kind for step in result.steps][-4:]
    assert kinds == [StepKind.LIST_SCORE, StepKind.KONTRA, StepKind.RE, StepKind.SCORE]


def test_diamonds_kontra_overbid() -> None:
    result = settle(
        Contract(GameType.DIAMONDS), matadors=1, declarer_points=75, bid=22, kontra=True
    )
    assert (result.value, result.won, result.score) == (27, False, -108)


def test_bock_doubles_after_kontra_and_re() -> None:
    result = settle(
        Contract(GameType.CLUBS), matadors=2, declarer_points=85, bid=36, kontra=True, bock=True
    )
    assert result.score == 144


def test_steps_spell_out_the_computation() -> None:
    result = settle(Contract(GameType.HEARTS, hand=True), matadors=2, declarer_points=75, bid=36)
    assert [(step.kind, step.value, step.level) for step in result.steps] == [
        (StepKind.BASE_VALUE, 10, None),
        (StepKind.LEVEL, 2, Level.MATADORS),
        (StepKind.LEVEL, 1, Level.GAME),
        (StepKind.LEVEL, 1, Level.HAND),
        (StepKind.MULTIPLIER, 4, None),
        (StepKind.GAME_VALUE, 40, None),
        (StepKind.BID_REACHED, 36, None),
        (StepKind.WON, 40, None),
        (StepKind.LIST_SCORE, 40, None),
        (StepKind.SCORE, 40, None),
    ]
    assert result.as_dict()["score"] == 40


def test_lost_game_counts_schwarz_when_declarer_took_no_trick() -> None:
    result = settle(Contract(GameType.CLUBS), matadors=1, declarer_points=0, declarer_tricks=0,
                    bid=18)
    assert result.multiplier == 4  # with 1, game, Schneider, Schwarz
    assert result.score == -96


def test_schwarz_announced_missed() -> None:
    contract = Contract(GameType.GRAND, hand=True, schwarz_announced=True)
    result = settle(contract, matadors=2, declarer_points=118, declarer_tricks=9, bid=24)
    assert result.loss_reason is LossReason.SCHWARZ_MISSED
    assert result.multiplier == 2 + 1 + 1 + 2 + 2


@pytest.mark.parametrize(
    ("kwargs", "field", "reason"),
    [
        ({"declarer_points": 121}, "declarer_points", InputReason.OUT_OF_RANGE),
        ({"declarer_points": -1}, "declarer_points", InputReason.OUT_OF_RANGE),
        ({"declarer_tricks": 11}, "declarer_tricks", InputReason.OUT_OF_RANGE),
        ({"matadors": 12}, "matadors", InputReason.OUT_OF_RANGE),
        ({"matadors": 0}, "matadors", InputReason.OUT_OF_RANGE),
        ({"matadors": None}, "matadors", InputReason.MISSING),
        ({"declarer_points": None}, "declarer_points", InputReason.MISSING),
        ({"bid": 19}, "bid", InputReason.INVALID_BID),
        ({"re": True}, "re", InputReason.RE_WITHOUT_KONTRA),
        ({"players": 5}, "players", InputReason.OUT_OF_RANGE),
        ({"declarer_tricks": 0, "declarer_points": 23}, "declarer_points",
         InputReason.INCONSISTENT),
        ({"declarer_tricks": 10, "declarer_points": 110}, "declarer_points",
         InputReason.INCONSISTENT),
        ({"declarer_tricks": 1, "declarer_points": 61}, "declarer_points",
         InputReason.INCONSISTENT),
        ({"declarer_points": 119}, "declarer_points", InputReason.INCONSISTENT),
    ],
)
def test_impossible_input_is_refused(kwargs: dict[str, object], field: str,
                                     reason: InputReason) -> None:
    arguments: dict[str, object] = {"matadors": 1, "declarer_points": 70, "bid": 18}
    arguments.update(kwargs)
    with pytest.raises(InvalidInput) as caught:
        settle(Contract(GameType.CLUBS), **arguments)  # type: ignore[arg-type]
    assert (caught.value.field, caught.value.reason) == (field, reason)


def test_possible_edge_input_is_accepted() -> None:
    # The skat counts for the declarer: no trick and still 22 points (two aces laid away).
    assert settle(Contract(GameType.CLUBS), matadors=1, declarer_points=22, declarer_tricks=0,
                  bid=18).score == -96
    # Nine tricks and all 120 points: the defenders' trick held no points.
    assert settle(Contract(GameType.CLUBS), matadors=1, declarer_points=120, declarer_tricks=9,
                  bid=18).score == 36
    assert settle(Contract(GameType.GRAND), matadors=-4, declarer_points=5, declarer_tricks=1,
                  bid=18).won is False


def test_grand_matadors_range() -> None:
    with pytest.raises(InvalidInput) as caught:
        settle(Contract(GameType.GRAND), matadors=5, declarer_points=70, bid=18)
    assert caught.value.field == "matadors"


def test_null_checks() -> None:
    with pytest.raises(InvalidInput) as caught:
        settle(Contract(GameType.NULL), matadors=1, declarer_tricks=0, bid=18)
    assert caught.value.field == "matadors"
    with pytest.raises(InvalidInput) as caught:
        settle(Contract(GameType.NULL), declarer_tricks=0, bid=24)
    assert (caught.value.field, caught.value.reason) == ("bid", InputReason.NULL_BELOW_BID)
    with pytest.raises(InvalidInput) as caught:
        settle(Contract(GameType.NULL), bid=23)
    assert caught.value.reason is InputReason.MISSING
    assert settle(Contract(GameType.NULL, hand=True), declarer_tricks=0, bid=35).score == 35


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"schneider_announced": True}, "schneider_announced"),
        ({"schwarz_announced": True}, "schwarz_announced"),
        ({"ouvert": True}, "ouvert"),
    ],
)
def test_contract_announcements_need_hand(kwargs: dict[str, bool], field: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        Contract(GameType.SPADES, **kwargs)
    assert (caught.value.field, caught.value.reason) == (field, InputReason.NEEDS_HAND)


def test_contract_fills_in_implied_announcements() -> None:
    assert Contract(GameType.SPADES, hand=True, schwarz_announced=True).schneider_announced
    assert Contract(GameType.NULL, ouvert=True).null_value == 46
    with pytest.raises(InvalidInput):
        Contract(GameType.NULL, hand=True, schneider_announced=True)
    with pytest.raises(InvalidInput):
        Contract(GameType.RAMSCH)


def test_matadors_over_twelve_cards() -> None:
    cards = CardSet.parse("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 SA")
    assert matadors(cards, GameType.CLUBS) == 11
    assert matadors(cards, GameType.GRAND) == 4
    assert matadors(CardSet.parse("DJ C7"), GameType.CLUBS) == -3
    assert matadors(CardSet.parse("SA"), GameType.CLUBS) == -11
    with pytest.raises(InvalidInput):
        matadors(cards, GameType.NULL)


def test_ramsch_scores() -> None:
    plain = settle_ramsch(points=(50, 45, 25), tricks=(4, 4, 2))
    assert plain.scores == (-50, 0, 0) and plain.losers == (0,)
    jungfrau = settle_ramsch(points=(70, 50, 0), tricks=(6, 4, 0))
    assert jungfrau.scores == (-140, 0, 0) and jungfrau.jungfrau == (2,)
    tie = settle_ramsch(points=(40, 40, 40), tricks=(3, 3, 4), pushes=2, bock=True)
    assert tie.scores == (-320, -320, -320)
    march = settle_ramsch(points=(0, 120, 0), tricks=(0, 10, 0), pushes=1)
    assert march.scores == (0, 240, 0) and march.durchmarsch == 1
    with pytest.raises(InvalidInput):
        settle_ramsch(points=(60, 50, 0), tricks=(6, 4, 0))
    with pytest.raises(InvalidInput):
        settle_ramsch(points=(70, 48, 2), tricks=(6, 4, 0))


def test_bock_triggers() -> None:
    grand = settle(Contract(GameType.GRAND, hand=True), matadors=2, declarer_points=95, bid=18)
    assert bock_triggers(grand) == {
        BockTrigger.VALUE_120, BockTrigger.SCHNEIDER, BockTrigger.GRAND_HAND_WON}
    kontra = settle(Contract(GameType.CLUBS), matadors=1, declarer_points=50, bid=18,
                    kontra=True, re=True)
    assert bock_triggers(kontra) == {BockTrigger.KONTRA_SUCCEEDED, BockTrigger.RE}
    assert bock_triggers(settle(Contract(GameType.NULL), declarer_tricks=0, bid=23)) == set()


def _outcome(call: Callable[[], Settlement | RamschSettlement]) -> object:
    """Return what a call gives: its settlement, or the field and reason it refused."""
    try:
        return call()
    except InvalidInput as error:
        return (error.field, error.reason)


def test_settling_without_the_worked_score_gives_the_same_numbers() -> None:
    rng = random.Random(4711)
    settled = 0
    for _ in range(22000):  # more draws since 0 and 120 card points without tricks are refused
        game_type = rng.choice([game for game in GameType if game is not GameType.RAMSCH])
        hand = rng.random() < 0.3
        options = {name: hand and rng.random() < 0.2 for name in ("schneider_announced", "schwarz_announced", "ouvert")}
        try:
            contract = Contract(game_type, hand=hand, **options)
        except InvalidInput:
            continue
        null = game_type is GameType.NULL
        kwargs: dict[str, Any] = {
            "matadors": rng.choice([None, 0, 12] if rng.random() < 0.05 else [None] if null else [-4, -2, -1, 1, 2, 3, 4]),
            "declarer_points": None if null else rng.choice([0, 30, 31, 59, 60, 61, 75, 89, 90, 119, 120, 121]),
            "declarer_tricks": rng.choice([None, 0, 1, 5, 10]),
            "bid": rng.choice(BID_VALUES[:20] + (17,)),
            "kontra": rng.random() < 0.3,
            "re": rng.random() < 0.2,
            "bock": rng.random() < 0.3,
            "players": rng.choice([3, 4]),
        }
        full = _outcome(lambda: settle(contract, **kwargs))
        light = _outcome(lambda: settle(contract, **kwargs, worked=False))
        if isinstance(full, Settlement):
            assert full.steps and light == dataclasses.replace(full, steps=())
            settled += 1
        else:
            assert light == full
    splits = [((30, 50, 40), (3, 4, 3)), ((60, 60, 0), (5, 5, 0)), ((0, 120, 0), (0, 10, 0)),
              ((0, 61, 59), (0, 6, 4)), ((40, 40, 40), (3, 3, 4)), ((10, 100, 10), (1, 8, 1)), ((60, 50, 10), (6, 4, 0))]
    for points, tricks in splits:
        for pushes in range(5):
            for bock in (False, True):
                full_ramsch = _outcome(lambda: settle_ramsch(points, tricks, pushes=pushes, bock=bock))
                light_ramsch = _outcome(lambda: settle_ramsch(points, tricks, pushes=pushes, bock=bock, worked=False))
                if isinstance(full_ramsch, RamschSettlement):
                    assert full_ramsch.steps and light_ramsch == dataclasses.replace(full_ramsch, steps=())
                else:
                    assert light_ramsch == full_ramsch
    assert settled > 5000  # most of the random games are real ones
