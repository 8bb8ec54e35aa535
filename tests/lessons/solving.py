"""The answers a test (or the browser test) gives: right ones and typical wrong ones."""

from __future__ import annotations

from webapp.engine import Play
from webapp.lessons.steps import Choose, Number, Order, Pick, PlayCard, Step


def wrong_answers(step: Step) -> list[str]:
    """Return typical wrong answers for a step (at least one for every question)."""
    if isinstance(step, Choose):
        return [str(i) for i, option in enumerate(step.options) if not option.correct]
    if isinstance(step, Number):
        right = int(step.solution())
        return [str(right + 1), str(right - 1)]
    if isinstance(step, Order):
        right = step.solution().split()
        return [" ".join([right[1], right[0], *right[2:]])]
    if isinstance(step, Pick):
        right = step.solution().split()
        others = [str(card) for card in step.cards if str(card) not in right]
        if step.single:
            return others
        answers = [" ".join(right + [other]) for other in others]
        if len(right) > 1:
            answers.append(" ".join(right[1:]))
        return answers
    if isinstance(step, PlayCard):
        good = set(step.good_cards())
        hand = step.state.hand(step.me)
        legal = {a.card for a in step.state.legal_actions() if isinstance(a, Play)}
        return [str(card) for card in hand if card not in good and card in legal] + [
            str(card) for card in hand if card not in legal
        ]
    return []
