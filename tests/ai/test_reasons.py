"""The coach's reasons over positions: each said where it is true, and not said where it is not.

Positions are written in the game notation (deal, then the actions). ``check_reason`` (from
`test_hints`) is the independent statement of what each reason claims.
"""

from __future__ import annotations

import random

import pytest

from tests.ai.test_hints import check_card_reason, check_reason
from tests.engine.randomgame import OPTION_SETS
from webapp.ai import HintReason, Level, choose, hint
from webapp.ai.coach import PLANS, searched_plan
from webapp.ai.heuristics import Table, decide, follows_plan, play_card
from webapp.ai.hints import Hint
from webapp.engine import Card, Deal, Discard, GameState, Phase, Play
from webapp.engine import Bid, Hold, Pass, PickUp

R = HintReason

GAME_0 = (
    "CJHJDJSQHAHKHQH7DAD9-SJCACTC9C8C7S7HTH9D7-CKCQSASTSKS8DTDKDQD8-S9H8"
    "_18.yes.20.yes.22.yes.23.yes.24.yes.pass.pass.hand.hearts"
)
"""Forehand plays Hearts Hand: CJ HJ DJ SQ HA HK HQ H7 DA D9."""
GAME_5 = (
    "SJC7SKS9S8HKHQH8DTD7-HJCACKC8SQH9H7DADQD8-CJDJCTCQC9STS7HADKD9-SAHT"
    "_pass.18.pass.skat.discard-DK-D9.clubs"
)
"""Rearhand plays Clubs; forehand, a defender, holds SJ C7 SK S9 S8 HK HQ H8 DT D7."""
GAME_10 = (
    "CJDJCTCQC8S9HAH7DAD9-SJCKC9C7SASTSQHTHKH9-CASKS7HQH8DTDKDQD8D7-HJS8"
    "_pass.pass.18.skat.discard-S9-S8.clubs"
)
GAME_DUCK = (
    "DJCACTCQSTSKSQS9HTHK-CJHJS8S7HAHQH9DKDQD7-SJCKC9C8SAH8H7DADTD8-C7D9"
    "_18.yes.20.yes.pass.pass.skat.discard-HT-HK.spades"
)
GAME_NULL = (
    "SJCQSASTSKHKDADTDKDQ-CJHJCKSQS8HAHQH9D8D7-CACTC9C8C7S9S7HTH8H7-DJD9"
    "_18.yes.20.pass.22.pass.hand.null"
)
"""Rearhand plays Null Hand with CA CT C9 C8 C7 S9 S7 HT H8 H7."""
GAME_GUARD = (
    "CJSJHJDJC7SQS9S8H8D7-CKC9SKS7HAHKH7DTDKD8-CACTCQSASTHTHQH9DADQ-C8D9"
    "_pass.pass.18.hand.spades.CJ.S7.ST.SJ.SK.SA.SQ.H7.H9.HJ.D8"
)
"""Forehand plays Spades Hand and leads HJ; rearhand, out of trumps, holds CA CT CQ HT HQ DA DQ:
HT with one guard (HQ), and the ace of hearts is still out."""
GAME_LEAD_BESIDE_TEN = (
    "CJDJCTC7HAH9H7DKDQD9-SJCQC9C8SKSQHTHKDAD7-HJCACKSASTS9S8HQH8D8-S7DT"
    "_pass.18.yes.20.yes.22.pass.skat.discard-DT-D8.spades"
)
ALL_TRUMPS_DRAWN = (
    "CJSJHJDJCACTCKCQC9C8-SASTSKSQS9S8S7HAHTHK-HQH9H8H7DTDKDQD9D8D7-C7DA"
    "_18.yes.pass.pass.skat.discard-C7-C8.clubs"
)
"""Forehand plays Clubs holding ten of the eleven trumps and DA; the eleventh (C7) is laid away:
the defenders hold no trump."""


def position(text: str, *cards: str) -> GameState:
    """Return the game written as ``text`` with ``cards`` played after it."""
    state = GameState.parse(text)
    for card in cards:
        state = state.apply(Play(Card.parse(card)))
    return state


def table_of(state: GameState) -> Table:
    seat = state.to_act
    assert seat is not None
    return Table.from_view(state.view(seat))


# ------------------------------------------------------------------ the two bugs of issue 17


def test_a_top_trump_is_never_taken_before_it_can_be_trumped() -> None:
    """ "Take it now, before it can be trumped" was said of the ace of trumps (Clubs)."""
    state = position(ALL_TRUMPS_DRAWN)
    table = table_of(state)
    advice = play_card(state.view(state.to_act))  # type: ignore[arg-type]
    assert advice.reason is not R.CASH_WINNER
    assert advice == Hint(Play(Card.parse("CA")), R.CASH_SURE, cards=(Card.parse("CA"),))
    check_reason(state, advice)
    for card in ("CA", "CJ", "DA"):  # a trump, or a plain ace nobody can trump any more
        assert not follows_plan(table, R.CASH_WINNER, Card.parse(card))
        assert follows_plan(table, R.CASH_SURE, Card.parse(card))
    searched = hint(state.view(state.to_act), seed=1)  # type: ignore[arg-type]
    assert searched.reason is not R.CASH_WINNER
    check_reason(state, searched)


def test_a_plain_ace_that_can_still_be_trumped_is_cashed_before_it_is() -> None:
    state = position(GAME_0, "CJ", "H9", "D8", "H7", "HT", "DT")  # middlehand to lead
    table = table_of(state)
    advice = play_card(state.view(state.to_act))  # type: ignore[arg-type]
    assert advice == Hint(Play(Card.parse("CA")), R.CASH_WINNER, cards=(Card.parse("CA"),))
    check_reason(state, advice)
    assert not follows_plan(table, R.CASH_SURE, Card.parse("CA"))  # the declarer has trumps


def _discard_hint(text: str) -> tuple[GameState, Hint]:
    state = GameState.parse(text)
    assert state.phase is Phase.DISCARD
    advice = decide(state.view(state.to_act))  # type: ignore[arg-type]
    check_reason(state, advice)
    return state, advice


def test_laying_away_two_suits_is_not_called_a_short_suit() -> None:
    # Forehand picks up D9 C9 to CJ SJ HJ DJ CA CT CK CQ S7 H8: H8 and D9 empty two suits.
    deal = Deal.parse("CJSJHJDJCACTCKCQS7H8-SASTSKSQS9S8HAHTHKHQ-H9H7DTDKDQD8D7C8C7DA-D9C9")
    state = GameState.new(deal)
    for action in (Bid(18), Hold(), Pass(), Pass(), PickUp()):
        state = state.apply(action)
    _, advice = _discard_hint(str(state))
    assert advice.reason is R.DISCARD_SHORT_SUIT
    assert advice.action == Discard(Card.parse("H8"), Card.parse("D9"))
    assert {card.suit for card in advice.cards} == {Card.parse("H8").suit, Card.parse("D9").suit}


def test_a_discard_names_only_the_suit_it_leaves_empty() -> None:
    # Seed 3: lay away ST and HQ; spades stay (SA SK S8), hearts go: only HQ makes the void.
    text = (
        "HJC9SASKS8HTH7DTD9D7-CJDJCACKCQC7S9S7HQDQ-SJCTC8SQHAHKH9H8DADK-STD8"
        "_18.pass.20.yes.pass.skat"
    )
    _, advice = _discard_hint(text)
    assert advice.action == Discard(Card.parse("ST"), Card.parse("HQ"))
    assert advice.reason is R.DISCARD_SHORT_SUIT
    assert advice.cards == (Card.parse("HQ"),)


# ------------------------------------------------------------------ said where true

SAID = [
    # The declarer leads the top trump while both defenders may hold trumps.
    (R.DRAW_TRUMPS, GAME_0, (), "CJ"),
    # A defender cannot beat CJ: gives the fewest points.
    (R.FOLLOW_LOWEST, GAME_0, ("CJ",), "H9"),
    # Middlehand, a defender, beats H7 with HT and rearhand (the partner) plays last.
    (R.TAKE_THE_TRICK, GAME_0, ("CJ", "H9", "D8", "H7"), "HT"),
    # Rearhand's partner has HT on the declarer's H7: smear DT.
    (R.SCHMIER, GAME_0, ("CJ", "H9", "D8", "H7", "HT"), "DT"),
    (R.CASH_WINNER, GAME_0, ("CJ", "H9", "D8", "H7", "HT", "DT"), "CA"),
    # No trump left with the defenders: HA is a sure trick.
    (R.CASH_SURE, GAME_0, ("CJ", "H9", "D8", "H7", "HT", "DT", "CA", "CK", "HQ", "DJ", "SJ", "ST",
                          "D7", "DQ", "DA", "HJ", "S7", "S8"), "HA"),
    # A defender without trumps keeps CT and leads D7.
    (R.SAVE_HIGH_CARD, GAME_0, ("CJ", "H9", "D8", "H7", "HT", "DT", "CA", "CK", "HQ", "DJ", "SJ",
                                "ST"), "D7"),
    # Forehand, a defender with SJ, leads its only diamond but one (DT D7): a void to trump.
    (R.LEAD_SHORT_SUIT, GAME_5, (), "D7"),
    # Middlehand, the declarer (rearhand) to play next: lead the long suit (DA DQ) through.
    (R.PLAY_THROUGH_DECLARER, GAME_5, ("D7", "D8", "C9", "CJ", "C7", "C8", "SA", "S8", "SQ", "HA",
                                       "H8", "H7", "ST", "S9", "CK"), "DQ"),
    (R.DUCK, GAME_DUCK, ("CA", "S7", "CK", "HA", "H7", "S9", "D9"), "D7"),
    # The Null declarer cannot follow DT: CA could be caught by any lower club still out.
    (R.NULL_DISCARD_HIGH, GAME_NULL, ("DT", "D7"), "CA"),
]


@pytest.mark.parametrize(("reason", "text", "played", "card"), SAID,
                         ids=[said[0].name for said in SAID])
def test_the_rule_of_thumb_says_its_reason_where_it_holds(
    reason: HintReason, text: str, played: tuple[str, ...], card: str
) -> None:
    state = position(text, *played)
    advice = play_card(state.view(state.to_act))  # type: ignore[arg-type]
    assert advice.action == Play(Card.parse(card)) and advice.reason is reason
    check_reason(state, advice)
    assert follows_plan(table_of(state), reason, Card.parse(card))


# ------------------------------------------------------------------ not said where untrue

NOT_SAID = [
    # The defenders hold no trump: drawing trumps is no plan.
    (R.DRAW_TRUMPS, ALL_TRUMPS_DRAWN, (), "CJ"),
    # A plain ace the declarer may still trump is no sure trick.
    (R.CASH_SURE, GAME_0, ("CJ", "H9", "D8", "H7", "HT", "DT"), "CA"),
    # Middlehand's clubs (CA CT C9 C8 C7) are no short suit.
    (R.LEAD_SHORT_SUIT, GAME_0, ("CJ", "H9", "D8", "H7", "HT", "DT"), "CA"),
    # Middlehand leads, and the declarer (forehand) plays last, not next.
    (R.PLAY_THROUGH_DECLARER, GAME_0, ("CJ", "H9", "D8", "H7", "HT", "DT"), "CA"),
    # The declarer (forehand) is winning with CJ: no smearing to the opponent.
    (R.SCHMIER, GAME_0, ("CJ",), "HT"),
    # Rearhand's DK does not beat the partner's HT.
    (R.TAKE_THE_TRICK, GAME_0, ("CJ", "H9", "D8", "H7", "HT"), "DK"),
    # The partner is winning: letting the trick go is no duck.
    (R.DUCK, GAME_0, ("CJ", "H9", "D8", "H7", "HT"), "DK"),
    # The partner is winning with HT: "you cannot win this trick" is not the point.
    (R.FOLLOW_LOWEST, GAME_0, ("CJ", "H9", "D8", "H7", "HT"), "S8"),
    # H7 and D9 are worth the same: there is no high card to keep.
    (R.SAVE_HIGH_CARD, GAME_10, ("CJ", "C7", "CA", "C8", "C9", "DT", "SA", "SK", "CQ", "DJ", "SJ",
                                 "DK", "SQ", "S7", "CT", "HJ", "CK", "D7", "HA", "H9", "H8", "DA",
                                 "HK", "D8"), "H7"),
    # No club lower than C7 is out: nothing can catch it.
    (R.NULL_DISCARD_HIGH, GAME_NULL, ("DT", "D7"), "C7"),
    # Throwing HQ gives up the guard of HT (the ace of hearts is still out).
    (R.KEEP_TEN_GUARD, GAME_GUARD, (), "HQ"),
    # A lead is no throw-off: forehand (CT C7, the ace of clubs out) leading HA keeps the guard,
    # but that is not why HA is led.
    (R.KEEP_TEN_GUARD, GAME_LEAD_BESIDE_TEN, (), "HA"),
]


@pytest.mark.parametrize(("reason", "text", "played", "card"), NOT_SAID,
                         ids=[said[0].name for said in NOT_SAID])
def test_no_reason_is_said_of_a_card_it_is_untrue_of(
    reason: HintReason, text: str, played: tuple[str, ...], card: str
) -> None:
    state = position(text, *played)
    view = state.view(state.to_act)  # type: ignore[arg-type]
    played_card = Card.parse(card)
    assert Play(played_card) in view.legal_actions
    assert not follows_plan(table_of(state), reason, played_card)
    with pytest.raises(AssertionError):  # the independent statement of the claim fails too
        check_card_reason(state, Hint(Play(played_card), reason, cards=(played_card,)))
    for advice in (play_card(view), hint(view, seed=3)):
        assert not (advice.action == Play(played_card) and advice.reason is reason)


# ------------------------------------------------------------------ chosen from the search


def _legal(state: GameState) -> list[Card]:
    return [action.card for action in state.legal_actions() if isinstance(action, Play)]


def test_a_plan_is_named_only_when_the_cards_that_do_not_follow_it_do_worse() -> None:
    """Draw trumps: said when the plain cards lose in the search, not when one is as good."""
    state = position(GAME_0)
    view = state.view(state.to_act)  # type: ignore[arg-type]
    trumps = frozenset(card for card in _legal(state) if state.rules.is_trump(card))  # type: ignore[union-attr]
    jack = Card.parse("CJ")
    assert searched_plan(view, jack, trumps) is R.DRAW_TRUMPS
    # The search finds the plain DA just as good: drawing trumps is not what decides.
    assert searched_plan(view, jack, trumps | {Card.parse("DA")}) is not R.DRAW_TRUMPS


def test_keeping_the_guard_of_a_ten_is_named_when_both_hearts_lose() -> None:
    state = position(GAME_GUARD)
    view = state.view(state.to_act)  # type: ignore[arg-type]
    table = table_of(state)
    queen = Card.parse("CQ")
    assert follows_plan(table, R.KEEP_TEN_GUARD, queen)
    hearts = {Card.parse("HT"), Card.parse("HQ")}
    others = frozenset(card for card in _legal(state) if card not in hearts)
    # Only the hearts do worse: what throwing CQ keeps is the guard of HT.
    assert searched_plan(view, queen, others) is R.KEEP_TEN_GUARD
    # When throwing the guard HQ is just as good, the guard is not what decides.
    assert searched_plan(view, queen, others | {Card.parse("HQ")}) is not R.KEEP_TEN_GUARD


def test_every_plan_a_card_is_said_to_follow_is_true_of_the_position() -> None:
    """Over random positions, each plan that holds for a legal card passes its claim's check."""
    rng = random.Random(4)
    named: set[HintReason] = set()
    starts = [GameState.new(Deal.from_seed(seed), OPTION_SETS[seed % len(OPTION_SETS)])
              for seed in range(40)]
    starts += [GameState.parse(GAME_NULL)] * 4  # the easy players seldom declare a Null
    for seed, state in enumerate(starts):
        while not state.finished:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            if state.phase is Phase.PLAY and isinstance(view.legal_actions[0], Play):
                table = Table.from_view(view)
                for card in _legal(state):
                    for plan in PLANS:
                        if follows_plan(table, plan, card):
                            check_card_reason(state, Hint(Play(card), plan, cards=(card,)))
                            named.add(plan)
            state = state.apply(rng.choice(state.legal_actions()) if rng.random() < 0.3
                                else choose(view, Level.EASY, seed=seed))
    assert named == set(PLANS)


def test_the_coach_names_plans_from_the_search_and_they_hold() -> None:
    reasons: set[HintReason] = set()
    for seed in range(12):
        state = GameState.new(Deal.from_seed(seed))
        while not state.finished:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            if state.phase is Phase.PLAY and len(state.legal_actions()) > 1:
                advice = hint(view, seed=seed)
                check_reason(state, advice)
                if advice.odds is not None:
                    assert 0 <= advice.odds.share <= 100
                    assert advice.odds.defending == (seat != state.declarer)
                    assert advice.odds.other is None or advice.odds.other < advice.odds.share
                reasons.add(advice.reason)
            state = state.apply(choose(view, Level.EASY, seed=seed))
    assert {R.DRAW_TRUMPS, R.SCHMIER, R.TAKE_THE_TRICK} <= reasons
