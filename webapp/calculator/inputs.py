"""Read the calculator's and the API's parameters into a game to settle, field by field.

The page and the API share the field names and this one reader; the engine does every check
that is about the rules (`Contract`, `settle`), this module only turns text into values. Each
refused field gets a `FieldError` with a stable reason code: the engine's `InputReason` or a
`Problem` of reading.

>>> from werkzeug.datastructures import MultiDict
>>> read = read_api(MultiDict({"game": "hearts", "hand": "1", "matadors": "2",
...                            "declarer_points": "75", "bid": "36"}))
>>> read.errors, settle_game(read.game).value
((), 40)
>>> grand = read_api(MultiDict({"game": "grand", "matadors": "5", "declarer_points": "61",
...                             "bid": "18"})).game
>>> settle_game(grand)
Traceback (most recent call last):
...
webapp.calculator.inputs.GameError: matadors: out_of_range
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Protocol, TypeVar

from webapp.engine import (
    Card,
    CardSet,
    Contract,
    GameType,
    InputReason,
    InvalidInput,
    Settlement,
    matadors,
    settle,
)
from webapp import parse
from webapp.parse import Problem, Reason, Refused

__all__ = [
    "API_FIELDS",
    "GAMES",
    "Game",
    "GameError",
    "FieldError",
    "Problem",
    "Reading",
    "Reason",
    "HAND_SIZE",
    "SKAT_SIZE",
    "read_api",
    "read_page",
    "settle_game",
]

HAND_SIZE: Final = 10
SKAT_SIZE: Final = 2

GAMES: Final = {
    game_type.value: game_type for game_type in GameType if game_type is not GameType.RAMSCH
}
"""The games a calculator settles, by their parameter value (the engine's notation word)."""

FLAGS: Final = (
    "hand",
    "schneider_announced",
    "schwarz_announced",
    "ouvert",
    "kontra",
    "re",
    "bock",
)
API_FIELDS: Final = (
    "game",
    *FLAGS,
    "matadors",
    "declarer_points",
    "declarer_tricks",
    "bid",
    "players",
    "lang",
)
"""Every parameter `GET /api/v1/score` knows, in the order it checks them."""

_PLAYERS: Final = {"3": 3, "4": 4}
_LISTS: Final = ("classic", "seeger_fabian")
_SOURCES: Final = ("count", "cards")
_DIGITS: Final = 4
"""The most digits a number of the calculator has (the highest bid, 264, has three)."""
# Engine argument names that the forms call differently.
_FIELD_OF: Final = {"game_type": "game"}




@dataclass(frozen=True, slots=True)
class FieldError:
    """One refused field: its name, the reason, and what a message about it may name."""

    field: str
    reason: Reason
    card: Card | None = None
    count: int | None = None

    @property
    def code(self) -> str:
        """Return the stable reason code (``out_of_range``, ``card_twice``, …)."""
        code: str = self.reason.value  # both enums have str values; mypy sees their union's as Any
        return code


class GameError(ValueError):
    """The engine refused a game: carries the `FieldError` to show at the field."""

    def __init__(self, error: FieldError) -> None:
        super().__init__(f"{error.field}: {error.code}")
        self.error = error


@dataclass(frozen=True, slots=True)
class Game:
    """Everything needed to settle one game, as read from the parameters (not yet checked)."""

    game_type: GameType
    hand: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    ouvert: bool = False
    matadors: int | None = None
    declarer_points: int | None = None
    declarer_tricks: int | None = None
    bid: int = 18
    kontra: bool = False
    re: bool = False
    bock: bool = False
    players: int = 3
    cards: CardSet | None = None
    """The declarer's ten cards, when the matadors were counted from picked cards."""
    skat: CardSet | None = None


@dataclass(frozen=True, slots=True)
class Reading:
    """What was read: the game (None if a field could not be read) and the refused fields.

    ``values`` keeps the text of every field as given, so a form can show it again.
    """

    game: Game | None
    errors: tuple[FieldError, ...]
    values: Mapping[str, str] = field(default_factory=dict)
    cards: tuple[str, ...] = ()
    skat: tuple[str, ...] = ()
    list_type: str = "classic"
    source: str = "count"

    def error(self, name: str) -> FieldError | None:
        """Return the error of field ``name``, if any."""
        return next((error for error in self.errors if error.field == name), None)


class Args(Protocol):
    """The part of a werkzeug ``MultiDict`` the reader uses."""

    def getlist(self, key: str) -> list[str]: ...

    def __contains__(self, key: object) -> bool: ...

    def keys(self) -> object: ...


T = TypeVar("T")


class _Reader:
    """Read parameters one by one, collecting the first problem of each field."""

    def __init__(self, args: Args, *, strict: bool) -> None:
        self.args = args
        self.strict = strict
        self.errors: list[FieldError] = []
        self.values: dict[str, str] = {}

    def refuse(self, name: str, reason: Reason, **details: object) -> None:
        if all(error.field != name for error in self.errors):
            self.errors.append(FieldError(name, reason, **details))  # type: ignore[arg-type]

    def text(self, name: str) -> str:
        """Return the one value of ``name`` ("" if absent); the API refuses repeats."""
        given = self.args.getlist(name)
        if self.strict and len(given) > 1:
            self.refuse(name, Problem.REPEATED)
        value = given[0].strip() if given else ""
        if value:
            self.values[name] = value
        return value

    def flag(self, name: str) -> bool:
        """Return an on/off option: ``1`` is on; ``0`` or nothing is off (the API needs 0 or 1)."""
        value = self.text(name)
        if value == "1":
            return True
        if value in ("0", "") and not (self.strict and value == "" and name in self.args):
            return False
        self.refuse(name, Problem.NOT_A_FLAG)
        return False

    def integer(self, name: str) -> int | None:
        """Return a whole number, or None when the field is empty."""
        value = self.text(name)
        if not value:
            if self.strict and name in self.args:
                self.refuse(name, Problem.NOT_A_NUMBER)
            return None
        try:
            return parse.number(value, signed=True, digits=_DIGITS)
        except Refused as refused:
            self.refuse(name, refused.reason)
            return None

    def choice(self, name: str, choices: Mapping[str, T], default: T | None = None) -> T | None:
        """Return the choice named by the field, ``default`` when empty."""
        value = self.text(name)
        if not value:
            return default
        if value not in choices:
            self.refuse(name, Problem.UNKNOWN_CHOICE)
            return default
        return choices[value]

    def required(self, name: str, value: T | None) -> T | None:
        if value is None and all(error.field != name for error in self.errors):
            self.refuse(name, InputReason.MISSING)
        return value

    def cards(self, name: str, size: int) -> tuple[tuple[str, ...], CardSet | None]:
        """Return the picked cards as given and as a set of exactly ``size`` different cards."""
        given = tuple(text.strip() for text in self.args.getlist(name) if text.strip())
        try:
            picked = parse.cards(given)
        except Refused as refused:
            self.refuse(name, refused.reason, card=refused.card)
            return given, None
        if len(picked) != size:
            self.refuse(name, Problem.WRONG_COUNT, count=len(picked))
            return given, None
        return given, CardSet(picked)


def read_api(args: Args) -> Reading:
    """Read the parameters of ``GET /api/v1/score`` strictly: each once, flags ``0`` or ``1``."""
    reader = _Reader(args, strict=True)
    for name in sorted(str(key) for key in args.keys()):  # type: ignore[attr-defined]
        if name not in API_FIELDS:
            reader.refuse(name, Problem.UNKNOWN_PARAMETER)
    game_type = reader.required("game", reader.choice("game", GAMES))
    flags = {name: reader.flag(name) for name in FLAGS}
    numbers = {
        name: reader.integer(name)
        for name in ("matadors", "declarer_points", "declarer_tricks", "bid")
    }
    reader.required("bid", numbers["bid"])
    players = reader.choice("players", _PLAYERS, 3)
    if reader.errors or game_type is None or numbers["bid"] is None or players is None:
        return Reading(None, tuple(reader.errors), reader.values)
    game = Game(game_type, **flags, **numbers, players=players)  # type: ignore[arg-type]
    return Reading(game, (), reader.values)


def read_page(args: Args) -> Reading:
    """Read the calculator form (GET parameters); an empty form reads as no game and no error.

    Unlike the API the form gives Null's outcome as ``took_trick`` (0 or 1), can give the
    matadors as picked cards (``source=cards`` with ten ``cards`` and two ``skat``), and
    names the list (``list``: classic or seeger_fabian).
    """
    reader = _Reader(args, strict=False)
    source = reader.choice("source", {name: name for name in _SOURCES}, "count") or "count"
    list_type = reader.choice("list", {name: name for name in _LISTS}, "classic") or "classic"
    cards: tuple[str, ...] = ()
    skat: tuple[str, ...] = ()
    if not any(key in args for key in ("game", "bid", "matadors", "declarer_points", "cards")):
        return Reading(None, (), reader.values, list_type=list_type, source=source)
    game_type = reader.required("game", reader.choice("game", GAMES))
    flags = {name: reader.flag(name) for name in FLAGS}
    players = reader.choice("players", _PLAYERS, 3)
    bid = reader.required("bid", reader.integer("bid"))
    matador_count = points = tricks = None
    hand_cards = skat_cards = None
    if game_type is GameType.NULL:
        # The form hides what a Null has not (matadors, card points, Schneider and Schwarz
        # announced), so whatever those fields still hold does not count.
        flags.update(schneider_announced=False, schwarz_announced=False)
        took_trick = reader.required("took_trick", reader.choice("took_trick", {"0": 0, "1": 1}))
        tricks = took_trick
    elif game_type is not None:
        if source == "cards":
            cards, hand_cards = reader.cards("cards", HAND_SIZE)
            skat, skat_cards = reader.cards("skat", SKAT_SIZE)
            if hand_cards is not None and skat_cards is not None:
                twice = hand_cards & skat_cards
                if twice:
                    reader.refuse("skat", Problem.CARD_TWICE, card=next(iter(twice)))
                else:
                    matador_count = matadors(hand_cards | skat_cards, game_type)
        else:
            matador_count = reader.required("matadors", reader.integer("matadors"))
        points = reader.required("declarer_points", reader.integer("declarer_points"))
        tricks = reader.integer("declarer_tricks")
    reading = {"list_type": list_type, "source": source, "cards": cards, "skat": skat}
    if reader.errors or game_type is None or bid is None or players is None:
        return Reading(None, tuple(reader.errors), reader.values, **reading)  # type: ignore[arg-type]
    game = Game(
        game_type,
        **flags,
        matadors=matador_count,
        declarer_points=points,
        declarer_tricks=tricks,
        bid=bid,
        players=players,
        cards=hand_cards,
        skat=skat_cards,
    )
    return Reading(game, (), reader.values, **reading)  # type: ignore[arg-type]


def settle_game(game: Game) -> Settlement:
    """Settle ``game`` with the engine; raise `GameError` naming the field the engine refused."""
    try:
        contract = Contract(
            game.game_type,
            hand=game.hand,
            schneider_announced=game.schneider_announced,
            schwarz_announced=game.schwarz_announced,
            ouvert=game.ouvert,
        )
        return settle(
            contract,
            matadors=game.matadors,
            declarer_points=game.declarer_points,
            declarer_tricks=game.declarer_tricks,
            bid=game.bid,
            kontra=game.kontra,
            re=game.re,
            bock=game.bock,
            players=game.players,
        )
    except InvalidInput as refused:
        name = _FIELD_OF.get(refused.field, refused.field)
        raise GameError(FieldError(name, refused.reason)) from None
