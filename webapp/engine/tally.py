"""Trick counts that fit recorded card points, for lists that note points but not tricks.

A scoresheet records a Ramsch as each player's card points, who took no trick (Jungfrau) and who
took every trick (Durchmarsch); `settle_ramsch` wants each player's tricks. A game whose Schwarz
was announced and missed needs the declarer's tricks too, though only "not all of them" matters.
These functions find trick counts that the points allow, so the engine scores the entry; the
score never depends on which fitting counts are chosen.

>>> ramsch_tricks((70, 50, 0), jungfrau={2}, durchmarsch=None)
(2, 8, 0)
>>> ramsch_tricks((0, 120, 0), jungfrau=(), durchmarsch=1)
(0, 10, 0)
>>> missed_schwarz_tricks(118)
9
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import product
from typing import Final

from .score import _SUMS_OF, InputReason, InvalidInput

__all__ = ["fits", "ramsch_tricks", "missed_schwarz_tricks"]

_TRICKS: Final = 10


def fits(points: int, tricks: int, *, skat: bool | None = None) -> bool:
    """Return whether ``tricks`` tricks (with the skat, without it, or either) can hold ``points``.

    >>> fits(61, 1), fits(0, 4), fits(0, 5, skat=False), fits(0, 5, skat=True)
    (False, True, False, False)
    """
    if not 0 <= tricks <= _TRICKS:
        return False
    counts = {False: (3 * tricks,), True: (3 * tricks + 2,), None: (3 * tricks, 3 * tricks + 2)}
    return any(points in _SUMS_OF[count] for count in counts[skat])


def ramsch_tricks(
    points: Sequence[int], *, jungfrau: Collection[int], durchmarsch: int | None
) -> tuple[int, ...]:
    """Return one trick count per player that fits the points, Jungfrau and Durchmarsch.

    A Jungfrau takes no trick, a Durchmarsch all ten; the others share the rest, one trick at
    least each. Raise `InvalidInput` when no trick counts fit: ``durchmarsch`` when the marks
    contradict each other (two players without a trick leave the third a Durchmarsch),
    ``points`` when the points cannot be.
    """
    players = range(len(points))
    if durchmarsch is not None:
        if durchmarsch not in players or durchmarsch in jungfrau:
            raise InvalidInput("durchmarsch", InputReason.INCONSISTENT)
        return tuple(_TRICKS if player == durchmarsch else 0 for player in players)
    takers = [player for player in players if player not in jungfrau]
    if len(takers) < 2:
        raise InvalidInput("durchmarsch", InputReason.INCONSISTENT)
    for counts in product(range(1, _TRICKS), repeat=len(takers) - 1):
        last = _TRICKS - sum(counts)
        split = dict(zip(takers, (*counts, last)))
        if last >= 1 and all(fits(points[player], split[player]) for player in takers):
            return tuple(split.get(player, 0) for player in players)
    raise InvalidInput("points", InputReason.INCONSISTENT)


def missed_schwarz_tricks(declarer_points: int) -> int:
    """Return a number of tricks short of all ten that fits the declarer's points (skat included).

    Raise `InvalidInput` on ``declarer_points`` when no such number fits.
    """
    for tricks in range(_TRICKS - 1, 0, -1):
        if fits(declarer_points, tricks, skat=True):
            return tricks
    raise InvalidInput("declarer_points", InputReason.INCONSISTENT)
