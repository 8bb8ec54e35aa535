"""An independent, deliberately naive reference of the rules in rules.md §3–§11.

Written from rules.md (and the ISkO) only, without looking at how the engine computes anything:
cards are two-letter strings ("CJ", "HT"), games are plain words, and every rule is a short
loop over lists. The differential tests in ``test_review_*.py`` compare the engine with this.
Nothing here imports the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

SUITS = "CSHD"  # clubs, spades, hearts, diamonds: the Jack and bidding order, highest first
SUIT_GAMES = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}
GAMES = ("diamonds", "hearts", "spades", "clubs", "grand", "null", "ramsch")
BASE = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12, "grand": 24}
NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
# Highest first.
PLAIN_ORDER = "ATKQ987"  # a suit without its Jack, in suit games and Grand
NULL_ORDER = "AKQJT987"  # a suit in Null, its Jack included
JACKS = ["CJ", "SJ", "HJ", "DJ"]
ALL_CARDS = [suit + rank for suit in SUITS for rank in "AKQJT987"]


def points(cards: list[str] | set[str] | tuple[str, ...]) -> int:
    """Return the card points of some cards."""
    return sum(POINTS[card[1]] for card in cards)


# ---------------------------------------------------------------- §3 ranking and following


def trumps(game: str) -> list[str]:
    """Return the trumps of a game, highest first (empty in Null)."""
    if game == "null":
        return []
    if game in ("grand", "ramsch"):
        return list(JACKS)
    suit = SUIT_GAMES[game]
    return JACKS + [suit + rank for rank in PLAIN_ORDER]


def suit_of(card: str, game: str) -> str:
    """Return what a card asks for when led: 'trump', or its printed suit letter."""
    if card in trumps(game):
        return "trump"
    return card[0]


def strength(card: str, game: str) -> int:
    """Return a number that is higher for a stronger card of the same suit class."""
    trump_list = trumps(game)
    if card in trump_list:
        return 100 - trump_list.index(card)
    order = NULL_ORDER if game == "null" else PLAIN_ORDER
    return 100 - order.index(card[1])


def legal_cards(hand: list[str], trick: list[str], game: str) -> set[str]:
    """Return the cards of ``hand`` that may be played to ``trick`` (cards so far)."""
    if not trick:
        return set(hand)
    asked = suit_of(trick[0], game)
    same = {card for card in hand if suit_of(card, game) == asked}
    if same:
        return same
    return set(hand)


def trick_winner(trick: list[str], game: str) -> int:
    """Return the position in ``trick`` of the winning card."""
    trump_list = trumps(game)
    played_trumps = [card for card in trick if card in trump_list]
    if played_trumps:
        best = min(played_trumps, key=trump_list.index)
        return trick.index(best)
    asked = trick[0][0]
    same = [card for card in trick if card[0] == asked]
    best = max(same, key=lambda card: strength(card, game))
    return trick.index(best)


# ---------------------------------------------------------------- §7 matadors and values


def matadors(cards: list[str] | set[str], game: str) -> int:
    """Return +n for "with n", -n for "without n", over the declarer's 10 cards + skat."""
    trump_list = trumps(game)
    if trump_list[0] in cards:
        n = 0
        while n < len(trump_list) and trump_list[n] in cards:
            n += 1
        return n
    n = 0
    while n < len(trump_list) and trump_list[n] not in cards:
        n += 1
    return -n


@dataclass(frozen=True)
class Result:
    """What the reference says about one game."""

    game_value: int
    value: int
    overbid: bool
    won: bool
    score: int
    seeger_fabian_declarer: int
    seeger_fabian_others: int


def settle(
    game: str,
    *,
    hand: bool,
    schneider_announced: bool = False,
    schwarz_announced: bool = False,
    ouvert: bool = False,
    matadors: int = 0,
    declarer_points: int = 0,
    declarer_tricks: int,
    bid: int,
    kontra: bool = False,
    re: bool = False,
    bock: bool = False,
    players: int = 3,
) -> Result:
    """Value and score one game by rules.md §6–§10, written out the long way."""
    if game == "null":
        game_value = NULL_VALUES[(hand, ouvert)]
        won = declarer_tricks == 0
        overbid = game_value < bid  # never reached: the engine refuses such a Null
        value = game_value
    else:
        if ouvert:
            schwarz_announced = True
        if schwarz_announced:
            schneider_announced = True
        defenders = 120 - declarer_points
        declarer_schneider = declarer_points <= 30
        defenders_schneider = defenders <= 30
        declarer_schwarz = declarer_tricks == 0
        defenders_schwarz = declarer_tricks == 10
        multiplier = abs(matadors) + 1
        if hand:
            multiplier += 1
        if declarer_schneider or defenders_schneider or schneider_announced:
            multiplier += 1
        if schneider_announced:
            multiplier += 1
        if declarer_schwarz or defenders_schwarz or schwarz_announced:
            multiplier += 1
        if schwarz_announced:
            multiplier += 1
        if ouvert:
            multiplier += 1
        game_value = BASE[game] * multiplier
        won = declarer_points >= 61
        if schneider_announced and not defenders_schneider:
            won = False
        if schwarz_announced and not defenders_schwarz:
            won = False
        overbid = game_value < bid
        value = game_value
        if overbid:
            won = False
            value = BASE[game]
            while value < bid:
                value += BASE[game]
    score = value if won else -2 * value
    bonus = 50  # Seeger-Fabian's, doubled with the score (rules.md §10)
    for said in (kontra, re, bock):
        if said:
            score *= 2
            bonus *= 2
    if won:
        sf_declarer, sf_others = score + bonus, 0
    else:
        sf_declarer, sf_others = score - bonus, 40 if players == 3 else 30
    return Result(game_value, value, overbid, won, score, sf_declarer, sf_others)


def bid_values() -> list[int]:
    """Return every game value a declarer can reach: the valid bids (rules.md §4)."""
    values = set(NULL_VALUES.values())
    for game, base in BASE.items():
        most = 4 if game == "grand" else 11
        # matadors + game + hand + Schneider + announced + Schwarz + announced + ouvert
        for multiplier in range(2, most + 7 + 1):
            values.add(base * multiplier)
    return sorted(values)


VALID_BIDS = frozenset(bid_values())


# ---------------------------------------------------------------- §10 Ramsch


def ramsch_scores(
    points_: list[int], tricks: list[int], *, pushes: int = 0, bock: bool = False
) -> list[int]:
    """Return each player's Ramsch score (rules.md §10)."""
    for player in range(3):
        if tricks[player] == 10:
            score = 120 * 2**pushes * (2 if bock else 1)
            return [score if p == player else 0 for p in range(3)]
    most = max(points_)
    loss = -most
    if 0 in tricks:
        loss *= 2
    loss *= 2**pushes
    if bock:
        loss *= 2
    return [loss if points_[p] == most else 0 for p in range(3)]


# ---------------------------------------------------------------- §4 the auction


class Refused(Exception):
    """A call the auction does not allow; ``reason`` is a short word."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Incomplete(Exception):
    def __init__(self, speaker: str) -> None:
        super().__init__(speaker)
        self.speaker = speaker


@dataclass(frozen=True)
class AuctionResult:
    """The end of a call sequence: finished or whose call it is; the declarer and the value."""

    finished: bool
    speaker: str | None  # "F", "M" or "R" while the auction goes on
    declarer: str | None
    value: int


def auction(calls: list[str | int]) -> AuctionResult:
    """Run the calls (a bid value, "yes" or "pass") through rules.md §4.

    Raises `Refused` at the first call that is not allowed.
    """
    valid = VALID_BIDS
    queue = list(calls)
    value = 0

    def call(speaker: str) -> str | int:
        if not queue:
            raise _Incomplete(speaker)
        return queue.pop(0)

    def duel(bidder: str, listener: str) -> str:
        """The bidder bids to the listener until one passes; return the one left."""
        nonlocal value
        while True:
            said = call(bidder)
            if said == "pass":
                return listener
            if said == "yes":
                raise Refused("wrong_phase")  # only the listener answers "yes"
            if said not in valid:
                raise Refused("invalid_bid_value")
            assert isinstance(said, int)
            if said <= value:
                raise Refused("bid_not_higher")
            value = said
            answer = call(listener)
            if answer == "pass":
                return bidder
            if answer != "yes":
                raise Refused("wrong_phase")  # the listener does not bid
            # "yes": the listener holds; the bidder goes on.

    try:
        survivor = duel("M", "F")
        survivor = duel("R", survivor)
        if value == 0:
            said = call("F")
            if said == 18:
                declarer: str | None = "F"
                value = 18
            elif said == "pass":
                declarer = None
            elif said == "yes":
                raise Refused("wrong_phase")
            else:
                raise Refused("invalid_bid_value")
        else:
            declarer = survivor
    except _Incomplete as open_call:
        return AuctionResult(False, open_call.speaker, None, value)
    if queue:
        raise Refused("wrong_phase")  # a call after the end
    return AuctionResult(True, None, declarer, value)


# ---------------------------------------------------------------- §11 Lieutenant Skat


def lieutenant_game_points(card_points: int) -> int:
    """Return the game points of one player of Lieutenant Skat (rules.md §11)."""
    if card_points == 60:
        return 1  # 60 : 60 is a draw
    if card_points < 60:
        return 0
    if card_points <= 90:
        return 2
    if card_points <= 119:
        return 3
    return 4


def lieutenant_trump_game(drawn: str) -> str:
    """Return the game of a Lieutenant Skat deal: a Jack drawn means Grand."""
    if drawn[1] == "J":
        return "grand"
    return {letter: game for game, letter in SUIT_GAMES.items()}[drawn[0]]
