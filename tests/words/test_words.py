"""Every engine enum that users meet has its words, in every language."""

from __future__ import annotations

from enum import Enum

import pytest
from flask import Flask
from flask_babel import force_locale

from webapp import words
from webapp.engine import InputReason, Level, LossReason, Position, Reason
from webapp.engine.game import Phase
from webapp.i18n import LANGUAGES

TABLES: list[tuple[type[Enum], dict]] = [  # type: ignore[type-arg]
    (Reason, words.ILLEGAL),
    (LossReason, words.LOSS),
    (Level, words.LEVEL_NAMES),
    (Level, words.LEVEL_HELP),
    (InputReason, words.INPUT),
    (Position, words.POSITIONS),
    (Phase, words.PHASES),
]


@pytest.mark.parametrize("enum, table", TABLES)
def test_every_member_has_words(enum: type[Enum], table: dict) -> None:  # type: ignore[type-arg]
    assert set(table) == set(enum)


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_the_words_are_translated(app: Flask, lang: str) -> None:
    with app.test_request_context(), force_locale(lang):
        must_follow = str(words.illegal(Reason.MUST_FOLLOW_SUIT))
        with force_locale("en"):
            english = str(words.illegal(Reason.MUST_FOLLOW_SUIT))
        assert must_follow != english
        assert all(str(text) for table in (words.ILLEGAL, words.LOSS, words.INPUT) for text in table.values())
