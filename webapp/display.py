"""The display settings: card size, text size, colours, contrast and motion, kept in one cookie.

Each setting chosen is rendered on ``<html>`` as a data attribute (``data-theme="dark"``; a
setting left at its default has none), and the
stylesheets apply it through custom properties. The stylesheets are linked in the settings'
order, so high contrast comes after (and over) the dark colours. Contrast, theme and motion start at ``auto``:
the page then follows the device (``prefers-contrast``, ``prefers-color-scheme``,
``prefers-reduced-motion``) by linking their stylesheet with that media query, so the right
look is there from the first paint, without JavaScript.

>>> Display.from_cookie("card_size-large.theme-dark.motion-sideways")
Display(card_size='large', text_size='normal', theme='dark', contrast='auto', motion='auto')
>>> Display(theme="dark", text_size="xlarge").cookie_value()
'text_size-xlarge.theme-dark'
>>> Display().stylesheet_media("theme"), Display(theme="dark").stylesheet_media("theme")
('(prefers-color-scheme: dark)', 'all')
>>> Display(theme="light").stylesheet_media("theme") is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Final

from flask import g, has_request_context, request
from flask_babel import LazyString

from webapp import parse
from webapp.i18n import lazy_gettext, lazy_pgettext

COOKIE: Final = "display"
AUTO: Final = "auto"


@dataclass(frozen=True)
class Choice:
    """One value a setting may take, with its label."""

    value: str
    label: LazyString


@dataclass(frozen=True)
class Setting:
    """A display setting: its field name, its legend, and its choices (the first is the default)."""

    name: str
    legend: LazyString
    choices: tuple[Choice, ...]
    hint: LazyString | None = None
    stylesheet: str | None = None
    """The stylesheet (under ``static/css/display/``) its strong choice links, if it has one."""
    strong: str | None = None
    """The choice that links the stylesheet for everyone; ``auto`` links it for the device's media query."""
    media: str | None = None
    """The device's media query that stands for the strong choice under ``auto``."""

    @property
    def values(self) -> tuple[str, ...]:
        """Return the values of the choices, the default first."""
        return tuple(choice.value for choice in self.choices)


# TRANSLATORS: the choice that follows the device's own setting (its dark mode, contrast or motion).
_DEVICE = lazy_pgettext("display setting", "As on this device")

SETTINGS: Final[tuple[Setting, ...]] = (
    Setting(
        "card_size",
        lazy_pgettext("display setting", "Card size"),
        (
            Choice("normal", lazy_pgettext("card size", "Normal")),
            Choice("large", lazy_pgettext("card size", "Large")),
            Choice("xlarge", lazy_pgettext("card size", "Extra large")),
        ),
    ),
    Setting(
        "text_size",
        lazy_pgettext("display setting", "Text size"),
        (
            Choice("normal", lazy_pgettext("text size", "Normal")),
            Choice("large", lazy_pgettext("text size", "Large")),
            Choice("xlarge", lazy_pgettext("text size", "Extra large")),
        ),
    ),
    Setting(
        "theme",
        lazy_pgettext("display setting", "Colours"),
        (
            Choice(AUTO, _DEVICE),
            Choice("light", lazy_pgettext("theme", "Light")),
            Choice("dark", lazy_pgettext("theme", "Dark")),
        ),
        stylesheet="dark.css",
        strong="dark",
        media="(prefers-color-scheme: dark)",
    ),
    Setting(
        "contrast",
        lazy_pgettext("display setting", "Contrast"),
        (
            Choice(AUTO, _DEVICE),
            Choice("standard", lazy_pgettext("contrast", "Standard")),
            Choice("high", lazy_pgettext("contrast", "High")),
        ),
        hint=lazy_gettext(
            "High contrast: darker text, thicker card outlines, and suits in colours that "
            "people with red-green colour blindness can tell apart."
        ),
        stylesheet="contrast.css",
        strong="high",
        media="(prefers-contrast: more)",
    ),
    Setting(
        "motion",
        lazy_pgettext("display setting", "Animations"),
        (
            Choice(AUTO, _DEVICE),
            Choice("full", lazy_pgettext("animations", "On")),
            Choice("reduced", lazy_pgettext("animations", "Off")),
        ),
        stylesheet="still.css",
        strong="reduced",
        media="(prefers-reduced-motion: reduce)",
    ),
)
BY_NAME: Final[dict[str, Setting]] = {setting.name: setting for setting in SETTINGS}


@dataclass(frozen=True)
class Display:
    """What one visitor chose; every field holds one of its setting's values."""

    card_size: str = "normal"
    text_size: str = "normal"
    theme: str = AUTO
    contrast: str = AUTO
    motion: str = AUTO

    @classmethod
    def from_cookie(cls, text: str | None) -> Display:
        """Read the cookie; a part that is not a known setting and value is left at its default."""
        chosen: dict[str, str] = {}
        for part in (text or "").split(".")[: len(SETTINGS)]:
            name, _, value = part.partition("-")
            setting = BY_NAME.get(name)
            if setting is None:
                continue
            try:
                chosen[name] = parse.choice(value, setting.values)
            except parse.Refused:
                continue
        return cls(**chosen)

    def cookie_value(self) -> str:
        """Write what differs from the defaults as ``name-value`` parts joined by dots."""
        return ".".join(f"{name}-{value}" for name, value in self.chosen())

    def chosen(self) -> list[tuple[str, str]]:
        """Return the settings that differ from their defaults, with their values (the attributes of ``<html>``)."""
        return [(name, value) for name, value in self.items() if value != BY_NAME[name].values[0]]

    def with_form(self, form: Mapping[str, str]) -> Display:
        """Return these settings changed by the form's fields (a field left out keeps its value).

        A value that is not one of its setting's choices refuses the whole form (`parse.Refused`).
        """
        changes = {
            setting.name: parse.choice(form[setting.name], setting.values)
            for setting in SETTINGS
            if setting.name in form
        }
        return replace(self, **changes)

    def items(self) -> list[tuple[str, str]]:
        """Return each setting's name and its chosen value, in the settings' order."""
        return [(field.name, getattr(self, field.name)) for field in fields(self)]

    def stylesheet_media(self, name: str) -> str | None:
        """Return the ``media`` of the setting's stylesheet link: ``all``, the device's query, or None (no link)."""
        setting = BY_NAME[name]
        value = getattr(self, name)
        if value == setting.strong:
            return "all"
        if value == AUTO:
            return setting.media
        return None

    @property
    def colour_safe_suits(self) -> bool:
        """Tell whether cards are drawn in the colour-safe faces (high contrast chosen)."""
        return self.contrast == "high"


def current_display() -> Display:
    """Return the display settings of this request's visitor (their cookie), found once per request."""
    if not has_request_context():
        return Display()
    if "display" not in g:
        g.display = Display.from_cookie(request.cookies.get(COOKIE))
    display: Display = g.display
    return display
