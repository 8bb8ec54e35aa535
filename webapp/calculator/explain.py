"""Write a settlement's steps as the computation in words and numbers, in the user's language.

Each engine `Step` becomes one row of a table "level — counts — why": the name of the level or
step (with a short explanation for hover and focus), its numbers with real operators (×, −), and
one whole sentence saying why it counts here. Numbers go through the locale's format.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import LazyString

from webapp import words
from webapp.decks import game_name
from webapp.engine import (
    BASE_VALUES,
    GameType,
    Level,
    LossReason,
    Settlement,
    Step,
    StepKind,
    matadors,
    null_value,
)
from webapp.i18n import gettext, lazy_gettext, ngettext, pgettext, MINUS, number, signed
from webapp.web import current_deck

from .inputs import Game

__all__ = [
    "Row",
    "Explanation",
    "explain",
    "formula",
    "game_label",
    "game_labels",
    "matadors_label",
    "verdict",
    "STEP_HELP",
]

TIMES = "\N{MULTIPLICATION SIGN}"

STEP_HELP: dict[str, LazyString] = {
    "multiplier": lazy_gettext("The levels added up: matadors, game, and every level that applies."),
    "game_value": lazy_gettext(
        "Base value × multiplier. A Null has a fixed value instead: 23, Hand 35, ouvert 46, "
        "ouvert Hand 59."
    ),
    "bid": lazy_gettext("The game value must reach the bid, or the declarer has overbid."),
    "overbid_value": lazy_gettext(
        "After an overbid the game counts as the smallest multiple of its base value that is not "
        "below the bid."
    ),
    "result": lazy_gettext(
        "A suit game or Grand is won with 61 card points or more, skat included, and every "
        "announcement reached. A Null is won when the declarer takes no trick."
    ),
    "list_score": lazy_gettext(
        "In the classic list a won game counts its value and a lost game counts twice its value "
        "as a minus."
    ),
    "kontra": lazy_gettext("House rule: a defender said Kontra, which doubles the score."),
    "re": lazy_gettext("House rule: the declarer answered the Kontra with Re, which doubles it again."),
    "bock": lazy_gettext("House rule: a Bock round doubles the score of every game in it."),
    "score": lazy_gettext("The declarer's entry in the list for this game."),
    "seeger_fabian": lazy_gettext(
        "The tournament list (ISkO): a won game adds 50 to its score and a lost game takes off 50; "
        "for each lost game every other player gets 40 at a table of three, 30 at a table of four."
    ),
}


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the computation: what counts, its numbers, and why."""

    key: str
    label: str
    counts: str
    why: str
    help: str
    tone: str = ""
    """``won``, ``lost`` or empty: how the row is coloured."""


@dataclass(frozen=True, slots=True)
class Explanation:
    """A settlement in words: the game's labels, the formula, the verdict and the rows."""

    labels: tuple[str, ...]
    formula: str
    verdict: str
    rows: tuple[Row, ...]
    seeger_fabian: tuple[Row, ...]


def game_label(game_type: GameType) -> str:
    """Return the game's name in the user's language and deck (Herz, Eichel, Grand, …)."""
    return str(game_name(game_type, current_deck()))


def _base_value_help() -> str:
    """Explain the base values, with the suits named as in the user's deck."""
    names = {game_type.value: game_label(game_type) for game_type in BASE_VALUES}
    return gettext(
        "Each suit game and Grand has a fixed base value: %(diamonds)s 9, %(hearts)s 10, "
        "%(spades)s 11, %(clubs)s 12, %(grand)s 24.",
        **names,
    )


def matadors_label(count: int) -> str:
    """Return "with 2" or "without 2" for a signed matador count."""
    if count > 0:
        return ngettext("with %(num)s", "with %(num)s", count)
    return ngettext("without %(num)s", "without %(num)s", -count)


def _levels(settlement: Settlement) -> list[int]:
    return [count for _, count in settlement.levels]


def formula(settlement: Settlement) -> str:
    """Return the value in numbers: "10 × (2 + 1 + 1) = 40", or the Null's fixed value."""
    base = settlement.contract.base_value
    if base is None:
        return number(settlement.game_value)
    terms = " + ".join(number(count) for count in _levels(settlement))
    return f"{number(base)} {TIMES} ({terms}) = {number(settlement.game_value)}"


def explain(settlement: Settlement, game: Game, *, list_type: str = "classic") -> Explanation:
    """Return the whole computation of ``settlement`` in words, for the page and the drills."""
    rows = tuple(_row(step, settlement, game) for step in settlement.steps)
    others = _seeger_fabian_rows(settlement) if list_type == "seeger_fabian" else ()
    return Explanation(
        game_labels(settlement, game),
        formula(settlement),
        verdict(settlement, list_type=list_type),
        rows,
        others,
    )


def verdict(settlement: Settlement, *, list_type: str = "classic") -> str:
    """Return "Won: +40" or "Lost: −54" with the declarer's entry in the chosen list."""
    seeger_fabian = list_type == "seeger_fabian"
    final = settlement.seeger_fabian.declarer if seeger_fabian else settlement.score
    if settlement.won:
        return gettext("Won: %(score)s", score=signed(final))
    return gettext("Lost: %(score)s", score=signed(final))


def game_labels(settlement: Settlement, game: Game, *, matadors: bool = True) -> tuple[str, ...]:
    """Return the game's description as separate labels: game, matadors, Hand, announcements.

    The drills leave the matadors out: counting them is the exercise.
    """
    contract = settlement.contract
    labels = [game_label(contract.game_type)]
    if matadors and settlement.matadors is not None:
        labels.append(matadors_label(settlement.matadors))
    names = words.LEVEL_NAMES
    if contract.hand:
        labels.append(str(names[Level.HAND]))
    if contract.ouvert:
        labels.append(str(names[Level.OUVERT]))
    elif contract.schwarz_announced:
        labels.append(str(names[Level.SCHWARZ_ANNOUNCED]))
    elif contract.schneider_announced:
        labels.append(str(names[Level.SCHNEIDER_ANNOUNCED]))
    for said, name in ((game.kontra, _kontra), (game.re, _re), (game.bock, _bock)):
        if said:
            labels.append(name())
    return tuple(labels)


def _kontra() -> str:
    return pgettext("house rule", "Kontra")


def _re() -> str:
    return pgettext("house rule", "Re")


def _bock() -> str:
    return pgettext("house rule", "Bock")


def _row(step: Step, settlement: Settlement, game: Game) -> Row:
    """Return the row that writes one step."""
    kind = step.kind
    if kind is StepKind.LEVEL:
        assert step.level is not None
        return _level_row(step.level, step.value, settlement, game)
    if kind is StepKind.BASE_VALUE:
        name = game_label(settlement.contract.game_type)
        return Row(
            "base_value",
            gettext("base value"),
            number(step.value),
            gettext(
                "Each game has its own base value; for %(game)s it is %(value)s.",
                game=name,
                value=number(step.value),
            ),
            _base_value_help(),
        )
    if kind is StepKind.MULTIPLIER:
        terms = " + ".join(number(count) for count in _levels(settlement))
        return Row(
            "multiplier",
            gettext("multiplier"),
            f"{terms} = {number(step.value)}",
            gettext("The levels above, added up."),
            str(STEP_HELP["multiplier"]),
        )
    if kind is StepKind.GAME_VALUE:
        base, multiplier = settlement.contract.base_value, settlement.multiplier
        return Row(
            "game_value",
            gettext("game value"),
            f"{number(base or 0)} {TIMES} {number(multiplier or 0)} = {number(step.value)}",
            gettext("The base value times the multiplier."),
            str(STEP_HELP["game_value"]),
        )
    if kind is StepKind.NULL_VALUE:
        return Row(
            "game_value",
            gettext("game value"),
            number(step.value),
            _null_value_sentence(settlement),
            str(STEP_HELP["game_value"]),
        )
    if kind is StepKind.BID_REACHED:
        return Row(
            "bid",
            gettext("bid"),
            number(step.value),
            gettext(
                "The game value %(value)s reaches the bid of %(bid)s.",
                value=number(settlement.game_value),
                bid=number(step.value),
            ),
            str(STEP_HELP["bid"]),
        )
    if kind is StepKind.OVERBID:
        return Row(
            "bid",
            gettext("bid"),
            number(step.value),
            gettext(
                "The game value %(value)s is below the bid of %(bid)s: the declarer overbid and "
                "loses, whatever the card points.",
                value=number(settlement.game_value),
                bid=number(step.value),
            ),
            str(STEP_HELP["bid"]),
            "lost",
        )
    if kind is StepKind.OVERBID_VALUE:
        base = settlement.contract.base_value or 1
        return Row(
            "overbid_value",
            gettext("lost value"),
            f"{number(base)} {TIMES} {number(step.value // base)} = {number(step.value)}",
            gettext(
                "The smallest multiple of the base value %(base)s that is not below the bid of "
                "%(bid)s.",
                base=number(base),
                bid=number(settlement.bid),
            ),
            str(STEP_HELP["overbid_value"]),
            "lost",
        )
    if kind is StepKind.WON:
        return Row(
            "result",
            pgettext("result", "won"),
            number(step.value),
            _won_sentence(settlement),
            str(STEP_HELP["result"]),
            "won",
        )
    if kind is StepKind.LOST:
        assert step.reason is not None
        return Row(
            "result",
            pgettext("result", "lost"),
            number(step.value),
            _lost_sentence(step.reason, settlement),
            str(STEP_HELP["result"]),
            "lost",
        )
    if kind is StepKind.LIST_SCORE:
        if settlement.won:
            counts = signed(step.value)
            why = gettext("A won game counts its value.")
        else:
            counts = f"{MINUS}2 {TIMES} {number(settlement.value)} = {signed(step.value)}"
            why = gettext("A lost game counts twice its value, as a minus.")
        return Row("list_score", gettext("classic list"), counts, why,
                   str(STEP_HELP["list_score"]), "won" if settlement.won else "lost")
    if kind in _DOUBLINGS:
        key, label, why = _DOUBLINGS[kind]
        return Row(key, label(), f"{TIMES} 2 = {signed(step.value)}", str(why),
                   str(STEP_HELP[key]), "won" if settlement.won else "lost")
    if kind is StepKind.SCORE:
        return Row(
            "score",
            gettext("score"),
            signed(step.value),
            gettext("What the declarer writes in the list."),
            str(STEP_HELP["score"]),
            "won" if settlement.won else "lost",
        )
    raise ValueError(f"not a step of a suit, Grand or Null game: {kind}")  # pragma: no cover


_DOUBLINGS = {
    StepKind.KONTRA: ("kontra", _kontra, lazy_gettext("House rule: Kontra doubles the score.")),
    StepKind.RE: ("re", _re, lazy_gettext("House rule: Re doubles it once more.")),
    StepKind.BOCK: ("bock", _bock, lazy_gettext("House rule: a Bock round doubles the score.")),
}


def _level_row(level: Level, count: int, settlement: Settlement, game: Game) -> Row:
    """Return the row of one level of the multiplier."""
    if level is Level.MATADORS:
        label = matadors_label(settlement.matadors or count)
    else:
        label = str(words.LEVEL_NAMES[level])
    counts = number(count) if level is Level.MATADORS else f"+ {number(count)}"
    why = _level_sentence(level, count, settlement, game)
    if level is Level.MATADORS and game.cards is not None:
        alone = matadors(game.cards, settlement.contract.game_type)
        if alone != settlement.matadors:
            why += " " + gettext(
                "The skat counts too: the ten cards alone would be %(alone)s.",
                alone=matadors_label(alone),
            )
    return Row(f"level-{level.value}", label, counts, why, str(words.LEVEL_HELP[level]))


def _level_sentence(level: Level, count: int, settlement: Settlement, game: Game) -> str:
    """Say why this level counts in this game."""
    contract = settlement.contract
    points = settlement.declarer_points or 0
    if level is Level.MATADORS:
        if (settlement.matadors or 0) > 0:
            return ngettext(
                "The declarer holds the top trump.",
                "The declarer holds the top %(num)s trumps without a gap.",
                count,
            )
        return ngettext(
            "The top trump is missing above the declarer's highest trump.",
            "The top %(num)s trumps are missing above the declarer's highest trump.",
            count,
        )
    if level is Level.GAME:
        return gettext("Every game counts this level.")
    if level is Level.HAND:
        return gettext("The declarer played without picking up the skat.")
    if level is Level.SCHNEIDER:
        if not settlement.schneider:
            return gettext("It was announced, so it counts even though it was not reached.")
        if points > 60:
            return gettext(
                "The defenders took only %(points)s card points: 30 or fewer.",
                points=number(120 - points),
            )
        return gettext(
            "The declarer took only %(points)s card points: 30 or fewer.", points=number(points)
        )
    if level is Level.SCHWARZ:
        if not settlement.schwarz:
            return gettext("It was announced, so it counts even though it was not reached.")
        if settlement.declarer_tricks == 10:
            return gettext("The defenders took no trick.")
        return gettext("The declarer took no trick.")
    if level is Level.SCHNEIDER_ANNOUNCED:
        if contract.ouvert:
            return gettext("Ouvert includes announcing Schneider and Schwarz.")
        if not game.schneider_announced:
            return gettext("Announcing Schwarz includes announcing Schneider.")
        return gettext("The declarer announced Schneider.")
    if level is Level.SCHWARZ_ANNOUNCED:
        if contract.ouvert and not game.schwarz_announced:
            return gettext("Ouvert includes announcing Schneider and Schwarz.")
        return gettext("The declarer announced Schwarz.")
    return gettext("The declarer played with the cards face up.")


def _null_value_sentence(settlement: Settlement) -> str:
    contract = settlement.contract
    value = number(null_value(hand=contract.hand, ouvert=contract.ouvert))
    if contract.hand and contract.ouvert:
        return gettext("A Null ouvert Hand is worth %(value)s.", value=value)
    if contract.ouvert:
        return gettext("A Null ouvert is worth %(value)s.", value=value)
    if contract.hand:
        return gettext("A Null Hand is worth %(value)s.", value=value)
    return gettext("A Null is worth %(value)s.", value=value)


def _won_sentence(settlement: Settlement) -> str:
    contract = settlement.contract
    if contract.game_type is GameType.NULL:
        return gettext("The declarer took no trick.")
    if contract.schwarz_announced:
        return gettext("The declarer took every trick, as announced.")
    points = number(settlement.declarer_points or 0)
    if contract.schneider_announced:
        return gettext(
            "The declarer took %(points)s card points: Schneider, as announced.", points=points
        )
    return gettext("The declarer took %(points)s card points: 61 or more wins.", points=points)


def _lost_sentence(reason: LossReason, settlement: Settlement) -> str:
    if reason is LossReason.NOT_ENOUGH_POINTS:
        return gettext(
            "The declarer took %(points)s card points: fewer than 61 lose.",
            points=number(settlement.declarer_points or 0),
        )
    return str(words.loss(reason))


def _seeger_fabian_rows(settlement: Settlement) -> tuple[Row, ...]:
    """Return the Seeger-Fabian rows: the declarer's entry and what each other player gets."""
    seeger_fabian, score = settlement.seeger_fabian, settlement.score
    help_text = str(STEP_HELP["seeger_fabian"])
    # Kontra, Re and Bock double the 50 with the score (rules.md §10).
    bonus = abs(seeger_fabian.declarer - score)
    if settlement.won:
        why = gettext("A won game scores 50 more.") if bonus == 50 else gettext(
            "A won game scores 50 more, doubled as often as the score: %(bonus)s.", bonus=number(bonus))
        declarer = Row(
            "seeger_fabian",
            gettext("Seeger-Fabian: declarer"),
            f"{signed(score)} + {number(bonus)} = {signed(seeger_fabian.declarer)}",
            why,
            help_text,
            "won",
        )
        others = Row(
            "seeger_fabian_others",
            gettext("Seeger-Fabian: each other player"),
            number(0),
            gettext("The other players get nothing when the declarer wins."),
            help_text,
        )
        return declarer, others
    why = gettext("A lost game scores 50 less.") if bonus == 50 else gettext(
        "A lost game scores 50 less, doubled as often as the score: %(bonus)s.", bonus=number(bonus))
    declarer = Row(
        "seeger_fabian",
        gettext("Seeger-Fabian: declarer"),
        f"{signed(score)} {MINUS} {number(bonus)} = {signed(seeger_fabian.declarer)}",
        why,
        help_text,
        "lost",
    )
    if settlement.players == 4:
        why = gettext(
            "At a table of four each other player, the dealer too, gets %(bonus)s for the "
            "declarer's lost game.",
            bonus=number(seeger_fabian.others),
        )
    else:
        why = gettext(
            "At a table of three each other player gets %(bonus)s for the declarer's lost game.",
            bonus=number(seeger_fabian.others),
        )
    others = Row(
        "seeger_fabian_others",
        gettext("Seeger-Fabian: each other player"),
        signed(seeger_fabian.others),
        why,
        help_text,
    )
    return declarer, others
