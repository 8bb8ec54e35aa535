"""The strong and medium players' bidding: how high the seat's ten cards are worth bidding, by search.

Before the auction the seat's ten cards are played out in worlds dealt at random (the skat and
the other two hands), each solved with open hands from the first trick. Each candidate game is
tried in every world: with the skat (the world's skat picked up, two cards laid away by the rules
of thumb) and, for strong cards, as a hand game (the skat's points and Jacks still count). The
solver says whether the declarer reaches 31, 61 and 90 card points (Null: stays clean), which
gives the outcome and so the list score of the game at each bid value, the overbid included (a
game worth less than the bid is lost unless Schneider lifts it to the bid).

Bidding up to a value then scores, in a world, what the seat would play there: with the skat, the
game the rules of thumb pick for those twelve cards among the games that reach the bid; or one
hand game in every world. The seat's limit is the highest bid value at which the better of these
has a positive mean score over the worlds (a loss counts double; a game lost with open hands
is often won at the table, `OPEN_LOSS_WON`). Medium looks at fewer worlds and games and asks no Schneider question.

The limit depends only on the ten cards, the position and the seed (never on the other cards),
so every bid of one auction uses the same one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from webapp.engine.actions import Action, Bid, Hold, Pass
from webapp.engine.bidding import BID_VALUES
from webapp.engine.cards import DECK, JACKS_MASK, CardSet, mask_points
from webapp.engine.deal import Position
from webapp.engine.rules import BASE_VALUES, GameType, null_value
from webapp.engine.score import Contract, matadors, settle
from webapp.engine.view import SeatView

from .heuristics import best_discard, plan_score
from .limits import HAND_THRESHOLD, SKAT_THRESHOLD, SUIT_GAMES, enough_suit, game_strength, null_risk
from .search import settings_for
from .solver import Question, SolverPosition, get_solver

__all__ = ["NULL_WINS", "OPEN_LOSS_WON", "BiddingSettings", "STRONG_BIDDING", "MEDIUM_BIDDING", "searched_limit", "searched_bid"]


@dataclass(frozen=True, slots=True)
class BiddingSettings:
    """How much a level searches to find its bid limit."""

    worlds: int
    """Worlds dealt at random."""
    trump_games: int
    """Suit games and Grand tried (the strongest by the rules of thumb)."""
    hand_games: bool
    """Whether strong cards are also tried as hand games."""
    schneider: bool
    """Whether Schneider (either way) is asked, not only the win."""


STRONG_BIDDING: Final = BiddingSettings(worlds=16, trump_games=3, hand_games=True, schneider=True)
MEDIUM_BIDDING: Final = BiddingSettings(worlds=6, trump_games=2, hand_games=False, schneider=False)

_TRY_BELOW: Final = 2.5
"""A suit game or Grand is tried when its strength is at most this much below what a skat game
needs (the skat often adds what is missing)."""
_HAND_BELOW: Final = 1.0
"""A hand game is tried when the ten cards are at most this much below a hand game's strength."""
OPEN_LOSS_WON: Final = 0.4
"""The share of the games lost with open hands that count as won: at the table the defenders see
neither the declarer's cards nor each other's. In strong self-play (47 hands bid at 18) the games
were won with open hands in 68 % of the worlds and at the table in 74 %, and 69 % of those won in
half to two thirds of the worlds were won; against XSkat, counting no open-hand loss as won,
strong declared only 34 of 117 games (XSkat 83) and won 91 % of them. A lost world counts this
much of a simple win (an overbid stays lost: a simple win does not reach the bid). Against
XSkat (1,000 deals from seed 20000, paired with 0.4) 0.3 bid fewer games and gave −0.74 per
game (−1.47 .. −0.00), 0.5 bid more and gave −0.27 (−1.26 .. +0.72)."""
NULL_WINS: Final = 0.8
"""A Null is bid only if it stays clean in at least this share of the worlds (a lost Null costs
twice what a won one brings, and the goal is four Nulls in five won)."""
_NULL_CAUGHT: Final = 3
"""A Null with the skat is tried when at most this many cards can be caught (two go away)."""

# Outcomes of a suit game or Grand: lost Schneider, lost, won, won Schneider.
_LOST_SCHNEIDER, _LOST, _WON, _WON_SCHNEIDER = range(4)
_POINTS_OF: Final = {_LOST_SCHNEIDER: 30, _LOST: 60, _WON: 61, _WON_SCHNEIDER: 90}


@dataclass(frozen=True, slots=True)
class _Trial:
    """A game tried in one world: how it ended with open hands and what it counts."""

    game: GameType
    hand: bool
    ouvert: bool
    matadors: int
    outcome: int
    preference: float
    """The rules of thumb's plan score (the game they would pick for these cards)."""


@lru_cache(maxsize=8192)
def _score(game: GameType, hand: bool, ouvert: bool, count: int, outcome: int, bid: int) -> int:
    """Return the declarer's list score of a game ending with ``outcome`` at this bid."""
    contract = Contract(game, hand=hand, ouvert=ouvert)
    if game is GameType.NULL:
        return settle(contract, declarer_tricks=0 if outcome >= _WON else 1, bid=bid,
                      worked=False).score
    return settle(contract, matadors=count, declarer_points=_POINTS_OF[outcome], bid=bid,
                  worked=False).score


def _outcome(answers: list[bool], schneider: bool) -> int:
    """Return the outcome from the answers to 61 (and, with ``schneider``, 31 and 90)."""
    if not schneider:
        return _WON if answers[0] else _LOST
    won, out_of_schneider, big = answers
    if won:
        return _WON_SCHNEIDER if big else _WON
    return _LOST if out_of_schneider else _LOST_SCHNEIDER


def _trump_games(cards: CardSet, forehand: bool, most: int) -> list[tuple[GameType, float]]:
    """Return the suit games and Grand worth trying, strongest first, with their strength margin."""
    found = []
    for game in (*SUIT_GAMES, GameType.GRAND):
        family = "grand" if game is GameType.GRAND else "suit"
        if game.suit is not None:
            length = (cards.mask & ~JACKS_MASK & sum(c.bit for c in DECK if c.suit is game.suit))
            if length.bit_count() + (cards.mask & JACKS_MASK).bit_count() < 4:
                continue
        elif (cards.mask & JACKS_MASK).bit_count() < 2:
            continue
        margin = game_strength(cards, game, forehand=forehand) - SKAT_THRESHOLD[family]
        if margin >= -_TRY_BELOW:
            found.append((game, margin))
    found.sort(key=lambda item: (-item[1], item[0].value))
    return found[:most]


def _worlds(cards: CardSet, position: Position, seed: int, count: int) -> list[tuple[int, int, int, int]]:
    """Return ``count`` deals of the unseen cards: (the three hands' masks, the skat's mask)."""
    rng = random.Random(f"kiebitz-bid:{seed}:{int(position)}:{cards.mask}")
    unseen = [card.bit for card in DECK if not cards.mask & card.bit]
    me = int(position)
    others = [seat for seat in range(3) if seat != me]
    worlds = []
    for _ in range(count):
        rng.shuffle(unseen)
        hands = [0, 0, 0]
        hands[me] = cards.mask
        hands[others[0]] = sum(unseen[:10])
        hands[others[1]] = sum(unseen[10:20])
        worlds.append((hands[0], hands[1], hands[2], sum(unseen[20:])))
    return worlds


def _position(game: GameType, declarer: int, hands: list[int], skat: int) -> SolverPosition:
    return SolverPosition(
        game, declarer, (hands[0], hands[1], hands[2]), (), int(Position.FOREHAND),
        mask_points(skat), 0,
    )


@lru_cache(maxsize=256)
def searched_limit(cards: CardSet, position: Position, seed: int, settings: BiddingSettings) -> int:
    """Return the highest bid value worth bidding with these ten cards (0: pass), by search.

    See the module. Without an affordable search (no whole hands can be solved) returns -1: the
    rules of thumb decide.
    """
    solver = get_solver()
    search = settings_for(solver)
    if not search.worlds[10]:
        return -1
    solver.node_limit = search.node_budget
    forehand = position == Position.FOREHAND
    me = int(position)
    trumps = _trump_games(cards, forehand, settings.trump_games)
    skat_games = [game for game, _ in trumps]
    caught, _ = null_risk(cards)
    if caught <= _NULL_CAUGHT:
        skat_games.append(GameType.NULL)
    hand_games: list[tuple[GameType, bool]] = []
    if settings.hand_games:
        for game, margin in trumps:
            family = "grand" if game is GameType.GRAND else "suit"
            if margin + SKAT_THRESHOLD[family] >= HAND_THRESHOLD[family] - _HAND_BELOW:
                hand_games.append((game, False))
        if caught <= 1:
            hand_games.append((GameType.NULL, False))
        if caught == 0:
            hand_games.append((GameType.NULL, True))
    if not skat_games and not hand_games:
        return 0
    worlds = _worlds(cards, position, seed, settings.worlds)
    thresholds = [61]
    if settings.schneider:
        thresholds = [61, 31, 90]
    null_question: list[Question] = [(None, 61)]
    positions: list[SolverPosition] = []
    questions: list[list[Question]] = []
    pending: list[tuple[int, GameType, bool, bool, int, float]] = []  # world, game, hand, ouvert, matadors, preference
    for number, world in enumerate(worlds):
        hands = list(world[:3])
        skat = world[3]
        twelve = CardSet.from_mask(cards.mask | skat)
        for game in skat_games:
            discard = best_discard(twelve, game, forehand=forehand)
            laid = discard.first.bit | discard.second.bit
            kept = twelve.mask & ~laid
            hands[me] = kept
            positions.append(_position(game, me, hands, laid))
            questions.append(null_question if game is GameType.NULL else [(None, t) for t in thresholds])
            count = 0 if game is GameType.NULL else matadors(twelve, game)
            preference = plan_score(CardSet.from_mask(kept), CardSet.from_mask(laid), game, forehand)
            pending.append((number, game, False, False, count, preference))
        hands[me] = cards.mask
        for game, ouvert in hand_games:
            positions.append(_position(game, me, hands, skat))
            questions.append(null_question if game is GameType.NULL else [(None, t) for t in thresholds])
            count = 0 if game is GameType.NULL else matadors(twelve, game)
            pending.append((number, game, True, ouvert, count, 0.0))
    answers = solver.reaches_after(positions, questions)
    if not answers:
        return -1
    by_world: list[list[_Trial]] = [[] for _ in worlds]
    for (number, game, hand, ouvert, count, preference), answer in zip(pending, answers):
        null = game is GameType.NULL
        outcome = (_WON if answer[0] else _LOST) if null else _outcome(answer, settings.schneider)
        by_world[number].append(_Trial(game, hand, ouvert, count, outcome, preference))
    judged = [trials for trials in by_world if trials and len(trials) == len(skat_games) + len(hand_games)]
    if not judged:
        return -1
    judged = _without_risky_nulls(judged)
    limit = 0
    for bid in BID_VALUES:
        if _best_mean(judged, bid) > 0:
            limit = bid
        elif bid > limit + 60:
            break
    return limit


def _without_risky_nulls(worlds: list[list[_Trial]]) -> list[list[_Trial]]:
    """Return the trials without the Nulls that stay clean in fewer than `NULL_WINS` of the worlds."""
    wins: dict[tuple[bool, bool], int] = {}
    for trials in worlds:
        for trial in trials:
            if trial.game is GameType.NULL:
                key = (trial.hand, trial.ouvert)
                wins[key] = wins.get(key, 0) + (trial.outcome >= _WON)
    risky = {key for key, won in wins.items() if won < NULL_WINS * len(worlds)}
    if not risky:
        return worlds
    return [
        [t for t in trials if t.game is not GameType.NULL or (t.hand, t.ouvert) not in risky]
        for trials in worlds
    ]


def _best_mean(worlds: list[list[_Trial]], bid: int) -> float:
    """Return the best mean list score over the worlds of bidding ``bid`` (see the module)."""
    skat_total = 0.0
    hand_totals: dict[tuple[GameType, bool], float] = {}
    for trials in worlds:
        picked = _skat_pick(trials, bid)
        if picked is not None:
            skat_total += _trial_score(picked, bid)
        else:
            skat_total -= 2 * bid
        for trial in trials:
            if trial.hand and _allowed(trial, bid):
                key = (trial.game, trial.ouvert)
                hand_totals[key] = hand_totals.get(key, 0.0) + _trial_score(trial, bid)
    return max((skat_total, *hand_totals.values())) / len(worlds)


def _allowed(trial: _Trial, bid: int) -> bool:
    """Return whether the trial's game may be declared at this bid (a Null never above its value)."""
    return trial.game is not GameType.NULL or null_value(hand=trial.hand, ouvert=trial.ouvert) >= bid


def _trial_score(trial: _Trial, bid: int) -> float:
    """Return the list score a trial is expected to bring at this bid (see `OPEN_LOSS_WON`)."""
    score = _score(trial.game, trial.hand, trial.ouvert, trial.matadors, trial.outcome, bid)
    if trial.outcome >= _WON:
        return score
    won = _score(trial.game, trial.hand, trial.ouvert, trial.matadors, _WON, bid)
    return (1 - OPEN_LOSS_WON) * score + OPEN_LOSS_WON * won


def _reaches(trial: _Trial, bid: int) -> bool:
    """Return whether a simple win of the trial's game is worth the bid."""
    if trial.game is GameType.NULL:
        return _allowed(trial, bid)
    return BASE_VALUES[trial.game] * (abs(trial.matadors) + 1 + trial.hand) >= bid


def _skat_pick(trials: list[_Trial], bid: int) -> _Trial | None:
    """Return the game the seat plays with the skat picked up in one world (None: none tried)."""
    skat = [trial for trial in trials if not trial.hand]
    if not skat:
        return None
    reaching = [trial for trial in skat if _reaches(trial, bid)]
    if reaching:
        return max(reaching, key=lambda trial: trial.preference)
    trumps = [trial for trial in skat if trial.game is not GameType.NULL]
    if not trumps:
        return None
    return max(trumps, key=lambda trial: BASE_VALUES.get(trial.game, 0) * (abs(trial.matadors) + 1))


def searched_bid(view: SeatView, seed: int, settings: BiddingSettings) -> Action | None:
    """Return the bid, hold or pass up to the searched limit (None: the rules of thumb decide)."""
    limit = searched_limit(view.hand, view.position, seed, settings)
    if limit < 0:
        return None
    legal = view.legal_actions
    if Hold() in legal:
        value = max((action.value for _, action in view.auction if isinstance(action, Bid)), default=0)
        return Hold() if 0 < value <= limit else Pass()
    bids = sorted(action.value for action in legal if isinstance(action, Bid))
    if bids and bids[0] <= limit:
        return Bid(bids[0])
    return Pass()
