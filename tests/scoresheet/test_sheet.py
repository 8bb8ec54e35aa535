"""The list logic: seats, rounds, Bock and Ramsch queues, scores and totals, hand by hand.

Every expected score is worked out by hand from rules.md (§7–§10, the worked examples of §12).
"""

from __future__ import annotations

import pytest

from webapp.engine import BockTrigger, Contract, GameType, InputReason
from webapp.scoresheet.sheet import (
    PRESETS,
    EntryError,
    Game,
    HouseRules,
    Issue,
    PassedIn,
    Preset,
    Problem,
    Ramsch,
    RoundKind,
    Tricks,
    build,
    check,
    entry_from_fields,
    entry_to_fields,
)

ANNA, BEN, CEM, DORA = 0, 1, 2, 3


def game(declarer: int, game_type: GameType, *, bid: int | None, matadors: int | None = None,
         points: int | None = None, tricks: Tricks = Tricks.SOME, kontra: bool = False,
         re: bool = False, **options: bool) -> Game:
    return Game(declarer=declarer, contract=Contract(game_type, **options), bid=bid,
                matadors=matadors, points=points, tricks=tricks, kontra=kontra, re=re)


def ramsch(*points: int | None, jungfrau: tuple[int, ...] = (), durchmarsch: int | None = None,
           pushes: int = 0) -> Ramsch:
    return Ramsch(points=points, jungfrau=frozenset(jungfrau), durchmarsch=durchmarsch, pushes=pushes)


def rounds(sheet) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(r) for r in sheet.rounds]


# A three-player evening with Kontra/Re, Bock rounds, a Ramsch round after each Bock round,
# Grand hand in the Ramsch round, and Schieberamsch.
EVENING_RULES = HouseRules(
    kontra=True,
    ramsch_passed_in=True,
    ramsch_after_bock=True,
    ramsch_grand_hand=True,
    schieberamsch=True,
    bock=frozenset({BockTrigger.SPLIT_60_60, BockTrigger.KONTRA_SUCCEEDED, BockTrigger.RE, BockTrigger.SCHNEIDER}),
    bock_one_per_hand=True,
)
EVENING = [
    # 1: Clubs with 2, 85, bid 36, Kontra and Re: 36 × 4 = +144 (rules.md §12); Re starts a Bock round.
    game(BEN, GameType.CLUBS, bid=36, matadors=2, points=85, kontra=True, re=True),
    # 2 (Bock): Diamonds with 1, 61, bid 18: 18, doubled = +36.
    game(CEM, GameType.DIAMONDS, bid=18, matadors=1, points=61),
    # 3 (Bock): Hearts without 2, Hand, 95 (Schneider), bid 40: 10 × 5 = 50, doubled = +100;
    # the Schneider starts another Bock round.
    game(ANNA, GameType.HEARTS, bid=40, matadors=-2, points=95, hand=True),
    # 4 (Bock): all passed, Ramsch: Ben loses 70, Anna Jungfrau doubles, Bock doubles: −280.
    ramsch(0, 70, 50, jungfrau=(ANNA,)),
    # 5 (Ramsch round, no Bock): 40 : 40 : 40, all three lose 40.
    ramsch(40, 40, 40),
    # 6 (Ramsch round): Cem plays a Grand hand with 1, 70: 24 × 3 = +72, no Bock.
    game(CEM, GameType.GRAND, bid=None, matadors=1, points=70, hand=True),
    # 7 (Ramsch round): Ben's Durchmarsch, pushed once: 120 × 2 = +240.
    ramsch(0, 120, 0, durchmarsch=BEN, pushes=1),
    # 8 (Bock): Spades without 1, 25 (declarer Schneider), bid 22: 11 × 3 = 33, lost −66,
    # doubled −132; the Schneider starts another Bock round.
    game(ANNA, GameType.SPADES, bid=22, matadors=-1, points=25),
    # 9 (Bock): Diamonds with 1, 75, bid 22, Kontra: overbid, 27 lost = −54, Kontra −108
    # (rules.md §12), Bock −216; the successful Kontra starts another Bock round.
    game(BEN, GameType.DIAMONDS, bid=22, matadors=1, points=75, kontra=True),
]


def test_three_player_evening_hand_by_hand() -> None:
    sheet = build(3, EVENING_RULES, EVENING)
    expected = [
        # scores, round the hand fell in, dealer, Bock rounds started, rounds still to come
        ((0, 144, 0), RoundKind.PLAIN, ANNA, 1, ["bock:3", "ramsch:3"]),
        ((0, 0, 36), RoundKind.BOCK, BEN, 0, ["bock:2", "ramsch:3"]),
        ((100, 0, 0), RoundKind.BOCK, CEM, 1, ["bock:1", "ramsch:3", "bock:3", "ramsch:3"]),
        ((0, -280, 0), RoundKind.BOCK, ANNA, 0, ["ramsch:3", "bock:3", "ramsch:3"]),
        ((-40, -40, -40), RoundKind.RAMSCH, BEN, 0, ["ramsch:2", "bock:3", "ramsch:3"]),
        ((0, 0, 72), RoundKind.RAMSCH, CEM, 0, ["ramsch:1", "bock:3", "ramsch:3"]),
        ((0, 240, 0), RoundKind.RAMSCH, ANNA, 0, ["bock:3", "ramsch:3"]),
        ((-132, 0, 0), RoundKind.BOCK, BEN, 1, ["bock:2", "ramsch:3", "bock:3", "ramsch:3"]),
        ((0, -216, 0), RoundKind.BOCK, CEM, 1,
         ["bock:1", "ramsch:3", "bock:3", "ramsch:3", "bock:3", "ramsch:3"]),
    ]
    assert len(sheet.rows) == len(expected)
    for number, (row, (scores, kind, dealer, started, _)) in enumerate(zip(sheet.rows, expected), 1):
        assert row.slot.number == number
        assert row.scores == scores, number
        assert row.slot.round is kind, number
        assert row.slot.dealer == dealer, number
        assert row.new_bock_rounds == started, number
        assert row.issues == (), number
    assert rounds(sheet) == expected[-1][4]
    assert [row.totals for row in sheet.rows][-1] == sheet.totals == (-72, -152, 68)
    assert sheet.won == (1, 1, 2)
    assert sheet.lost == (1, 1, 0)
    assert sheet.next.number == 10 and sheet.next.dealer == ANNA and sheet.next.round is RoundKind.BOCK
    assert sheet.rows[0].triggers == (BockTrigger.RE,)
    assert sheet.rows[2].triggers == (BockTrigger.SCHNEIDER,)
    assert sheet.rows[8].triggers == (BockTrigger.KONTRA_SUCCEEDED,)


def test_the_running_totals_add_up_row_by_row() -> None:
    sheet = build(3, EVENING_RULES, EVENING)
    running = [0, 0, 0]
    for row in sheet.rows:
        running = [total + score for total, score in zip(running, row.scores)]
        assert list(row.totals) == running


def test_editing_an_early_hand_recomputes_everything_after_it() -> None:
    edited = list(EVENING)
    # Hand 1 had Kontra but no Re: +72 and no Bock round from it.
    edited[0] = game(BEN, GameType.CLUBS, bid=36, matadors=2, points=85, kontra=True)
    sheet = build(3, EVENING_RULES, edited)
    kinds = [row.slot.round for row in sheet.rows]
    assert kinds == [RoundKind.PLAIN] * 3 + [RoundKind.BOCK] * 3 + [RoundKind.RAMSCH] * 3
    assert [row.scores for row in sheet.rows] == [
        (0, 72, 0),
        (0, 0, 18),
        (50, 0, 0),  # the Schneider now starts the first Bock round
        (0, -280, 0),
        (-80, -80, -80),  # a Ramsch after all passed, in a Bock round, counts double
        (0, 0, 144),  # the Grand hand now falls in a Bock round
        (0, 240, 0),
        (-66, 0, 0),  # a game where a Ramsch round's Ramsch was due: scored without Bock
        (0, -108, 0),
    ]
    assert sheet.totals == (-96, -156, 82)
    # The hands that no longer fit their place are marked; the others are not.
    assert [row.issues for row in sheet.rows] == [
        (), (), (), (), (),
        (Issue("bid", InputReason.MISSING),),
        (),
        (Issue("game", Problem.RAMSCH_ROUND),),
        (Issue("game", Problem.RAMSCH_ROUND),),
    ]
    assert sheet.rounds == ()


def test_deleting_a_hand_moves_the_deal_of_every_later_hand() -> None:
    entries = [game(seat, GameType.DIAMONDS, bid=18, matadors=1, points=61) for seat in (1, 2, 1, 0)]
    sheet = build(4, HouseRules(), entries)
    assert [row.slot.sitting_out for row in sheet.rows] == [0, 1, 2, 3]
    assert all(not row.issues for row in sheet.rows)
    shorter = build(4, HouseRules(), entries[:1] + entries[2:])
    # The old hand 3 is now hand 2, which seat 1 deals: its declarer (seat 1) sits out there.
    assert [row.slot.sitting_out for row in shorter.rows] == [0, 1, 2]
    assert [row.issues for row in shorter.rows] == [(), (Issue("declarer", Problem.SITS_OUT),), ()]
    assert shorter.totals == (18, 36, 0, 0)
    assert shorter.next.number == 4 and shorter.next.sitting_out == 3


def test_four_players_seeger_fabian_with_bock() -> None:
    rules = HouseRules(kontra=True, seeger_fabian=True,
                       bock=frozenset({BockTrigger.SPLIT_60_60, BockTrigger.VALUE_120}))
    entries = [
        # 1 (Anna deals and sits out): Diamonds with 1, 61: +18; Seeger-Fabian +68.
        game(BEN, GameType.DIAMONDS, bid=18, matadors=1, points=61),
        # 2 (Ben out): Diamonds with 1, 60: −36; SF −86, every other player +30 (Ben too).
        game(CEM, GameType.DIAMONDS, bid=18, matadors=1, points=60),
        # 3 (Cem out, Bock): Grand with 4, all tricks, bid 96: 168, doubled +336; SF +336 + 2 × 50 = +436.
        game(DORA, GameType.GRAND, bid=96, matadors=4, points=120, tricks=Tricks.ALL),
        # 4 (Dora out, Bock): Null ouvert lost, bid 46: −92, doubled −184; SF −184 − 2 × 50 = −284, others +30.
        game(ANNA, GameType.NULL, bid=46, tricks=Tricks.SOME, ouvert=True),
        # 5 (Anna out, Bock): Hearts Hand, Schneider announced, with 1, 80, bid 30: 10 × 5 = 50
        # lost −100, doubled −200; SF −300, others +30 (the 50 doubles in a Bock round, the 30 does not).
        game(BEN, GameType.HEARTS, bid=30, matadors=1, points=80, hand=True, schneider_announced=True),
        # 6 (Ben out, Bock): passed in.
        PassedIn(),
        # 7 (Cem out, the second Bock round): Clubs with 2, 85, bid 36: +36, doubled +72; SF +172.
        game(ANNA, GameType.CLUBS, bid=36, matadors=2, points=85),
    ]
    sheet = build(4, rules, entries)
    assert [row.slot.sitting_out for row in sheet.rows] == [0, 1, 2, 3, 0, 1, 2]
    assert [row.slot.round for row in sheet.rows] == [RoundKind.PLAIN] * 2 + [RoundKind.BOCK] * 5
    assert [row.scores for row in sheet.rows] == [
        (0, 18, 0, 0), (0, 0, -36, 0), (0, 0, 0, 336), (-184, 0, 0, 0),
        (0, -200, 0, 0), (0, 0, 0, 0), (72, 0, 0, 0),
    ]
    assert [row.seeger_fabian for row in sheet.rows] == [
        (0, 68, 0, 0), (30, 30, -86, 30), (0, 0, 0, 436), (-284, 30, 30, 30),
        (30, -300, 30, 30), (0, 0, 0, 0), (172, 0, 0, 0),
    ]
    assert sheet.totals == (-112, -182, -36, 336)
    assert sheet.seeger_fabian_totals == (-52, -172, -26, 526)
    assert sheet.standings == sheet.seeger_fabian_totals
    assert rounds(sheet) == ["bock:3"]
    assert sheet.won == (1, 1, 0, 1) and sheet.lost == (1, 1, 1, 0)


def test_the_rules_md_seeger_fabian_examples_at_three() -> None:
    rules = PRESETS[Preset.ISKO]
    sheet = build(3, rules, [
        game(BEN, GameType.DIAMONDS, bid=18, matadors=1, points=61),
        game(BEN, GameType.DIAMONDS, bid=18, matadors=1, points=60),
    ])
    assert sheet.rows[0].seeger_fabian == (0, 68, 0)
    assert sheet.rows[1].seeger_fabian == (40, -86, 40)
    assert sheet.standings == (40, -18, 40)


# The worked examples of rules.md §12, each entered as it would be on the form.
WORKED = [
    ({"game": "diamonds", "matadors": "1", "points": "61", "bid": "18"}, 18),
    ({"game": "diamonds", "matadors": "1", "points": "60", "bid": "18"}, -36),
    ({"game": "clubs", "matadors": "2", "points": "85", "bid": "36"}, 36),
    ({"game": "hearts", "matadors": "2", "without": "1", "hand": "1", "points": "95", "bid": "40"}, 50),
    ({"game": "grand", "matadors": "4", "points": "120", "tricks": "all", "bid": "96"}, 168),
    ({"game": "spades", "matadors": "1", "without": "1", "points": "25", "bid": "22"}, -66),
    ({"game": "diamonds", "matadors": "1", "points": "70", "bid": "24"}, -54),
    ({"game": "hearts", "matadors": "1", "hand": "1", "schneider_announced": "1", "points": "80",
      "bid": "30"}, -100),
    ({"game": "null", "ouvert": "1", "null_result": "lost", "bid": "46"}, -92),
    ({"game": "grand", "matadors": "4", "hand": "1", "ouvert": "1", "points": "120", "tricks": "all",
      "bid": "264"}, 264),
    ({"game": "clubs", "matadors": "2", "points": "85", "bid": "36", "kontra": "1", "re": "1"}, 144),
    ({"game": "diamonds", "matadors": "1", "points": "75", "bid": "22", "kontra": "1"}, -108),
]


@pytest.mark.parametrize("fields, score", WORKED)
def test_rules_md_worked_examples_through_the_entry_fields(fields: dict[str, str], score: int) -> None:
    entry = entry_from_fields({"kind": "game", "declarer": "2", **fields}, players=3)
    rules = HouseRules(kontra=True)
    check(3, rules, [], entry)
    assert build(3, rules, [entry]).rows[0].scores == (0, score, 0)
    assert entry_from_fields(entry_to_fields(entry), players=3) == entry


def test_at_most_one_bock_round_per_hand() -> None:
    triggers = frozenset({BockTrigger.VALUE_120, BockTrigger.RE, BockTrigger.SCHNEIDER})
    # Grand with 4, all tricks, Kontra and Re: 168 ≥ 120, Re, Schneider: three triggers.
    big = game(ANNA, GameType.GRAND, bid=96, matadors=4, points=120, tricks=Tricks.ALL,
               kontra=True, re=True)
    many = build(3, HouseRules(kontra=True, bock=triggers), [big])
    assert many.rows[0].triggers == (BockTrigger.VALUE_120, BockTrigger.RE, BockTrigger.SCHNEIDER)
    assert rounds(many) == ["bock:3", "bock:3", "bock:3"]
    one = build(3, HouseRules(kontra=True, bock=triggers, bock_one_per_hand=True), [big])
    assert rounds(one) == ["bock:3"]
    assert one.rows[0].scores == (168 * 4, 0, 0)


def test_schneider_starts_no_bock_round_inside_one_when_so_chosen() -> None:
    schneider = game(BEN, GameType.HEARTS, bid=18, matadors=1, points=95)
    kontra_lost = game(ANNA, GameType.CLUBS, bid=18, matadors=1, points=50, kontra=True)
    triggers = frozenset({BockTrigger.SCHNEIDER, BockTrigger.KONTRA_SUCCEEDED})
    entries = [kontra_lost, schneider]
    always = build(3, HouseRules(kontra=True, bock=triggers), entries)
    assert always.rows[1].slot.bock and always.rows[1].triggers == (BockTrigger.SCHNEIDER,)
    outside = build(3, HouseRules(kontra=True, bock=triggers, bock_schneider_outside_bock=True), entries)
    assert outside.rows[1].triggers == ()
    # Outside a Bock round the Schneider still counts.
    assert build(3, HouseRules(bock=triggers, bock_schneider_outside_bock=True),
                 [schneider]).rows[0].triggers == (BockTrigger.SCHNEIDER,)


def test_the_sixty_triggers_grand_hand_and_value() -> None:
    rules = HouseRules(bock=frozenset({BockTrigger.LOST_WITH_60, BockTrigger.GRAND_HAND_WON,
                                       BockTrigger.VALUE_120}))
    lost_60 = game(ANNA, GameType.SPADES, bid=18, matadors=1, points=60)
    grand_hand = game(BEN, GameType.GRAND, bid=18, matadors=1, points=70, hand=True)
    grand_hand_lost = game(BEN, GameType.GRAND, bid=18, matadors=1, points=50, hand=True)
    # Clubs with 4 Hand Schneider: 12 × (4 + 1 + 1 + 1) = 84 < 120; with 6: 12 × 9 = 108;
    # with 8 Hand Schneider: 12 × 11 = 132 ≥ 120.
    clubs_132 = game(CEM, GameType.CLUBS, bid=18, matadors=8, points=95, hand=True)
    sheet = build(3, rules, [lost_60, grand_hand, grand_hand_lost, clubs_132])
    assert [row.triggers for row in sheet.rows] == [
        (BockTrigger.LOST_WITH_60,), (BockTrigger.GRAND_HAND_WON,), (), (BockTrigger.VALUE_120,)
    ]
    assert sheet.rows[3].settlement is not None and sheet.rows[3].settlement.value == 132


def test_two_full_rounds_without_bock_start_one() -> None:
    rules = HouseRules(bock=frozenset({BockTrigger.RE}), bock_two_rounds=True, kontra=True)
    plain = game(ANNA, GameType.DIAMONDS, bid=18, matadors=1, points=61)
    sheet = build(3, rules, [plain] * 6)
    assert [row.new_bock_rounds for row in sheet.rows] == [0, 0, 0, 0, 0, 1]
    assert sheet.rows[5].two_rounds and sheet.rows[5].triggers == ()
    # A Re in hand 1 starts a Bock round (hands 2–4); the two rounds are counted from seat 0's
    # deal again: hands 7–12, so hand 12 starts the next one, not hand 9.
    re = game(ANNA, GameType.DIAMONDS, bid=18, matadors=1, points=61, kontra=True, re=True)
    sheet = build(3, rules, [re] + [plain] * 12)
    started = [row.slot.number for row in sheet.rows if row.new_bock_rounds]
    assert started == [1, 12]
    assert sheet.rows[11].two_rounds and not sheet.rows[0].two_rounds
    # Alone, two rounds without Bock are enough to have Bock rounds (and Ramsch rounds after).
    alone = HouseRules(bock_two_rounds=True, ramsch_after_bock=True)
    assert alone.ramsch_after_bock
    assert [str(r) for r in build(3, alone, [plain] * 6).rounds] == ["bock:3", "ramsch:3"]


def test_a_four_player_ramsch_leaves_the_dealer_out() -> None:
    rules = HouseRules(ramsch_passed_in=True)
    # Hand 1: Anna deals and sits out; Ben 61, Cem 59, Dora 0 (Jungfrau): Ben −122.
    entry = ramsch(None, 61, 59, 0, jungfrau=(DORA,))
    check(4, rules, [], entry)
    sheet = build(4, rules, [entry])
    assert sheet.rows[0].scores == (0, -122, 0, 0)
    with pytest.raises(EntryError) as refused:
        check(4, rules, [entry], entry)  # hand 2: Ben sits out, Anna plays
    assert refused.value.issue == Issue("points_1", InputReason.MISSING)


def test_a_list_all_in_ramsch() -> None:
    rules = HouseRules(ramsch_list=True, ramsch_grand_hand=True, bock=frozenset({BockTrigger.RE}))
    assert rules.bock == frozenset()
    entries = [ramsch(30, 50, 40), game(ANNA, GameType.GRAND, bid=None, matadors=-2, points=80, hand=True)]
    sheet = build(3, rules, entries)
    assert [row.slot.round for row in sheet.rows] == [RoundKind.RAMSCH] * 2
    assert [row.scores for row in sheet.rows] == [(0, -50, 0), (96, 0, 0)]
    assert sheet.next.round is RoundKind.RAMSCH and sheet.rounds == ()
    with pytest.raises(EntryError) as refused:
        check(3, rules, entries, PassedIn())
    assert refused.value.issue == Issue("kind", Problem.RAMSCH_ROUND)


def test_a_ramsch_after_all_passed_counts_double_in_a_bock_round() -> None:
    rules = HouseRules(kontra=True, ramsch_passed_in=True, bock=frozenset({BockTrigger.RE}))
    re = game(ANNA, GameType.DIAMONDS, bid=18, matadors=1, points=61, kontra=True, re=True)
    sheet = build(3, rules, [re, ramsch(20, 60, 40)])
    assert sheet.rows[1].slot.bock
    assert sheet.rows[1].scores == (0, -120, 0)


@pytest.mark.parametrize(
    "rules, entries, entry, issue",
    [
        # card points over 120
        (HouseRules(), [], game(ANNA, GameType.CLUBS, bid=18, matadors=1, points=121),
         Issue("points", InputReason.OUT_OF_RANGE)),
        # ... also when Schwarz was announced (and missed)
        (HouseRules(), [], game(ANNA, GameType.GRAND, bid=18, matadors=1, points=130, hand=True,
                                schwarz_announced=True), Issue("points", InputReason.OUT_OF_RANGE)),
        # a player not at the table: seat 5 of 3, or the dealer who sits out
        (HouseRules(), [], game(4, GameType.CLUBS, bid=18, matadors=1, points=61),
         Issue("declarer", Problem.NOT_A_PLAYER)),
        # matadors in a Null
        (HouseRules(), [], game(ANNA, GameType.NULL, bid=23, matadors=1, tricks=Tricks.NONE),
         Issue("matadors", InputReason.NOT_ALLOWED)),
        # Re without Kontra
        (HouseRules(kontra=True), [], game(ANNA, GameType.CLUBS, bid=18, matadors=1, points=61, re=True),
         Issue("re", InputReason.RE_WITHOUT_KONTRA)),
        # Kontra where the house rules have none
        (HouseRules(), [], game(ANNA, GameType.CLUBS, bid=18, matadors=1, points=61, kontra=True),
         Issue("kontra", Problem.NO_KONTRA)),
        # a Ramsch whose points do not add up to 120
        (HouseRules(ramsch_passed_in=True), [], ramsch(50, 50, 30),
         Issue("ramsch", Problem.NOT_120, value=130)),
        # a Jungfrau with card points
        (HouseRules(ramsch_passed_in=True), [], ramsch(60, 50, 10, jungfrau=(CEM,)),
         Issue("points_3", Problem.JUNGFRAU_HAS_POINTS)),
        # two players without a trick but no Durchmarsch
        (HouseRules(ramsch_passed_in=True), [], ramsch(120, 0, 0, jungfrau=(BEN, CEM)),
         Issue("durchmarsch", InputReason.INCONSISTENT)),
        # a Ramsch where the house rules play none
        (HouseRules(), [], ramsch(40, 40, 40), Issue("kind", Problem.NO_RAMSCH)),
        # pushes without Schieberamsch
        (HouseRules(ramsch_passed_in=True), [], ramsch(40, 40, 40, pushes=1),
         Issue("pushes", Problem.NO_PUSHES)),
        # "passed in" where a Ramsch is played instead
        (HouseRules(ramsch_passed_in=True), [], PassedIn(), Issue("kind", Problem.PLAY_RAMSCH)),
        # a Null worth less than the bid
        (HouseRules(), [], game(ANNA, GameType.NULL, bid=24, tricks=Tricks.NONE),
         Issue("bid", InputReason.NULL_BELOW_BID)),
        # not a bid value
        (HouseRules(), [], game(ANNA, GameType.CLUBS, bid=19, matadors=1, points=61),
         Issue("bid", InputReason.INVALID_BID)),
        # no bid outside a Ramsch round
        (HouseRules(), [], game(ANNA, GameType.CLUBS, bid=None, matadors=1, points=61),
         Issue("bid", InputReason.MISSING)),
        # a Schwarz the points deny: all tricks but 110 points
        (HouseRules(), [], game(ANNA, GameType.CLUBS, bid=18, matadors=1, points=110, tricks=Tricks.ALL),
         Issue("points", InputReason.INCONSISTENT)),
        # a Ramsch round takes no suit game, and no Kontra on its Grand hand
        (EVENING_RULES, EVENING[:4], game(ANNA, GameType.CLUBS, bid=18, matadors=1, points=61),
         Issue("game", Problem.RAMSCH_ROUND)),
        (EVENING_RULES, EVENING[:4],
         game(ANNA, GameType.GRAND, bid=None, matadors=1, points=61, hand=True, kontra=True),
         Issue("kontra", Problem.NO_KONTRA_IN_RAMSCH_ROUND)),
        (EVENING_RULES, EVENING[:4], PassedIn(), Issue("kind", Problem.RAMSCH_ROUND)),
    ],
)
def test_bad_entries_are_refused_with_their_field(rules: HouseRules, entries: list, entry,  # type: ignore[no-untyped-def,type-arg]
                                                  issue: Issue) -> None:
    with pytest.raises(EntryError) as refused:
        check(3, rules, entries, entry)
    assert refused.value.issue == issue


def test_the_dealer_cannot_declare_at_a_four_table() -> None:
    with pytest.raises(EntryError) as refused:
        check(4, HouseRules(), [], game(ANNA, GameType.CLUBS, bid=18, matadors=1, points=61))
    assert refused.value.issue == Issue("declarer", Problem.SITS_OUT)


def test_an_edit_is_checked_at_its_own_place() -> None:
    entries = list(EVENING)
    # Hand 5 is in the Ramsch round: a suit game cannot replace its Ramsch ...
    with pytest.raises(EntryError):
        check(3, EVENING_RULES, entries, game(ANNA, GameType.CLUBS, bid=18, matadors=1, points=61), at=4)
    # ... but hand 2 can become one.
    slot = check(3, EVENING_RULES, entries, game(ANNA, GameType.CLUBS, bid=18, matadors=1, points=61), at=1)
    assert slot.number == 2 and slot.bock


@pytest.mark.parametrize(
    "fields, issue",
    [
        ({}, Issue("kind", InputReason.MISSING)),
        ({"kind": "poker"}, Issue("kind", Problem.MALFORMED)),
        ({"kind": "game"}, Issue("declarer", InputReason.MISSING)),
        ({"kind": "game", "declarer": "9"}, Issue("declarer", Problem.NOT_A_PLAYER)),
        ({"kind": "game", "declarer": "x"}, Issue("declarer", Problem.NOT_A_NUMBER)),
        ({"kind": "game", "declarer": "1"}, Issue("game", InputReason.MISSING)),
        ({"kind": "game", "declarer": "1", "game": "ramsch"}, Issue("game", Problem.MALFORMED)),
        ({"kind": "game", "declarer": "1", "game": "clubs", "schneider_announced": "1"},
         Issue("schneider_announced", InputReason.NEEDS_HAND)),
        ({"kind": "game", "declarer": "1", "game": "clubs", "hand": "maybe"}, Issue("hand", Problem.MALFORMED)),
        ({"kind": "game", "declarer": "1", "game": "clubs", "matadors": "2"}, Issue("points", InputReason.MISSING)),
        ({"kind": "game", "declarer": "1", "game": "clubs", "points": "sixty"},
         Issue("points", Problem.NOT_A_NUMBER)),
        ({"kind": "game", "declarer": "1", "game": "null"}, Issue("null_result", InputReason.MISSING)),
        ({"kind": "ramsch", "points_1": "40", "points_2": "40"}, Issue("points_3", InputReason.MISSING)),
        ({"kind": "ramsch", "points_1": "40", "points_2": "40", "points_3": "40", "pushes": "4"},
         Issue("pushes", InputReason.OUT_OF_RANGE)),
    ],
)
def test_fields_name_the_first_bad_one(fields: dict[str, str], issue: Issue) -> None:
    with pytest.raises(EntryError) as refused:
        entry_from_fields(fields, players=3)
    assert refused.value.issue == issue


@pytest.mark.parametrize("entry", [*EVENING, PassedIn(), ramsch(None, 61, 59, 0, jungfrau=(DORA,))])
def test_fields_round_trip(entry) -> None:  # type: ignore[no-untyped-def]
    players = 4 if isinstance(entry, Ramsch) and len(entry.points) == 4 else 3
    assert entry_from_fields(entry_to_fields(entry), players=players) == entry


def test_a_minus_sign_and_spaces_are_read() -> None:
    entry = entry_from_fields({"kind": "game", "declarer": " 1 ", "game": "clubs", "matadors": "2",
                               "points": "61", "bid": "18"}, players=3)
    assert isinstance(entry, Game) and entry.declarer == 0 and entry.matadors == 2


def test_rules_tokens_round_trip_and_presets() -> None:
    for rules in (*PRESETS.values(), EVENING_RULES, HouseRules()):
        assert HouseRules.from_tokens(rules.tokens()) == rules
    assert PRESETS[Preset.PUB].preset is Preset.PUB
    assert EVENING_RULES.preset is Preset.CUSTOM
    assert HouseRules(seeger_fabian=True).preset is Preset.ISKO
    with pytest.raises(ValueError, match="bock:never"):
        HouseRules.from_tokens(["bock:never"])
    with pytest.raises(ValueError, match="dancing"):
        HouseRules.from_tokens(["dancing"])


def test_options_that_need_another_are_dropped_without_it() -> None:
    rules = HouseRules(kontra_after_18=True, ramsch_after_bock=True, ramsch_grand_hand=True,
                       schieberamsch=True, schieberamsch_no_jacks=True, bock_one_per_hand=True,
                       bock_schneider_outside_bock=True, ramsch_skat_to_loser=True)
    assert rules == HouseRules()
    assert not rules.has_ramsch
    kept = HouseRules(ramsch_passed_in=True, schieberamsch=True, schieberamsch_no_jacks=True)
    assert kept.schieberamsch_no_jacks and kept.has_ramsch


def test_a_four_or_three_table_only() -> None:
    with pytest.raises(ValueError):
        build(5, HouseRules(), [])
    empty = build(4, HouseRules(), [])
    assert empty.next.number == 1 and empty.next.sitting_out == 0 and empty.next.seats == (1, 2, 3)
    assert empty.totals == (0, 0, 0, 0)


def test_skat_for_two_list_scores_the_two_people_while_the_computer_deals_in_turn() -> None:
    # rules.md §11: the computer holds the third seat and is never scored; its deal still counts,
    # so a Bock round is three hands and Seeger-Fabian's +40 goes to the other person.
    rules = HouseRules(ramsch_passed_in=True, seeger_fabian=True,
                       bock=frozenset({BockTrigger.SCHNEIDER}))
    hearts_schneider = game(ANNA, GameType.HEARTS, bid=18, matadors=1, points=95)
    lost = game(BEN, GameType.CLUBS, bid=24, matadors=1, points=50)
    computer_loses = ramsch(30, 20, 70)
    sheet = build(2, rules, [hearts_schneider, lost, computer_loses])
    assert sheet.players == 2
    assert [row.slot.dealer for row in sheet.rows] == [0, 1, 2] and sheet.next.dealer == 0
    assert sheet.rows[0].scores == (30, 0)  # Hearts 10 x (1 + 1 + Schneider 1)
    assert rounds(sheet) == ["bock:1"]  # the Bock round of hand 1 is hands 2 to 4: one left
    assert sheet.rows[1].slot.round is RoundKind.BOCK and sheet.rows[2].slot.round is RoundKind.BOCK
    assert sheet.rows[1].scores == (0, -2 * 2 * 24)  # lost in Bock
    assert sheet.rows[1].seeger_fabian[0] == 40  # the other person, as at a three-table
    assert sheet.rows[2].scores == (0, 0)  # only the computer lost the Ramsch
    assert sheet.totals == (30, -96)
    with pytest.raises(EntryError):
        check(2, rules, [], game(CEM, GameType.HEARTS, bid=18, matadors=1, points=95))  # no column
    assert entry_from_fields(entry_to_fields(computer_loses), players=2) == computer_loses
