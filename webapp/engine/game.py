"""A hand of Skat as its deal, its house rules and its list of actions; the state is a replay.

`GameState` is immutable: `GameState.apply` checks an action, and returns a new state with the
action recorded, or raises `IllegalAction` and changes nothing. ``str(state)`` is the game's
notation (see `webapp.engine.notation`) and `GameState.parse` reads it back.

>>> state = GameState.new(Deal.from_seed(1))
>>> state.phase, state.to_act
(<Phase.BIDDING: 'bidding'>, <Position.MIDDLEHAND: 1>)
>>> for action in (Bid(18), Pass(), Pass(), PlayHand(), Declare(GameType.CLUBS)):
...     state = state.apply(action)
>>> state.phase, state.declarer, state.contract.hand, state.to_act
(<Phase.PLAY: 'play'>, <Position.MIDDLEHAND: 1>, True, <Position.FOREHAND: 0>)
>>> state.apply(Play(Card.parse("CJ")))
Traceback (most recent call last):
...
webapp.engine.actions.IllegalAction: ('CARD_NOT_IN_HAND', Play(card=Card.parse('CJ')))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Final, NamedTuple

from .actions import (
    ACTION_TYPES,
    Action,
    Bid,
    Declare,
    Discard,
    Hold,
    IllegalAction,
    Kontra,
    Pass,
    PickUp,
    Play,
    PlayHand,
    Push,
    Re,
    Reason,
)
from .bidding import BID_VALUES, Auction
from .cards import DECK, JACKS_MASK, Card, CardSet, mask_points
from .deal import Deal, Position
from .rules import GameRules, GameType, SuitClass, rules_for
from .score import (
    Contract,
    RamschSettlement,
    Settlement,
    Target,
    matadors,
    settle,
    settle_ramsch,
    win_target,
)
from .view import SeatView

__all__ = ["Phase", "Options", "Trick", "GameState"]


class Phase(Enum):
    """Where a hand stands."""

    BIDDING = "bidding"
    SKAT = "skat"  # the declarer picks up the skat or plays hand
    DISCARD = "discard"  # the declarer lays away two cards
    DECLARE = "declare"
    RAMSCH = "ramsch"  # before a Ramsch: take the skat to push it, declare a Grand hand, or pass
    PUSH = "push"  # Schieberamsch: the player who took the skat pushes two cards on
    PLAY = "play"
    FINISHED = "finished"
    PASSED_IN = "passed_in"  # all passed and no Ramsch: the next dealer deals again


@dataclass(frozen=True, slots=True, kw_only=True)
class Options:
    """House rules (rules.md §10) and table facts for one hand; all off by default (ISkO)."""

    ramsch: bool = False
    """This hand is a Ramsch from the start (a compulsory Ramsch round)."""
    ramsch_when_passed: bool = False
    kontra_re: bool = False
    kontra_only_if_bid: bool = False
    """Only a defender who bid or held may say Kontra."""
    schieberamsch: bool = False
    push_jacks_allowed: bool = True
    grand_hand_in_ramsch: bool = False
    skat_to_loser: bool = False
    """In Ramsch the skat goes to the player with the most points, not the last trick's winner."""
    bock: bool = False
    """This hand belongs to a Bock round: the score doubles."""
    players: int = 3
    """Players at the table (3 or 4), for the Seeger-Fabian bonus."""

    def __post_init__(self) -> None:
        if self.players not in (3, 4):
            raise ValueError("Skat is played by three or four at a table")


DEFAULT_OPTIONS: Final = Options()


class Trick(NamedTuple):
    """A trick: who led, the cards in playing order, and who took it (None while incomplete)."""

    leader: Position
    cards: tuple[Card, ...]
    winner: Position | None = None

    @property
    def players(self) -> tuple[Position, ...]:
        """Return who played each card, in order."""
        return tuple(_POSITIONS[(self.leader + offset) % 3] for offset in range(len(self.cards)))

    @property
    def points(self) -> int:
        """Return the card points in the trick."""
        return sum(card.points for card in self.cards)


PARSED_STATES: Final = 512
"""States kept by `GameState.parse`, by their text."""
_POSITIONS: Final = tuple(Position)
_PLAYS: Final = tuple(Play(card) for card in DECK)
_PASS: Final = Pass()
_PICK_UP: Final = PickUp()
_PLAY_HAND: Final = PlayHand()
_KONTRA: Final = Kontra()
_RE: Final = Re()
_SKAT_CHOICES: Final[tuple[Action, ...]] = (_PICK_UP, _PLAY_HAND)
_SUIT_AND_GRAND: Final = (
    GameType.DIAMONDS,
    GameType.HEARTS,
    GameType.SPADES,
    GameType.CLUBS,
    GameType.GRAND,
)
_HAND_ANNOUNCEMENTS: Final[tuple[dict[str, bool], ...]] = (
    {},
    {"schneider": True},
    {"schwarz": True},
    {"ouvert": True},
)
_DECLARE_SKAT_GAME: Final = tuple(Declare(game) for game in _SUIT_AND_GRAND)
_DECLARE_HAND_GAME: Final = tuple(
    Declare(game, **flags) for game in _SUIT_AND_GRAND for flags in _HAND_ANNOUNCEMENTS
)
_NULLS: Final = (Declare(GameType.NULL), Declare(GameType.NULL, ouvert=True))
_GRAND_HANDS: Final = tuple(Declare(GameType.GRAND, **flags) for flags in _HAND_ANNOUNCEMENTS)
_FINAL_PHASES: Final = (Phase.FINISHED, Phase.PASSED_IN)


# Shared action records, so listing legal actions builds no new objects.
_BYTE_PLAYS: Final = tuple(
    tuple(
        tuple(_PLAYS[8 * part + bit] for bit in range(7, -1, -1) if byte >> bit & 1)
        for byte in range(256)
    )
    for part in range(4)
)
_DISCARDS: Final = tuple(tuple(Discard(DECK[i], DECK[j]) for j in range(i)) for i in range(32))
_PUSHES: Final = tuple(tuple(Push(DECK[i], DECK[j]) for j in range(i)) for i in range(32))


def _plays(mask: int) -> tuple[Action, ...]:
    """Return the `Play` records of the cards in ``mask``, highest index first."""
    b0, b1, b2, b3 = _BYTE_PLAYS
    return b3[mask >> 24] + b2[mask >> 16 & 0xFF] + b1[mask >> 8 & 0xFF] + b0[mask & 0xFF]


def _pairs(
    table: tuple[tuple[Discard, ...], ...] | tuple[tuple[Push, ...], ...], mask: int
) -> tuple[Action, ...]:
    """Return the records of ``table`` for every two cards of ``mask``."""
    indices = [i for i in range(31, -1, -1) if mask >> i & 1]
    return tuple(table[a][b] for n, a in enumerate(indices) for b in indices[n + 1 :])


class _Setup:
    """The fields of a `GameState` that change rarely (private, copied on write)."""

    __slots__ = (
        "skat",
        "auction",
        "declarer",
        "bid",
        "contract",
        "rules",
        "declarer_cards",
        "picked_up",
        "discarded",
        "kontra",
        "re",
        "re_open",
        "ramsch_turn",
        "pushes",
        "seen",
        "laid",
        "skat_known_by",
    )

    def __init__(self, skat: int) -> None:
        self.skat = skat
        self.auction = Auction()
        self.declarer: Position | None = None
        self.bid = 0
        self.contract: Contract | None = None
        self.rules: GameRules | None = None
        self.declarer_cards = 0
        self.picked_up = 0
        self.discarded = 0
        self.kontra: Position | None = None
        self.re = False
        self.re_open = False
        self.ramsch_turn: Position | None = None
        self.pushes = 0
        self.seen = (0, 0, 0)
        self.laid = (0, 0, 0)
        self.skat_known_by: Position | None = None

    def copy(self) -> _Setup:
        """Return a copy."""
        new = object.__new__(_Setup)
        new.skat = self.skat
        new.auction = self.auction
        new.declarer = self.declarer
        new.bid = self.bid
        new.contract = self.contract
        new.rules = self.rules
        new.declarer_cards = self.declarer_cards
        new.picked_up = self.picked_up
        new.discarded = self.discarded
        new.kontra = self.kontra
        new.re = self.re
        new.re_open = self.re_open
        new.ramsch_turn = self.ramsch_turn
        new.pushes = self.pushes
        new.seen = self.seen
        new.laid = self.laid
        new.skat_known_by = self.skat_known_by
        return new


class GameState:
    """One hand in progress: immutable; `apply` returns the next state.

    Read the state through the properties; `view` gives one seat's knowledge only.
    """

    # Fields that change with (almost) every card are copied on every action; the rest lives
    # in `_Setup`, shared between states and copied only when it changes.
    __slots__ = (
        "_deal",
        "_options",
        "_actions",
        "_phase",
        "_to_act",
        "_hands",
        "_leader",
        "_trick",
        "_tricks",
        "_won",
        "_counts",
        "_cold",
        "_settlement",
        "_history",
    )

    _deal: Deal
    _options: Options
    _actions: tuple[Action, ...]
    _phase: Phase
    _to_act: Position | None
    _hands: tuple[int, int, int]
    _leader: Position
    _trick: tuple[int, ...]
    _tricks: tuple[Trick, ...]
    _won: tuple[int, int, int]
    _counts: tuple[int, int, int]
    _cold: _Setup
    _settlement: Settlement | RamschSettlement | None
    _history: tuple[tuple[Position, Action], ...]

    # ----------------------------------------------------------------- construction

    @classmethod
    def new(cls, deal: Deal, options: Options = DEFAULT_OPTIONS) -> GameState:
        """Return the state before the first action of a hand."""
        state = object.__new__(cls)
        state._deal = deal
        state._options = options
        state._actions = ()
        state._hands = (deal.masks[0], deal.masks[1], deal.masks[2])
        state._leader = Position.FOREHAND
        state._trick = ()
        state._tricks = ()
        state._won = (0, 0, 0)
        state._counts = (0, 0, 0)
        state._cold = _Setup(deal.masks[3])
        state._settlement = None
        state._history = ()
        if options.ramsch:
            state._start_ramsch()
        else:
            state._phase = Phase.BIDDING
            state._to_act = Position.MIDDLEHAND
        return state

    @classmethod
    def replay(
        cls,
        deal: Deal,
        actions: tuple[Action, ...] | list[Action],
        options: Options = DEFAULT_OPTIONS,
    ) -> GameState:
        """Return the state after applying ``actions`` in order (raises on an illegal one)."""
        state = cls.new(deal, options)._clone()
        entries = []
        for action in actions:
            actor = state._to_act
            state._step(action)  # raises if the hand is over (no one to act)
            assert actor is not None
            entries.append((actor, action))
        state._actions = tuple(actions)
        state._history = tuple(entries)
        return state

    @classmethod
    def parse(cls, text: str) -> GameState:
        """Return the state written in game notation (``str(state)``).

        A state is immutable, so the last states read are kept by their text: a table shown
        again at the same revision is not replayed again.
        """
        return _parsed(text)

    def __str__(self) -> str:
        from .notation import dumps

        return dumps(self)

    def __repr__(self) -> str:
        return f"GameState.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GameState)
            and other._actions == self._actions
            and other._deal == self._deal
            and other._options == self._options
        )

    def __hash__(self) -> int:
        return hash((self._deal, self._options, self._actions))

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (GameState.parse, (str(self),))

    def _clone(self) -> GameState:
        new = object.__new__(GameState)
        new._deal = self._deal
        new._options = self._options
        new._actions = self._actions
        new._phase = self._phase
        new._to_act = self._to_act
        new._hands = self._hands
        new._leader = self._leader
        new._trick = self._trick
        new._tricks = self._tricks
        new._won = self._won
        new._counts = self._counts
        new._cold = self._cold
        new._settlement = None
        new._history = self._history
        return new

    def _setup(self) -> _Setup:
        """Give this fresh clone its own copy of the rarely changing fields, and return it."""
        cold = self._cold = self._cold.copy()
        return cold

    # ----------------------------------------------------------------- reading

    @property
    def deal(self) -> Deal:
        """Return the deal."""
        return self._deal

    @property
    def options(self) -> Options:
        """Return the house rules of this hand."""
        return self._options

    @property
    def actions(self) -> tuple[Action, ...]:
        """Return every action so far, in order."""
        return self._actions

    @property
    def phase(self) -> Phase:
        """Return the phase."""
        return self._phase

    @property
    def to_act(self) -> Position | None:
        """Return who acts next, or None when the hand is over."""
        return self._to_act

    @property
    def finished(self) -> bool:
        """Return whether the hand is over (played out or passed in)."""
        return self._phase in _FINAL_PHASES

    @property
    def auction(self) -> Auction:
        """Return the auction (finished once bidding is over)."""
        return self._cold.auction

    @property
    def declarer(self) -> Position | None:
        """Return the declarer (also for a Grand hand declared instead of a Ramsch)."""
        return self._cold.declarer

    @property
    def bid(self) -> int:
        """Return the declarer's bid (18 for a Grand hand instead of a Ramsch; 0 before)."""
        return self._cold.bid

    @property
    def game_type(self) -> GameType | None:
        """Return the game being played, RAMSCH for a Ramsch, None before it is known."""
        return None if self._cold.rules is None else self._cold.rules.game_type

    @property
    def rules(self) -> GameRules | None:
        """Return the rule object of the game being played."""
        return self._cold.rules

    @property
    def contract(self) -> Contract | None:
        """Return the declared contract (None before declaring and in a Ramsch)."""
        return self._cold.contract

    @property
    def target(self) -> Target | None:
        """Return what the declarer must reach to win (None before declaring and in a Ramsch).

        The matadors are counted as the game counts them: over the declarer's cards and the
        skat, also a hand game's unseen skat.
        """
        contract = self._cold.contract
        if contract is None:
            return None
        count = None
        if contract.game_type is not GameType.NULL:
            count = matadors(CardSet.from_mask(self._cold.declarer_cards), contract.game_type)
        return win_target(contract, matadors=count, bid=self._cold.bid)

    def hand(self, position: Position) -> CardSet:
        """Return the cards a position holds now."""
        return CardSet.from_mask(self._hands[position])

    @property
    def skat(self) -> CardSet:
        """Return the cards in the skat now (the discards after laying away; empty in between)."""
        return CardSet.from_mask(self._cold.skat)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Return the completed tricks."""
        return self._tricks

    @property
    def current_trick(self) -> Trick:
        """Return the trick being played (possibly no cards yet)."""
        return Trick(self._leader, tuple(DECK[i] for i in self._trick))

    def cards_taken(self, position: Position) -> CardSet:
        """Return the cards in the tricks a position took."""
        return CardSet.from_mask(self._won[position])

    def trick_count(self, position: Position) -> int:
        """Return how many tricks a position took."""
        return self._counts[position]

    @property
    def kontra(self) -> Position | None:
        """Return the defender who said Kontra, if any."""
        return self._cold.kontra

    @property
    def re(self) -> bool:
        """Return whether the declarer said Re."""
        return self._cold.re

    @property
    def pushes(self) -> int:
        """Return how often the skat was pushed on in a Schieberamsch."""
        return self._cold.pushes

    @property
    def settlement(self) -> Settlement | RamschSettlement | None:
        """Return the result once the hand is played out (None while playing or passed in)."""
        if self._phase is not Phase.FINISHED:
            return None
        if self._settlement is None:
            self._settlement = self._settle()
        return self._settlement

    # ----------------------------------------------------------------- legal actions

    def legal_actions(self) -> tuple[Action, ...]:
        """Return every action the player to act may take now."""
        phase = self._phase
        if phase is Phase.PLAY:
            rules = self._cold.rules
            assert rules is not None and self._to_act is not None
            playable = self._hands[self._to_act]
            if self._trick:
                following = playable & rules.class_masks[self._trick[0]]
                if following:
                    playable = following
            actions = _plays(playable)
            if self._options.kontra_re:
                return self._doubling_choices() + actions
            return actions
        if phase is Phase.BIDDING:
            return self._cold.auction.legal_actions()
        if phase is Phase.SKAT:
            return _SKAT_CHOICES
        if phase is Phase.DISCARD:
            assert self._cold.declarer is not None
            return _pairs(_DISCARDS, self._hands[self._cold.declarer])
        if phase is Phase.DECLARE:
            return self._declare_choices()
        if phase is Phase.RAMSCH:
            ramsch_actions: tuple[Action, ...] = (_PASS,)
            if self._options.schieberamsch:
                ramsch_actions += (_PICK_UP,)
            if self._options.grand_hand_in_ramsch:
                ramsch_actions += _GRAND_HANDS
            return ramsch_actions
        if phase is Phase.PUSH:
            assert self._to_act is not None
            barred = 0 if self._options.push_jacks_allowed else JACKS_MASK
            return _pairs(_PUSHES, self._hands[self._to_act] & ~barred)
        return ()

    def legal_cards(self) -> CardSet:
        """Return the cards the player to act may play (empty outside the play)."""
        if self._phase is not Phase.PLAY:
            return CardSet()
        return CardSet.from_mask(self._legal_play_mask())

    def _legal_play_mask(self) -> int:
        assert self._cold.rules is not None and self._to_act is not None
        led = self._trick[0] if self._trick else -1
        return self._cold.rules.legal_mask(self._hands[self._to_act], led)

    def _declare_choices(self) -> tuple[Action, ...]:
        hand = not self._cold.picked_up
        games = _DECLARE_HAND_GAME if hand else _DECLARE_SKAT_GAME
        bid = self._cold.bid
        nulls = tuple(null for null in _NULLS if self._null_value(null.ouvert, hand) >= bid)
        return games + nulls

    def _null_value(self, ouvert: bool, hand: bool) -> int:
        value = Contract(GameType.NULL, hand=hand, ouvert=ouvert).null_value
        assert value is not None
        return value

    def _doubling_choices(self) -> tuple[Action, ...]:
        if self._kontra_allowed():
            return (_KONTRA,)
        if self._re_allowed():
            return (_RE,)
        return ()

    def _kontra_allowed(self) -> bool:
        options = self._options
        actor = self._to_act
        if not options.kontra_re or self._cold.kontra is not None or self._tricks:
            return False
        declarer = self._cold.declarer
        if declarer is None or actor == declarer or self._cold.contract is None:
            return False
        if self._cold.auction.declarer is None:
            return False  # a Grand hand instead of a Ramsch: no Kontra (rules.md §10)
        if options.kontra_only_if_bid and actor not in self._cold.auction.bidders:
            return False
        return True

    def _re_allowed(self) -> bool:
        return self._cold.re_open and not self._cold.re and self._to_act == self._cold.declarer

    # ----------------------------------------------------------------- applying

    def apply(self, action: Action, *, by: Position | None = None) -> GameState:
        """Return the state after ``action``; ``by`` (optional) checks who is acting.

        Raises `IllegalAction` with a `Reason` if the rules refuse it; ``self`` never changes.
        """
        if by is not None and by != self._to_act:
            raise IllegalAction(Reason.NOT_YOUR_TURN, action)
        new = self._clone()
        if type(action) is Play and self._phase is Phase.PLAY:
            new._play(action.card)  # the common case, without the dispatch
        elif type(action) not in ACTION_TYPES:
            raise IllegalAction(Reason.UNKNOWN_ACTION, action)
        else:
            new._step(action)
        new._actions = (*self._actions, action)
        actor = self._to_act
        assert actor is not None  # else the action was refused above
        new._history = (*self._history, (actor, action))
        return new

    def undo(self) -> GameState:
        """Return the state before the last action (the same state if there is none)."""
        if not self._actions:
            return self
        return GameState.replay(self._deal, self._actions[:-1], self._options)

    def _step(self, action: Action) -> None:
        """Check and apply ``action`` to this fresh clone (the caller discards it on error)."""
        phase = self._phase
        if phase is Phase.PLAY:
            if type(action) is Play:
                self._play(action.card)
            elif type(action) is Kontra:
                if not self._kontra_allowed():
                    raise IllegalAction(Reason.KONTRA_NOT_ALLOWED, action)
                cold = self._setup()
                cold.kontra = self._to_act
                cold.re_open = True
            elif type(action) is Re:
                if not self._re_allowed():
                    raise IllegalAction(Reason.RE_NOT_ALLOWED, action)
                cold = self._setup()
                cold.re = True
                cold.re_open = False
            else:
                raise IllegalAction(Reason.WRONG_PHASE, action)
            return
        if phase in _FINAL_PHASES:
            raise IllegalAction(Reason.WRONG_PHASE, action)
        self._setup()
        if phase is Phase.BIDDING:
            self._bidding(action)
        elif phase is Phase.SKAT:
            self._skat_choice(action)
        elif phase is Phase.DISCARD:
            self._discard(action)
        elif phase is Phase.DECLARE:
            self._declare(action)
        elif phase is Phase.RAMSCH:
            self._ramsch_choice(action)
        else:
            self._push(action)

    def _bidding(self, action: Action) -> None:
        if not isinstance(action, Bid | Hold | Pass):
            raise IllegalAction(Reason.WRONG_PHASE, action)
        auction = self._cold.auction.apply(action)
        self._cold.auction = auction
        if not auction.finished:
            self._to_act = auction.to_act
        elif auction.declarer is not None:
            self._cold.declarer = auction.declarer
            self._cold.bid = auction.value
            self._phase = Phase.SKAT
            self._to_act = auction.declarer
        elif self._options.ramsch_when_passed:
            self._start_ramsch()
        else:
            self._phase = Phase.PASSED_IN
            self._to_act = None

    def _skat_choice(self, action: Action) -> None:
        declarer = self._cold.declarer
        assert declarer is not None
        if type(action) is PickUp:
            skat = self._cold.skat
            self._cold.picked_up = skat
            self._cold.seen = _replace(self._cold.seen, declarer, self._cold.seen[declarer] | skat)
            self._hands = _replace(self._hands, declarer, self._hands[declarer] | skat)
            self._cold.skat = 0
            self._phase = Phase.DISCARD
        elif type(action) is PlayHand:
            self._phase = Phase.DECLARE
        else:
            raise IllegalAction(Reason.WRONG_PHASE, action)

    def _two_cards(self, action: Discard | Push, holder: Position) -> int:
        mask = action.first.bit | action.second.bit
        if action.first is action.second:
            raise IllegalAction(Reason.SAME_CARD_TWICE, action)
        if self._hands[holder] & mask != mask:
            raise IllegalAction(Reason.DISCARD_NOT_HELD, action)
        return mask

    def _discard(self, action: Action) -> None:
        declarer = self._cold.declarer
        assert declarer is not None
        if type(action) is not Discard:
            raise IllegalAction(Reason.WRONG_PHASE, action)
        mask = self._two_cards(action, declarer)
        self._hands = _replace(self._hands, declarer, self._hands[declarer] & ~mask)
        self._cold.skat = mask
        self._cold.discarded = mask
        self._cold.laid = _replace(self._cold.laid, declarer, mask)
        self._cold.skat_known_by = declarer
        self._phase = Phase.DECLARE

    def _declare(self, action: Action) -> None:
        if type(action) is not Declare:
            raise IllegalAction(Reason.WRONG_PHASE, action)
        hand = not self._cold.picked_up
        self._begin_game(action, hand=hand)

    def _begin_game(self, action: Declare, *, hand: bool) -> None:
        declarer = self._cold.declarer
        assert declarer is not None
        if action.game_type is GameType.RAMSCH:
            raise IllegalAction(Reason.GAME_NOT_ALLOWED, action)
        if action.game_type is GameType.NULL:
            if action.schneider or action.schwarz:
                raise IllegalAction(Reason.ANNOUNCEMENT_NOT_ALLOWED, action)
            if self._null_value(action.ouvert, hand) < self._cold.bid:
                raise IllegalAction(Reason.NULL_BELOW_BID, action)
        elif (action.schneider or action.ouvert) and not hand:
            raise IllegalAction(Reason.ANNOUNCEMENT_NOT_ALLOWED, action)
        self._cold.contract = Contract(
            action.game_type,
            hand=hand,
            schneider_announced=action.schneider,
            schwarz_announced=action.schwarz,
            ouvert=action.ouvert,
        )
        self._cold.rules = rules_for(action.game_type)
        self._cold.declarer_cards = self._hands[declarer] | self._cold.skat | self._cold.discarded
        self._phase = Phase.PLAY
        self._leader = Position.FOREHAND
        self._to_act = Position.FOREHAND

    def _start_ramsch(self) -> None:
        options = self._options
        self._cold.rules = rules_for(GameType.RAMSCH)
        if options.schieberamsch or options.grand_hand_in_ramsch:
            self._phase = Phase.RAMSCH
            self._cold.ramsch_turn = Position.FOREHAND
            self._to_act = Position.FOREHAND
        else:
            self._start_ramsch_play()

    def _start_ramsch_play(self) -> None:
        self._phase = Phase.PLAY
        self._cold.ramsch_turn = None
        self._leader = Position.FOREHAND
        self._to_act = Position.FOREHAND

    def _next_ramsch_turn(self) -> None:
        turn = self._cold.ramsch_turn
        assert turn is not None
        if turn is Position.REARHAND:
            self._start_ramsch_play()
        else:
            self._phase = Phase.RAMSCH
            self._cold.ramsch_turn = self._to_act = turn.next

    def _ramsch_choice(self, action: Action) -> None:
        actor = self._cold.ramsch_turn
        assert actor is not None
        options = self._options
        if type(action) is Pass:
            self._next_ramsch_turn()
        elif type(action) is PickUp:
            if not options.schieberamsch:
                raise IllegalAction(Reason.GAME_NOT_ALLOWED, action)
            skat = self._cold.skat
            self._cold.seen = _replace(self._cold.seen, actor, self._cold.seen[actor] | skat)
            self._hands = _replace(self._hands, actor, self._hands[actor] | skat)
            self._cold.skat = 0
            self._phase = Phase.PUSH
        elif type(action) is Declare:
            if not options.grand_hand_in_ramsch or action.game_type is not GameType.GRAND:
                raise IllegalAction(Reason.GAME_NOT_ALLOWED, action)
            self._cold.declarer = actor
            self._cold.bid = BID_VALUES[0]
            self._begin_game(action, hand=True)
        else:
            raise IllegalAction(Reason.WRONG_PHASE, action)

    def _push(self, action: Action) -> None:
        actor = self._cold.ramsch_turn
        assert actor is not None
        if type(action) is not Push:
            raise IllegalAction(Reason.WRONG_PHASE, action)
        mask = self._two_cards(action, actor)
        if mask & JACKS_MASK and not self._options.push_jacks_allowed:
            raise IllegalAction(Reason.JACK_NOT_PUSHABLE, action)
        self._hands = _replace(self._hands, actor, self._hands[actor] & ~mask)
        self._cold.skat = mask
        self._cold.pushes += 1
        self._cold.laid = _replace(self._cold.laid, actor, mask)
        self._cold.skat_known_by = actor
        self._next_ramsch_turn()

    def _play(self, card: Card) -> None:
        actor = self._to_act
        cold = self._cold
        rules = cold.rules
        assert actor is not None and rules is not None
        hands = self._hands
        hand = hands[actor]
        bit = card.bit
        if not hand & bit:
            raise IllegalAction(Reason.CARD_NOT_IN_HAND, _PLAYS[card.index])
        trick = self._trick
        if trick:
            following = hand & rules.class_masks[trick[0]]
            if following and not bit & following:
                raise IllegalAction(Reason.MUST_FOLLOW_SUIT, _PLAYS[card.index])
        hand ^= bit
        if actor == 0:
            self._hands = (hand, hands[1], hands[2])
        elif actor == 1:
            self._hands = (hands[0], hand, hands[2])
        else:
            self._hands = (hands[0], hands[1], hand)
        if cold.re_open and actor == cold.declarer:
            self._setup().re_open = False
        trick = (*trick, card.index)
        if len(trick) < 3:
            self._trick = trick
            self._to_act = _POSITIONS[(actor + 1) % 3]
            return
        leader = self._leader
        winner = _POSITIONS[(leader + rules.winner_index(trick)) % 3]
        won = self._won
        self._won = _replace(won, winner, won[winner] | (1 << trick[0]) | (1 << trick[1]) | bit)
        counts = self._counts
        self._counts = _replace(counts, winner, counts[winner] + 1)
        tricks = self._tricks = (
            *self._tricks,
            Trick(leader, (DECK[trick[0]], DECK[trick[1]], card), winner),
        )
        self._trick = ()
        self._leader = winner
        if len(tricks) == 10 or (rules.game_type is GameType.NULL and winner == cold.declarer):
            self._phase = Phase.FINISHED
            self._to_act = None
        else:
            self._to_act = winner

    # ----------------------------------------------------------------- result

    def _settle(self) -> Settlement | RamschSettlement:
        contract = self._cold.contract
        if contract is None:
            return self._settle_ramsch()
        declarer = self._cold.declarer
        assert declarer is not None
        options = self._options
        declarer_points: int | None = None
        count: int | None = None
        if contract.game_type is not GameType.NULL:
            declarer_points = mask_points(self._won[declarer] | self._cold.skat)
            count = matadors(CardSet.from_mask(self._cold.declarer_cards), contract.game_type)
        return settle(
            contract,
            matadors=count,
            declarer_points=declarer_points,
            declarer_tricks=self._counts[declarer],
            bid=self._cold.bid,
            kontra=self._cold.kontra is not None,
            re=self._cold.re,
            # A Grand hand instead of a Ramsch counts no Bock (rules.md §10).
            bock=options.bock and self._cold.auction.declarer is not None,
            players=options.players,
        )

    def _settle_ramsch(self) -> RamschSettlement:
        points = [mask_points(taken) for taken in self._won]
        if self._options.skat_to_loser:
            # (decided) On a tie for most points the skat goes to the first of them from forehand.
            receiver = points.index(max(points))
        else:
            last = self._tricks[-1].winner
            assert last is not None
            receiver = last
        points[receiver] += mask_points(self._cold.skat)
        return settle_ramsch(
            points, self._counts, pushes=self._cold.pushes, bock=self._options.bock
        )

    # ----------------------------------------------------------------- what a seat knows

    def history(self) -> tuple[tuple[Position, Action], ...]:
        """Return every action so far with the position that took it.

        Recorded as the actions are applied (or replayed), so that a seat's view, which
        lists them, does not replay the hand once more.
        """
        return self._history

    def view(self, position: Position) -> SeatView:
        """Return exactly what ``position`` may know now."""
        cold = self._cold
        declarer = cold.declarer
        contract = cold.contract
        open_cards: CardSet | None = None
        if contract is not None and contract.ouvert and declarer is not None:
            open_cards = CardSet.from_mask(self._hands[declarer])
        rules = cold.rules
        voids: list[frozenset[SuitClass]] = [frozenset(), frozenset(), frozenset()]
        if rules is not None:
            for trick in (*self._tricks, self.current_trick):
                led = rules.follows(trick.cards[0]) if trick.cards else None
                for player, card in zip(trick.players[1:], trick.cards[1:]):
                    if led is not None and rules.follows(card) is not led:
                        voids[player] = voids[player] | {led}
        log = tuple(
            (actor, None if isinstance(action, Discard | Push) and actor != position else action)
            for actor, action in self.history()
        )
        seen = cold.seen[position]
        laid = cold.laid[position]
        skat_known = self.finished or cold.skat_known_by == position or not cold.skat
        return SeatView(
            position=position,
            phase=self._phase,
            to_act=self._to_act,
            options=self._options,
            hand=CardSet.from_mask(self._hands[position]),
            hand_sizes=(
                self._hands[0].bit_count(),
                self._hands[1].bit_count(),
                self._hands[2].bit_count(),
            ),
            skat_size=cold.skat.bit_count(),
            log=log,
            auction=cold.auction.history,
            ramsch=rules is not None and cold.auction.declarer is None,
            declarer=declarer,
            bid=cold.bid,
            game_type=self.game_type,
            contract=contract,
            skat_seen=CardSet.from_mask(seen) if seen else None,
            laid_away=CardSet.from_mask(laid) if laid else None,
            skat=CardSet.from_mask(cold.skat) if skat_known else None,
            pushes=cold.pushes,
            open_cards=open_cards,
            tricks=self._tricks,
            current_trick=self.current_trick,
            voids=(voids[0], voids[1], voids[2]),
            trick_points=(
                mask_points(self._won[0]),
                mask_points(self._won[1]),
                mask_points(self._won[2]),
            ),
            trick_counts=self._counts,
            kontra=cold.kontra,
            re=cold.re,
            legal_actions=self.legal_actions() if position == self._to_act else (),
            settlement=self.settlement,
        )


def _replace(values: tuple[int, int, int], position: int, value: int) -> tuple[int, int, int]:
    """Return ``values`` with the item at ``position`` replaced."""
    if position == 0:
        return (value, values[1], values[2])
    if position == 1:
        return (values[0], value, values[2])
    return (values[0], values[1], value)


@lru_cache(maxsize=PARSED_STATES)
def _parsed(text: str) -> GameState:
    """Return the state written in ``text`` (see `GameState.parse`)."""
    from .notation import loads

    return loads(text)
