"""The text notation of a whole hand: deal, house rules and actions; URL-safe and round-trips.

``DEAL[_OPTIONS]_ACTIONS``:

- DEAL: forehand's, middlehand's and rearhand's cards and the skat, each run together and joined
  with ``-`` (see `Deal`).
- OPTIONS (only when a house rule is on): the `Options` that differ from the default, joined
  with ``.``: ``kontra-re``, ``no-push-jacks-allowed``, ``players-4``.
- ACTIONS: one token per action, joined with ``.``: a bid value (``18``), ``yes``, ``pass``,
  ``skat`` (pick up), ``hand``, ``discard-CA-D7``, ``push-C7-D7``, the game (``clubs``,
  ``grand-ouvert``, ``hearts-schneider``, ``null-ouvert``), ``kontra``, ``re``, and a card
  (``CJ``) for each card played.

Only letters, digits and ``- . _`` are used, so the text needs no escaping in a URL.

>>> from webapp.engine import Bid, Card, Declare, GameType, Pass, Play, PlayHand
>>> state = GameState.new(Deal.from_seed(1))
>>> for action in (Bid(18), Pass(), Pass(), PlayHand(), Declare(GameType.CLUBS),
...                Play(Card.parse("HA"))):
...     state = state.apply(action)
>>> text = dumps(state)
>>> text
'HJDJCKC8SQHAHKH8DAD9-CJSJCTCQSTSKS8HTDTDQ-C9C7SAS9HQH9H7DKD8D7-CAS7_18.pass.pass.hand.clubs.HA'
>>> loads(text) == state
True
>>> dumps(GameState.new(Deal.from_seed(1), Options(kontra_re=True, players=4)))[-26:]
'-CAS7_kontra-re.players-4_'
"""

from __future__ import annotations

from dataclasses import fields

from .actions import parse_action, token
from .deal import Deal
from .game import DEFAULT_OPTIONS, GameState, Options

__all__ = ["dumps", "loads", "dumps_options", "loads_options"]


def dumps_options(options: Options) -> str:
    """Return the options that differ from the default as ``.``-joined tokens."""
    tokens = []
    for field in fields(Options):
        value = getattr(options, field.name)
        if value == getattr(DEFAULT_OPTIONS, field.name):
            continue
        word = field.name.replace("_", "-")
        if value is True:
            tokens.append(word)
        elif value is False:
            tokens.append("no-" + word)
        else:
            tokens.append(f"{word}-{value}")
    return ".".join(tokens)


def loads_options(text: str) -> Options:
    """Return the options written by `dumps_options`."""
    values: dict[str, bool | int] = {}
    kinds = {field.name: type(getattr(DEFAULT_OPTIONS, field.name)) for field in fields(Options)}
    for word in filter(None, text.split(".")):
        name = word.replace("-", "_")
        if kinds.get(name) is bool:
            values[name] = True
        elif name.startswith("no_") and kinds.get(name[3:]) is bool:
            values[name[3:]] = False
        else:
            stem, _, number = name.rpartition("_")
            if kinds.get(stem) is not int or not number.isdigit():
                raise ValueError(f"not an option: {word!r}")
            values[stem] = int(number)
    return Options(**values)  # type: ignore[arg-type]


def dumps(state: GameState) -> str:
    """Return the notation of a hand."""
    parts = [str(state.deal)]
    options = dumps_options(state.options)
    if options:
        parts.append(options)
    parts.append(".".join(token(action) for action in state.actions))
    return "_".join(parts)


def loads(text: str) -> GameState:
    """Return the hand written in notation; raise ValueError (or `IllegalAction`) if it is not."""
    parts = text.strip().split("_")
    if len(parts) == 2:
        deal_text, options_text, actions_text = parts[0], "", parts[1]
    elif len(parts) == 3:
        deal_text, options_text, actions_text = parts
    else:
        raise ValueError("not a game: expected DEAL_ACTIONS or DEAL_OPTIONS_ACTIONS")
    actions = [parse_action(word) for word in actions_text.split(".") if word]
    return GameState.replay(Deal.parse(deal_text), actions, loads_options(options_text))
