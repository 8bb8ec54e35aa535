"""Read the scoresheet's forms: a new list, and a hand's entry (fields named as in `sheet`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from webapp.engine import BockTrigger
from webapp.scoresheet.sheet import (
    ENTRY_FIELDS,
    MAX_TITLE,
    PRESETS,
    EntryError,
    HouseRules,
    Issue,
    Preset,
    Problem,
    check_names,
    clean_text,
    seat_fields,
)

#: The house rules the new-list form offers as switches (the totals are a choice of their own).
RULE_SWITCHES = tuple(name for name in HouseRules.__dataclass_fields__ if name not in ("bock", "seeger_fabian"))


@dataclass(frozen=True, slots=True)
class NewList:
    """What the new-list form asks for."""

    title: str
    players: tuple[str, ...]
    rules: HouseRules


class Form:
    """The values a form was sent with, to show them again."""

    def __init__(self, values: Mapping[str, str], lists: Mapping[str, Sequence[str]] | None = None) -> None:
        self.values = dict(values)
        self.lists = {name: list(items) for name, items in (lists or {}).items()}

    def get(self, name: str, default: str = "") -> str:
        """Return the value sent for ``name``."""
        return self.values.get(name, default)

    def has(self, name: str, value: str) -> bool:
        """Tell whether ``value`` was sent among the values of ``name`` (checkbox groups)."""
        return value in self.lists.get(name, [self.values.get(name, "")])


def rules_form(rules: HouseRules) -> Form:
    """Return the new-list form filled in with ``rules``."""
    values = {name: "1" for name in RULE_SWITCHES if getattr(rules, name)}
    values["preset"] = rules.preset.value
    values["totals"] = "seeger_fabian" if rules.seeger_fabian else "classic"
    return Form(values, {"bock": [trigger.value for trigger in rules.bock]})


def read_new_list(form: Mapping[str, str], bock: Sequence[str]) -> NewList:
    """Read the new-list form; raise `EntryError` at the first wrong field."""
    title = clean_text(form.get("title", ""))
    if len(title) > MAX_TITLE:
        raise EntryError(Issue("title", Problem.TITLE_TOO_LONG, value=MAX_TITLE))
    names = [form.get(f"player_{seat}", "") for seat in range(1, 5)]
    if not clean_text(names[3]):
        names = names[:3]
    players = check_names(names)
    try:
        preset = Preset(form.get("preset", Preset.CUSTOM.value))
    except ValueError:
        raise EntryError(Issue("preset", Problem.MALFORMED)) from None
    if preset is not Preset.CUSTOM:
        return NewList(title, players, PRESETS[preset])
    try:
        triggers = frozenset(BockTrigger(value) for value in bock)
    except ValueError:
        raise EntryError(Issue("bock", Problem.MALFORMED)) from None
    totals = form.get("totals", "classic")
    if totals not in ("classic", "seeger_fabian"):
        raise EntryError(Issue("totals", Problem.MALFORMED))
    switches = {name: form.get(name, "") == "1" for name in RULE_SWITCHES}
    return NewList(title, players, HouseRules(bock=triggers, seeger_fabian=totals == "seeger_fabian", **switches))


def entry_values(form: Mapping[str, str], players: int) -> dict[str, str]:
    """Return the entry fields a form sent (nothing else: no token, no revision)."""
    names = (*ENTRY_FIELDS, *seat_fields(players))
    return {name: form[name] for name in names if name in form}
