"""The coach's card hint: the search's verdict, and the plan behind the card that it bears out.

The search judges every legal card in the worlds that fit the seat's view (`search`). The hint
names the plan the chosen card follows (`heuristics.follows_plan`: draw trumps, smear points on
your partner's trick, keep a guard on your ten, ...) only when the search bears it out: every
legal card that does not follow the plan does worse in the judgement. The odds say how often the
seat's side wins the game with the card. Nothing here looks beyond the view.
"""

from __future__ import annotations

from typing import Final

from webapp.engine.actions import Play
from webapp.engine.cards import Card
from webapp.engine.view import SeatView

from .heuristics import Table, follows_plan, play_card
from .hints import Hint, HintReason, Odds
from .search import Judgement, _card_search, _pick

__all__ = ["PLANS", "card_hint", "searched_plan"]

PLANS: Final = (
    HintReason.DRAW_TRUMPS,
    HintReason.SCHMIER,
    HintReason.PLAY_THROUGH_DECLARER,
    HintReason.LEAD_SHORT_SUIT,
    HintReason.NULL_DISCARD_HIGH,
    HintReason.CASH_WINNER,
    HintReason.CASH_SURE,
    HintReason.TAKE_THE_TRICK,
    HintReason.KEEP_TEN_GUARD,
    HintReason.DUCK,
    HintReason.FOLLOW_LOWEST,
    HintReason.SAVE_HIGH_CARD,
)
"""The plans a searched card hint may name, the more telling first: a plan of the whole hand
(draw trumps, smear, the seat to lead through, a void to make), then what the card does to its
trick."""


def searched_plan(view: SeatView, card: Card, best: frozenset[Card]) -> HintReason | None:
    """Return the first plan ``card`` follows that the search bears out, if any.

    ``best`` are the cards the search found best. A plan is borne out when some legal card
    does not follow it and none of those is among the best: what the other cards lose is what
    the plan is for.
    """
    table = Table.from_view(view)
    legal = [action.card for action in view.legal_actions if isinstance(action, Play)]
    for plan in PLANS:
        if not follows_plan(table, plan, card):
            continue
        others = [other for other in legal if not follows_plan(table, plan, other)]
        if others and not any(other in best for other in others):
            return plan
    return None


def _odds(judgement: Judgement, card: Card, every_world: bool) -> Odds:
    """Return how often the side wins with ``card`` and with the best other card."""
    group = next(g for g, cards in enumerate(judgement.groups) if card in cards)
    count = judgement.worlds
    share = judgement.side_wins(group)
    other = max(
        (judgement.side_wins(g) for g in range(len(judgement.groups)) if g != group), default=None
    )
    return Odds(
        share=round(100 * share / count),
        other=round(100 * other / count) if other is not None and other < share else None,
        every_world=every_world,
        defending=not judgement.declarer_side,
    )


def card_hint(view: SeatView, seed: int) -> Hint:
    """Return a card hint: the plan the search bears out and the odds, else its verdict.

    Where every fitting world was judged, a verdict that holds in all of them comes first when
    no plan is borne out (only these cards win, every card wins, none does). Without a search
    the rules of thumb give the card and its principle.
    """
    fallback = play_card(view)
    found = _card_search(view, seed, every_world=True)
    if found is None:
        return fallback
    judgement, every_world = found
    assert isinstance(fallback.action, Play)
    preferred = fallback.action.card
    count = judgement.worlds
    wins = [judgement.side_wins(g) for g in range(len(judgement.groups))]
    best = judgement.best()
    card = _pick(judgement, best, preferred)
    if every_world and all(won == count for won in wins):
        return _with_alternatives(
            Hint(Play(card), HintReason.ALL_CARDS_WIN, cards=(card,)), judgement, card
        )
    if every_world and not any(wins):
        return _with_alternatives(
            Hint(Play(card), HintReason.ALL_CARDS_LOSE, cards=(card,)), judgement, card
        )
    best_cards = frozenset(other for g in best for other in judgement.groups[g])
    odds = _odds(judgement, card, every_world)
    plan = searched_plan(view, card, best_cards)
    if plan is not None:
        return Hint(Play(card), plan, cards=(card,), odds=odds)
    if every_world and any(won == count for won in wins):
        sure = [g for g, won in enumerate(wins) if won == count]
        cards = tuple(sorted((c for g in sure for c in judgement.groups[g]), key=lambda c: -c.index))
        return Hint(Play(card), HintReason.ONLY_WINNING_CARDS, cards=cards)
    if len(set(wins)) == 1:
        return Hint(fallback.action, fallback.reason, fallback.cards, fallback.value,
                    odds=_odds(judgement, preferred, every_world))
    return Hint(Play(card), HintReason.BEST_CHANCE, cards=(card,), value=odds.share, odds=odds)


def _with_alternatives(hint: Hint, judgement: Judgement, card: Card) -> Hint:
    """Add the other cards that are exactly as good as the hinted one."""
    others = tuple(
        Play(other)
        for g in judgement.best()
        for other in judgement.groups[g]
        if other is not card
    )
    return Hint(hint.action, hint.reason, hint.cards, hint.value, hint.game, others)
