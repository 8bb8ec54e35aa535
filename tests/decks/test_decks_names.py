"""The translated names of decks, cards, suits, ranks and games, in all five languages."""

from __future__ import annotations

import doctest
from types import SimpleNamespace

import pytest

import webapp.decks
from webapp.decks import (
    DEFAULT_DECK,
    Deck,
    back_name,
    card_image,
    card_name,
    game_name,
    notation,
    rank_name,
    suit_name,
)

from conftest import LANGUAGES, InLanguage

NOTATIONS = [s + r for s in "CSHD" for r in "789TJQKA"]

# Skat's own words that stay German (the same) in every language (glossary.md).
SAME_EVERYWHERE = {"Unter", "Ober", "Daus", "Grand", "Null", "Ramsch"}

# glossary.md, "Suits and ranks": the words each card name must use.
GLOSSARY_SUITS = {  # French faces: clubs, spades, hearts, diamonds
    "en": ("clubs", "spades", "hearts", "diamonds"),
    "de": ("Kreuz", "Pik", "Herz", "Karo"),
    "fr": ("trèfle", "pique", "cœur", "carreau"),
    "fi": ("risti", "pata", "hertta", "ruutu"),
    "ms": ("kelawar", "sped", "lekuk", "daiman"),
}
GLOSSARY_GERMAN_SUITS = {  # German faces: acorns, leaves, hearts, bells
    "en": ("acorns", "leaves", "hearts", "bells"),
    "de": ("Eichel", "Grün", "Herz", "Schellen"),
    "fr": ("gland", "feuille", "cœur", "grelot"),
    "fi": ("tammenterho", "lehti", "hertta", "kello"),
    "ms": ("biji ek", "hijau", "hati", "loceng"),  # glossary.md: hijau ("daun" also means a playing card)
}
GLOSSARY_RANKS = {  # ten, jack, queen, king, ace
    "en": ("ten", "jack", "queen", "king", "ace"),
    "de": ("Zehn", "Bube", "Dame", "König", "Ass"),
    "fr": ("dix", "valet", "dame", "roi", "as"),
    "fi": ("kymppi", "jätkä", "rouva", "kuningas", "ässä"),
    "ms": ("sepuluh", "pekak", "permaisuri", "raja", "sat"),
}
GLOSSARY_GERMAN_RANKS = {  # ten, Unter, Ober, king, Daus
    lang: (ranks[0], "Unter", "Ober", ranks[3], "Daus") for lang, ranks in GLOSSARY_RANKS.items()
}


def names_in(in_lang: InLanguage, lang: str, deck: Deck) -> list[str]:
    with in_lang(lang):
        return [card_name(n, deck) for n in NOTATIONS]


# --- decks ------------------------------------------------------------------------


def test_deck_slugs_round_trip() -> None:
    assert [d.slug for d in Deck] == ["french", "four-colour", "german"]
    for deck in Deck:
        assert Deck.from_slug(deck.slug) is deck
    assert DEFAULT_DECK is Deck.FRENCH


@pytest.mark.parametrize("slug", ["", "French", "four_colour", "tarot", None, "../german"])
def test_unknown_slugs_are_none(slug: str | None) -> None:
    assert Deck.from_slug(slug) is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_deck_labels_are_translated(in_lang: InLanguage, lang: str) -> None:
    with in_lang("en"):
        english = [d.label for d in Deck]
    with in_lang(lang):
        labels = [d.label for d in Deck]
    assert all(labels) and len(set(labels)) == 3
    if lang != "en":
        assert all(a != b for a, b in zip(labels, english))


# --- card names ---------------------------------------------------------------------


@pytest.mark.parametrize("deck", list(Deck))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_names_are_distinct_and_translated(in_lang: InLanguage, lang: str, deck: Deck) -> None:
    names = names_in(in_lang, lang, deck)
    assert all(name.strip() for name in names)
    assert len(set(names)) == 32
    if lang != "en":
        english = names_in(in_lang, "en", deck)
        same = [e for e, n in zip(english, names) if e == n]
        assert not same, f"not translated into {lang}: {same}"


@pytest.mark.parametrize(
    ("lang", "french", "german"),
    [
        ("en", "jack of clubs", "Unter of acorns"),
        ("de", "Kreuz-Bube", "Eichel-Unter"),
        ("fr", "valet de trèfle", "Unter de gland"),
        ("fi", "ristijätkä", "tammenterho-Unter"),
        ("ms", "pekak kelawar", "Unter biji ek"),
    ],
)
def test_card_names_follow_the_glossary_examples(
    in_lang: InLanguage, lang: str, french: str, german: str
) -> None:
    with in_lang(lang):
        assert card_name("CJ", Deck.FRENCH) == french
        assert card_name("CJ", Deck.FOUR_COLOUR) == french
        assert card_name("CJ", Deck.GERMAN) == german


@pytest.mark.parametrize(
    ("lang", "card", "deck", "name"),
    [
        ("ms", "HA", Deck.FRENCH, "sat lekuk"),
        ("ms", "HA", Deck.GERMAN, "Daus hati"),
        ("de", "DA", Deck.FRENCH, "Karo-Ass"),
        ("de", "DT", Deck.GERMAN, "Schellen-Zehn"),
        ("de", "SQ", Deck.GERMAN, "Grün-Ober"),
        ("fr", "SK", Deck.GERMAN, "roi de feuille"),
        ("fi", "HK", Deck.FRENCH, "herttakuningas"),
        ("fi", "DA", Deck.FRENCH, "ruutuässä"),
        ("fi", "ST", Deck.FRENCH, "patakymppi"),
        ("fi", "D7", Deck.GERMAN, "kelloseiska"),
        ("en", "D7", Deck.GERMAN, "seven of bells"),
        ("en", "HT", Deck.FOUR_COLOUR, "ten of hearts"),
    ],
)
def test_some_card_names(in_lang: InLanguage, lang: str, card: str, deck: Deck, name: str) -> None:
    with in_lang(lang):
        assert card_name(card, deck) == name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_names_use_the_glossary_words(in_lang: InLanguage, lang: str) -> None:
    """Every name contains its suit's word and, for the named ranks, its rank's word."""
    for deck, suits, ranks in (
        (Deck.FRENCH, GLOSSARY_SUITS[lang], GLOSSARY_RANKS[lang]),
        (Deck.GERMAN, GLOSSARY_GERMAN_SUITS[lang], GLOSSARY_GERMAN_RANKS[lang]),
    ):
        names = dict(zip(NOTATIONS, names_in(in_lang, lang, deck)))
        for n, name in names.items():
            assert suits["CSHD".index(n[0])].casefold() in name.casefold(), (n, name)
            if n[1] in "TJQKA":
                assert ranks["TJQKA".index(n[1])].casefold() in name.casefold(), (n, name)


def test_four_colour_cards_have_the_french_names(in_lang: InLanguage) -> None:
    for lang in LANGUAGES:
        assert names_in(in_lang, lang, Deck.FOUR_COLOUR) == names_in(in_lang, lang, Deck.FRENCH)


def test_engine_cards_and_slugs_are_accepted(in_lang: InLanguage, engine: SimpleNamespace) -> None:
    jack = next(c for c in engine.DECK if c.suit == engine.Suit.CLUBS and c.rank == engine.Rank.JACK)
    with in_lang("de"):
        assert card_name(jack, Deck.GERMAN) == "Eichel-Unter"
        assert card_name(jack, "german") == "Eichel-Unter"
        assert card_name(jack) == "Kreuz-Bube"  # the default deck
    assert card_image(jack, Deck.FOUR_COLOUR) == "cards/four-colour/CJ.svg"
    assert sorted(notation(c) for c in engine.DECK) == sorted(NOTATIONS)


@pytest.mark.parametrize("bad", ["", "CX", "ZJ", "cj", "C10", "CJ "])
def test_bad_cards_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        card_name(bad, Deck.FRENCH)
    with pytest.raises(ValueError):
        card_image(bad, Deck.FRENCH)


def test_bad_decks_are_refused() -> None:
    with pytest.raises(ValueError):
        card_image("CJ", "tarot")


def test_names_outside_a_request_are_english() -> None:
    assert card_name("HT", Deck.GERMAN) == "ten of hearts"


# --- suits, ranks, games ------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_suit_names(in_lang: InLanguage, lang: str, engine: SimpleNamespace) -> None:
    order = [engine.Suit.CLUBS, engine.Suit.SPADES, engine.Suit.HEARTS, engine.Suit.DIAMONDS]
    with in_lang(lang):
        assert tuple(suit_name(s, Deck.FRENCH) for s in order) == GLOSSARY_SUITS[lang]
        assert tuple(suit_name(s, Deck.FOUR_COLOUR) for s in order) == GLOSSARY_SUITS[lang]
        assert tuple(suit_name(s, Deck.GERMAN) for s in order) == GLOSSARY_GERMAN_SUITS[lang]
        assert suit_name("CLUBS", "german") == GLOSSARY_GERMAN_SUITS[lang][0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rank_names(in_lang: InLanguage, lang: str, engine: SimpleNamespace) -> None:
    R = engine.Rank
    named = [R.TEN, R.JACK, R.QUEEN, R.KING, R.ACE]
    with in_lang(lang):
        assert tuple(rank_name(r, Deck.FRENCH) for r in named) == GLOSSARY_RANKS[lang]
        assert tuple(rank_name(r, Deck.GERMAN) for r in named) == GLOSSARY_GERMAN_RANKS[lang]
        for deck in Deck:
            ranks = [rank_name(r, deck) for r in R]
            assert all(ranks) and len(set(ranks)) == 8


@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_names(in_lang: InLanguage, lang: str, engine: SimpleNamespace) -> None:
    G = engine.GameType
    suit_games = [G.CLUBS, G.SPADES, G.HEARTS, G.DIAMONDS]
    with in_lang(lang):
        for deck, words in ((Deck.FRENCH, GLOSSARY_SUITS), (Deck.GERMAN, GLOSSARY_GERMAN_SUITS)):
            labels = [game_name(g, deck) for g in suit_games]
            assert [label.casefold() for label in labels] == [w.casefold() for w in words[lang]]
            assert all(label[0].isupper() for label in labels)
            assert [game_name(g, deck) for g in (G.GRAND, G.NULL, G.RAMSCH)] == ["Grand", "Null", "Ramsch"]
        assert game_name(SimpleNamespace(name="GRAND")) == "Grand"  # duck-typed by .name


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_only_skat_words_stay_english_looking(in_lang: InLanguage, lang: str, engine: SimpleNamespace) -> None:
    """Each short name is translated, except the German Skat words kept in every language."""

    def everything() -> list[str]:
        out = [back_name()] + [d.label for d in Deck]
        for deck in (Deck.FRENCH, Deck.GERMAN):
            out += [suit_name(s, deck) for s in engine.Suit]
            out += [rank_name(r, deck) for r in engine.Rank]
            out += [game_name(g, deck) for g in engine.GameType]
        return out

    with in_lang("en"):
        english = everything()
    with in_lang(lang):
        translated = everything()
    for e, t in zip(english, translated):
        assert t, e
        if e in SAME_EVERYWHERE:
            assert t == e
        else:
            assert t != e, f"{e!r} is not translated into {lang}"


def test_doctests() -> None:
    result = doctest.testmod(webapp.decks)
    assert result.attempted > 0 and result.failed == 0
