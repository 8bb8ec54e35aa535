"""CSV export and import: the round trip, and the first bad line and column of a bad file."""

from __future__ import annotations

import pytest

from webapp.engine import GameType, InputReason
from webapp.scoresheet.sheet import HouseRules, Problem, build, entry_from_fields, entry_to_fields
from webapp.scoresheet.transfer import FileError, FileProblem, read, write

from .test_sheet import EVENING, EVENING_RULES, game

PLAYERS = ("Anna", "Ben", "Cem")


def export(players=PLAYERS, rules=EVENING_RULES, entries=EVENING, title="Friday, at Ute's") -> bytes:  # type: ignore[no-untyped-def]
    return write(title, players, rules, build(len(players), rules, entries)).encode("utf-8")


def test_export_and_import_round_trip() -> None:
    listing = read(export())
    assert listing.title == "Friday, at Ute's"
    assert listing.players == PLAYERS
    assert listing.rules == EVENING_RULES
    assert [entry_from_fields(f, players=3) for f in listing.hands] == EVENING
    assert listing.hands == tuple(entry_to_fields(entry) for entry in EVENING)


def test_the_file_reads_like_a_list() -> None:
    text = export().decode("utf-8")
    assert text.startswith("\ufeffkiebitz-scoresheet,1\r\n")
    lines = text.lstrip("\ufeff").splitlines()
    assert lines[2] == "players,Anna,Ben,Cem"
    assert lines[3].startswith("rules,kontra,")
    assert lines[4] == ""
    header = lines[5].split(",")
    assert header[:5] == ["number", "dealer", "kind", "declarer", "game"]
    first = dict(zip(header, lines[6].split(",")))
    assert first["declarer"] == "Ben" and first["dealer"] == "Anna" and first["game"] == "clubs"
    assert (first["score_2"], first["total_2"]) == ("144", "144")


def test_a_four_player_list_with_marked_hands_round_trips() -> None:
    # An edit left hands that no longer fit; the file keeps them as they are.
    edited = list(EVENING)
    edited[0] = game(1, GameType.CLUBS, bid=36, matadors=2, points=85, kontra=True)
    listing = read(export(entries=edited))
    assert [entry_from_fields(f, players=3) for f in listing.hands] == edited
    four = ("Anna", "Ben", "Cem", "Dora")
    entries = [game(1, GameType.CLUBS, bid=18, matadors=1, points=61)]
    listing = read(export(players=four, rules=HouseRules(), entries=entries, title=""))
    assert listing.players == four and listing.title == ""


def test_a_spreadsheet_saved_with_semicolons_reads() -> None:
    text = export().decode("utf-8").replace(",", ";").replace("Friday; at", "Friday, at")
    assert read(text.encode("utf-8")).players == PLAYERS


def replace_cell(data: bytes, line: int, column: str, value: str) -> bytes:
    lines = data.decode("utf-8-sig").split("\r\n")
    header = lines[5].split(",")
    cells = lines[line - 1].split(",")
    cells[header.index(column)] = value
    lines[line - 1] = ",".join(cells)
    return "\r\n".join(lines).encode("utf-8")


@pytest.mark.parametrize(
    "line, column, value, reason",
    [
        (7, "points", "121", InputReason.OUT_OF_RANGE),
        (7, "points", "lots", Problem.NOT_A_NUMBER),
        (8, "declarer", "Dora", FileProblem.UNKNOWN_PLAYER),
        (8, "matadors", "12", InputReason.OUT_OF_RANGE),
        (8, "re", "1", InputReason.RE_WITHOUT_KONTRA),
        (10, "points_2", "80", Problem.NOT_120),
        (7, "kind", "poker", Problem.MALFORMED),
    ],
)
def test_the_first_bad_line_and_column_are_named(line: int, column: str, value: str, reason) -> None:  # type: ignore[no-untyped-def]
    data = replace_cell(export(), line, column, value)
    # a second, later mistake is not the one reported
    data = replace_cell(data, 15, "points", "999")
    with pytest.raises(FileError) as refused:
        read(data)
    assert (refused.value.line, refused.value.reason) == (line, reason)
    assert refused.value.column == ("points_1" if reason is Problem.NOT_120 else column)


@pytest.mark.parametrize(
    "text, line, reason",
    [
        ("name,score\nAnna,3\n", 1, FileProblem.NOT_A_LIST),
        ("kiebitz-scoresheet,2\n", 1, FileProblem.VERSION),
        ("kiebitz-scoresheet,1\nplayers,A,B,C\n", 2, FileProblem.MISSING_LINE),
        ("kiebitz-scoresheet,1\ntitle,x\nplayers,A,B,A\nrules\n\n", 3, Problem.NAME_TWICE),
        ("kiebitz-scoresheet,1\ntitle,x\nplayers,A\nrules\n\n", 3, Problem.MALFORMED),
        ("kiebitz-scoresheet,1\ntitle,x\nplayers,A,B,C,D,E\nrules\n\n", 3, Problem.MALFORMED),
        ("kiebitz-scoresheet,1\ntitle,x\nplayers,A,B,C\nrules,dancing\n\n", 4, FileProblem.UNKNOWN_RULE),
        ("kiebitz-scoresheet,1\ntitle,x\nplayers,A,B,C\nrules\n\nnumber,kind\n", 6, FileProblem.MISSING_COLUMN),
    ],
)
def test_a_file_that_is_no_list_is_refused(text: str, line: int, reason) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(FileError) as refused:
        read(text.encode("utf-8"))
    assert (refused.value.line, refused.value.reason) == (line, reason)


@pytest.mark.parametrize("data", [b"\xff\xfe\x00k\x00i", b"kiebitz-scoresheet,1\ntitle," + b"x" * 200_000 + b"\n"])
def test_bytes_that_are_not_text_are_refused(data: bytes) -> None:
    with pytest.raises(FileError) as refused:
        read(data)
    assert refused.value.reason is FileProblem.NOT_TEXT


def test_control_characters_are_dropped_from_names_and_title() -> None:
    text = export(players=("An\x00na", "Ben", "Cem"), title="Fri\x07day", entries=[]).decode("utf-8")
    listing = read(text.encode("utf-8"))
    assert listing.players == ("Anna", "Ben", "Cem") and listing.title == "Friday"


def test_skat_for_twos_list_of_two_people_round_trips() -> None:
    entries = [game(1, GameType.CLUBS, bid=18, matadors=1, points=61),
               game(0, GameType.GRAND, bid=24, matadors=2, points=40),
               game(1, GameType.HEARTS, bid=20, matadors=2, points=70)]
    text = write("", ("Anna", "Ben"), EVENING_RULES, build(2, EVENING_RULES, entries), computer="Computer")
    assert "Computer" in text  # the computer deals the third hand; it has no column
    listing = read(text.encode("utf-8"))
    assert listing.players == ("Anna", "Ben")
    assert [entry_from_fields(f, players=2) for f in listing.hands] == entries


def test_an_empty_list_round_trips() -> None:
    listing = read(export(entries=[], rules=HouseRules(seeger_fabian=True)))
    assert listing.hands == () and listing.rules == HouseRules(seeger_fabian=True)


FORMULAS = ('=HYPERLINK("//e.vil")', "+1+2", "-2+3", "@SUM(A1)", "'=x")


def cells(text: str) -> list[list[str]]:
    import csv
    import io

    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))


@pytest.mark.parametrize("formula", FORMULAS)
def test_no_name_or_title_is_written_as_a_formula(formula: str) -> None:
    players = (formula, "Ben", "Cem")
    text = export(players=players, title=formula).decode("utf-8")
    written = [cell for line in cells(text) for cell in line]
    assert formula not in written  # the raw text never stands alone in a cell
    assert written.count("'" + formula) >= 3  # title, players line, dealer and declarer of the hands
    text_cells = cells(text)[1][1:] + cells(text)[2][1:] + [line[1] for line in cells(text)[6:]]
    assert not any(cell[:1] in ("=", "+", "-", "@", "\t", "\r") for cell in text_cells)


@pytest.mark.parametrize("formula", FORMULAS)
def test_a_name_that_looks_like_a_formula_round_trips_as_typed(formula: str) -> None:
    players = (formula, "Ben", "Cem")
    entries = [game(0, GameType.CLUBS, bid=36, matadors=2, points=85)]
    listing = read(export(players=players, title=formula, entries=entries))
    assert listing.players == players and listing.title == formula
    assert listing.hands[0]["declarer"] == "1"


def test_negative_scores_stay_numbers() -> None:
    entries = [game(1, GameType.SPADES, bid=22, matadors=1, points=40)]  # lost: -66 (lost games double)
    rows = cells(export(entries=entries).decode("utf-8"))
    first = dict(zip(rows[5], rows[6]))
    assert first["score_2"].startswith("-") and int(first["score_2"]) < 0
    assert int(first["total_2"]) == int(first["score_2"])


def test_a_hand_written_formula_is_read_as_a_name_and_written_back_harmless() -> None:
    text = export(entries=[]).decode("utf-8").replace("players,Anna,", "players,=1+1,")
    listing = read(text.encode("utf-8"))
    assert listing.players[0] == "=1+1"
    again = write("", listing.players, listing.rules, build(3, listing.rules, []))
    assert cells(again)[2][1] == "'=1+1"


def test_invisible_characters_are_dropped_on_import() -> None:
    text = export(players=("Anna", "Ben", "Cem")).decode("utf-8")
    text = text.replace("players,Anna,", "players,Anna\u200b,").replace(",Ben,", ",\u202eBen\u200d,")
    listing = read(text.encode("utf-8"))
    assert listing.players == PLAYERS
    assert [entry_from_fields(f, players=3) for f in listing.hands] == EVENING
