"""A list as a CSV file, and back: its title, players, house rules and hands.

The file is UTF-8 (with a byte-order mark, so spreadsheets see the accents), in the words of
the list's language (`FileWords`: the line keys, the column headers and the game names; a
semicolon separates the cells where the comma is the decimal mark, as in de, fr and fi). It
reads back in any language, and so do files in the code words below (what Kiebitz wrote first).
Four lines describe the list, an empty line follows, then a table with one line per hand::

    kiebitz-scoresheet,1
    title,Friday at Ute's
    players,Anna,Ben,Cem
    rules,kontra,ramsch_passed_in,bock:split_60
    <empty line>
    number,dealer,kind,declarer,game,hand,...,score_1,score_2,score_3,total_1,total_2,total_3
    1,Anna,game,Ben,hearts,1,,,,2,,95,some,,40,,,,,,,,,,0,50,0,0,50,0

``rules`` lists the house rules that are on, by their code words (`HouseRules.tokens`). The
hand columns are `COLUMNS`: ``kind`` is ``game``, ``ramsch``, ``passed`` or ``bock`` (a Bock
round added by hand after the hands above it: no hand, its other cells empty); ``declarer`` and
``durchmarsch`` are player names; flags (``hand``, ``kontra``, ``jungfrau_2``, ...) are ``1`` or
empty; ``matadors`` counts them and ``without`` marks "without"; ``points`` are the declarer's
card points, ``tricks`` is ``some``, ``all`` (Schwarz) or ``none`` (declarer Schwarz);
``null_result`` is ``won`` or ``lost``; ``points_n`` and ``jungfrau_n`` are the n-th player's
Ramsch points and Jungfrau; ``pushes`` counts Schieberamsch pushes. ``number``, ``dealer``,
``score_n`` and ``total_n`` (and in a Seeger-Fabian list ``seeger_fabian_n`` and
``seeger_fabian_total_n``) are written for reading and ignored when the file is read back:
the hands are the truth, the scores are worked out again.

The title and the names are text a spreadsheet must not run: a text cell that starts with
``=``, ``+``, ``-``, ``@``, a tab or a carriage return (a formula, to a spreadsheet) is written
with an apostrophe before it, as spreadsheets write text that looks like a formula, and so is a
text cell that starts with an apostrophe before one of those (see `protect`). Reading takes that
apostrophe off again (`unprotect`), so a list comes back with its names as they were typed.
Numbers (a score of -32) are written as they are.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from webapp.engine import GameType, InputReason
from webapp.scoresheet.sheet import (
    MAX_TITLE,
    BockAdded,
    EntryError,
    HouseRules,
    Issue,
    Problem,
    Sheet,
    check_names,
    entry_from_fields,
    entry_to_fields,
    first_invalid,
    seats_at,
)
from webapp.text import clean_text

__all__ = ["CODES", "FileWords", "GAME_CODES", "COLUMNS", "MAGIC", "VERSION", "MAX_HANDS", "FileProblem", "FileError", "ListFile",
           "write", "read", "protect", "unprotect"]

MAGIC: Final = "kiebitz-scoresheet"
VERSION: Final = "1"
MAX_HANDS: Final = 1000
COLUMNS: Final = (
    "kind", "declarer", "game", "hand", "schneider_announced", "schwarz_announced", "ouvert",
    "matadors", "without", "points", "tricks", "null_result", "bid", "kontra", "re",
)
_SEAT_COLUMNS: Final = ("points", "jungfrau")
_RAMSCH_COLUMNS: Final = ("durchmarsch", "pushes")
_NAME_COLUMNS: Final = ("declarer", "durchmarsch")
GAME_CODES: Final = tuple(game.value for game in GameType if game is not GameType.RAMSCH)
_FORMULA_STARTS: Final = frozenset("=+-@\t\r")
_ESCAPE: Final = "'"


def protect(text: str) -> str:
    """Return a text cell as written to the file: never read as a formula by a spreadsheet.

    >>> print(protect('=HYPERLINK("http://evil.example")'))
    '=HYPERLINK("http://evil.example")
    >>> protect("Anna"), protect("'Tis"), protect("'-x")
    ('Anna', "'Tis", "''-x")
    """
    if text[:1] in _FORMULA_STARTS or unprotect(text) != text:  # the escape itself is escaped
        return _ESCAPE + text
    return text


def unprotect(cell: str) -> str:
    """Return the text a cell written by `protect` stands for (a cell written by hand as it is).

    >>> all(unprotect(protect(text)) == text for text in ("=1+2", "-Anna", "'=x", "''", "'Tis", ""))
    True
    """
    if cell[:1] == _ESCAPE and cell[1:2] in _FORMULA_STARTS | {_ESCAPE}:
        return cell[1:]
    return cell


class FileProblem(Enum):
    """What keeps a file from being read as a list."""

    NOT_A_LIST = "not_a_list"  # not a Kiebitz scoresheet file
    VERSION = "version"  # written by a newer Kiebitz
    NOT_TEXT = "not_text"  # not UTF-8 text
    MISSING_LINE = "missing_line"  # the title, players or rules line is missing
    UNKNOWN_RULE = "unknown_rule"
    MISSING_COLUMN = "missing_column"
    TOO_MANY_HANDS = "too_many_hands"
    UNKNOWN_PLAYER = "unknown_player"  # a name that is not one of the players


class FileError(ValueError):
    """Where a file is wrong: its line (from 1), column name, and why."""

    def __init__(self, line: int, column: str, reason: FileProblem | InputReason | Problem,
                 value: int | str | None = None) -> None:
        super().__init__(line, column, reason.name)
        self.line = line
        self.column = column
        self.reason = reason
        self.value = value


@dataclass(frozen=True, slots=True)
class ListFile:
    """A list as read from a file, ready to be stored."""

    title: str
    players: tuple[str, ...]
    rules: HouseRules
    hands: tuple[dict[str, str], ...]


_SCORE_COLUMNS: Final = ("score", "total")
_SEEGER_COLUMNS: Final = ("seeger_fabian", "seeger_fabian_total")
_KEYS: Final = ("title", "players", "rules")


@dataclass(frozen=True, slots=True)
class FileWords:
    """The words of a file: its separator, line keys, column headers and game names.

    `CODES` are the code words (English, as Kiebitz wrote files at first); a list's language
    gives its own (`webapp.scoresheet.words.file_words`). A per-player column's header is a
    template with ``%(seat)s`` (1, 2, …) and ``%(player)s`` (the name), kept as ``points_n``.
    """

    delimiter: str = ","
    keys: Mapping[str, str] = field(default_factory=lambda: {key: key for key in _KEYS})
    columns: Mapping[str, str] = field(default_factory=dict)
    games: Mapping[str, str] = field(default_factory=dict)

    def column(self, code: str, players: Sequence[str]) -> str:
        """Return the header of the column ``code`` (``points_2``: seat 2's Ramsch points)."""
        name, _, seat = code.rpartition("_")
        if seat.isdigit() and f"{name}_n" in self.columns:
            return self.columns[f"{name}_n"] % {"seat": seat, "player": players[int(seat) - 1]}
        return self.columns.get(code, code)

    def game(self, code: str) -> str:
        """Return the name of the game ``code`` (``clubs``) in the file."""
        return self.games.get(code, code)


CODES: Final = FileWords(columns={f"{name}_n": f"{name}_%(seat)s" for name in
                                  (*_SEAT_COLUMNS, *_SCORE_COLUMNS, *_SEEGER_COLUMNS)})
"""The code words: what every file may use, whatever its language."""


def header(players: int, *, seeger_fabian: bool = False) -> tuple[str, ...]:
    """Return the column codes of the hand table for a table of ``players``."""
    seats = range(1, players + 1)
    return (
        "number", "dealer", *COLUMNS,
        *(f"{name}_{seat}" for name in _SEAT_COLUMNS for seat in seats),
        *_RAMSCH_COLUMNS,
        *(f"{name}_{seat}" for name in _SCORE_COLUMNS for seat in seats),
        *(f"{name}_{seat}" for name in (_SEEGER_COLUMNS if seeger_fabian else ()) for seat in seats),
    )


def write(title: str, players: Sequence[str], rules: HouseRules, sheet: Sheet,
          words: FileWords = CODES, *, computer: str = "") -> str:
    """Return the list as the text of a CSV file (with a byte-order mark), in ``words``.

    A list kept in Seeger-Fabian carries each hand's Seeger-Fabian scores and totals too. In
    Skat for two's list the third seat, unscored, is named ``computer`` where it deals.
    """
    out = io.StringIO()
    out.write("\ufeff")
    table = csv.writer(out, delimiter=words.delimiter, lineterminator="\r\n")
    table.writerow([MAGIC, VERSION])
    table.writerow([words.keys["title"], protect(title)])
    table.writerow([words.keys["players"], *(protect(name) for name in players)])
    table.writerow([words.keys["rules"], *rules.tokens()])
    table.writerow([])
    columns = header(len(players), seeger_fabian=rules.seeger_fabian)
    table.writerow([protect(words.column(column, players)) for column in columns])
    written = [protect(name) for name in players] + [protect(computer)] * (seats_at(len(players)) - len(players))
    added = [fields.get(column, "") for column in columns for fields in [entry_to_fields(BockAdded())]]
    table.writerows([added] * sheet.added_first)
    for row in sheet.rows:
        fields = entry_to_fields(row.entry)
        for name in _NAME_COLUMNS:
            if fields.get(name):
                fields[name] = written[int(fields[name]) - 1]
        fields["number"] = str(row.slot.number)
        fields["dealer"] = written[row.slot.dealer]
        if fields.get("game"):
            fields["game"] = words.game(fields["game"])
        for seat, numbers in enumerate(zip(row.scores, row.totals, row.seeger_fabian,
                                           row.seeger_fabian_totals), start=1):
            for name, number in zip((*_SCORE_COLUMNS, *_SEEGER_COLUMNS), numbers):
                fields[f"{name}_{seat}"] = str(number)
        table.writerow([fields.get(column, "") for column in columns])
        table.writerows([added] * row.added_bock)
    return out.getvalue()


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileError(1, "", FileProblem.NOT_TEXT) from None


def _keyed_line(lines: list[list[str]], index: int, key: str, vocabulary: Sequence[FileWords]) -> list[str]:
    keys = {words.keys[key].casefold() for words in vocabulary}
    if index >= len(lines) or not lines[index] or lines[index][0].strip().casefold() not in keys:
        raise FileError(index + 1, key, FileProblem.MISSING_LINE)
    return [cell for cell in lines[index][1:]]


def read(data: bytes, vocabulary: Sequence[FileWords] = (CODES,)) -> ListFile:
    """Read a list from the bytes of a CSV file; raise `FileError` at the first thing wrong.

    The file may be written in any of the ``vocabulary`` (`CODES` is always understood), with
    commas or semicolons. Every hand is checked as the entry form checks it, but for its place
    in the list (see `first_invalid`).
    """
    vocabulary = (CODES, *vocabulary)
    text = _decode(data)
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        lines = list(reader)
    except csv.Error:  # a NUL byte, a field longer than csv allows
        raise FileError(reader.line_num, "", FileProblem.NOT_TEXT) from None
    if not lines or not lines[0] or lines[0][0].strip() != MAGIC:
        raise FileError(1, "", FileProblem.NOT_A_LIST)
    if len(lines[0]) < 2 or lines[0][1].strip() != VERSION:
        raise FileError(1, "", FileProblem.VERSION)
    title_cells = _keyed_line(lines, 1, "title", vocabulary)
    title = clean_text(delimiter.join(unprotect(cell) if index == 0 else cell for index, cell in enumerate(title_cells)))
    if len(title) > MAX_TITLE:
        raise FileError(2, "title", Problem.TITLE_TOO_LONG, MAX_TITLE)
    names = [unprotect(name) for name in _keyed_line(lines, 2, "players", vocabulary) if name.strip()]
    try:
        players = check_names(names, duel=True)  # Skat for two's list too
    except EntryError as error:
        raise FileError(3, error.issue.field, error.issue.reason, error.issue.value) from None
    try:
        rules = HouseRules.from_tokens(token.strip() for token in _keyed_line(lines, 3, "rules", vocabulary)
                                       if token.strip())
    except ValueError as error:
        raise FileError(4, "rules", FileProblem.UNKNOWN_RULE, str(error)) from None
    body = [(number, line) for number, line in enumerate(lines[4:], start=5) if any(c.strip() for c in line)]
    if not body:
        raise FileError(len(lines) + 1, "number", FileProblem.MISSING_COLUMN)
    (header_line, columns), rows = body[0], body[1:]
    codes = header(len(players), seeger_fabian=True)
    code_of = {words.column(code, players).casefold(): code for words in reversed(vocabulary) for code in codes}
    names_at = {code_of.get(unprotect(name.strip()).casefold(), name.strip()): index
                for index, name in enumerate(columns)}
    labels = {code: unprotect(columns[index].strip()) for code, index in names_at.items()}
    needed = [column for column in header(len(players)) if column not in ("number", "dealer")
              and not column.startswith(tuple(f"{name}_" for name in _SCORE_COLUMNS))]
    for column in needed:
        if column not in names_at:
            raise FileError(header_line, _words_of(lines, vocabulary).column(column, players),
                            FileProblem.MISSING_COLUMN)
    game_of = {words.game(code).casefold(): code for words in vocabulary for code in GAME_CODES}
    if len(rows) > MAX_HANDS:
        raise FileError(rows[MAX_HANDS][0], "number", FileProblem.TOO_MANY_HANDS, MAX_HANDS)
    seat_of = {name: str(seat) for seat, name in enumerate(players, start=1)}
    hands: list[dict[str, str]] = []
    entries = []
    for number, line in rows:
        cells = {column: (line[index].strip() if index < len(line) else "")
                 for column, index in names_at.items() if column in needed}
        for column in _NAME_COLUMNS:
            if cells.get(column):
                cells[column] = clean_text(unprotect(cells[column]))
                if cells[column] not in seat_of:
                    raise FileError(number, labels[column], FileProblem.UNKNOWN_PLAYER, cells[column])
                cells[column] = seat_of[cells[column]]
        if cells.get("game"):
            cells["game"] = game_of.get(cells["game"].casefold(), cells["game"])
        try:
            entry = entry_from_fields(cells, players=len(players))
        except EntryError as error:
            raise _at(number, error.issue, labels) from None
        entries.append(entry)
        hands.append(entry_to_fields(entry))
    invalid = first_invalid(len(players), rules, entries)
    if invalid is not None:
        index, issue = invalid
        raise _at(rows[index][0], issue, labels)
    return ListFile(title=title, players=players, rules=rules, hands=tuple(hands))


def _words_of(lines: list[list[str]], vocabulary: Sequence[FileWords]) -> FileWords:
    """Return the words the file is written in, as its title line tells (the code words if unsure)."""
    key = lines[1][0].strip().casefold() if len(lines) > 1 and lines[1] else ""
    return next((words for words in reversed(vocabulary) if words.keys["title"].casefold() == key), CODES)


def _at(line: int, issue: Issue, labels: Mapping[str, str]) -> FileError:
    """Place an entry's issue in the file: the column is the field's header in the file."""
    column = "points_1" if issue.field == "ramsch" else issue.field
    return FileError(line, labels.get(column, column), issue.reason, issue.value)

