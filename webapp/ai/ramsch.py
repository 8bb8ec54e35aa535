"""Ramsch card play by search: each legal card played out in sampled worlds (strong and medium).

In a Ramsch everyone plays alone, so the open-hand solver (one declarer against two) does not
apply. Instead each of the seat's legal cards is tried in worlds sampled from its view (the same
inference as in a declarer's game: everyone passed, the suits a player showed void) and the rest
of the hand is played out by the rules of thumb for all three (a Monte-Carlo rollout). The card
is scored by the seat's Ramsch score at the end (the most card points lose them, the skat's
points to the last trick's taker or, by the house rule, to the loser; Jungfrau doubles; a
Durchmarsch wins 120), taken against the mean of the three, as the list compares players. The
card with the best total wins; on a tie, the rules of thumb's own card. The rollout and the
worlds are deterministic per seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Final

from itertools import combinations

from webapp.engine.actions import Pass, PickUp, Play, Push
from webapp.engine.cards import DECK, JACKS_MASK, CardSet, mask_indices, mask_points
from webapp.engine.rules import GameType, rules_for
from webapp.engine.score import settle_ramsch
from webapp.engine.view import SeatView

from .heuristics import card_danger, decide, play_card
from .hints import Hint, HintReason
from .ranks import class_ranks
from .worlds import World, sample_worlds

__all__ = [
    "RAMSCH_WORLDS",
    "MEDIUM_RAMSCH_WORLDS",
    "PUSH_CANDIDATES",
    "ramsch_card",
    "ramsch_push",
    "ramsch_pick_up",
    "card_scores",
]

RAMSCH_WORLDS: Final = 24
"""The worlds a strong player's Ramsch card samples."""
MEDIUM_RAMSCH_WORLDS: Final = 4
"""The worlds a medium player's Ramsch card samples."""


@dataclass(frozen=True, slots=True)
class _Cards:
    """Each card's facts in a Ramsch, by card index, for fast play-outs."""

    class_mask: tuple[int, ...]
    trump: tuple[bool, ...]
    rank: tuple[int, ...]
    points: tuple[int, ...]


@cache
def _cards() -> _Cards:
    rules = rules_for(GameType.RAMSCH)
    ranks = class_ranks(GameType.RAMSCH)
    return _Cards(
        tuple(rules.class_masks[card.index] for card in DECK),
        tuple(rules.is_trump(card) for card in DECK),
        ranks,
        tuple(card.points for card in DECK),
    )


def _strength(facts: _Cards, card: int, led: int) -> int:
    """Return a card's trick strength when ``led`` was led (-1: nothing led; 0: cannot win)."""
    if facts.trump[card]:
        return 64 + facts.rank[card]
    if led < 0 or facts.class_mask[led] >> card & 1:
        return 32 + facts.rank[card]
    return 0


def _thumb(facts: _Cards, hand: int, trick: list[int]) -> int:
    """Return the rules of thumb's Ramsch card (as `heuristics`) from a hand mask and the trick."""
    if not trick:
        return min(mask_indices(hand), key=lambda c: (_strength(facts, c, -1) + facts.points[c], c))
    led = trick[0]
    following = hand & facts.class_mask[led]
    legal = mask_indices(following or hand)
    if len(legal) == 1:
        return legal[0]
    best = max(_strength(facts, card, led) for card in trick)
    under = [c for c in legal if _strength(facts, c, led) < best]
    if under:
        return max(under, key=lambda c: (
            facts.points[c] if _strength(facts, c, led) == 0 else 0,
            _strength(facts, c, led),
            facts.points[c],
        ))
    if len(trick) == 2:
        return max(legal, key=lambda c: (_strength(facts, c, led), -facts.points[c]))
    return min(legal, key=lambda c: (facts.points[c], _strength(facts, c, led)))


def _finish(
    hands: list[int],
    trick: list[int],
    leader: int,
    points: list[int],
    tricks: list[int],
    skat: int,
    skat_to_loser: bool,
    first: int | None = None,
) -> tuple[int, ...]:
    """Play the hand out from an open trick, ``first`` (if given) then the rules of thumb for
    everyone; return the three Ramsch scores.

    ``hands`` hold what each seat holds now; ``points`` and ``tricks`` count the tricks taken.
    The skat's points go to the last trick's taker, or with ``skat_to_loser`` to the player with
    the most points (the first of them from forehand).
    """
    facts = _cards()
    last = -1
    seat = (leader + len(trick)) % 3
    card = first
    while True:
        if card is None:
            card = _thumb(facts, hands[seat], trick)
        hands[seat] &= ~(1 << card)
        trick.append(card)
        card = None
        if len(trick) == 3:
            led = trick[0]
            strengths = [_strength(facts, c, led) for c in trick]
            winner = (leader + strengths.index(max(strengths))) % 3
            points[winner] += sum(facts.points[c] for c in trick)
            tricks[winner] += 1
            last = winner
            leader, seat, trick = winner, winner, []
            if not hands[seat]:
                break
        else:
            seat = (seat + 1) % 3
    receiver = points.index(max(points)) if skat_to_loser else last
    points[receiver] += mask_points(skat)
    return settle_ramsch(points, tricks, worked=False).scores


def _relative(scores: tuple[int, ...], me: int) -> float:
    """Return a seat's Ramsch score against the mean of the three (as the list compares)."""
    return scores[me] - sum(scores) / 3


def _play_out(view: SeatView, world: World, first: int) -> float:
    """Return the seat's Ramsch score (minus the three's mean) after ``first`` and a play-out."""
    scores = _finish(
        list(world.hands),
        [card.index for card in view.current_trick.cards],
        int(view.current_trick.leader),
        list(view.trick_points),
        list(view.trick_counts),
        world.skat,
        view.options.skat_to_loser,
        first,
    )
    return _relative(scores, int(view.position))


def card_scores(view: SeatView, worlds: list[World]) -> dict[int, float]:
    """Return, by card index, each legal card's total score over the worlds (see the module)."""
    legal = [action.card.index for action in view.legal_actions if isinstance(action, Play)]
    return {card: sum(_play_out(view, world, card) for world in worlds) for card in legal}


def _rng(view: SeatView, seed: int) -> random.Random:
    played = sum(len(trick.cards) for trick in view.tricks) + len(view.current_trick.cards)
    return random.Random(f"kiebitz-ramsch:{seed}:{int(view.position)}:{played}")


def ramsch_card(view: SeatView, seed: int, *, worlds: int = RAMSCH_WORLDS) -> Hint:
    """Return the Ramsch card with the best total over ``worlds`` sampled worlds.

    The rules of thumb decide a single legal card and break ties.
    """
    fallback = play_card(view)
    legal = [action for action in view.legal_actions if isinstance(action, Play)]
    if len(legal) <= 1 or view.game_type is not GameType.RAMSCH:
        return fallback
    scores = card_scores(view, sample_worlds(view, worlds, _rng(view, seed)))
    top = max(scores.values())
    assert isinstance(fallback.action, Play)
    if scores[fallback.action.card.index] >= top - 1e-9:
        return fallback
    card = DECK[min(index for index, score in scores.items() if score >= top - 1e-9)]
    return Hint(Play(card), HintReason.RAMSCH_AVOID_POINTS, cards=(card,))


PUSH_CANDIDATES: Final = 8
"""The pushes a Schieberamsch search plays out: the rules of thumb's most dangerous pairs."""


def _danger_order(view: SeatView, hand: CardSet) -> list[Push]:
    """Return the legal pushes from ``hand``, the rules of thumb's most dangerous pair first."""
    barred = 0 if view.options.push_jacks_allowed else JACKS_MASK
    cards = [card for card in hand if not card.bit & barred]
    pushes = [Push(first, second) for first, second in combinations(cards, 2)]
    return sorted(pushes, key=lambda push: (
        -(card_danger(push.first, hand) + card_danger(push.second, hand)),
        -push.first.index,
        -push.second.index,
    ))


def _from_the_lead(view: SeatView, world: World, hand: int, skat: int) -> float:
    """Return the seat's relative score when the card play starts with ``hand`` and ``skat``."""
    me = int(view.position)
    hands = list(world.hands)
    hands[me] = hand
    scores = _finish(hands, [], 0, [0, 0, 0], [0, 0, 0], skat, view.options.skat_to_loser)
    return _relative(scores, me)


def ramsch_push(view: SeatView, seed: int, *, worlds: int = RAMSCH_WORLDS) -> Hint:
    """Return the two cards to push: of the rules of thumb's `PUSH_CANDIDATES` most dangerous
    pairs, the one whose play-outs over the sampled worlds score best (ties: the most dangerous).
    Later seats are taken to push the skat on unchanged."""
    fallback = decide(view)
    hand = view.hand
    candidates = [
        push for push in _danger_order(view, hand) if push in view.legal_actions
    ][:PUSH_CANDIDATES]
    if len(candidates) <= 1:
        return fallback
    sampled = sample_worlds(view, worlds, _rng(view, seed))
    best: tuple[float, Push] | None = None
    for push in candidates:
        pushed = push.first.bit | push.second.bit
        total = sum(_from_the_lead(view, world, hand.mask & ~pushed, pushed) for world in sampled)
        if best is None or total > best[0] + 1e-9:
            best = (total, push)
    assert best is not None
    if best[1] == fallback.action:
        return fallback
    push = best[1]
    return Hint(push, HintReason.PUSH_DANGEROUS_CARDS, cards=(push.first, push.second))


def ramsch_pick_up(view: SeatView, seed: int, *, worlds: int = RAMSCH_WORLDS) -> Hint:
    """Return whether to take the skat in a Schieberamsch: in each sampled world the hand is
    played out as it is and after taking the skat and pushing the rules of thumb's most
    dangerous pair (the score doubled); the skat is taken when that scores better in total. A
    Grand hand declared by the rules of thumb stands."""
    fallback = decide(view)
    if PickUp() not in view.legal_actions or not isinstance(fallback.action, Pass | PickUp):
        return fallback
    me = int(view.position)
    gain = 0.0
    for world in sample_worlds(view, worlds, _rng(view, seed)):
        twelve = CardSet.from_mask(world.hands[me] | world.skat)
        push = _danger_order(view, twelve)[0]
        pushed = push.first.bit | push.second.bit
        gain += 2 * _from_the_lead(view, world, twelve.mask & ~pushed, pushed)
        gain -= _from_the_lead(view, world, world.hands[me], world.skat)
    choice = PickUp() if gain > 0 else Pass()
    if choice == fallback.action:
        return fallback
    return Hint(choice, HintReason.RAMSCH_PICK_UP if gain > 0 else HintReason.RAMSCH_PASS)
