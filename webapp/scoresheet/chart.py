"""The chart of the running totals: geometry for a server-drawn SVG, one line per player.

>>> drawing = chart([(0, 0, 0), (18, 0, 0), (18, -72, 0)], width=200, height=100)
>>> [line.seat for line in drawing.lines], drawing.lines[0].points
([0, 1, 2], '40,23.2 113,11.3 186,11.3')
>>> [tick.value for tick in drawing.y_ticks]
[-80, -60, -40, -20, 0, 20]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

__all__ = ["Chart", "Line", "Tick", "chart"]

_LEFT: Final = 40  # room for the score labels
_TOP: Final = 10
_RIGHT: Final = 14  # room for the last hand's number
_BOTTOM: Final = 24  # room for the hand numbers
#: A dash pattern per seat, so the lines differ without colour too.
DASHES: Final = ("", "8 4", "2 4", "12 4 2 4")


@dataclass(frozen=True, slots=True)
class Tick:
    """A labelled grid line: its position and the number it marks."""

    at: float
    value: int


@dataclass(frozen=True, slots=True)
class Line:
    """One player's running total, as SVG polyline points."""

    seat: int
    points: str
    dash: str
    last: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Chart:
    """Everything the template needs to draw the chart."""

    width: int
    height: int
    left: int
    top: int
    bottom: float
    right: int
    lines: tuple[Line, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    zero: float


def _step(span: float, wanted: int) -> int:
    """Return a round step (1, 2 or 5 times a power of ten) giving about ``wanted`` intervals."""
    raw = max(span / wanted, 1)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def chart(totals: Sequence[Sequence[int]], *, width: int = 720, height: int = 280) -> Chart:
    """Lay out the running totals (the first entry is the start, all zero) in a chart."""
    players = len(totals[0])
    low = min(0, *(min(row) for row in totals))
    high = max(0, *(max(row) for row in totals))
    step = _step(high - low, 5)
    low = step * math.floor(low / step)
    high = max(step * math.ceil(high / step), low + step)
    bottom = height - _BOTTOM
    hands = max(len(totals) - 1, 1)

    right = width - _RIGHT

    def x(hand: int) -> float:
        return _LEFT + (right - _LEFT) * hand / hands

    def y(value: int) -> float:
        return bottom - (bottom - _TOP) * (value - low) / (high - low)

    # Each hand's x and each total's y are written once: the players share them, and a total
    # stands still while its player sits out or scores nothing.
    xs = [f"{_fmt(x(hand))}," for hand in range(len(totals))]
    ys: dict[int, str] = {}
    lines = []
    for seat in range(players):
        for row in totals:
            if row[seat] not in ys:
                ys[row[seat]] = _fmt(y(row[seat]))
        points = " ".join([at + ys[row[seat]] for at, row in zip(xs, totals)])
        lines.append(Line(seat, points, DASHES[seat % len(DASHES)], (x(len(totals) - 1), y(totals[-1][seat]))))
    x_step = _step(hands, 8)
    return Chart(
        width=width,
        height=height,
        left=_LEFT,
        top=_TOP,
        bottom=bottom,
        right=right,
        lines=tuple(lines),
        x_ticks=tuple(Tick(x(hand), hand) for hand in range(0, len(totals), x_step)),
        y_ticks=tuple(Tick(y(value), value) for value in range(low, high + 1, step)),
        zero=y(0),
    )
