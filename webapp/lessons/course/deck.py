"""Lesson 1: the deck, its suits and ranks, in the French and the German deck side by side."""

from __future__ import annotations

from webapp.engine import DECK, Card, Rank, Suit
from webapp.i18n import lazy_gettext as _

from ..goals import Count, SuitCards, TheCard
from ..lesson import Lesson
from ..steps import Choose, Explain, Number, Option, Pick, Row
from ..text import InDeck, Ranking, say

C = Card.parse
SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
ACES = tuple(Card(suit, Rank.ACE) for suit in SUITS)
HEARTS = tuple(Card(Suit.HEARTS, rank) for rank in RANKS)
FRENCH = _("French deck")
GERMAN = _("German deck")


def both(cards: tuple[Card, ...]) -> tuple[Row, Row]:
    """Return the same cards as a French and a German row."""
    return (
        Row(cards, caption=say(FRENCH), deck="french"),
        Row(cards, caption=say(GERMAN), deck="german"),
    )


def twin(suit: Suit) -> Option:
    """Return the option 'this German suit' for the question about clubs."""
    label = say("%(suit)s", suit=InDeck(suit, "german"))
    if suit is Suit.CLUBS:
        return Option(label)
    return Option(
        label,
        why=say(
            _("%(german)s is the twin of %(french)s, not of %(clubs)s."),
            german=InDeck(suit, "german"), french=InDeck(suit, "french"), clubs=InDeck(Suit.CLUBS, "french"),
        ),
    )


LESSON = Lesson(
    slug="deck",
    title=_("The deck"),
    summary=_("Suits and ranks in the French and the German deck."),
    steps=(
        Explain(
            text=say(_("Skat is played with 32 cards: four suits of eight cards.")),
            rows=(Row(ACES),),
        ),
        Explain(
            text=say(
                _("There are two faces of the same deck: the French deck and the German deck. Each French suit has a German twin.")
            ),
            rows=both(ACES),
        ),
        Explain(
            text=say(
                _("The suits have an order, from the highest: %(french)s. In the German deck: %(german)s. The order of the suits matters later in the game."),
                french=InDeck(Ranking(SUITS), "french"), german=InDeck(Ranking(SUITS), "german"),
            ),
            rows=both(ACES),
        ),
        Explain(
            text=say(
                _("Each suit has eight cards: %(french)s. The German deck calls the Ace Daus, the Queen Ober and the Jack Unter: %(german)s."),
                french=InDeck(Ranking(RANKS), "french"), german=InDeck(Ranking(RANKS), "german"),
            ),
            rows=both(HEARTS),
        ),
        Choose(
            text=say(
                _("Which German suit is the twin of %(clubs)s?"), clubs=InDeck(Suit.CLUBS, "french")
            ),
            rows=(Row((C("CA"),), deck="french"),),
            options=tuple(twin(suit) for suit in (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)),
            hint=say(_("Both are the highest suit.")),
        ),
        Pick(
            text=say(_("Click %(card)s."), card=C("SQ")),
            cards=tuple(map(C, ("HK", "SQ", "CJ", "SK", "DQ", "S9"))),
            goal=TheCard(C("SQ")),
            hint=say(_("Look for the suit %(suit)s, then for the rank."), suit=Suit.SPADES),
        ),
        Pick(
            text=say(_("Click every card of the suit %(suit)s."), suit=Suit.DIAMONDS),
            cards=tuple(map(C, ("D7", "HA", "DJ", "CT", "DA", "H8", "SK", "DQ"))),
            goal=SuitCards(Suit.DIAMONDS),
            hint=say(_("There are four of them here.")),
        ),
        Number(
            text=say(_("How many cards does a Skat deck have?")),
            label=say(_("Cards")),
            goal=Count(len(DECK), say(_("There are four suits of eight cards each.")), say(_("Four suits of eight cards: 4 × 8 = 32."))),
        ),
    ),
)
