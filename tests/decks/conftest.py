"""Fixtures for the decks package: a minimal Flask app with flask-babel, and the engine's cards.

The web foundation's app factory is built elsewhere; these tests only need Babel with
the ``decks`` catalogs, the card macros and a static folder. The catalogs are compiled
into a temporary folder, so the tests never write into the source tree.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from enum import Enum, IntEnum
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run from anywhere, always test this tree
    sys.path.insert(0, str(ROOT))

from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402
from flask import Flask, g  # noqa: E402
from flask_babel import Babel, refresh  # noqa: E402

from webapp import decks, web  # noqa: E402
from webapp.decks import names  # noqa: E402

LANGUAGES = ("en", "fr", "fi", "ms", "de")


def _stand_in_engine() -> SimpleNamespace:
    """The engine's card API as announced (``webapp.engine.cards``), for tests only."""

    class Suit(IntEnum):
        DIAMONDS = 0
        HEARTS = 1
        SPADES = 2
        CLUBS = 3

    class Rank(IntEnum):
        SEVEN = 0
        EIGHT = 1
        NINE = 2
        TEN = 3
        JACK = 4
        QUEEN = 5
        KING = 6
        ACE = 7

    class GameType(Enum):
        DIAMONDS = 9
        HEARTS = 10
        SPADES = 11
        CLUBS = 12
        GRAND = 24
        NULL = 23
        RAMSCH = 0

    class Card:
        def __init__(self, suit: Suit, rank: Rank) -> None:
            self.suit, self.rank = suit, rank

        def __str__(self) -> str:
            return "DHSC"[self.suit] + "789TJQKA"[self.rank]

    deck = tuple(Card(s, r) for s in Suit for r in Rank)
    return SimpleNamespace(Suit=Suit, Rank=Rank, Card=Card, DECK=deck, GameType=GameType)


@pytest.fixture(scope="session")
def engine() -> SimpleNamespace:
    """Return the engine's Suit, Rank, Card, DECK, GameType (the real ones once they exist)."""
    try:
        from webapp.engine.cards import DECK, Card, Rank, Suit
    except ImportError:
        return _stand_in_engine()
    try:
        from webapp.engine.rules import GameType  # type: ignore[import-not-found]
    except ImportError:
        GameType = _stand_in_engine().GameType
    return SimpleNamespace(Suit=Suit, Rank=Rank, Card=Card, DECK=DECK, GameType=GameType)


@pytest.fixture(scope="session")
def translations(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Compile the ``decks`` catalogs into a temporary translations folder."""
    out = tmp_path_factory.mktemp("translations")
    for po in sorted((ROOT / "translations").glob("*/LC_MESSAGES/decks.po")):
        lang = po.parent.parent.name
        target = out / lang / "LC_MESSAGES"
        target.mkdir(parents=True)
        shutil.copy(po, target / po.name)
        with po.open("rb") as f:
            catalog = read_po(f, locale=lang)
        with (target / "decks.mo").open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
    return out


def make_app(translations: Path, domain: str = "decks") -> Flask:
    app = Flask(
        "kiebitz_decks_test",
        root_path=str(ROOT / "webapp"),
        static_folder=str(ROOT / "webapp" / "static"),
        template_folder=str(ROOT / "templates"),
    )
    app.config.update(
        TESTING=True,
        BABEL_TRANSLATION_DIRECTORIES=str(translations),
        BABEL_DOMAIN=domain,
        BABEL_DEFAULT_LOCALE="en",
    )
    Babel(app, locale_selector=lambda: g.get("lang", "en"))
    decks.init_app(app)
    app.jinja_env.globals["static_url"] = web.static_url
    app.jinja_env.globals["current_deck"] = web.current_deck
    return app


@pytest.fixture(autouse=True)
def _fresh_catalog_cache() -> Iterator[None]:
    """Forget loaded catalogs between tests (flask-babel caches them on the domain)."""
    names.DOMAIN.cache.clear()
    yield
    names.DOMAIN.cache.clear()


@pytest.fixture(scope="session")
def app(translations: Path) -> Flask:
    return make_app(translations)


class InLanguage:
    """Run code in a request in one language: ``with in_lang("fi"): card_name(...)``."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self._ctx: Any = None

    def __call__(self, lang: str) -> InLanguage:
        self.lang = lang
        return self

    def __enter__(self) -> None:
        self._ctx = self.app.test_request_context(f"/{self.lang}/")
        self._ctx.push()
        g.lang = self.lang
        refresh()

    def __exit__(self, *exc: object) -> None:
        self._ctx.pop()


@pytest.fixture
def in_lang(app: Flask) -> InLanguage:
    return InLanguage(app)
