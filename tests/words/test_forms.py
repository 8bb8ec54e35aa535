"""Grammatical forms of names (webapp.forms): every card, suit, rank, game and seat in every form
its language has, in every deck, and the catalog check that holds translators to them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from flask import Flask, g

from webapp import catalogs, decks, words
from webapp.decks import Deck
from webapp.engine import GameType, Position, Rank, Suit
from webapp.forms import FORMS, Name, fill

CARDS = [s + r for s in "CSHD" for r in "789TJQKA"]
DECKS = list(Deck)
LANGS = ["en", "fr", "fi", "ms", "de"]


def names(lang: str, deck: Deck) -> list[Name]:
    """Every name a sentence can take in ``lang`` and ``deck``."""
    found: list[Name] = [decks.card_name(card, deck) for card in CARDS]
    found += [decks.suit_name(suit, deck) for suit in Suit]
    found += [decks.rank_name(rank, deck) for rank in Rank]
    found += [decks.game_name(game, deck) for game in GameType]
    found += [words.position_name(position) for position in Position]
    found += [words.seat_name(position, learner) for position in Position for learner in Position]
    return found


@pytest.fixture
def speak(app: Flask):  # type: ignore[no-untyped-def]
    """Return a function that enters a request in a language: ``speak("de")``."""
    contexts = []

    def enter(lang: str) -> None:
        context = app.test_request_context(f"/{lang}/")
        context.push()
        g.lang = lang
        contexts.append(context)
    yield enter
    for context in reversed(contexts):
        context.pop()


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.slug)
@pytest.mark.parametrize("lang", LANGS)
def test_every_name_has_every_form_of_its_language(speak, lang: str, deck: Deck) -> None:  # type: ignore[no-untyped-def]
    speak(lang)
    for name in names(lang, deck):
        assert isinstance(name, Name)
        for form in FORMS[lang]:
            text = name.form(form)
            assert text and text == text.strip(), (name, form)
            assert "%" not in text and "(" not in text.replace(" (", "", 1), (name, form)
        assert name.form("cap") == name[:1].upper() + name[1:]


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.slug)
def test_german_cases_and_articles(speak, deck: Deck) -> None:  # type: ignore[no-untyped-def]
    speak("de")
    for card in CARDS:
        name = decks.card_name(card, deck)
        article = {"J": "der", "K": "der", "Q": "die", "A": "das"}.get(card[1], "die")
        if deck is Deck.GERMAN and card[1] == "Q":
            article = "der"  # the Ober
        assert name.form("def") == f"{article} {name}", card
        if card[1] == "J" and not deck.german_faces:  # der Bube, den Buben, dem Buben
            assert name.form("acc") == name.form("dat") == name[:-1] + "en" != name
            assert name.form("acc_def") == f"den {name[:-1]}en"
            assert name.form("dat_def") == f"dem {name[:-1]}en"
        elif article == "der":  # der Eichel-Unter, den Eichel-Unter; der König, den König
            assert name.form("acc") == name.form("dat") == name
            assert (name.form("acc_def"), name.form("dat_def")) == (f"den {name}", f"dem {name}")
        elif article == "die":
            assert (name.form("acc_def"), name.form("dat_def")) == (f"die {name}", f"der {name}")
        else:
            assert (name.form("acc_def"), name.form("dat_def")) == (f"das {name}", f"dem {name}")
    assert decks.card_name("CJ", Deck.GERMAN).form("acc_def") == "den Eichel-Unter"
    assert decks.card_name("CJ", Deck.FRENCH).form("acc_def") == "den Kreuz-Buben"
    you = words.seat_name(Position.FOREHAND, Position.FOREHAND)
    assert (str(you), you.form("acc"), you.form("dat")) == ("du (Vorhand)", "dich (Vorhand)", "dir (Vorhand)")
    other = words.seat_name(Position.MIDDLEHAND, Position.FOREHAND)
    assert other.form("dat_def") == "der Mittelhand (Computer)"


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.slug)
def test_french_articles_elisions_and_gender(speak, deck: Deck) -> None:  # type: ignore[no-untyped-def]
    speak("fr")
    for name in names("fr", deck):
        definite, of, to, pronoun = (name.form(f) for f in ("def", "du", "au", "il"))
        if name.startswith("vous"):
            assert (definite, of, to, pronoun) == (name, "de " + name, "à " + name, "vous")
            continue
        if definite.startswith("l’"):
            assert (of, to) == ("de " + definite, "à " + definite)
        elif definite.startswith("la "):
            assert (of, to, pronoun) == ("de " + definite, "à " + definite, "elle")
        else:
            assert definite == "le " + name and (of, to) == ("du " + name, "au " + name), name
            assert pronoun == "il"
    assert decks.card_name("CA", deck).form("def").startswith("le Daus" if deck.german_faces else "l’as")
    assert decks.card_name("CJ", deck).form("au").startswith("à l’Unter" if deck.german_faces else "au valet")
    assert decks.card_name("C8", deck).form("def").startswith("le huit")  # h aspiré: no elision
    if not deck.german_faces:
        assert decks.card_name("HQ", deck).form("def") == "la dame de cœur"
        assert decks.card_name("HQ", deck).form("il") == "elle"
        assert decks.card_name("CJ", deck).form("il") == "il"


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.slug)
def test_finnish_cases_are_all_different(speak, deck: Deck) -> None:  # type: ignore[no-untyped-def]
    speak("fi")
    for name in names("fi", deck):
        forms = [str(name)] + [name.form(case) for case in FORMS["fi"]]
        assert len(set(forms)) == len(forms), forms
    assert decks.card_name("CJ", Deck.FRENCH).form("part") == "ristijätkää"
    assert decks.game_name(GameType.HEARTS, deck).form("gen") == "Hertan"
    assert words.seat_name(Position.FOREHAND, Position.FOREHAND).form("all") == "sinulle (etukäsi)"


def test_a_sentence_names_the_form_it_needs(speak) -> None:  # type: ignore[no-untyped-def]
    speak("de")
    jack = decks.card_name("CJ", Deck.FRENCH)
    assert fill("Spiel %(card_acc_def)s. %(card_def_cap)s sticht.", {"card": jack}) == (
        "Spiel den Kreuz-Buben. Der Kreuz-Bube sticht."
    )
    assert fill("%(count_cap)s", {"count": "drei"}) == "Drei"


def _catalog(lang: str, msgid: str, msgstr: str) -> tuple[Message, Catalog]:
    catalog = Catalog(locale=lang)
    message = catalog.add(msgid, msgstr, flags=["python-format"])
    assert message is not None
    return message, catalog


@pytest.mark.parametrize(("lang", "translation", "fine"), [
    ("de", "Spiel %(card_acc_def)s.", True),
    ("de", "%(card_def_cap)s.", True),
    ("fr", "Jouez %(card_def)s.", True),
    ("fi", "Pelaa %(card)s.", True),
    ("ms", "%(card_cap)s.", True),
    ("de", "Spiel %(card_part)s.", False),  # a Finnish case in German
    ("fi", "Pelaa %(card_acc_def)s.", False),
    ("fr", "Jouez %(card_foo)s.", False),
    ("de", "Spiel %(cards_acc)s.", False),  # a form of a value the source does not have
    ("de", "Spiel.", False),
])
def test_the_catalog_check_accepts_only_the_forms_of_the_language(lang: str, translation: str, fine: bool) -> None:
    message, catalog = _catalog(lang, "Play %(card)s.", translation)
    problems = list(catalogs.message_problems(message, catalog, lang))
    assert (problems == []) == fine, problems


def test_the_catalog_check_finds_a_missing_form(tmp_path: Path) -> None:
    root = Path(catalogs.ROOT)
    translations = tmp_path / "translations"
    shutil.copytree(root / "translations", translations, ignore=shutil.ignore_patterns("*.mo"))
    assert catalogs.check(root, translations) == []
    path = catalogs.catalog_path("de", "decks", translations)
    catalog = catalogs.read_catalog(path, "de")
    catalog.delete("jack of clubs", context="card: acc_def")
    catalogs.write_catalog(catalog, path)
    assert catalogs.check(root, translations) == ["decks/de: 'jack of clubs' is not in the catalog (stale)"]
    # …and a German form has no place in the Finnish catalog.
    path = catalogs.catalog_path("fi", "decks", translations)
    catalog = catalogs.read_catalog(path, "fi")
    catalog.add("jack of clubs", "ristijätkä", context="card: acc_def")
    catalogs.write_catalog(catalog, path)
    assert "decks/fi: 'jack of clubs' is no longer used (stale)" in catalogs.check(root, translations)
