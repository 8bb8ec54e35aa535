"""Cards as HTML: what the macros ``card``, ``card_back`` and ``card_row`` of ``decks/macros.html`` give.

The macros were Jinja; a page of 32 cards spent most of its time in them (a macro call
inside a macro call, a translation and a ``url_for`` per card). Written in Python they
give the same HTML, byte for byte, in a small fraction of the time. Values are escaped
as Jinja escapes ``{{ value }}``, and ``~`` joins as Jinja joins, so whatever a template
passes comes out as it did.

Names come from :func:`webapp.decks.card_name` (remembered per catalog) and image URLs
from :func:`webapp.web.static_url` (the static folder's URL found once per request). A card's
image is its fragment of the deck's sprite (``…/sprite.svg?v=…#CJ``, `webapp.decks.sprite`):
a page's cards are one request.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import has_request_context
from jinja2.runtime import markup_join
from markupsafe import Markup, escape, soft_str

from webapp.decks import CARD_SIZES, Deck, back_name, back_sprite, card_name, card_sprite, deck_of, notation, remembered
from webapp.display import current_display
from webapp.web import current_deck, static_root, static_url

__all__ = ["card", "card_back", "card_row", "card_faces"]

_MOST_REMEMBERED = 20_000
"""Cards remembered per catalog at most (a page's few dozen cards × decks × sizes fit many times)."""


def _size(size: str) -> tuple[int, int]:
    return CARD_SIZES.get(size, CARD_SIZES["md"])


def _sprite_url(path: str, fragment: str) -> Markup:
    return escape(f"{static_url(path)}#{fragment}")


def _more_classes(classes: object) -> str:
    """Return ``{{ ' ' ~ classes if classes }}``: a space and the classes, or nothing."""
    return escape(markup_join((" ", classes))) if classes else ""


def _img(c: object, deck: Deck | str | None, size: str, alt: object, title: object, classes: object) -> str:
    width, height = _size(size)
    alt_html = escape(alt)
    title_attr = f' title="{alt_html}"' if title and alt else ""
    image = _sprite_url(*card_sprite(c, deck, colour_safe=current_display().colour_safe_suits))
    return (
        f'<img src="{image}" alt="{alt_html}"{title_attr}'
        f' class="card card--{escape(size)}{_more_classes(classes)}"'
        f'\n     width="{width}" height="{height}" data-card="{escape(c)}" draggable="false">'
    )


def card(
    c: object,
    deck: Deck | str | None = None,
    size: str = "md",
    interactive: bool = False,
    name: str = "card",
    selected: bool | None = None,
    disabled: bool = False,
    decorative: bool = False,
    classes: str = "",
    form: str | None = None,
    title: bool = True,
) -> Markup:
    """Return one card: an ``<img>``, or a submit button around it when ``interactive``.

    The arguments are the macro's (see ``decks/macros.html``). A card's HTML depends on
    them, the language (the catalog) and the static folder's URL only, so it is worked
    out once and remembered with the catalog, when the text arguments are plain strings
    (the colour-safe faces of high contrast are remembered apart).
    """
    known = remembered()
    if known is None or not (type(size) is type(name) is type(classes) is str and (form is None or type(form) is str)):
        return _card(c, deck, size, interactive, name, selected, disabled, decorative, classes, form, title)
    key = (
        "card", static_root(), notation(c), deck_of(deck), current_display().colour_safe_suits, size, bool(interactive), name,
        None if selected is None else bool(selected), bool(disabled), bool(decorative), classes, form, bool(title),
    )
    html: Markup | None = known.get(key)
    if html is None:
        html = _card(c, deck, size, interactive, name, selected, disabled, decorative, classes, form, title)
        if len(known) < _MOST_REMEMBERED:
            known[key] = html
    return html


def _card(
    c: object,
    deck: Deck | str | None,
    size: str,
    interactive: bool,
    name: str,
    selected: bool | None,
    disabled: bool,
    decorative: bool,
    classes: str,
    form: str | None,
    title: bool,
) -> Markup:
    label = "" if decorative else card_name(c, deck)
    state = (" is-selected" if selected else "") + (" is-dim" if disabled else "")
    if not interactive:
        joined = soft_str(markup_join((classes, state))).strip()
        return Markup(_img(c, deck, size, label, title and not decorative, joined))
    pressed = "" if selected is None else ' aria-pressed="true"' if selected else ' aria-pressed="false"'
    form_attr = f' form="{escape(form)}"' if form else ""
    return Markup(
        f'<button type="submit" class="card-button card-button--{escape(size)}{escape(state)}"'
        f' name="{escape(name)}" value="{escape(c)}"{pressed}{" disabled" if disabled else ""}{form_attr}>'
        f"{_img(c, deck, size, card_name(c, deck), title, classes)}</button>"
    )


def card_back(size: str = "md", label: object = None, decorative: bool = False, classes: str = "") -> Markup:
    """Return a face-down card; ``label`` replaces its spoken name ("face-down card").

    The back comes from the sprite of the visitor's deck, which the page's faces are drawn from.
    """
    width, height = _size(size)
    alt = "" if decorative else (label or back_name())
    deck = current_deck() if has_request_context() else None
    image = _sprite_url(*back_sprite(deck, colour_safe=current_display().colour_safe_suits))
    return Markup(
        f'<img src="{image}" alt="{escape(alt)}"'
        f'\n     class="card card--{escape(size)} card--back{_more_classes(classes)}"'
        f' width="{width}" height="{height}"\n     draggable="false">'
    )


def card_row(
    cards: Iterable[object],
    deck: Deck | str | None = None,
    size: str = "md",
    interactive: bool = False,
    name: str = "card",
    selected: Iterable[object] | None = None,
    enabled: Iterable[object] | None = None,
    label: object = None,
    fan: bool = False,
    form: str | None = None,
    classes: str = "",
) -> Markup:
    """Return a list of cards (a hand, a trick, the skat) as ``<ul class="card-row">``.

    The arguments are the macro's (see ``decks/macros.html``).
    """
    chosen = None if selected is None else [soft_str(c) for c in selected]
    allowed = None if enabled is None else [soft_str(c) for c in enabled]
    parts = [
        f'<ul class="card-row card-row--{escape(size)}{" card-row--fan" if fan else ""}{_more_classes(classes)}"',
        # A fan may scroll sideways on a narrow screen: without buttons in it, the row itself
        # takes the focus, so that the keyboard can scroll it too.
        ' tabindex="0"' if fan and not interactive else "",
        f' aria-label="{escape(label)}">' if label else ">",
    ]
    for c in cards:
        text = soft_str(c)
        face = card(
            c,
            deck,
            size=size,
            interactive=interactive,
            name=name,
            selected=(text in chosen) if chosen is not None else None,
            disabled=allowed is not None and text not in allowed,
            form=form,
        )
        parts.append(f"\n  <li>{face}</li>")
    parts.append("\n</ul>")
    return Markup("".join(parts))


def card_faces(rows: Iterable[Iterable[object]], deck: Deck | str | None = None, **arguments: Any) -> dict[str, Markup]:
    """Return each card of ``rows`` drawn by :func:`card` (with ``deck`` and ``arguments``), by its notation.

    A page that shows a grid of cards twice (the calculator's card picker) draws each face once.
    """
    return {soft_str(c): card(c, deck, **arguments) for row in rows for c in row}
