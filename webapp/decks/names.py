"""The translated names of cards, suits, ranks, games and decks (gettext domain ``decks``).

Every name is written out whole, so that a translator sees "Eichel-Unter" or
"ristijätkä" and never has to guess how pieces will be glued together. Words
follow ``glossary.md``. The German deck keeps Daus, Ober and Unter in every
language; Grand, Null and Ramsch are Skat's own words and stay German too.

Keys are the engine's notation (``"CJ"``) and member names (``"CLUBS"``), so this
module needs nothing from the engine.
"""

from __future__ import annotations

from flask_babel import Domain, LazyString

#: The gettext domain of this package: ``translations/<lang>/LC_MESSAGES/decks.po``.
DOMAIN = Domain(domain="decks")
lazy_pgettext = DOMAIN.lazy_pgettext

DECK_LABELS: dict[str, LazyString] = {
    # TRANSLATORS: Name of a deck in the deck switcher: French-suited cards (clubs, spades, hearts, diamonds).
    "french": lazy_pgettext("deck", "French"),
    # TRANSLATORS: Name of a deck in the deck switcher: the French deck in four colours used in tournaments.
    "four-colour": lazy_pgettext("deck", "Four-colour"),
    # TRANSLATORS: Name of a deck in the deck switcher: German-suited cards (acorns, leaves, hearts, bells).
    "german": lazy_pgettext("deck", "German"),
}

# TRANSLATORS: What a screen reader says for a card lying face down (its back).
FACE_DOWN: LazyString = lazy_pgettext("card", "face-down card")

# Cards of the French-suited deck (also the four-colour deck), by notation.
FRENCH_CARDS: dict[str, LazyString] = {
    # TRANSLATORS: A card's full name as players say it (glossary.md): "Kreuz-Sieben", "sept de trèfle".
    "C7": lazy_pgettext("card", "seven of clubs"),
    "C8": lazy_pgettext("card", "eight of clubs"),
    "C9": lazy_pgettext("card", "nine of clubs"),
    "CT": lazy_pgettext("card", "ten of clubs"),
    # TRANSLATORS: "Kreuz-Bube", "valet de trèfle", "ristijätkä", "pekak kelawar".
    "CJ": lazy_pgettext("card", "jack of clubs"),
    "CQ": lazy_pgettext("card", "queen of clubs"),
    "CK": lazy_pgettext("card", "king of clubs"),
    "CA": lazy_pgettext("card", "ace of clubs"),
    "S7": lazy_pgettext("card", "seven of spades"),
    "S8": lazy_pgettext("card", "eight of spades"),
    "S9": lazy_pgettext("card", "nine of spades"),
    "ST": lazy_pgettext("card", "ten of spades"),
    "SJ": lazy_pgettext("card", "jack of spades"),
    "SQ": lazy_pgettext("card", "queen of spades"),
    "SK": lazy_pgettext("card", "king of spades"),
    "SA": lazy_pgettext("card", "ace of spades"),
    "H7": lazy_pgettext("card", "seven of hearts"),
    "H8": lazy_pgettext("card", "eight of hearts"),
    "H9": lazy_pgettext("card", "nine of hearts"),
    "HT": lazy_pgettext("card", "ten of hearts"),
    "HJ": lazy_pgettext("card", "jack of hearts"),
    "HQ": lazy_pgettext("card", "queen of hearts"),
    "HK": lazy_pgettext("card", "king of hearts"),
    "HA": lazy_pgettext("card", "ace of hearts"),
    "D7": lazy_pgettext("card", "seven of diamonds"),
    "D8": lazy_pgettext("card", "eight of diamonds"),
    "D9": lazy_pgettext("card", "nine of diamonds"),
    "DT": lazy_pgettext("card", "ten of diamonds"),
    "DJ": lazy_pgettext("card", "jack of diamonds"),
    "DQ": lazy_pgettext("card", "queen of diamonds"),
    "DK": lazy_pgettext("card", "king of diamonds"),
    "DA": lazy_pgettext("card", "ace of diamonds"),
}

# Cards of the German-suited deck (Bohemian / Prague pattern), by the same notation:
# clubs are acorns, spades leaves, hearts hearts, diamonds bells; J Q A are Unter, Ober, Daus.
GERMAN_CARDS: dict[str, LazyString] = {
    # TRANSLATORS: A German-suited card's full name (glossary.md): "Eichel-Sieben", "sept de gland".
    "C7": lazy_pgettext("card, German deck", "seven of acorns"),
    "C8": lazy_pgettext("card, German deck", "eight of acorns"),
    "C9": lazy_pgettext("card, German deck", "nine of acorns"),
    "CT": lazy_pgettext("card, German deck", "ten of acorns"),
    # TRANSLATORS: Unter, Ober and Daus stay German in every language: "Unter de gland", "tammenterho-Unter".
    "CJ": lazy_pgettext("card, German deck", "Unter of acorns"),
    "CQ": lazy_pgettext("card, German deck", "Ober of acorns"),
    "CK": lazy_pgettext("card, German deck", "king of acorns"),
    "CA": lazy_pgettext("card, German deck", "Daus of acorns"),
    "S7": lazy_pgettext("card, German deck", "seven of leaves"),
    "S8": lazy_pgettext("card, German deck", "eight of leaves"),
    "S9": lazy_pgettext("card, German deck", "nine of leaves"),
    "ST": lazy_pgettext("card, German deck", "ten of leaves"),
    "SJ": lazy_pgettext("card, German deck", "Unter of leaves"),
    "SQ": lazy_pgettext("card, German deck", "Ober of leaves"),
    "SK": lazy_pgettext("card, German deck", "king of leaves"),
    "SA": lazy_pgettext("card, German deck", "Daus of leaves"),
    "H7": lazy_pgettext("card, German deck", "seven of hearts"),
    "H8": lazy_pgettext("card, German deck", "eight of hearts"),
    "H9": lazy_pgettext("card, German deck", "nine of hearts"),
    "HT": lazy_pgettext("card, German deck", "ten of hearts"),
    "HJ": lazy_pgettext("card, German deck", "Unter of hearts"),
    "HQ": lazy_pgettext("card, German deck", "Ober of hearts"),
    "HK": lazy_pgettext("card, German deck", "king of hearts"),
    "HA": lazy_pgettext("card, German deck", "Daus of hearts"),
    "D7": lazy_pgettext("card, German deck", "seven of bells"),
    "D8": lazy_pgettext("card, German deck", "eight of bells"),
    "D9": lazy_pgettext("card, German deck", "nine of bells"),
    "DT": lazy_pgettext("card, German deck", "ten of bells"),
    "DJ": lazy_pgettext("card, German deck", "Unter of bells"),
    "DQ": lazy_pgettext("card, German deck", "Ober of bells"),
    "DK": lazy_pgettext("card, German deck", "king of bells"),
    "DA": lazy_pgettext("card, German deck", "Daus of bells"),
}

FRENCH_SUITS: dict[str, LazyString] = {
    # TRANSLATORS: A suit on its own, as in a list of suits (glossary.md): "Kreuz", "trèfle", "risti".
    "CLUBS": lazy_pgettext("suit", "clubs"),
    "SPADES": lazy_pgettext("suit", "spades"),
    "HEARTS": lazy_pgettext("suit", "hearts"),
    "DIAMONDS": lazy_pgettext("suit", "diamonds"),
}
GERMAN_SUITS: dict[str, LazyString] = {
    # TRANSLATORS: A German-deck suit on its own (glossary.md): "Eichel", "gland", "tammenterho".
    "CLUBS": lazy_pgettext("suit, German deck", "acorns"),
    "SPADES": lazy_pgettext("suit, German deck", "leaves"),
    "HEARTS": lazy_pgettext("suit, German deck", "hearts"),
    "DIAMONDS": lazy_pgettext("suit, German deck", "bells"),
}

# Ranks: seven to ten and the king are named alike in both decks.
FRENCH_RANKS: dict[str, LazyString] = {
    # TRANSLATORS: A rank on its own (glossary.md): "Sieben", "sept", "seiska", "tujuh".
    "SEVEN": lazy_pgettext("rank", "seven"),
    "EIGHT": lazy_pgettext("rank", "eight"),
    "NINE": lazy_pgettext("rank", "nine"),
    "TEN": lazy_pgettext("rank", "ten"),
    "JACK": lazy_pgettext("rank", "jack"),
    "QUEEN": lazy_pgettext("rank", "queen"),
    "KING": lazy_pgettext("rank", "king"),
    "ACE": lazy_pgettext("rank", "ace"),
}
GERMAN_RANKS: dict[str, LazyString] = {
    **FRENCH_RANKS,
    # TRANSLATORS: German-deck rank; stays "Unter" in every language (glossary.md).
    "JACK": lazy_pgettext("rank, German deck", "Unter"),
    # TRANSLATORS: German-deck rank; stays "Ober" in every language (glossary.md).
    "QUEEN": lazy_pgettext("rank, German deck", "Ober"),
    # TRANSLATORS: German-deck rank; stays "Daus" in every language (glossary.md).
    "ACE": lazy_pgettext("rank, German deck", "Daus"),
}

# Games, as a label (a button, a line of the list): capitalised.
FRENCH_GAMES: dict[str, LazyString] = {
    # TRANSLATORS: The suit game named after its trump suit, as a label: "Kreuz", "Trèfle", "Risti".
    "CLUBS": lazy_pgettext("game", "Clubs"),
    "SPADES": lazy_pgettext("game", "Spades"),
    "HEARTS": lazy_pgettext("game", "Hearts"),
    "DIAMONDS": lazy_pgettext("game", "Diamonds"),
    # TRANSLATORS: Skat's own word: stays "Grand" in every language (glossary.md).
    "GRAND": lazy_pgettext("game", "Grand"),
    # TRANSLATORS: Skat's own word: stays "Null" in every language (glossary.md).
    "NULL": lazy_pgettext("game", "Null"),
    # TRANSLATORS: Skat's own word: stays "Ramsch" in every language (glossary.md).
    "RAMSCH": lazy_pgettext("game", "Ramsch"),
}
GERMAN_GAMES: dict[str, LazyString] = {
    **FRENCH_GAMES,
    # TRANSLATORS: The suit game with acorns trump, German deck, as a label: "Eichel", "Gland".
    "CLUBS": lazy_pgettext("game, German deck", "Acorns"),
    "SPADES": lazy_pgettext("game, German deck", "Leaves"),
    "HEARTS": lazy_pgettext("game, German deck", "Hearts"),
    "DIAMONDS": lazy_pgettext("game, German deck", "Bells"),
}
