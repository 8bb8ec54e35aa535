"""What a lesson teaches and what a step uses: game types, trumps and the terms of the game.

Each lesson lists the concepts it teaches (`Lesson.teaches`). What a step uses is derived from
its data: the game of its position (shown as "Game: …", with the seats named and the declarer
marked), the trumps among the cards it shows, the game types named in its sentences, and the
terms in its English text (every sentence it can show: the question, the hint, the captions,
the answers to choose from and the reasons given for wrong answers). The course test asserts
that no step uses a concept before the lesson that teaches it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from enum import Enum

from webapp.engine import Card, CardSet, GameType, Position, Rank, rules_for

from .goals import GameValue, Trumps
from .goals import Matadors as MatadorCount
from .steps import Choose, Number, Order, Pick, PlayCard, Step
from .text import Say

__all__ = [
    "Concept", "TERMS", "game_concept", "said", "concepts_in_text", "cards_concepts", "step_sentences",
    "step_concepts",
]


class Concept(Enum):
    """An idea of the game that a lesson teaches before other steps may use it."""

    TRICK = "trick"
    CARD_POINTS = "card points"
    DECLARER = "declarer and defenders"
    POSITIONS = "dealer, forehand, middlehand, rearhand"
    SKAT = "the skat"
    TRUMP = "trumps"
    JACK_TRUMPS = "the Jacks as trumps"
    SUIT_GAME = "suit game"
    GRAND = "Grand"
    NULL = "Null"
    BID = "bidding"
    HAND = "Hand game"
    MATADORS = "matadors"
    GAME_VALUE = "game value"
    SCHNEIDER = "Schneider and Schwarz"
    OUVERT = "announcements and Ouvert"
    OVERBID = "overbid"
    LIST = "the list"
    SEEGER_FABIAN = "Seeger-Fabian"
    HOUSE_RULES = "Kontra, Re, Bock"
    RAMSCH = "Ramsch"
    LIEUTENANT = "Lieutenant Skat"


TERMS: dict[Concept, re.Pattern[str]] = {
    concept: re.compile(pattern)
    for concept, pattern in {
        Concept.TRICK: r"\b[Tt]ricks?\b",
        Concept.CARD_POINTS: r"\b[Cc]ard points?\b",
        Concept.DECLARER: r"\b[Dd]eclarer|\b[Dd]efend(s|ers?)?\b|\bpartner",
        Concept.POSITIONS: r"\b([Ff]orehand|[Mm]iddlehand|[Rr]earhand|[Dd]ealer)\b",
        Concept.SKAT: r"\bskat\b",
        Concept.TRUMP: r"\b[Tt]rump(s|ed)?\b",
        Concept.JACK_TRUMPS: r"\b(Jacks?|Unters?)\b[^.:]*\btrumps?\b|\btrumps?\b[^.:]*\b(Jacks?|Unters?)\b",
        Concept.SUIT_GAME: r"\b[Ss]uit game|\b[Tt]rump suit\b",
        Concept.GRAND: r"\bGrand\b",
        Concept.NULL: r"\bNull\b",
        Concept.BID: r"\b[Bb]id(s|ding)?\b",
        Concept.HAND: r"\bHand\b",
        Concept.MATADORS: r"\b[Mm]atadors?\b|\bwith(out)? \d+\b(?! cards)",
        Concept.GAME_VALUE: r"\b[Gg]ame value|\b[Bb]ase value|\b[Mm]ultiplier|\blevels?\b",
        Concept.SCHNEIDER: r"\bSchneider\b|\bSchwarz\b",
        Concept.OUVERT: r"\bOuvert\b|\bannounce(d|ment)?\b",
        Concept.OVERBID: r"\boverbid",
        Concept.LIST: r"\b[Ll]ist\b",
        Concept.SEEGER_FABIAN: r"\bSeeger-Fabian\b",
        Concept.HOUSE_RULES: r"\b(Kontra|Re|Bock)\b|\b[Hh]ouse rules?\b",
        Concept.RAMSCH: r"\bRamsch\b|\bJungfrau\b|\bDurchmarsch\b",
        Concept.LIEUTENANT: r"\bLieutenant\b",
    }.items()
}
"""The English words by which a sentence uses a concept."""


def game_concept(game: GameType) -> Concept:
    """Return the concept of a game type."""
    if game.suit is not None:
        return Concept.SUIT_GAME
    return {GameType.GRAND: Concept.GRAND, GameType.NULL: Concept.NULL, GameType.RAMSCH: Concept.RAMSCH}[game]


def said(sentence: Say) -> Iterator[Say]:
    """Yield a sentence and every sentence placed inside it."""
    yield sentence
    for _, value in sentence.values:
        if isinstance(value, Say):
            yield from said(value)


def concepts_in_text(sentences: Iterable[Say], render: Callable[[Say], str]) -> set[Concept]:
    """Return the concepts that ``sentences`` use: by their English words and the games they name.

    ``render`` writes a sentence in English; with ``german_deck`` both wordings are read.
    """
    used: set[Concept] = set()
    for sentence in sentences:
        for part in said(sentence):
            used |= {game_concept(v) for _, v in part.values if isinstance(v, GameType)}
        texts = [render(sentence)]
        if sentence.german_deck is not None:
            texts.append(render(Say(sentence.german_deck, sentence.values)))
        used |= {concept for concept, term in TERMS.items() for text in texts if term.search(text)}
    return used


def cards_concepts(game: GameType, cards: Iterable[Card]) -> set[Concept]:
    """Return what showing ``cards`` in ``game`` uses: the game itself once a card plays by its rules.

    A card plays by the game's rules when it is a trump (the Jacks as the highest trumps), or in
    Null when its rank is ordered differently (the ten and the Jack).
    """
    rules = rules_for(game)
    shown = CardSet(cards)
    used: set[Concept] = set()
    trumps = [card for card in shown if rules.is_trump(card)]
    if trumps:
        used |= {game_concept(game), Concept.TRUMP}
    if any(card.rank is Rank.JACK for card in trumps):
        used.add(Concept.JACK_TRUMPS)
    if game is GameType.NULL and any(card.rank in (Rank.TEN, Rank.JACK) for card in shown):
        used.add(Concept.NULL)
    return used


def step_sentences(step: Step) -> list[Say]:
    """Return every sentence a step shows besides its feedback."""
    sentences = [step.text, *(row.caption for row in step.rows if row.caption is not None)]
    if step.hint is not None:
        sentences.append(step.hint)
    if isinstance(step, Choose):
        for option in step.options:
            sentences.append(option.label)
            if option.why is not None:
                sentences.append(option.why)
    if isinstance(step, Number):
        sentences.append(step.label)
    return sentences


def step_concepts(step: Step, render: Callable[[Say], str], feedback: Iterable[Say] = ()) -> set[Concept]:
    """Return the concepts a step uses: its game, the trumps it shows, the terms of its sentences.

    ``feedback`` adds the reasons the step gives for wrong answers.
    """
    used = concepts_in_text([*step_sentences(step), *feedback], render)
    shown = [card for row in step.rows for card in row.cards]
    if isinstance(step, PlayCard):
        state = step.state
        used |= {game_concept(step.game_type), Concept.TRICK, Concept.POSITIONS, Concept.DECLARER}
        everything = [card for position in Position for card in state.hand(position)]
        used |= cards_concepts(step.game_type, [*everything, *state.current_trick.cards])
        return used
    goal = getattr(step, "goal", None)
    game = getattr(goal, "game_type", None)
    if isinstance(step, (Pick, Order)):
        shown += step.cards
    if isinstance(goal, GameValue):
        game = goal.contract.game_type
        used.add(Concept.GAME_VALUE)
    if isinstance(goal, (Trumps,)):
        used |= {game_concept(goal.game_type), Concept.TRUMP}
    if isinstance(goal, MatadorCount):
        used.add(Concept.MATADORS)
    if isinstance(game, GameType):
        if isinstance(goal, (GameValue, MatadorCount)):
            used.add(game_concept(game))
        used |= cards_concepts(game, shown)
    return used
