"""What the learner's page shows, built from the learner's seat view only.

`screen` turns a `SeatView` (and, once the hand is over, the whole hand) into plain facts for
the templates: the cards in the order a player holds them, which cards may be played and why
the others may not, the computer players' cards since the learner's last decision, the count.
A hidden card never reaches a template while the hand is being played.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from webapp.ai import BidLimit
from webapp.engine import (
    BASE_VALUES,
    Bid,
    Card,
    CardSet,
    Contract,
    Declare,
    GameState,
    GameType,
    Hold,
    Kontra,
    Pass,
    Phase,
    Play,
    Position,
    Re,
    Reason,
    SeatView,
    Trick,
    null_value,
    rules_for,
)
from webapp.practice import table

_HOLDING_ORDER = rules_for(GameType.GRAND)
"""Before a game is known a hand is sorted as for a Grand: Jacks, then clubs to diamonds."""
BID_BUTTONS = 6
"""How many of the next bid values get a button of their own (the others are in a list)."""


@dataclass(frozen=True, slots=True)
class CardChoice:
    """One card of the learner's hand: whether it may be played now, and if not, why."""

    card: Card
    playable: bool
    reason: Reason | None


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card on the table: who played it, and its place among the computer's new cards."""

    card: Card
    player: Position
    new: int
    """0 for a card the learner has already seen, else 1, 2, … in the order it was played."""


@dataclass(frozen=True, slots=True)
class ShownTrick:
    """A trick on the table."""

    cards: tuple[PlayedCard, ...]
    winner: Position | None
    points: int


@dataclass(frozen=True, slots=True)
class Count:
    """The "count for me" aid: card points taken so far and the trumps the learner has not seen."""

    declarer_points: int | None
    defender_points: int | None
    own_points: int
    laid_away_points: int | None
    trumps_out: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Screen:
    """Everything the learner's page shows during a hand."""

    view: SeatView
    seat: Position
    hand: tuple[CardChoice, ...]
    bids: tuple[int, ...]
    more_bids: tuple[int, ...]
    can_hold: bool
    can_pass: bool
    declare_games: tuple[GameType, ...]
    announcements: tuple[str, ...]
    """The announcements some offered game allows: ``schneider``, ``schwarz``, ``ouvert``."""
    current: ShownTrick | None
    last: ShownTrick | None
    count: Count | None
    your_turn: bool
    doubling: tuple[str, ...] = ()
    """``kontra`` or ``re`` when the house rules let the learner say it now."""

    @property
    def phase(self) -> Phase:
        """Return the phase of the hand."""
        return self.view.phase

    @property
    def opponents(self) -> tuple[Position, Position]:
        """Return the two computer seats: the learner's left, then right."""
        return (self.seat.next, self.seat.next.next)


class Reach(Enum):
    """What a game of the learner's ten cards needs to reach the bid at stake."""

    SKAT_GAME = "skat_game"
    """A simple win reaches it, also after picking up the skat."""
    HAND_OR_SCHNEIDER = "hand_or_schneider"
    """Only a Hand game, or a skat game won Schneider."""
    SCHNEIDER_OR_MORE = "schneider_or_more"
    """Even as Hand, only a win with Schneider or more."""
    HIGHER_NULL = "higher_null"
    """Only a Null of a higher value than the plain one (Hand, ouvert)."""
    NO_NULL = "no_null"
    """No Null is worth that much."""


NULL_VALUES: tuple[tuple[Contract, int], ...] = tuple(
    (Contract(GameType.NULL, hand=hand, ouvert=ouvert), null_value(hand=hand, ouvert=ouvert))
    for ouvert in (False, True)
    for hand in (False, True)
)
"""The four Nulls with their fixed values, lowest first: 23, 35, 46, 59."""


@dataclass(frozen=True, slots=True)
class Worth:
    """What one game of the learner's ten cards is worth in the bidding, and what it needs to
    reach the bid at stake.

    The values count the matadors of the ten cards; the skat counts for them too, so they hold
    only if the skat does not change the matadors.
    """

    game: GameType
    matadors: int
    skat_game: int
    """The value of a simple win after picking up the skat."""
    hand_game: int
    """The value of a simple win as Hand."""
    bid: int | None
    """The bid at stake (None: none)."""
    reach: Reach
    lowest_null: Contract | None = None
    """For `Reach.HIGHER_NULL`: the cheapest Null that reaches the bid."""


def worth(limit: BidLimit, bid: int | None) -> Worth:
    """Return what a game of the learner's bid limits is worth, and what reaches ``bid``."""
    if limit.game is GameType.NULL:
        skat_game, hand_game = NULL_VALUES[0][1], NULL_VALUES[1][1]
        reaching = [contract for contract, value in NULL_VALUES if bid is None or value >= bid]
        if not reaching:
            return Worth(limit.game, 0, skat_game, hand_game, bid, Reach.NO_NULL)
        if reaching[0] == NULL_VALUES[0][0]:
            return Worth(limit.game, 0, skat_game, hand_game, bid, Reach.SKAT_GAME)
        return Worth(limit.game, 0, skat_game, hand_game, bid, Reach.HIGHER_NULL, reaching[0])
    base = BASE_VALUES[limit.game]
    skat_game = base * (abs(limit.matadors) + 1)
    hand_game = skat_game + base  # the Hand level; Schneider after a pickup adds as much
    if bid is None or bid <= skat_game:
        reach = Reach.SKAT_GAME
    elif bid <= hand_game:
        reach = Reach.HAND_OR_SCHNEIDER
    else:
        reach = Reach.SCHNEIDER_OR_MORE
    return Worth(limit.game, limit.matadors, skat_game, hand_game, bid, reach)


def bid_at_stake(shown: Screen) -> int | None:
    """Return the bid the learner's next "yes" or lowest bid commits to (None: not bidding)."""
    if shown.phase is not Phase.BIDDING or not shown.your_turn:
        return None
    if shown.can_hold:
        said = [action.value for _, action in shown.view.auction if isinstance(action, Bid)]
        return said[-1] if said else None
    return shown.bids[0] if shown.bids else None


def holding_order(cards: CardSet, game_type: GameType | None) -> tuple[Card, ...]:
    """Return the cards sorted as a player holds them (trumps first once the game is known)."""
    rules = _HOLDING_ORDER if game_type is None or game_type is GameType.RAMSCH else rules_for(game_type)
    return rules.order(cards)


def _hand(view: SeatView) -> tuple[CardChoice, ...]:
    cards = holding_order(view.hand, view.game_type)
    if view.phase is not Phase.PLAY or view.to_act != view.position:
        return tuple(CardChoice(card, False, None) for card in cards)
    legal = {action.card for action in view.legal_actions if isinstance(action, Play)}
    return tuple(
        CardChoice(card, card in legal, None if card in legal else Reason.MUST_FOLLOW_SUIT)
        for card in cards
    )


def _plays_since_decision(state: GameState, seat: Position) -> int:
    """Return how many cards the computer players played since the learner's last decision."""
    start = table.last_decision(state, seat)
    later = state.actions[(start + 1 if start is not None else 0):]
    return sum(1 for action in later if isinstance(action, Play))


def _shown(trick: Trick, first_new: int | None = None, played_before: int = 0) -> ShownTrick:
    """Number the cards of ``trick`` from card ``first_new`` of the play on (None: none is new)."""
    cards = []
    for offset, (card, player) in enumerate(zip(trick.cards, trick.players)):
        number = 0 if first_new is None else played_before + offset - first_new + 1
        cards.append(PlayedCard(card, player, number if number > 0 else 0))
    return ShownTrick(tuple(cards), trick.winner, trick.points)


def _count(view: SeatView) -> Count | None:
    if view.phase is not Phase.PLAY and view.phase is not Phase.FINISHED:
        return None
    rules = view.rules
    declarer = view.declarer
    points = view.trick_points
    trumps_out: tuple[Card, ...] = ()
    if rules is not None and rules.trumps:
        unseen = view.unseen
        trumps_out = tuple(card for card in rules.trumps if card in unseen)
    laid_away = view.laid_away.points if view.laid_away is not None else None
    if declarer is None:
        return Count(None, None, points[view.position], laid_away, trumps_out)
    defenders = sum(points) - points[declarer]
    return Count(points[declarer], defenders, points[view.position], laid_away, trumps_out)


def screen(state: GameState, seat: Position, *, animate: bool = True) -> Screen:
    """Return what the learner at ``seat`` sees of ``state``.

    With ``animate`` the computer players' cards since the learner's last decision are numbered
    so that the page can show them one at a time.
    """
    view = state.view(seat)
    your_turn = view.to_act == seat and not state.finished
    legal = view.legal_actions if your_turn else ()
    bid_values = tuple(action.value for action in legal if isinstance(action, Bid))
    declares = [action for action in legal if isinstance(action, Declare)]
    played = sum(len(trick.cards) for trick in view.tricks) + len(view.current_trick.cards)
    first_new = played - _plays_since_decision(state, seat) if animate else played
    current: ShownTrick | None = None
    last: ShownTrick | None = None
    if view.tricks:
        before_last = 3 * (len(view.tricks) - 1)
        last = _shown(view.tricks[-1], first_new, before_last)
    if view.current_trick.cards:
        current = _shown(view.current_trick, first_new, 3 * len(view.tricks))
    return Screen(
        view=view,
        seat=seat,
        hand=_hand(view),
        bids=bid_values[:BID_BUTTONS],
        more_bids=bid_values[BID_BUTTONS:],
        can_hold=any(isinstance(action, Hold) for action in legal),
        can_pass=any(isinstance(action, Pass) for action in legal),
        declare_games=tuple(dict.fromkeys(action.game_type for action in declares)),
        announcements=tuple(dict.fromkeys(a for a in map(announced, declares) if a)),
        current=current,
        last=last,
        count=_count(view),
        your_turn=your_turn,
        doubling=tuple("kontra" if isinstance(a, Kontra) else "re" for a in legal if isinstance(a, Kontra | Re)),
    )


def announced(declare: Declare) -> str:
    """Return the highest announcement of a game: ``ouvert``, ``schwarz``, ``schneider`` or ""."""
    for word in ("ouvert", "schwarz", "schneider"):
        if getattr(declare, word):
            return word
    return ""


def parse_choice(form: dict[str, list[str]]) -> str | None:
    """Return the notation token a learner's form stands for, or None if it names nothing.

    A form sends ``action`` (a token: a bid, ``yes``, ``pass``, ``skat``, ``hand``, a game, a
    card), or ``discard`` twice (the two cards to lay away), or ``game`` with ``announce``.
    """
    if form.get("action"):
        return form["action"][0]
    if form.get("game"):
        announce = (form.get("announce") or [""])[0]
        return form["game"][0] + (f"-{announce}" if announce else "")
    cards = form.get("discard", [])
    if len(cards) == 2:
        return f"discard-{cards[0]}-{cards[1]}"
    return None


def opening(state: GameState) -> GameState:
    """Return the hand as its play began: the skat picked up and laid away, or left untouched.

    A hand that never reached the play (everybody passed) is returned as it ended.
    """
    start = GameState.new(state.deal, state.options)
    for action in state.actions:
        if start.phase is Phase.PLAY:
            break
        start = start.apply(action)
    return start


@dataclass(frozen=True, slots=True)
class OpenCards:
    """Every card of a finished hand as its play began ("all cards open")."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    """Each position's ten cards as the first card was led, in holding order."""
    skat: tuple[Card, ...]
    """The skat the play began with: the two cards laid away, or the skat untouched."""
    laid_away: bool
    """Whether the declarer picked up the skat, so that `skat` holds the cards laid away."""
    dealt_skat: tuple[Card, ...] | None
    """The skat as dealt, when the declarer picked it up or it was pushed on (else None)."""


def open_cards(state: GameState) -> OpenCards:
    """Return every card of ``state`` as its play began, sorted for the game played."""
    start = opening(state)
    game_type = state.game_type
    first, second, third = (holding_order(start.hand(position), game_type) for position in Position)
    contract = start.contract
    laid_away = contract is not None and not contract.hand
    changed = laid_away or start.skat != state.deal.skat
    return OpenCards(
        (first, second, third),
        holding_order(start.skat, game_type),
        laid_away,
        holding_order(state.deal.skat, game_type) if changed else None,
    )


def line_tricks(state: GameState, line: tuple[Play, ...]) -> tuple[ShownTrick, ...]:
    """Return the tricks of ``line`` (the best play from the first card) for a finished hand."""
    start = opening(state)
    for play in line:
        start = start.apply(play)
    tricks = start.tricks + ((start.current_trick,) if start.current_trick.cards else ())
    return tuple(_shown(trick) for trick in tricks)
