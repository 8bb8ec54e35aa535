"""The scoresheet's words: house rules, problems with an entry or a file, and each hand's reading.

The engine's own enums are worded in `webapp.words`; this module adds what only the list needs.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import LazyString, force_locale

from webapp import words
from webapp.decks import Deck, game_name
from webapp.decks.wording import by_deck
from webapp.engine import BockTrigger, GameType, InputReason, Level, RamschSettlement, Settlement
from webapp.engine.game import Phase
from webapp.i18n import LANGUAGES, gettext, lazy_gettext, lazy_pgettext, ngettext, pgettext, signed
from webapp.scoresheet.sheet import (
    Game,
    HouseRules,
    Issue,
    Preset,
    Problem,
    Ramsch,
    Round,
    RoundKind,
    Row,
)
from webapp.scoresheet.transfer import GAME_CODES, FileError, FileProblem, FileWords

PRESETS: dict[Preset, LazyString] = {
    Preset.ISKO: lazy_gettext("ISkO tournament list"),
    Preset.PUB: lazy_gettext("Pub list"),
    Preset.CUSTOM: lazy_gettext("My own house rules"),
}
PRESET_HELP: dict[Preset, LazyString] = {
    Preset.ISKO: lazy_gettext("Seeger-Fabian scores, no house rules: as at a tournament."),
    Preset.PUB: lazy_gettext(
        "Kontra and Re, Bock rounds (after 60 : 60, a value of 120 or more, a successful Kontra "
        "or any Re; at most one per hand), Ramsch when everybody passes; classic scores."
    ),
    Preset.CUSTOM: lazy_gettext("Choose each house rule below."),
}

#: The house rules with a switch each, in the order the form shows them, and their groups.
RULE_LABELS: dict[str, LazyString] = {
    "kontra": lazy_gettext("Kontra and Re"),
    "kontra_after_18": lazy_gettext("Only a defender who bid or held 18 may say Kontra"),
    "ramsch_passed_in": lazy_gettext("Ramsch when everybody passes"),
    "ramsch_after_bock": lazy_gettext("A Ramsch round after each Bock round"),
    "ramsch_grand_hand": lazy_gettext("A Grand Hand may replace a Ramsch round's Ramsch"),
    "ramsch_list": lazy_gettext("The whole list is Ramsch"),
    "ramsch_skat_to_loser": lazy_gettext("In a Ramsch the skat goes to the loser"),
    "schieberamsch": lazy_gettext("Schieberamsch: the skat may be pushed on"),
    "schieberamsch_no_jacks": by_deck(
        lazy_gettext("Jacks may not be pushed on"),
        lazy_pgettext("German-suited deck", "Unters may not be pushed on"),
    ),
    "bock_one_per_hand": lazy_gettext("At most one new Bock round per hand"),
    "bock_schneider_outside_bock": lazy_gettext("A Schneider in a Bock round starts no new one"),
}
RULE_HELP: dict[str, LazyString] = {
    "kontra": lazy_gettext("A defender may say Kontra (the score doubles); the declarer may answer Re (it doubles again)."),
    "kontra_after_18": lazy_gettext("The players keep this rule; the list only shows it."),
    "ramsch_passed_in": lazy_gettext("Otherwise the cards are thrown in and the next player deals."),
    "ramsch_after_bock": lazy_gettext("As many Ramsch hands as there are players, with no Bock."),
    "ramsch_grand_hand": lazy_gettext("Scored as a Grand Hand, with no Bock and no Kontra."),
    "ramsch_skat_to_loser": lazy_gettext("Otherwise to whoever takes the last trick. The players keep this rule."),
    "schieberamsch": lazy_gettext("Each push doubles the Ramsch."),
    "schieberamsch_no_jacks": lazy_gettext("The players keep this rule; the list only shows it."),
}
TRIGGERS: dict[BockTrigger, LazyString] = {
    BockTrigger.LOST_WITH_60: lazy_gettext("A game lost with exactly 60 card points"),
    BockTrigger.SPLIT_60_60: lazy_gettext("Card points split 60 : 60"),
    BockTrigger.VALUE_120: lazy_gettext("A game value of 120 or more (before any doubling)"),
    BockTrigger.KONTRA_SUCCEEDED: lazy_gettext("A successful Kontra"),
    BockTrigger.RE: lazy_gettext("Any Re"),
    BockTrigger.SCHNEIDER: lazy_gettext("A Schneider"),
    BockTrigger.GRAND_HAND_WON: lazy_gettext("A Grand Hand won"),
}
# TRANSLATORS: why a hand started a Bock round, short, in a list of the hand's events.
TRIGGER_SHORT: dict[BockTrigger, LazyString] = {
    BockTrigger.LOST_WITH_60: lazy_gettext("lost with 60"),
    BockTrigger.SPLIT_60_60: lazy_gettext("60 : 60"),
    BockTrigger.VALUE_120: lazy_gettext("value of 120 or more"),
    BockTrigger.KONTRA_SUCCEEDED: lazy_gettext("Kontra won"),
    BockTrigger.RE: lazy_pgettext("bock trigger", "Re"),
    BockTrigger.SCHNEIDER: lazy_pgettext("bock trigger", "Schneider"),
    BockTrigger.GRAND_HAND_WON: lazy_gettext("Grand Hand won"),
}
# TRANSLATORS: why a Bock round was queued after a hand: the players added it themselves.
ADDED_SHORT = lazy_gettext("added by hand")
TWO_ROUNDS = lazy_gettext("Two full rounds without Bock")
TWO_ROUNDS_SHORT = lazy_gettext("two rounds without Bock")

PROBLEMS: dict[Problem, LazyString] = {
    Problem.MALFORMED: lazy_gettext("Choose one of the values offered."),
    Problem.NOT_A_NUMBER: lazy_gettext("Enter a whole number."),
    Problem.NOT_A_PLAYER: lazy_gettext("That player is not at this table."),
    Problem.SITS_OUT: lazy_gettext("This player deals this hand and sits out."),
    Problem.NO_KONTRA: lazy_gettext("This list is kept without Kontra and Re."),
    Problem.NO_PUSHES: lazy_gettext("This list is kept without Schieberamsch."),
    Problem.NO_RAMSCH: lazy_gettext("This list plays no Ramsch in this hand."),
    Problem.NO_BOCK: lazy_gettext("This list is played all in Ramsch: it has no Bock rounds."),
    Problem.PLAY_RAMSCH: lazy_gettext("When everybody passes, this list plays a Ramsch: enter its result."),
    Problem.RAMSCH_ROUND: lazy_gettext("This hand is in a Ramsch round: enter the Ramsch."),
    Problem.NO_KONTRA_IN_RAMSCH_ROUND: lazy_gettext("No Kontra on a Grand Hand played instead of a Ramsch."),
    Problem.JUNGFRAU_HAS_POINTS: lazy_gettext("A player who took no trick has no card points."),
    Problem.NAME_MISSING: lazy_gettext("Enter a name."),
    Problem.NAME_TWICE: lazy_gettext("Two players have this name: tell them apart."),
}
RAMSCH_ROUND_WITH_GRAND = lazy_gettext(
    "This hand is in a Ramsch round: enter the Ramsch, or the Grand Hand played instead."
)

#: Clearer words than the engine's general ones, for a field that is often wrong.
FIELD_INPUT: dict[tuple[str, InputReason], LazyString] = {
    ("kind", InputReason.MISSING): lazy_gettext("Choose what was played."),
    ("declarer", InputReason.MISSING): lazy_gettext("Choose the declarer."),
    ("game", InputReason.MISSING): lazy_gettext("Choose the game."),
    ("points", InputReason.MISSING): lazy_gettext("Enter the declarer's card points."),
    ("points", InputReason.OUT_OF_RANGE): lazy_gettext("Card points are between 0 and 120."),
    ("matadors", InputReason.MISSING): lazy_gettext("Enter the matadors: with or without how many?"),
    ("matadors", InputReason.OUT_OF_RANGE): lazy_gettext("A suit game has 1 to 11 matadors, a Grand 1 to 4."),
    ("matadors", InputReason.NOT_ALLOWED): lazy_gettext("A Null has no matadors: leave the field empty."),
    ("bid", InputReason.MISSING): lazy_gettext("Enter the bid."),
    ("null_result", InputReason.MISSING): lazy_gettext("Was the Null won or lost?"),
    ("ramsch", InputReason.OUT_OF_RANGE): lazy_gettext("Card points are between 0 and 120."),
    ("ramsch", InputReason.MISSING): lazy_gettext(
        "Enter the loser's card points (the same for tied losers), or every player's."),
}

FILE_PROBLEMS: dict[FileProblem, LazyString] = {
    FileProblem.NOT_A_LIST: lazy_gettext("This is not a list saved by Kiebitz."),
    FileProblem.VERSION: lazy_gettext("This list was saved by a newer Kiebitz."),
    FileProblem.NOT_TEXT: lazy_gettext("This file is not UTF-8 text."),
    FileProblem.MISSING_LINE: lazy_gettext("A line the file needs is missing."),
    FileProblem.UNKNOWN_RULE: lazy_gettext("Kiebitz does not know this house rule."),
    FileProblem.MISSING_COLUMN: lazy_gettext("A column the file needs is missing."),
    FileProblem.TOO_MANY_HANDS: lazy_gettext("The file has more hands than a list can hold."),
    FileProblem.UNKNOWN_PLAYER: lazy_gettext("This is not one of the players of the list."),
}

ROUNDS: dict[RoundKind, LazyString] = {
    RoundKind.BOCK: lazy_gettext("Bock round"),
    RoundKind.RAMSCH: lazy_gettext("Ramsch round"),
}


def two_rounds_rule(rules: HouseRules, names: Sequence[str]) -> str:
    """Say exactly how the list counts its "two full rounds without Bock"."""
    if rules.bock_two_rounds_any:
        return ngettext(
            "Bock round after: %(num)d hand in a row without Bock (two full rounds, from any hand)",
            "Bock round after: %(num)d hands in a row without Bock (two full rounds, from any hand)",
            2 * len(names),
        )
    return gettext("Bock round after: two full rounds without Bock, counted in rounds from the first "
                   "dealer (%(dealer)s)", dealer=names[0])


#: The separator each language's spreadsheets expect (where the comma is the decimal mark).
SEMICOLON_LANGUAGES = frozenset({"de", "fr", "fi"})


def file_words(lang: str, deck: Deck) -> FileWords:
    """Return the words of a list's file in the current language (``lang``) and deck."""
    keys = {
        "title": pgettext("file line", "Title"),
        "players": pgettext("file line", "Players"),
        "rules": pgettext("file line", "House rules"),
    }
    columns = {
        "number": pgettext("file column", "No."),
        "dealer": pgettext("file column", "Dealer"),
        "kind": pgettext("file column", "Kind"),
        "declarer": pgettext("file column", "Declarer"),
        "game": pgettext("file column", "Game"),
        "hand": pgettext("file column", "Hand"),
        "schneider_announced": pgettext("file column", "Schneider announced"),
        "schwarz_announced": pgettext("file column", "Schwarz announced"),
        "ouvert": pgettext("file column", "Ouvert"),
        "matadors": pgettext("file column", "Matadors"),
        "without": pgettext("file column", "Without"),
        "points": pgettext("file column", "Card points"),
        "tricks": pgettext("file column", "Schwarz"),
        "null_result": pgettext("file column", "Null"),
        "bid": pgettext("file column", "Bid"),
        "kontra": pgettext("file column", "Kontra"),
        "re": pgettext("file column", "Re"),
        "durchmarsch": pgettext("file column", "Durchmarsch"),
        "pushes": pgettext("file column", "Pushes"),
        "points_n": pgettext("file column", "Ramsch points %(player)s"),
        "jungfrau_n": pgettext("file column", "Jungfrau %(player)s"),
        "score_n": pgettext("file column", "Score %(player)s"),
        "total_n": pgettext("file column", "Total %(player)s"),
        "seeger_fabian_n": pgettext("file column", "Seeger-Fabian %(player)s"),
        "seeger_fabian_total_n": pgettext("file column", "Seeger-Fabian total %(player)s"),
    }
    games = {code: str(game_name(GameType(code), deck)) for code in GAME_CODES}
    return FileWords(delimiter=";" if lang in SEMICOLON_LANGUAGES else ",", keys=keys, columns=columns,
                     games=games)


def file_vocabulary() -> tuple[FileWords, ...]:
    """Return the words of the files of every language and deck, for reading a file."""
    vocabulary = []
    for lang in LANGUAGES:
        with force_locale(lang):
            vocabulary += [file_words(lang, deck) for deck in Deck]
    return tuple(vocabulary)


def issue_text(issue: Issue, rules: HouseRules) -> str:
    """Say what is wrong with an entry, in the user's language."""
    reason = issue.reason
    if issue.field == "tricks" and reason is InputReason.MISSING and issue.value in (0, 120):
        if issue.value == 120:
            return gettext("At 120 card points, did the declarer take every trick? Answer under Schwarz.")
        return gettext("At 0 card points, did the declarer take no trick at all? Answer under Schwarz.")
    if isinstance(reason, InputReason):
        field = "ramsch" if issue.field.startswith("points_") else issue.field
        return str(FIELD_INPUT.get((field, reason)) or words.input_error(reason))
    if reason is Problem.RAMSCH_ROUND and rules.ramsch_grand_hand:
        return str(RAMSCH_ROUND_WITH_GRAND)
    if reason is Problem.NOT_120:
        return gettext("The card points of a Ramsch add up to 120; these add up to %(sum)s.",
                       sum=issue.value)
    if reason is Problem.NAME_TOO_LONG:
        return ngettext("A name has at most %(num)d character.", "A name has at most %(num)d characters.",
                        issue.value or 0)
    if reason is Problem.TITLE_TOO_LONG:
        return ngettext("A title has at most %(num)d character.", "A title has at most %(num)d characters.",
                        issue.value or 0)
    return str(PROBLEMS[reason])


def file_error_text(error: FileError, rules: HouseRules) -> str:
    """Say where a file is wrong and why: line, column, and the problem."""
    reason = error.reason
    if isinstance(reason, FileProblem):
        problem = str(FILE_PROBLEMS[reason])
    else:
        problem = issue_text(Issue(error.column, reason, error.value if isinstance(error.value, int) else None),
                             rules)
    if error.column:
        return gettext("Line %(line)s, column “%(column)s”: %(problem)s", line=error.line,
                       column=error.column, problem=problem)
    return gettext("Line %(line)s: %(problem)s", line=error.line, problem=problem)


#: The words every row of a sheet may repeat; `Phrases` looks each up once per page.
ROW_WORDS: dict[str, LazyString] = {
    "hand": words.LEVEL_NAMES[Level.HAND],
    "ouvert": words.LEVEL_NAMES[Level.OUVERT],
    "schneider_announced": words.LEVEL_NAMES[Level.SCHNEIDER_ANNOUNCED],
    "schwarz_announced": words.LEVEL_NAMES[Level.SCHWARZ_ANNOUNCED],
    "schneider": words.LEVEL_NAMES[Level.SCHNEIDER],
    "schwarz": words.LEVEL_NAMES[Level.SCHWARZ],
    "with": lazy_gettext("with %(num)s"),
    "without": lazy_gettext("without %(num)s"),
    "won": lazy_pgettext("game result", "won"),
    "lost": lazy_pgettext("game result", "lost"),
    "overbid": lazy_gettext("lost: overbid"),
    "kontra": lazy_pgettext("doubling", "Kontra"),
    "re": lazy_pgettext("doubling", "Re"),
    "instead": lazy_gettext("instead of the Ramsch"),
    "ramsch": lazy_pgettext("game", "Ramsch"),
    "durchmarsch": lazy_gettext("Durchmarsch"),
    "jungfrau": lazy_gettext("Jungfrau"),
    "bock": lazy_gettext("Bock"),
    "passed": words.PHASES[Phase.PASSED_IN],
    "not_scored": lazy_gettext("Not scored"),
    "reading": lazy_gettext("%(reading)s: %(score)s"),
    "change": lazy_gettext("Change hand %(number)s"),
}


class Phrases:
    """The words and numbers of one page of a sheet, each looked up or formatted once."""

    def __init__(self, deck: Deck) -> None:
        self.text = {key: str(value) for key, value in ROW_WORDS.items()}
        # Games are named after the user's deck: "Hearts", or "Bells" with German-suited cards.
        self.games: dict[GameType, str] = {
            game: str(game_name(game, deck)) for game in GameType if game is not GameType.RAMSCH
        }
        self._signed: dict[int, str] = {}

    def signed(self, value: int) -> str:
        """Format a score with its sign, as `webapp.i18n.signed` does."""
        if value not in self._signed:
            self._signed[value] = signed(value)
        return self._signed[value]

    def _game(self, row: Row, settlement: Settlement) -> list[str]:
        text = self.text
        contract = settlement.contract
        parts = [self.games[contract.game_type]]
        if contract.hand:
            parts.append(text["hand"])
        if contract.ouvert:
            parts.append(text["ouvert"])
        elif contract.schwarz_announced:
            parts.append(text["schwarz_announced"])
        elif contract.schneider_announced:
            parts.append(text["schneider_announced"])
        if settlement.matadors is not None:
            key = "with" if settlement.matadors > 0 else "without"
            parts.append(text[key] % {"num": abs(settlement.matadors)})
        parts.append(text["won" if settlement.won else "overbid" if settlement.overbid else "lost"])
        if settlement.schwarz or settlement.schneider:
            parts.append(text["schwarz" if settlement.schwarz else "schneider"])
        parts += [text[name] for name in ("kontra", "re") if getattr(settlement, name)]
        if row.slot.round is RoundKind.RAMSCH:
            parts.append(text["instead"])
        return parts

    def _ramsch(self, ramsch: Ramsch, settlement: RamschSettlement) -> list[str]:
        parts = [self.text["ramsch"]]
        if settlement.durchmarsch is not None:
            parts.append(self.text["durchmarsch"])
        elif settlement.jungfrau:
            parts.append(self.text["jungfrau"])
        if ramsch.pushes:
            parts.append(ngettext("pushed once", "pushed %(num)d times", ramsch.pushes))
        return parts

    def reading(self, row: Row, names: Sequence[str]) -> str:
        """Read a hand in a few words: "Hearts, Hand, with 2, won, Bock: +80", "Ramsch: Ben −70"."""
        settlement = row.settlement
        if row.invalid is not None:
            return self.text["not_scored"]
        if isinstance(row.entry, Game) and isinstance(settlement, Settlement):
            parts = self._game(row, settlement)
            score = self.signed(settlement.score)
        elif isinstance(row.entry, Ramsch) and isinstance(settlement, RamschSettlement):
            parts = self._ramsch(row.entry, settlement)
            score = ", ".join(f"{names[seat]} {self.signed(points)}"
                              for seat, points in enumerate(row.scores) if points)
        else:
            return self.text["passed"]
        if row.slot.bock:
            parts.append(self.text["bock"])
        return self.text["reading"] % {"reading": ", ".join(parts), "score": score}


def upcoming(rounds: Sequence[Round]) -> list[str]:
    """Describe the Bock and Ramsch rounds to come: "Bock round: 2 hands left", "Ramsch round"."""
    texts = []
    for index, waiting in enumerate(rounds):
        if index == 0 and waiting.hands:
            if waiting.kind is RoundKind.BOCK:
                texts.append(ngettext("Bock round: %(num)d hand left", "Bock round: %(num)d hands left",
                                      waiting.hands))
            else:
                texts.append(ngettext("Ramsch round: %(num)d hand left", "Ramsch round: %(num)d hands left",
                                      waiting.hands))
        else:
            texts.append(str(ROUNDS[waiting.kind]))
    return texts
