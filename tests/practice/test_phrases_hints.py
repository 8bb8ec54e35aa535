"""The coach's words: a card hint says its plan, then how often the game is won, in every language."""

from __future__ import annotations

import pytest
from flask import Flask, g

from tests.helpers import english_leaks
from webapp.ai import Hint, HintReason, Odds
from webapp.engine import Card, Discard, GameType, PickUp, Play
from webapp.practice import phrases

LANGS = ["en", "fr", "fi", "ms", "de"]
ODDS = [
    Odds(share=62, other=40, every_world=False, defending=False),
    Odds(share=62, other=None, every_world=True, defending=False),
    Odds(share=100, other=75, every_world=True, defending=False),
    Odds(share=62, other=40, every_world=False, defending=True),
    Odds(share=62, other=None, every_world=True, defending=True),
    Odds(share=100, other=None, every_world=True, defending=True),
    Odds(share=100, other=0, every_world=False, defending=False),
    Odds(share=0, other=None, every_world=False, defending=False),
    Odds(share=100, other=0, every_world=False, defending=True),
    Odds(share=0, other=None, every_world=False, defending=True),
]


def _say(app: Flask, lang: str, hint: Hint) -> str:
    with app.test_request_context(f"/{lang}/play/"):
        g.lang = lang
        return phrases.hint_reason(hint)


def test_the_odds_say_the_game_is_won_in_a_share_of_the_ways_the_cards_lie(app: Flask) -> None:
    card = Card.parse("CJ")
    said = _say(app, "en", Hint(Play(card), HintReason.DRAW_TRUMPS, cards=(card,), odds=ODDS[0]))
    assert said == (
        "Draw trumps while the defenders may still hold some: then they cannot trump your other "
        "suits later. With this card you win the game in about 62% of the ways the hidden cards "
        "can lie. With any other card you would win the game in at most 40% of them."
    )
    defended = _say(app, "en", Hint(Play(card), HintReason.SCHMIER, cards=(card,), odds=ODDS[4]))
    assert defended.endswith(
        "With this card you and your partner beat the declarer in 62% of the ways the hidden "
        "cards can lie."
    )
    best = _say(app, "en", Hint(Play(card), HintReason.BEST_CHANCE, cards=(card,), value=62,
                                odds=ODDS[1]))
    assert "this card wins" not in best.lower() and "win the game in 62%" in best
    # A sample never claims all or none of the ways the cards lie.
    sampled = _say(app, "en", Hint(Play(card), HintReason.BEST_CHANCE, cards=(card,), odds=ODDS[6]))
    assert sampled.endswith("With this card you win the game in nearly every way the hidden cards "
                            "can lie. With any other card you would lose the game in all of them.")
    assert "about 100%" not in sampled and "at most 0%" not in sampled


@pytest.mark.parametrize("lang", LANGS)
def test_every_odds_sentence_is_translated_with_the_locales_percent(app: Flask, lang: str) -> None:
    card = Card.parse("CJ")
    sentences = {
        _say(app, lang, Hint(Play(card), HintReason.BEST_CHANCE, cards=(card,), odds=odds))
        for odds in ODDS
    }
    assert len(sentences) == len(ODDS)
    # German, French and Finnish put a (non-breaking) space before the sign; English and Malay none.
    spaced = {"en": False, "ms": False, "de": True, "fr": True, "fi": True}[lang]
    for sentence in sentences:
        assert "%(" not in sentence and sentence.endswith(".")
        assert english_leaks(f"<p>{sentence}</p>", lang) == []
        if "62" in sentence:
            assert ("62%" not in sentence) == spaced
        assert "wins in" not in sentence


@pytest.mark.parametrize("lang", LANGS)
def test_two_suits_laid_away_are_two_short_suits(app: Flask, lang: str) -> None:
    one = (Card.parse("H8"),)
    two = (Card.parse("H8"), Card.parse("D9"))
    action = Discard(Card.parse("H8"), Card.parse("D9"))
    single = _say(app, lang, Hint(action, HintReason.DISCARD_SHORT_SUIT, cards=one,
                                  game=GameType.CLUBS))
    double = _say(app, lang, Hint(action, HintReason.DISCARD_SHORT_SUIT, cards=two,
                                  game=GameType.CLUBS))
    assert single != double
    if lang == "en":
        assert double.startswith("Lay away two short suits (")
        assert "a short suit" not in double and "your short suit" in single


@pytest.mark.parametrize("lang", LANGS)
def test_picking_up_the_skat_without_a_game_worth_the_bid_names_no_empty_game(app: Flask, lang: str) -> None:
    with_game = _say(app, lang, Hint(PickUp(), HintReason.PICK_UP_SKAT, game=GameType.HEARTS))
    without = _say(app, lang, Hint(PickUp(), HintReason.PICK_UP_SKAT, game=None))
    assert without != with_game
    assert not without.rstrip(".").endswith(" ")
    assert " ." not in without and "  " not in without
    assert english_leaks(without, lang) == []
