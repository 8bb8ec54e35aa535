"""Issue 20's examples: a card or seat named inside a sentence reads as a native player says it."""

from __future__ import annotations

from html import unescape
from pathlib import Path

import pytest
from flask import Flask, g

from webapp import words
from webapp.ai import Hint, HintReason
from webapp.engine import Card, GameType, Play, Position, Suit
from webapp.i18n import gettext, lazy_gettext, ngettext
from webapp.lessons.text import say
from webapp.lessons.words import current_words
from webapp.practice import phrases

NBSP = "\u00a0"


def said(app: Flask, lang: str, deck: str, sentence) -> str:  # type: ignore[no-untyped-def]
    """Render a lesson sentence as the page does, in ``lang`` and ``deck``."""
    with app.test_request_context(f"/{lang}/", headers={"Cookie": f"deck={deck}"}):
        g.lang = lang
        return current_words().text(sentence)


def spoken(app: Flask, lang: str, say_it, deck: str = "french") -> str:  # type: ignore[no-untyped-def]
    """Call ``say_it()`` inside a request in ``lang`` and ``deck``."""
    with app.test_request_context(f"/{lang}/", headers={"Cookie": f"deck={deck}"}):
        g.lang = lang
        return str(say_it())


@pytest.mark.parametrize(("lang", "question"), [
    ("fr", f"Combien de points vaut l’as de trèfle{NBSP}?"),
    ("de", "Wie viele Augen zählt das Kreuz-Ass?"),
    ("fi", "Kuinka monen silmän arvoinen ristiässä on?"),
])
def test_the_points_question_names_the_ace_with_its_article(client, lang: str, question: str) -> None:  # type: ignore[no-untyped-def]
    html = unescape(client.get(f"/{lang}/learn/points/2").get_data(as_text=True))
    assert question in html


@pytest.mark.parametrize(("lang", "deck", "card", "move"), [
    ("fr", "french", "H8", "Jouez le huit de cœur."),
    ("fr", "french", "CA", "Jouez l’as de trèfle."),
    ("de", "french", "SJ", "Spiel den Pik-Buben."),
    ("de", "german", "SJ", "Spiel den Grün-Unter."),
    ("fi", "french", "SJ", "Pelaa patajätkä."),
])
def test_the_coach_says_which_card_to_play_in_the_accusative(app: Flask, lang: str, deck: str, card: str, move: str) -> None:
    hint = Hint(Play(Card.parse(card)), HintReason.CASH_WINNER, cards=(Card.parse(card),))
    assert spoken(app, lang, lambda: phrases.hint_move(hint), deck) == move


def test_french_cards_take_their_article_and_their_pronoun(app: Flask) -> None:
    not_following = say(lazy_gettext("%(card)s cannot win: it does not follow the suit that was led."), card=Card.parse("CJ"))
    assert said(app, "fr", "french", not_following) == (
        f"Le valet de trèfle ne peut pas gagner{NBSP}: il ne fournit pas la couleur demandée.")
    queen = say(lazy_gettext("%(card)s cannot win: it does not follow the suit that was led."), card=Card.parse("HQ"))
    assert said(app, "fr", "french", queen).startswith(f"La dame de cœur ne peut pas gagner{NBSP}: elle ne fournit")
    higher = say(lazy_gettext("%(card)s cannot win: %(winner)s is higher. %(rule)s"),
                 card=Card.parse("H9"), winner=Card.parse("HQ"), rule="")
    assert said(app, "fr", "french", higher).startswith(
        f"Le neuf de cœur ne peut pas gagner{NBSP}: la dame de cœur est au-dessus.")


def test_french_names_the_bidder_with_the_article(app: Flask) -> None:
    bids = spoken(app, "fr", lambda: gettext("%(position_cap)s bids %(value)s. Do you hold it (yes) or pass?",
                                             position=words.position_name(Position.MIDDLEHAND), value="18"))
    assert bids.startswith("Le médian enchérit à 18.")
    assert spoken(app, "en", lambda: gettext("%(position_cap)s bids %(value)s. Do you hold it (yes) or pass?",
                                             position=words.position_name(Position.MIDDLEHAND), value="18")
                  ).startswith("Middlehand bids 18.")


def test_german_cards_and_seats_take_their_case(app: Flask) -> None:
    taken = ("Taken by %(seat)s: %(points)s card point.", "Taken by %(seat)s: %(points)s card points.", 13)
    you = words.seat_name(Position.FOREHAND, Position.FOREHAND)
    other = words.seat_name(Position.MIDDLEHAND, Position.FOREHAND)
    assert spoken(app, "de", lambda: ngettext(*taken, seat=you, points="13")) == "Gestochen von dir (Vorhand): 13 Augen."
    assert spoken(app, "de", lambda: ngettext(*taken, seat=other, points="13")) == "Gestochen von Mittelhand (Computer): 13 Augen."
    refused = say(lazy_gettext("%(card)s may not be played: %(lead)s was led, and you hold a card of that suit, so you must follow suit."),
                  card=Card.parse("CJ"), lead=Card.parse("ST"))
    assert said(app, "de", "french", refused).startswith(
        "Den Kreuz-Buben darfst du nicht spielen: Die Pik-Zehn wurde ausgespielt")
    assert said(app, "de", "german", refused).startswith(
        "Den Eichel-Unter darfst du nicht spielen: Die Grün-Zehn wurde ausgespielt")
    with_card = say(lazy_gettext("With %(card)s the declarer can take the trick: %(beater)s would win it."),
                    card=Card.parse("CK"), beater=Card.parse("CA"))
    assert said(app, "de", "french", with_card) == (
        "Mit dem Kreuz-König kann der Alleinspieler den Stich bekommen: Das Kreuz-Ass würde ihn gewinnen.")


def test_german_null_is_masculine_everywhere() -> None:
    root = Path(__file__).resolve().parents[2] / "translations" / "de" / "LC_MESSAGES"
    text = " ".join(path.read_text(encoding="utf-8") for path in root.glob("*.po"))
    assert "Dieses Null " not in text and "das Null " not in text
    assert "Dieser Null " in text


def test_finnish_verbs_agree_and_games_take_the_genitive(app: Flask) -> None:
    taken = ("Taken by %(seat)s: %(points)s card point.", "Taken by %(seat)s: %(points)s card points.", 13)
    you = words.seat_name(Position.MIDDLEHAND, Position.MIDDLEHAND)
    assert spoken(app, "fi", lambda: ngettext(*taken, seat=you, points="13")) == "Tikki sinulle (keskikäsi): 13 silmää."
    base = say(lazy_gettext("Not %(given)s: the base value of %(game)s is %(base)s."),
               given=9, game=GameType.HEARTS, base=10)
    assert said(app, "fi", "french", base) == "Ei 9: Hertan perusarvo on 10."


@pytest.mark.parametrize("deck", ["french", "german"])
def test_malay_opens_a_sentence_with_a_capital(app: Flask, deck: str) -> None:
    led = say(lazy_gettext("Trump suit: %(trump)s. %(lead_cap)s was led. Click every card in your hand that you may play."),
              trump=Suit.HEARTS, lead=Card.parse("DA"))
    text = said(app, "ms", deck, led)
    assert (" Sat daiman " if deck == "french" else " Daus loceng ") in text
    assert " sat daiman" not in text
