"""Named edge cases of rules.md §3–§12, each played through `GameState` where it can be.

The deals are written out card by card, and so is every card played, so that a reader can check
each hand against the rules without running anything.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from webapp.engine import (
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
    InvalidInput,
    Level,
    LossReason,
    Options,
    Pass,
    Phase,
    PickUp,
    Play,
    PlayHand,
    Position,
    Reason,
    Settlement,
    matadors,
    rules_for,
    settle,
)

from . import reference as ref

F, M, R = Position.FOREHAND, Position.MIDDLEHAND, Position.REARHAND


def deal(forehand: str, middlehand: str, rearhand: str, skat: str) -> Deal:
    return Deal(
        (CardSet.parse(forehand), CardSet.parse(middlehand), CardSet.parse(rearhand)),
        CardSet.parse(skat),
    )


def cards(text: str) -> list[Card]:
    return [Card.parse(part) for part in text.split()]


def plays(text: str) -> list[Action]:
    return [Play(card) for card in cards(text)]


def run(state: GameState, actions: Iterable[Action]) -> GameState:
    for action in actions:
        state = state.apply(action)
    return state


def forehand_declares(hand_deal: Deal, bid: int, *how: Action) -> GameState:
    """Middlehand bids ``bid``, forehand holds, both others pass; then ``how``."""
    return run(GameState.new(hand_deal), [Bid(bid), Hold(), Pass(), Pass(), *how])


def settlement_of(state: GameState) -> Settlement:
    assert state.phase is Phase.FINISHED
    result = state.settlement
    assert isinstance(result, Settlement)
    return result


def discard(text: str) -> Discard:
    first, second = cards(text)
    return Discard(first, second)


# ---------------------------------------------------------------- §3 following


def test_jack_led_in_a_suit_game_asks_for_trump() -> None:
    hearts = rules_for(GameType.HEARTS)
    # A Jack led: hearts and Jacks follow, a plain spade does not.
    assert set(map(str, hearts.legal_cards(CardSet.parse("H7 SA S7"), cards("SJ")))) == {"H7"}
    assert set(map(str, hearts.legal_cards(CardSet.parse("CJ SA"), cards("SJ")))) == {"CJ"}
    # No trump at all: anything, the spades included.
    assert hearts.legal_cards(CardSet.parse("SA S7 CA"), cards("SJ")) == CardSet.parse("SA S7 CA")


def test_holding_only_the_trump_suit_jack() -> None:
    clubs = rules_for(GameType.CLUBS)
    # Trump (a club) led; the only trump held is the Jack of clubs: it must be played.
    assert clubs.legal_cards(CardSet.parse("CJ SA HA"), cards("C7")) == CardSet.parse("CJ")
    # Spades led; the Jack of spades is a trump, not a spade: a player whose only "spade" is
    # the Jack is void in spades and may play anything.
    hand = CardSet.parse("SJ HA D7")
    assert clubs.legal_cards(hand, cards("S7")) == hand
    # ... and may not be made to keep a real spade back for the Jack.
    assert clubs.legal_cards(CardSet.parse("SJ S8 HA"), cards("S7")) == CardSet.parse("S8")
    # Grand: a club led, the Jack of clubs is no club.
    grand = rules_for(GameType.GRAND)
    assert grand.legal_cards(CardSet.parse("CJ C8 HA"), cards("CA")) == CardSet.parse("C8")
    assert grand.legal_cards(CardSet.parse("CJ HA"), cards("CA")) == CardSet.parse("CJ HA")
    # A Jack led in Grand asks for Jacks only.
    assert grand.legal_cards(CardSet.parse("DJ CA C7"), cards("CJ")) == CardSet.parse("DJ")


def test_jack_wins_over_the_trump_ace_and_a_led_jack_is_trumped_only_by_higher_jacks() -> None:
    spades = rules_for(GameType.SPADES)
    assert spades.trick_winner(cards("SA DJ ST")) == 1
    assert spades.trick_winner(cards("DJ SA ST")) == 0
    assert spades.trick_winner(cards("HJ DJ CJ")) == 2
    # A plain card of another suit never wins, even an ace.
    assert spades.trick_winner(cards("H7 HA CA")) == 1


def test_null_jacks_belong_to_their_suit_between_queen_and_ten() -> None:
    null = rules_for(GameType.NULL)
    assert null.legal_cards(CardSet.parse("HJ SA CJ"), cards("H7")) == CardSet.parse("HJ")
    # A Jack led asks for its own suit, not for the other Jacks.
    assert null.legal_cards(CardSet.parse("CJ SA S7"), cards("SJ")) == CardSet.parse("SA S7")
    assert null.trick_winner(cards("HT HJ H9")) == 1  # Jack above Ten
    assert null.trick_winner(cards("HJ HQ HT")) == 1  # Queen above Jack
    assert null.trick_winner(cards("SJ CJ HJ")) == 0  # other suits' Jacks never win
    assert null.trick_winner(cards("S7 SA SK")) == 1
    assert null.trumps == ()


def test_ramsch_ranks_as_grand() -> None:
    ramsch, grand = rules_for(GameType.RAMSCH), rules_for(GameType.GRAND)
    for trick in (cards("HT HA DJ"), cards("C7 CA CT"), cards("SJ CJ HA")):
        assert ramsch.trick_winner(trick) == grand.trick_winner(trick)


# ---------------------------------------------------------------- §6 winning, Schneider, Schwarz


def test_sixty_is_a_loss_and_sixty_one_a_win() -> None:
    lost = settle(Contract(GameType.SPADES), matadors=1, declarer_points=60, bid=18)
    won = settle(Contract(GameType.SPADES), matadors=1, declarer_points=61, bid=18)
    assert (lost.won, lost.loss_reason, lost.score) == (False, LossReason.NOT_ENOUGH_POINTS, -44)
    assert (won.won, won.score) == (True, 22)


@pytest.mark.parametrize(
    ("points", "schneider", "multiplier", "won"),
    [
        (30, True, 3, False),  # declarer Schneider: 30 or fewer
        (31, False, 2, False),  # 31 frees the declarer from Schneider
        (89, False, 2, True),  # defenders 31: not Schneider
        (90, True, 3, True),  # defenders 30: Schneider
    ],
)
def test_schneider_boundaries(points: int, schneider: bool, multiplier: int, won: bool) -> None:
    result = settle(Contract(GameType.HEARTS), matadors=-1, declarer_points=points, bid=18)
    assert result.schneider is schneider
    assert result.multiplier == multiplier
    assert result.won is won
    assert result.score == (10 * multiplier if won else -20 * multiplier)


@pytest.mark.parametrize(("points", "won"), [(89, False), (90, True)])
def test_announced_schneider_boundary(points: int, won: bool) -> None:
    contract = Contract(GameType.HEARTS, hand=True, schneider_announced=True)
    result = settle(contract, matadors=1, declarer_points=points, bid=18)
    # with 1, game, hand, Schneider, announced: counted reached or not.
    assert (result.multiplier, result.won) == (5, won)
    assert result.loss_reason is (None if won else LossReason.SCHNEIDER_MISSED)


def test_schwarz_by_tricks_declarer_took_none_but_has_the_skat_points() -> None:
    # Forehand plays Diamonds hand with only the seven of trumps; the skat holds two aces (22).
    # Middlehand holds all other trumps and takes every trick.
    hand_deal = deal(
        "D7 H7 H8 H9 S7 S8 S9 C7 C8 C9",
        "CJ SJ HJ DJ DA DT DK DQ D9 D8",
        "HA HT HK HQ ST SK SQ CT CK CQ",
        "CA SA",
    )
    state = forehand_declares(hand_deal, 18, PlayHand(), Declare(GameType.DIAMONDS))
    state = run(
        state,
        plays(
            "H7 D8 HQ  D9 SQ D7  DQ SK H8  DK ST H9  DT HK S7  DA HT S8  DJ HA S9  HJ CQ C7"
            "  SJ CK C8  CJ CT C9"
        ),
    )
    result = settlement_of(state)
    assert state.trick_count(F) == 0 and result.declarer_points == 22
    assert result.matadors == -10  # only the seven of diamonds: without 10
    # 9 × (10 + game + hand + Schneider + Schwarz) = 126, lost: −252.
    assert result.schneider and result.schwarz
    assert (result.multiplier, result.value, result.score) == (14, 126, -252)


def test_schwarz_by_tricks_defenders_took_a_trick_worth_nothing() -> None:
    # Forehand plays Grand hand with four; the defenders take only the last trick, D7 D8 D9.
    hand_deal = deal(
        "CJ SJ HJ DJ CA CT CK CQ C9 D7",
        "SA ST SK SQ S9 S8 HA HT HK D8",
        "S7 HQ H9 H8 H7 DA DT DK DQ D9",
        "C8 C7",
    )
    state = forehand_declares(hand_deal, 18, PlayHand(), Declare(GameType.GRAND))
    leads = cards("CJ SJ HJ DJ CA CT CK CQ C9")
    middle = cards("SA ST SK SQ S9 S8 HA HT HK")
    rear = cards("S7 HQ H9 H8 H7 DA DT DK DQ")
    for lead, m, r in zip(leads, middle, rear):
        state = run(state, [Play(lead), Play(m), Play(r)])
    state = run(state, plays("D7 D8 D9"))
    assert state.tricks[-1].winner is R and state.tricks[-1].points == 0
    result = settlement_of(state)
    assert result.declarer_points == 120 and result.declarer_tricks == 9
    assert result.schneider and not result.schwarz
    # 24 × (4 + game + hand + Schneider) = 168: no Schwarz level for 120 points.
    assert (result.multiplier, result.score) == (7, 168)


def test_schwarz_announced_is_lost_by_a_trick_without_points() -> None:
    contract = Contract(GameType.GRAND, hand=True, schwarz_announced=True)
    result = settle(contract, matadors=4, declarer_points=120, declarer_tricks=9, bid=18)
    assert result.loss_reason is LossReason.SCHWARZ_MISSED and not result.won
    # 4 + game + hand + Schneider + announced + Schwarz + announced = 10: 240, lost −480.
    assert (result.multiplier, result.score) == (10, -480)


# ---------------------------------------------------------------- §7 matadors and values


def test_without_eleven_in_a_suit_game() -> None:
    twelve = CardSet.parse("SA ST SK SQ S9 S8 S7 HA HT HK HQ H9")
    assert matadors(twelve, GameType.CLUBS) == -11
    result = settle(Contract(GameType.CLUBS), matadors=-11, declarer_points=61, bid=18)
    assert (result.multiplier, result.value) == (12, 144)
    # In a Spades game the same holding has the spade ace below four missing Jacks: without 4.
    assert matadors(twelve, GameType.SPADES) == -4


def test_with_eleven_in_a_suit_game() -> None:
    twelve = CardSet.parse("CJ SJ HJ DJ HA HT HK HQ H9 H8 H7 SA")
    assert matadors(twelve, GameType.HEARTS) == 11


def test_grand_with_and_without_four() -> None:
    assert matadors(CardSet.parse("CJ SJ HJ DJ CA"), GameType.GRAND) == 4
    assert matadors(CardSet.parse("CA CT SA ST"), GameType.GRAND) == -4
    assert matadors(CardSet.parse("CJ HJ DJ"), GameType.GRAND) == 1
    assert matadors(CardSet.parse("SJ"), GameType.GRAND) == -1
    without = settle(Contract(GameType.GRAND), matadors=-4, declarer_points=61, bid=18)
    assert (without.multiplier, without.value) == (5, 120)
    with pytest.raises(InvalidInput):
        settle(Contract(GameType.GRAND), matadors=-5, declarer_points=61, bid=18)


def test_matadors_count_the_skat_in_a_hand_game_and_the_discards_in_a_skat_game() -> None:
    # Forehand holds Jack of spades and hearts; the Jack of clubs lies in the skat.
    hand_deal = deal(
        "SJ HJ CA CT CK CQ C9 C8 C7 HA",
        "SA ST SK SQ S9 S8 S7 HT HK HQ",
        "DA DT DK DQ D9 D8 D7 H9 H8 H7",
        "CJ DJ",
    )
    played = forehand_declares(hand_deal, 18, PlayHand(), Declare(GameType.CLUBS))
    assert settlement_of(run(played, plays(PLAY_CLUBS))).matadors == 11
    # Picked up and laid away again: the laid-away Jacks still count.
    skat_game = forehand_declares(
        hand_deal, 18, PickUp(), discard("CJ DJ"), Declare(GameType.CLUBS)
    )
    assert settlement_of(run(skat_game, plays(PLAY_CLUBS))).matadors == 11


# Forehand leads its clubs and hearts ace from the top: the others can never follow in clubs.
PLAY_CLUBS = (
    "SJ SA DA  HJ SK DK  CA SQ DQ  CT S9 D9  CK S8 D8  CQ S7 D7  C9 HT H7  C8 HK H8  C7 HQ H9"
    "  HA ST DT"
)


def test_hand_game_jack_in_the_skat_turns_without_into_with_and_overbids() -> None:
    # Forehand has no Jack and counts Clubs hand "without 4": 12 × (4 + 1 + 1) = 72, bids 72.
    # The Jack of clubs lies in the skat: it is Clubs hand "with 1": 12 × 3 = 36 < 72.
    hand_deal = deal(
        "CA CT CK CQ C9 C8 C7 HA HT HK",
        "SJ HJ DJ SA ST SK SQ S9 S8 S7",
        "H9 H8 H7 HQ DA DT DK DQ D9 D8",
        "CJ D7",
    )
    state = forehand_declares(hand_deal, 72, PlayHand(), Declare(GameType.CLUBS))
    # Forehand leads its clubs; middlehand trumps in with the Jacks, the rest follows.
    state = run(
        state,
        plays(
            "CA SJ H9  HJ H8 CT  DJ H7 CK  SA HQ CQ  C9 ST DA  C8 SK DT  C7 SQ DK  HA S9 DQ"
            "  HT S8 D9  HK S7 D8"
        ),
    )
    result = settlement_of(state)
    assert result.declarer_points == 89  # enough to win, not Schneider: the game is worth 36
    assert result.matadors == 1
    assert result.overbid and result.loss_reason is LossReason.OVERBID
    assert result.game_value < 72
    # Lost value: the smallest multiple of 12 not below 72 = 72; scored −144.
    assert (result.value, result.score) == (72, -144)


# ---------------------------------------------------------------- §5/§7 Null values


NULL_DEAL = deal(
    "D7 D8 D9 H7 H8 H9 S7 S8 S9 C7",
    "DA DK DQ HA HK HQ SA SK SQ CA",
    "DJ DT HJ HT SJ ST C8 C9 CT CJ",
    "CQ CK",
)
# The declarer (forehand) leads D7 and never takes a trick.
NULL_PLAY = (
    "D7 DA DT  DK DJ D8  DQ C8 D9  HA HT H7  HK HJ H8  HQ C9 H9  SA ST S7  SK SJ S8  SQ CT S9"
    "  CA CJ C7"
)


@pytest.mark.parametrize(
    ("how", "ouvert", "value"),
    [
        ([PickUp(), discard("CQ CK")], False, 23),
        ([PlayHand()], False, 35),
        ([PickUp(), discard("CQ CK")], True, 46),
        ([PlayHand()], True, 59),
    ],
)
def test_null_values_won(how: list[Action], ouvert: bool, value: int) -> None:
    state = forehand_declares(NULL_DEAL, 18, *how, Declare(GameType.NULL, ouvert=ouvert))
    if ouvert:
        for position in (M, R):
            assert state.view(position).open_cards == state.hand(F)
    result = settlement_of(run(state, plays(NULL_PLAY)))
    assert result.contract.hand is isinstance(how[0], PlayHand)
    assert (result.game_value, result.won, result.score) == (value, True, value)
    assert result.seeger_fabian.declarer == value + 50


def test_null_ends_at_once_when_the_declarer_takes_a_trick() -> None:
    swapped = deal(
        "DA D8 D9 H7 H8 H9 S7 S8 S9 C7",
        "D7 DK DQ HA HK HQ SA SK SQ CA",
        "DJ DT HJ HT SJ ST C8 C9 CT CJ",
        "CQ CK",
    )
    state = forehand_declares(swapped, 18, PlayHand(), Declare(GameType.NULL, ouvert=True))
    state = run(state, plays("DA D7 DT"))
    assert state.phase is Phase.FINISHED and state.finished and state.to_act is None
    assert len(state.tricks) == 1 and state.legal_actions() == ()
    with pytest.raises(IllegalAction) as caught:
        state.apply(Play(Card.parse("D8")))
    assert caught.value.reason is Reason.WRONG_PHASE
    result = settlement_of(state)
    assert result.loss_reason is LossReason.NULL_TRICK_TAKEN
    assert (result.value, result.score) == (59, -118)


@pytest.mark.parametrize(
    ("bid", "hand", "allowed"),
    [
        (23, False, {False: True, True: True}),
        (24, False, {False: False, True: True}),
        (46, False, {False: False, True: True}),
        (48, False, {False: False, True: False}),
        (35, True, {False: True, True: True}),
        (36, True, {False: False, True: True}),
        (59, True, {False: False, True: True}),
        (60, True, {False: False, True: False}),
    ],
)
def test_null_below_the_bid_is_refused(bid: int, hand: bool, allowed: dict[bool, bool]) -> None:
    how: list[Action] = [PlayHand()] if hand else [PickUp(), discard("CQ CK")]
    state = forehand_declares(NULL_DEAL, bid, *how)
    for ouvert, ok in allowed.items():
        declare = Declare(GameType.NULL, ouvert=ouvert)
        assert (declare in state.legal_actions()) is ok
        if ok:
            assert state.apply(declare).contract == Contract(
                GameType.NULL, hand=hand, ouvert=ouvert
            )
        else:
            with pytest.raises(IllegalAction) as caught:
                state.apply(declare)
            assert caught.value.reason is Reason.NULL_BELOW_BID


# ---------------------------------------------------------------- §5 announcements and ouvert


def test_announcements_only_in_hand_games() -> None:
    skat_game = forehand_declares(NULL_DEAL, 18, PickUp(), discard("CQ CK"))
    hand_game = forehand_declares(NULL_DEAL, 18, PlayHand())
    for game in (GameType.CLUBS, GameType.DIAMONDS, GameType.GRAND):
        for flags in ({"schneider": True}, {"schwarz": True}, {"ouvert": True}):
            declare = Declare(game, **flags)
            assert declare not in skat_game.legal_actions()
            with pytest.raises(IllegalAction) as caught:
                skat_game.apply(declare)
            assert caught.value.reason is Reason.ANNOUNCEMENT_NOT_ALLOWED
            assert declare in hand_game.legal_actions()
            assert hand_game.apply(declare).contract is not None
    for flags in ({"schneider": True}, {"schwarz": True}):
        with pytest.raises(IllegalAction) as caught:
            hand_game.apply(Declare(GameType.NULL, **flags))
        assert caught.value.reason is Reason.ANNOUNCEMENT_NOT_ALLOWED


def test_suit_and_grand_ouvert_imply_schneider_and_schwarz_announced() -> None:
    for game in (GameType.HEARTS, GameType.GRAND):
        declare = Declare(game, ouvert=True)
        assert declare.schneider and declare.schwarz
        contract = forehand_declares(NULL_DEAL, 18, PlayHand(), declare).contract
        assert contract == Contract(
            game, hand=True, schneider_announced=True, schwarz_announced=True, ouvert=True
        )
    # Schwarz announced implies Schneider announced.
    assert Declare(GameType.SPADES, schwarz=True).schneider
    # Null ouvert announces nothing more.
    assert not Declare(GameType.NULL, ouvert=True).schneider
    result = settle(
        Contract(GameType.HEARTS, hand=True, ouvert=True),
        matadors=2,
        declarer_points=120,
        declarer_tricks=9,
        bid=18,
    )
    assert result.loss_reason is LossReason.SCHWARZ_MISSED
    assert [level for level, _ in result.levels] == list(Level)
    # 2 + game + hand + Schneider + announced + Schwarz + announced + ouvert = 9.
    assert (result.multiplier, result.score) == (9, -180)


# ---------------------------------------------------------------- §8 overbidding


def test_overbid_value_is_the_next_multiple_of_the_base_value() -> None:
    for game, base in ref.BASE.items():
        for bid in (18, 24, 50, 100, 264):
            result = settle(Contract(GameType(game)), matadors=1, declarer_points=61, bid=bid)
            if result.overbid:
                assert result.value % base == 0 and result.value >= bid > result.value - base
                assert result.score == -2 * result.value


def test_kontra_re_bock_never_reach_the_bid() -> None:
    result = settle(
        Contract(GameType.DIAMONDS), matadors=1, declarer_points=90, bid=36,
        kontra=True, re=True, bock=True,
    )
    # With 1, game, Schneider = 27 < 36 even though 27 × 8 > 36.
    assert result.overbid and result.value == 36
    assert result.score == -2 * 36 * 8


def test_schneider_in_play_lifts_the_value_over_the_bid() -> None:
    # Diamonds with 1: 18 simple, 27 with Schneider; bid 27 is reached only by Schneider.
    reached = settle(Contract(GameType.DIAMONDS), matadors=1, declarer_points=90, bid=27)
    missed = settle(Contract(GameType.DIAMONDS), matadors=1, declarer_points=89, bid=27)
    assert (reached.won, reached.score) == (True, 27)
    assert (missed.overbid, missed.score) == (True, -54)
    # A lost game is valued with the declarer's Schneider too, which can save it from overbid.
    poor = settle(Contract(GameType.DIAMONDS), matadors=1, declarer_points=30, bid=27)
    assert (poor.overbid, poor.loss_reason, poor.score) == (
        False, LossReason.NOT_ENOUGH_POINTS, -54,
    )


# ---------------------------------------------------------------- §9/§12 the worked examples


TABLE = """
| Diamonds | with 1 | no | 61 | 18 | 18 | won | +18 |
| Diamonds | with 1 | no | 60 | 18 | 18 | lost | −36 |
| Clubs | with 2 | no | 85 | 36 | 36 | won | +36 |
| Hearts | without 2 | yes | 95 (Schneider) | 40 | 50 | won | +50 |
| Grand | with 4 | no | all tricks | 96 | 168 | won | +168 |
| Spades | without 1 | no | 25 (declarer Schneider) | 22 | 33 | lost | −66 |
| Diamonds | with 1 | no | 70 | 24 | 27 (overbid) | lost | −54 |
| Hearts, Schneider announced | with 1 | yes | 80 | 30 | 50 | lost | −100 |
| Null ouvert | — | no | declarer took a trick | 46 | 46 | lost | −92 |
| Grand ouvert | with 4 | yes | all tricks | 264 | 264 | won | +264 |
| Clubs, Kontra and Re (house rule) | with 2 | no | 85 | 36 | 36 | won | +144 |
| Diamonds, Kontra (house rule) | with 1 | no | 75 | 22 | 27 (overbid) | lost | −108 |
"""
RULES = Path(__file__).resolve().parents[3] / "shared" / "spec" / "rules.md"


def table_rows(text: str) -> list[list[str]]:
    rows = []
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 8 and cells[0] not in ("game", "---"):
            rows.append(cells)
    return rows


def test_the_table_copy_matches_rules_md() -> None:
    """The copy holds the twelve rows of §12, and equals rules.md wherever ../shared is at hand."""
    assert len(table_rows(TABLE)) == 12
    if RULES.exists():
        section = RULES.read_text(encoding="utf-8").split("## 12.", 1)[1]
        assert table_rows(section) == table_rows(TABLE)


def number(cell: str) -> int:
    return int(cell.split()[0].replace("−", "-").replace("+", ""))


@pytest.mark.parametrize("row", table_rows(TABLE), ids=lambda row: " ".join(row[:2]))
def test_section_12_row(row: list[str]) -> None:
    game_cell, matador_cell, hand_cell, taken, bid, value, outcome, score = row
    words = game_cell.split(",")
    game = GameType(words[0].split()[0].lower())
    hand = hand_cell == "yes"
    ouvert = "ouvert" in words[0]
    kontra = "Kontra" in game_cell
    re_said = "Re " in game_cell
    contract = Contract(
        game, hand=hand, ouvert=ouvert, schneider_announced="Schneider announced" in game_cell
    )
    kwargs: dict[str, object] = {}
    if game is GameType.NULL:
        kwargs["declarer_tricks"] = 1 if "took a trick" in taken else 0
    else:
        sign = -1 if matador_cell.startswith("without") else 1
        kwargs["matadors"] = sign * int(matador_cell.split()[-1])
        if taken == "all tricks":
            kwargs["declarer_points"], kwargs["declarer_tricks"] = 120, 10
        else:
            kwargs["declarer_points"] = number(taken)
    result = settle(
        contract, bid=int(bid), kontra=kontra, re=re_said, **kwargs  # type: ignore[arg-type]
    )
    assert result.value == number(value)
    assert result.overbid is ("overbid" in value)
    assert result.won is (outcome == "won")
    assert result.score == number(score)
    if kontra:
        return  # rules.md does not say how Seeger-Fabian meets the house rules
    # Seeger-Fabian of the same row: ±50 for the declarer, +40 / +30 to the others on a loss.
    assert result.seeger_fabian.declarer == number(score) + (50 if result.won else -50)
    assert result.seeger_fabian.others == (0 if result.won else 40)
    four = settle(
        contract, bid=int(bid), kontra=kontra, re=re_said, players=4,
        **kwargs,  # type: ignore[arg-type]
    )
    assert four.seeger_fabian.others == (0 if result.won else 30)


def test_seeger_fabian_line_under_section_12() -> None:
    first = settle(Contract(GameType.DIAMONDS), matadors=1, declarer_points=61, bid=18)
    second = settle(Contract(GameType.DIAMONDS), matadors=1, declarer_points=60, bid=18)
    assert (first.seeger_fabian.declarer, first.seeger_fabian.others) == (68, 0)
    assert (second.seeger_fabian.declarer, second.seeger_fabian.others) == (-86, 40)
    if RULES.exists():
        line = RULES.read_text(encoding="utf-8").split("Seeger-Fabian for the first row", 1)[1]
        found = [int(n.replace("−", "-")) for n in re.findall(r"[+−-]\d+", line)[:3]]
        assert found == [68, -86, 40]


# ---------------------------------------------------------------- §4 the auction in a hand


def test_forehand_alone_plays_at_18_or_the_hand_is_passed_in() -> None:
    state = run(GameState.new(NULL_DEAL), [Pass(), Pass()])
    assert state.to_act is F and set(state.legal_actions()) == {Bid(18), Pass()}
    played = state.apply(Bid(18))
    assert (played.phase, played.declarer, played.bid) == (Phase.SKAT, F, 18)
    passed = state.apply(Pass())
    assert passed.phase is Phase.PASSED_IN and passed.declarer is None
    ramsch = run(
        GameState.new(NULL_DEAL, Options(ramsch_when_passed=True)), [Pass(), Pass(), Pass()]
    )
    assert ramsch.game_type is GameType.RAMSCH and ramsch.to_act is F


def test_rearhand_bids_to_the_survivor_above_the_value_held() -> None:
    state = run(GameState.new(NULL_DEAL), [Bid(18), Hold(), Bid(20), Pass()])
    # Forehand passed at 20: middlehand survives with 20, and rearhand must bid above it.
    assert state.to_act is R
    with pytest.raises(IllegalAction) as caught:
        state.apply(Bid(20))
    assert caught.value.reason is Reason.BID_NOT_HIGHER
    state = run(state, [Bid(30), Hold(), Bid(36), Pass()])
    assert (state.declarer, state.bid) == (R, 36)
    # A player who passed is out: forehand never speaks again after passing.
    assert [actor for actor, _ in state.history()] == [M, F, M, F, R, M, R, M]
