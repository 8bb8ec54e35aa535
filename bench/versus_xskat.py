"""Duplicate match of a Kiebitz computer level against XSkat 4.0's computer player.

Usage: python bench/versus_xskat.py [--deals 300] [--seed 7] [--level strong|medium|easy]
                                    [--unfair] [--log FILE] [--oracle PATH]

XSkat's AI (the oracle built by ``../shared/tools/xskat/build.sh``; ``--oracle`` or
``XSKAT_ORACLE`` names it) answers for its seats through a line protocol and keeps its own game
state in step with Kiebitz's engine, which is the referee (ISkO, no Ramsch, no Kontra; all passed:
thrown in). Each deal is played, for each seat, twice: one Kiebitz player in that seat against two
XSkats, then XSkat in that seat against two Kiebitz players. A seat's score per game is zero-sum
(the declarer's list score, minus half of it for each defender); a deal's figure is the mean over
its three seats of Kiebitz's score in the seat minus XSkat's in the same seat, and the deals are
the independent samples of the 95 % intervals.

Printed: the difference per game; the same split by role, comparing the seat in both games of a
pair (only one side's seat declares, both declare the same seat: declarer play compared, both
defend); each side's games as declarer, and its Null games with the skat.
XSkat's defenders are not shown the laid-away skat unless ``--unfair`` (XSkat's own program shows
it to them).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.ai import Level, choose  # noqa: E402
from webapp.engine import (  # noqa: E402
    Action,
    Bid,
    Card,
    Deal,
    Declare,
    Discard,
    GameState,
    GameType,
    Hold,
    Pass,
    Phase,
    PickUp,
    Play,
    PlayHand,
    Position,
    Settlement,
)
from strength import interval, seat_scores  # noqa: E402

DEFAULT_ORACLE = os.path.expanduser("~/.cache/xskat-oracle/xsk_oracle")
_XRANK = {"A": 0, "T": 1, "K": 2, "Q": 3, "J": 4, "9": 5, "8": 6, "7": 7}
_KRANK = {v: k for k, v in _XRANK.items()}
_TRUMPF = {
    GameType.DIAMONDS: 0,
    GameType.HEARTS: 1,
    GameType.SPADES: 2,
    GameType.CLUBS: 3,
    GameType.GRAND: 4,
    GameType.NULL: -1,
}
_GAME_OF = {v: k for k, v in _TRUMPF.items()}


def xcode(card: Card) -> int:
    """Return XSkat's number of a card."""
    return int(card.suit) * 8 + _XRANK[card.rank.char]


def kcard(code: int) -> Card:
    """Return the card of XSkat's number."""
    return Card.parse("DHSC"[code >> 3] + _KRANK[code & 7])


class Oracle:
    """The XSkat process and its line protocol (see oracle.c)."""

    def __init__(self, path: str) -> None:
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def ask(self, line: str) -> list[str]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().split()
        if not answer or answer[0] == "ERR":
            raise RuntimeError(f"oracle: {line!r} -> {answer}")
        return answer

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.write("QUIT\n")
        self.proc.stdin.close()
        self.proc.wait()


class XSkatTable:
    """XSkat's side of one hand, kept in step with the Kiebitz state."""

    def __init__(self, oracle: Oracle, deal: Deal, rng: int, fair: bool) -> None:
        self.oracle = oracle
        codes = [xcode(c) for p in range(3) for c in deal.hands[p]] + [xcode(c) for c in deal.skat]
        answer = oracle.ask(f"NEW {rng} {int(fair)} " + " ".join(map(str, codes)))
        self.maxrw = [int(v) for v in answer[1:4]]
        self.decision: dict[str, object] | None = None
        self.declared = False
        self.next = 0

    def bid_action(self, state: GameState, seat: int) -> Action:
        """XSkat's bidding rule: bid or hold while its limit reaches the value (17: 18 only)."""
        legal = state.legal_actions()
        limit = self.maxrw[seat]
        if any(isinstance(a, Hold) for a in legal):
            return Hold() if limit >= state.auction.value else Pass()
        bids = sorted(a.value for a in legal if isinstance(a, Bid))
        if not bids:
            return Pass()
        if limit >= bids[0] or (limit == 17 and bids[0] == 18):
            return Bid(bids[0])
        return Pass()

    def declarer_action(self, state: GameState, seat: int) -> Action:
        if self.decision is None:
            answer = self.oracle.ask(f"AIDECL {seat} {state.bid}")
            hand, trumpf, ouvert, d1, d2 = (int(v) for v in answer[1:6])
            self.decision = {"hand": bool(hand), "trumpf": trumpf, "ouvert": bool(ouvert),
                             "discard": (d1, d2)}
            self.declared = True
        d = self.decision
        if state.phase is Phase.SKAT:
            return PlayHand() if d["hand"] else PickUp()
        if state.phase is Phase.DISCARD:
            first, second = d["discard"]  # type: ignore[misc]
            return Discard(kcard(first), kcard(second))
        if state.phase is Phase.DECLARE:
            game = _GAME_OF[d["trumpf"]]  # type: ignore[index]
            action = Declare(game, ouvert=bool(d["ouvert"]) and (game is GameType.NULL or bool(d["hand"])))
            if action not in state.legal_actions():
                raise RuntimeError(f"XSkat's game {action} not legal")
            return action
        raise RuntimeError(state.phase)

    def mirror_declaration(self, state: GameState) -> None:
        """Tell XSkat the game a Kiebitz declarer chose (once the play begins)."""
        if self.declared:
            return
        self.declared = True
        c = state.contract
        assert c is not None and state.declarer is not None
        if c.hand:
            d1 = d2 = -1
        else:
            laid = [a for a in state.actions if isinstance(a, Discard)][-1]
            d1, d2 = xcode(laid.first), xcode(laid.second)
        self.oracle.ask(
            f"EXTDECL {int(state.declarer)} {state.bid} {int(c.hand)} {_TRUMPF[c.game_type]} "
            f"{int(c.ouvert)} {int(c.schneider_announced)} {int(c.schwarz_announced)} {d1} {d2}"
        )

    def play(self, seat: int, card: Card | None) -> Card:
        answer = self.oracle.ask(f"PLAY {seat} {-1 if card is None else xcode(card)}")
        self.next = (int(answer[2]) + int(answer[3])) % 3
        return kcard(int(answer[1]))


def play_hand(oracle: Oracle, deal_seed: int, kiebitz: set[Position], level: Level,
              fair: bool) -> GameState:
    """Play one hand, Kiebitz in the seats ``kiebitz`` and XSkat in the others."""
    deal = Deal.from_seed(deal_seed)
    xs = XSkatTable(oracle, deal, rng=deal_seed * 2 + 1, fair=fair)
    state = GameState.new(deal)
    while not state.finished:
        seat = state.to_act
        assert seat is not None
        phase = state.phase
        ours = seat in kiebitz
        action: Action
        if phase is Phase.PLAY:
            xs.mirror_declaration(state)
            if ours:
                action = choose(state.view(seat), level, seed=deal_seed)
                assert isinstance(action, Play)
                xs.play(int(seat), action.card)
            else:
                action = Play(xs.play(int(seat), None))
                if action not in state.legal_actions():
                    raise RuntimeError(f"XSkat played {action}, not legal")
        elif ours:
            action = choose(state.view(seat), level, seed=deal_seed)
        elif phase is Phase.BIDDING:
            action = xs.bid_action(state, int(seat))
        else:
            action = xs.declarer_action(state, int(seat))
        state = state.apply(action)
        if phase is Phase.PLAY and not state.finished and xs.next != state.to_act:
            raise RuntimeError("XSkat and Kiebitz disagree on who plays next")
    return state


def describe(state: GameState) -> str:
    """Return the contract's short name ("passed" when thrown in)."""
    c = state.contract
    if c is None:
        return "passed"
    return c.game_type.value + ("-hand" if c.hand else "") + ("-ouvert" if c.ouvert else "")


def shown(samples: list[float]) -> str:
    """Return the mean with its 95 % interval."""
    if not samples:
        return "-"
    mean, half = interval(samples)
    return f"{mean:+.2f} ({mean - half:+.2f} .. {mean + half:+.2f})"


@dataclass
class Declared:
    """One side's games as declarer."""

    won: int = 0
    played: int = 0
    score: float = 0.0
    null_won: int = 0
    null_played: int = 0
    null_score: float = 0.0
    contracts: collections.Counter[str] = field(default_factory=collections.Counter)

    def add(self, state: GameState) -> None:
        settlement = state.settlement
        assert isinstance(settlement, Settlement)
        self.played += 1
        self.won += int(settlement.won)
        self.score += settlement.score
        self.contracts[describe(state)] += 1
        c = settlement.contract
        if c.game_type is GameType.NULL and not c.hand:
            self.null_played += 1
            self.null_won += int(settlement.won)
            self.null_score += settlement.score


ROLES = (
    ("only Kiebitz's seat declares", "K"),
    ("both declare (declarer play compared directly)", "both"),
    ("both defend", "defend"),
    ("only XSkat's seat declares", "X"),
    ("passed in both", "passed"),
)


def role(kiebitz_game: GameState, xskat_game: GameState, seat: Position) -> str:
    """Return how the seat took part in the two games of its pair."""
    k, x = kiebitz_game.declarer == seat, xskat_game.declarer == seat
    if k and x:
        return "both"
    if k:
        return "K"
    if x:
        return "X"
    if kiebitz_game.declarer is None and xskat_game.declarer is None:
        return "passed"
    return "defend"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--level", default="strong", choices=[level.value for level in Level])
    parser.add_argument("--unfair", action="store_true", help="XSkat defenders see the skat laid away")
    parser.add_argument("--log", default=None, help="write each game as a JSON line")
    parser.add_argument("--oracle", default=os.environ.get("XSKAT_ORACLE", DEFAULT_ORACLE))
    args = parser.parse_args()
    level = Level(args.level)
    fair = not args.unfair
    oracle = Oracle(args.oracle)
    log = open(args.log, "w") if args.log else None
    per_deal: list[float] = []
    by_role: dict[str, list[float]] = collections.defaultdict(list)
    declared = {"K": Declared(), "X": Declared()}
    started = time.time()
    for number in range(args.deals):
        deal_seed = args.seed + number
        diffs = []
        for seat in Position:
            others = {p for p in Position if p != seat}
            games = {}
            for who, kseats in (("K", {seat}), ("X", others)):
                state = play_hand(oracle, deal_seed, kseats, level, fair)
                games[who] = state
                if state.declarer is not None and isinstance(state.settlement, Settlement):
                    declared["K" if state.declarer in kseats else "X"].add(state)
                if log:
                    log.write(json.dumps({
                        "deal": deal_seed, "seat": int(seat), "kiebitz_seats": sorted(map(int, kseats)),
                        "game": str(state), "contract": describe(state),
                        "declarer": None if state.declarer is None else int(state.declarer),
                        "score": seat_scores(state),
                    }) + "\n")
            diff = seat_scores(games["K"])[seat] - seat_scores(games["X"])[seat]
            diffs.append(diff)
            by_role[role(games["K"], games["X"], seat)].append(diff)
        per_deal.append(statistics.mean(diffs))
        if (number + 1) % 10 == 0:
            print(f"deal {number + 1}/{args.deals}: running mean {statistics.mean(per_deal):+.2f}"
                  f" ({time.time() - started:.0f}s)", file=sys.stderr, flush=True)
    oracle.close()
    n = len(per_deal)
    print(f"Kiebitz {level.value} vs XSkat 4.0 (default strength), fair={fair}: "
          f"{n} deals from seed {args.seed}, {6 * n} games")
    print(f"| Kiebitz level vs XSkat | per game, 95 % interval |\n|---|---|\n"
          f"| {level.value} | {shown(per_deal)} |")
    print("\n| situation | pairs | difference (95 % interval) |\n|---|---|---|")
    for name, key in ROLES:
        print(f"| {name} | {len(by_role[key])} | {shown(by_role[key])} |")
    print()
    for side, name in (("K", "Kiebitz"), ("X", "XSkat")):
        d = declared[side]
        print(f"{name:>8} as declarer: won {d.won} of {d.played} "
              f"({100 * d.won / max(d.played, 1):.0f} %), mean list score {d.score / max(d.played, 1):+.1f}; "
              f"Null with the skat: won {d.null_won} of {d.null_played} "
              f"({100 * d.null_won / max(d.null_played, 1):.0f} %), mean {d.null_score / max(d.null_played, 1):+.1f}")
        print(f"{'':>8} contracts: {dict(sorted(d.contracts.items()))}")
    print(f"time {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()
