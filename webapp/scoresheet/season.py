"""Player statistics of a list, and a season: several lists of the same players in one table.

Pure: everything is derived from sheets (`webapp.scoresheet.sheet.build`) each time.

A player's statistics count the games they declared (won, lost, their game values, the game
they declared most often) and the games with Kontra or Re they played in, won or lost by their
side (the declarer's or the defenders'). Re is only said after a Kontra, so a game with Re is
counted under Kontra too.

A season adds up its evenings (lists) player by player. Players are told apart by their names,
matched without regard to case and spaces (`name_key`); names that still differ ("Hansi" and
"Hans") are merged by the season's keeper (``merges``: a name's key to the key it counts as).
The season is ranked by the Seeger-Fabian totals (rules.md §9, the ISkO's tournament list),
whatever totals each list was kept in; players with equal totals share a place.

>>> key = name_key
>>> key(" Anna  Maria "), key("annamaria"), key("ANNA MARIA") == key("anna maria")
('annamaria', 'annamaria', True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Final

from webapp.engine import GameType, Settlement
from webapp.scoresheet.sheet import Game, Row, Sheet
from webapp.text import clean_text

__all__ = [
    "PlayerStats",
    "Evening",
    "SeasonPlayer",
    "Season",
    "name_key",
    "statistics",
    "season",
    "shared_players",
    "resolve",
    "MOST_PLAYED_ORDER",
]

MOST_PLAYED_ORDER: Final = (GameType.GRAND, GameType.CLUBS, GameType.SPADES, GameType.HEARTS,
                            GameType.DIAMONDS, GameType.NULL)
"""Which of two games declared equally often counts as the most played: the one first here."""


def name_key(name: str) -> str:
    """Return what a name is matched by: its letters without case and spaces (nor invisible characters)."""
    return "".join(clean_text(name).casefold().split())


def resolve(key: str, merges: Mapping[str, str]) -> str:
    """Return the key a name's key counts as after the merges (a merge may follow another)."""
    seen = {key}
    while key in merges and merges[key] not in seen:
        key = merges[key]
        seen.add(key)
    return key


@dataclass(slots=True)
class PlayerStats:
    """One player's statistics over some hands (a list, or a season's lists)."""

    name: str
    hands: int = 0
    """The hands the player was dealt into (not those they sat out as the dealer at four)."""
    won: int = 0
    lost: int = 0
    values: int = 0
    """The sum of the game values of the games they declared (the overbid value for an overbid)."""
    games: Counter[GameType] = field(default_factory=Counter)
    kontra_won: int = 0
    kontra_lost: int = 0
    re_won: int = 0
    re_lost: int = 0
    classic: int = 0
    seeger_fabian: int = 0

    @property
    def declared(self) -> int:
        """Return the number of games the player declared."""
        return self.won + self.lost

    @property
    def won_percent(self) -> int | None:
        """Return the share of their games the player won, in whole percent (None: no game)."""
        return round(100 * self.won / self.declared) if self.declared else None

    @property
    def average_value(self) -> float | None:
        """Return the mean game value of the games they declared, to one decimal (None: no game)."""
        return round(self.values / self.declared, 1) if self.declared else None

    @property
    def most_played(self) -> GameType | None:
        """Return the game they declared most often (ties: the higher game), or None."""
        if not self.games:
            return None
        return max(MOST_PLAYED_ORDER, key=lambda game: (self.games[game], -MOST_PLAYED_ORDER.index(game)))

    def add_row(self, row: Row, seat: int) -> None:
        """Count hand ``row`` of a list for the player at ``seat``."""
        if seat not in row.slot.seats:
            return
        self.hands += 1
        self.classic += row.scores[seat]
        self.seeger_fabian += row.seeger_fabian[seat]
        settlement = row.settlement
        if not (isinstance(row.entry, Game) and isinstance(settlement, Settlement)):
            return
        declarer = row.entry.declarer == seat
        if declarer:
            if settlement.won:
                self.won += 1
            else:
                self.lost += 1
            self.values += settlement.value
            self.games[settlement.contract.game_type] += 1
        side_won = settlement.won == declarer
        if settlement.kontra:
            if side_won:
                self.kontra_won += 1
            else:
                self.kontra_lost += 1
        if settlement.re:
            if side_won:
                self.re_won += 1
            else:
                self.re_lost += 1

    def add_sitting_out(self, row: Row, seat: int) -> None:
        """Count the score a sitting-out dealer gets (Seeger-Fabian's +30 when the declarer loses)."""
        if seat in row.slot.seats:
            return
        self.classic += row.scores[seat]
        self.seeger_fabian += row.seeger_fabian[seat]


def _count(stats: PlayerStats, rows: Iterable[Row], seat: int) -> None:
    for row in rows:
        stats.add_row(row, seat)
        stats.add_sitting_out(row, seat)


def statistics(sheet: Sheet, names: Sequence[str]) -> list[PlayerStats]:
    """Return each player's statistics over a list, seat by seat."""
    found = []
    for seat, name in enumerate(names):
        stats = PlayerStats(name)
        _count(stats, sheet.rows, seat)
        found.append(stats)
    return found


@dataclass(frozen=True, slots=True)
class Evening:
    """A list of a season: its title, when it was started, its players (seat by seat), its sheet."""

    title: str
    started: datetime
    names: tuple[str, ...]
    sheet: Sheet


@dataclass(frozen=True, slots=True)
class SeasonPlayer:
    """A player of a season: their place, statistics over the season, and score per evening."""

    key: str
    place: int
    stats: PlayerStats
    evenings: int
    scores: tuple[int | None, ...]
    """The player's Seeger-Fabian score of each evening, None where they did not play."""


@dataclass(frozen=True, slots=True)
class Season:
    """A season's table: its players ranked, and their running totals for the chart."""

    players: tuple[SeasonPlayer, ...]
    """Ranked by Seeger-Fabian total; those with equal totals share a place (in order of appearance)."""
    order: tuple[SeasonPlayer, ...]
    """The same players in order of appearance: the chart's lines and the evening table's columns."""
    standings: tuple[tuple[int, ...], ...]
    """The Seeger-Fabian totals in ``order`` before the first evening (all 0) and after each."""


def _keys(names: Iterable[str], merges: Mapping[str, str]) -> list[str]:
    return [resolve(name_key(name), merges) for name in names]


def shared_players(evenings: Sequence[Evening], names: Sequence[str], merges: Mapping[str, str]) -> int:
    """Return how many of ``names`` (a list's players) already play in the season's evenings."""
    known = {key for evening in evenings for key in _keys(evening.names, merges)}
    return sum(1 for key in set(_keys(names, merges)) if key in known)


def season(evenings: Sequence[Evening], merges: Mapping[str, str]) -> Season:
    """Add the evenings up, player by player, and rank the players by Seeger-Fabian total."""
    tallies: dict[str, PlayerStats] = {}
    played: dict[str, list[int | None]] = {}
    for number, evening in enumerate(evenings):
        for seat, (key, name) in enumerate(zip(_keys(evening.names, merges), evening.names)):
            stats = tallies.setdefault(key, PlayerStats(name))
            before = stats.seeger_fabian
            _count(stats, evening.sheet.rows, seat)
            scores = played.setdefault(key, [None] * len(evenings))
            scores[number] = (scores[number] or 0) + stats.seeger_fabian - before
    order_keys = list(tallies)
    totals = {key: tallies[key].seeger_fabian for key in order_keys}
    players = {
        key: SeasonPlayer(
            key=key,
            place=1 + sum(1 for other in order_keys if totals[other] > totals[key]),
            stats=tallies[key],
            evenings=sum(1 for score in played[key] if score is not None),
            scores=tuple(played[key]),
        )
        for key in order_keys
    }
    running = [0] * len(order_keys)
    standings = [tuple(running)]
    for number in range(len(evenings)):
        running = [total + (players[key].scores[number] or 0) for total, key in zip(running, order_keys)]
        standings.append(tuple(running))
    order = tuple(players[key] for key in order_keys)
    ranked = tuple(sorted(order, key=lambda player: player.place))
    return Season(players=ranked, order=order, standings=tuple(standings))
