"""Sentences name ranks as the chosen deck does: Daus, Ober and Unter with German-suited cards.

With the German deck no lesson text, lesson feedback, coach hint or reason, rule label or refusal
says "ace", "Ass", "valets" or "Buben"; with the French-suited decks none says Daus, Ober or Unter.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask, g

from tests.engine.randomgame import OPTION_SETS
from tests.lessons.solving import wrong_answers
from webapp import words
from webapp.ai import Hint, HintReason, Odds
from webapp.ai.heuristics import decide
from webapp.decks import Deck
from webapp.engine import Card, Deal, Discard, GameState, Play, Push
from webapp.lessons.concepts import step_sentences
from webapp.lessons.course import LESSONS
from webapp.lessons.words import current_words
from webapp.practice import phrases
from webapp.scoresheet import words as sheet_words

LANGS = ["en", "fr", "fi", "ms", "de"]

#: The French-suited ranks that the German deck renames (ace, queen, jack), per language, in the
#: forms the catalogs use. Finnish "ässä" is matched alone or after a suit ("ruutuässä"), never
#: as the inessive ending of "tässä", "neljässä", "päässä".
FRENCH_RANKS: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"\b(aces?|queens?|jacks?)\b", re.IGNORECASE),
    "de": re.compile(r"(?<![A-Za-zÄÖÜäöüß])(Ass|Asse|Assen|Dame|Damen|Bube|Buben)\b"),
    "fr": re.compile(r"\b(as|valets?|dames?)\b", re.IGNORECASE),
    "fi": re.compile(r"(?<![^aiouy\W])äss[äi]|jätk|rouv", re.IGNORECASE),
    "ms": re.compile(r"\b(sat|pekak|permaisuri)\b", re.IGNORECASE),
}
#: The German-suited ranks (they stay German in every language, see glossary.md).
GERMAN_RANKS = re.compile(r"\b(Daus|Ober|Obers|Unter|Unters|Untern)\b")
FORBIDDEN = {Deck.GERMAN: FRENCH_RANKS, Deck.FRENCH: {lang: GERMAN_RANKS for lang in LANGS}}


def _both_decks(step: object) -> bool:
    """Tell whether a step shows the two decks side by side (the deck lesson names both)."""
    decks = {row.deck for row in getattr(step, "rows", ())}
    return {"french", "german"} <= decks


def lesson_texts() -> Iterator[tuple[str, object]]:
    """Yield every sentence of every lesson step, with the feedback to its typical wrong answers."""
    for lesson in LESSONS:
        yield lesson.slug, lesson.title
        yield lesson.slug, lesson.summary
        for index, step in enumerate(lesson.steps, start=1):
            if _both_decks(step):
                continue
            where = f"{lesson.slug}-{index}"
            for sentence in step_sentences(step):
                yield where, sentence
            for answer in wrong_answers(step):
                verdict = step.check(answer)
                for said in (verdict.why, verdict.worked):
                    if said is not None:
                        yield where, said


def _in(app: Flask, lang: str, deck: Deck):  # type: ignore[no-untyped-def]
    context = app.test_request_context(f"/{lang}/learn/")
    context.push()
    g.lang = lang
    g.deck = deck
    return context


@pytest.mark.parametrize("deck", [Deck.GERMAN, Deck.FRENCH])
@pytest.mark.parametrize("lang", LANGS)
def test_lesson_texts_and_feedback_name_the_decks_ranks(app: Flask, lang: str, deck: Deck) -> None:
    context = _in(app, lang, deck)
    try:
        said = current_words()
        wrong = []
        for where, sentence in lesson_texts():
            text = said.text(sentence) if hasattr(sentence, "values") else str(sentence)
            if FORBIDDEN[deck][lang].search(text):
                wrong.append((where, text))
    finally:
        context.pop()
    assert wrong == []


def coach_hints() -> Iterator[Hint]:
    """Yield hints of many practice positions (rules of thumb in every phase), then one hint of
    every reason the coach has, with cards, so that reasons only the search gives are said too."""
    for seed in range(25):
        state = GameState.new(Deal.from_seed(seed), OPTION_SETS[seed % len(OPTION_SETS)])
        while not state.finished:
            seat = state.to_act
            assert seat is not None
            advice = decide(state.view(seat))
            yield advice
            state = state.apply(advice.action)
    tens = (Card.parse("HT"), Card.parse("ST"))
    odds = Odds(share=62, other=40, every_world=False, defending=False)
    for reason in HintReason:
        for cards in (tens[:1], tens):
            yield Hint(Play(cards[0]), reason, cards=cards, value=40, odds=odds)
    yield Hint(Discard(*tens), HintReason.DISCARD_BLANK_TEN, cards=tens)
    yield Hint(Push(Card.parse("CJ"), Card.parse("SA")), HintReason.PUSH_DANGEROUS_CARDS,
               cards=(Card.parse("CJ"), Card.parse("SA")))


HINTS = list(coach_hints())


@pytest.mark.parametrize("deck", [Deck.GERMAN, Deck.FRENCH])
@pytest.mark.parametrize("lang", LANGS)
def test_coach_hints_and_reasons_name_the_decks_ranks(app: Flask, lang: str, deck: Deck) -> None:
    assert {hint.reason for hint in HINTS} == set(HintReason)
    context = _in(app, lang, deck)
    try:
        wrong = set()
        for hint in HINTS:
            for text in (phrases.hint_move(hint), phrases.hint_reason(hint)):
                # Card names are the deck's own; the sentence around them must be too.
                for card in (*hint.cards, *getattr(hint.action, "__dict__", {}).values()):
                    if isinstance(card, Card):
                        text = text.replace(phrases.card_name(card), "CARD")
                if FORBIDDEN[deck][lang].search(text):
                    wrong.add((hint.reason.name, text))
    finally:
        context.pop()
    assert sorted(wrong) == []


@pytest.mark.parametrize("deck", [Deck.GERMAN, Deck.FRENCH])
@pytest.mark.parametrize("lang", LANGS)
def test_rule_labels_and_refusals_name_the_decks_ranks(app: Flask, lang: str, deck: Deck) -> None:
    tables = (words.ILLEGAL, words.LOSS, words.INPUT, words.LEVEL_HELP, sheet_words.RULE_LABELS,
              sheet_words.RULE_HELP, sheet_words.PRESET_HELP)
    context = _in(app, lang, deck)
    try:
        wrong = [str(text) for table in tables for text in table.values()
                 if FORBIDDEN[deck][lang].search(str(text))]
    finally:
        context.pop()
    assert wrong == []
