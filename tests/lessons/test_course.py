"""Every step of every lesson: the right answer passes, typical wrong ones fail with a reason."""

from __future__ import annotations

import pytest

from webapp.engine import Card, GameState
from webapp.lessons.course import LESSONS
from webapp.lessons.steps import BadAnswer, Order, PlayCard, Step

from .solving import wrong_answers

STEPS = [
    pytest.param(lesson, index, step, id=f"{lesson.slug}-{index + 1}")
    for lesson in LESSONS
    for index, step in enumerate(lesson.steps)
]
QUESTIONS = [param for param in STEPS if param.values[2].interactive]


def test_every_lesson_has_5_to_12_steps_and_asks_something() -> None:
    for lesson in LESSONS:
        assert 5 <= len(lesson.steps) <= 12
        assert lesson.questions >= 3, lesson.slug
    assert len({lesson.slug for lesson in LESSONS}) == len(LESSONS)


@pytest.mark.parametrize(("lesson", "index", "step"), QUESTIONS)
def test_the_intended_answer_is_accepted(app, lesson, index, step: Step) -> None:  # type: ignore[no-untyped-def]
    with app.test_request_context("/en/learn/"):
        verdict = step.check(step.solution())
        assert verdict.correct and verdict.done
        if isinstance(step, Order):
            right = step.solution().split()
            half = step.check(" ".join(right[:2]))
            assert half.correct and not half.done


@pytest.mark.parametrize(("lesson", "index", "step"), QUESTIONS)
def test_typical_wrong_answers_are_rejected_with_a_specific_reason(words, lesson, index, step: Step) -> None:  # type: ignore[no-untyped-def]
    answers = wrong_answers(step)
    assert answers, "a question needs a wrong answer to reject"
    for answer in answers:
        verdict = step.check(answer)
        assert not verdict.correct, answer
        assert verdict.why is not None
        text = words.text(verdict.why)
        assert "%(" not in text
        # The reason names what was wrong: a card given, or the number given; a missed card is
        # not named (it is part of the answer).
        if step.kind in ("pick", "order", "play"):
            given = set(answer.split())
            if given < set(step.solution().split()):
                assert not any(card in text for card in step.solution().split()), (answer, text)
            else:
                assert any(card in text for card in given), (answer, text)
        elif step.kind == "number":
            numbers = {answer.lstrip("-"), step.solution().lstrip("-")}
            assert any(number in text for number in numbers), (answer, text)


@pytest.mark.parametrize(("lesson", "index", "step"), [p for p in QUESTIONS if p.values[2].kind == "play"])
def test_play_positions_parse_and_their_goal_is_reachable(lesson, index, step: PlayCard) -> None:  # type: ignore[no-untyped-def]
    state = GameState.parse(step.position)
    assert str(state) == step.position
    assert step.good_cards(), "no card reaches the goal"
    assert step.state.to_act is not None


@pytest.mark.parametrize(("lesson", "index", "step"), QUESTIONS)
def test_answers_no_form_can_send_are_refused(app, lesson, index, step: Step) -> None:  # type: ignore[no-untyped-def]
    with app.test_request_context("/en/learn/"):
        for tampered in ("zz", "<script>", "99999999", "CJ CJ", "-"):
            if step.kind == "number" and tampered == "99999999":
                continue
            with pytest.raises(BadAnswer):
                step.check(tampered)
        if step.kind in ("pick", "order", "play"):
            shown = set(step.solution().split())
            foreign = next(str(card) for card in map(Card.from_index, range(32)) if str(card) not in shown
                           and (not isinstance(step, PlayCard) or card not in step.state.hand(step.me))
                           and (not hasattr(step, "cards") or card not in step.cards))
            with pytest.raises(BadAnswer):
                step.check(foreign)


def test_no_step_uses_a_concept_before_the_lesson_that_teaches_it(words) -> None:  # type: ignore[no-untyped-def]
    from webapp.lessons.concepts import step_concepts

    taught: set[object] = set()
    early = []
    for number, lesson in enumerate(LESSONS, start=1):
        assert not taught & lesson.teaches, f"{lesson.slug} teaches again what an earlier lesson taught"
        taught |= lesson.teaches
        for index, step in enumerate(lesson.steps, start=1):
            verdicts = [step.check(answer) for answer in wrong_answers(step)]
            feedback = [say for verdict in verdicts for say in (verdict.why, verdict.worked) if say is not None]
            used = step_concepts(step, words.text, feedback)
            early += [(number, lesson.slug, index, concept.value) for concept in used - taught]
    assert early == []


def test_every_concept_is_taught_by_some_lesson() -> None:
    from webapp.lessons.concepts import Concept

    assert set(Concept) == {concept for lesson in LESSONS for concept in lesson.teaches}


def test_the_concepts_of_a_step_come_from_its_game_its_trumps_and_its_words(words) -> None:  # type: ignore[no-untyped-def]
    from webapp.engine import GameType
    from webapp.lessons.concepts import Concept, step_concepts
    from webapp.lessons.goals import TrickWinner
    from webapp.lessons.steps import Pick
    from webapp.lessons.text import say

    plain = Pick(text=say("Which card wins?"), cards=tuple(map(Card.parse, ("S9", "SA", "SK"))),
                 goal=TrickWinner(GameType.GRAND))
    jack = Pick(text=say("Which card wins?"), cards=tuple(map(Card.parse, ("S9", "SJ", "SK"))),
                goal=TrickWinner(GameType.GRAND))
    named = Pick(text=say("%(game)s: which card wins this trick?", game=GameType.HEARTS),
                 cards=plain.cards, goal=TrickWinner(GameType.HEARTS))
    assert step_concepts(plain, words.text) == set()
    assert step_concepts(jack, words.text) == {Concept.GRAND, Concept.TRUMP, Concept.JACK_TRUMPS}
    assert step_concepts(named, words.text) == {Concept.SUIT_GAME, Concept.TRICK}
    play = next(step for lesson in LESSONS for step in lesson.steps if isinstance(step, PlayCard))
    assert {Concept.TRICK, Concept.POSITIONS, Concept.DECLARER} <= step_concepts(play, words.text)
