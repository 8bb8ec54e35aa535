"""The site header (brand, navigation, the language, deck and display menus), drawn once and kept.

Every page draws the same header, and drawing it was about half of what a simple page cost.
What it shows depends only on the language, the deck, the display settings, the page's area
and where the app is mounted, so it is drawn once for each of those in a process and kept: a
cache of a pure function of its key, not state. Three things differ from page to page and are
put in after drawing, each escaped as the template would have escaped it: the forms' CSRF token,
the page's own address (the forms' ``next``) and the tail of its address in another language.
"""

from __future__ import annotations

from flask import current_app, render_template, request
from jinja2.filters import do_urlencode
from markupsafe import Markup, escape

from webapp import i18n
from webapp.display import current_display
from webapp.web import current_deck, language_parts, switch_language_url

TEMPLATE = "_site_header.html"
KEPT = 512
"""Headers kept per app before the store is emptied (5 languages x 3 decks x a few displays x areas)."""

CSRF, NEXT, NEXT_QUERY, TAIL = (f"\x00kiebitz-{name}\x00" for name in ("csrf", "next", "next-query", "tail"))
"""Stand-ins drawn into a kept header; no text of the header can contain a NUL."""


def site_header(csrf: str) -> Markup:
    """Return the header of the current page, with ``csrf`` as its forms' token."""
    endpoint = request.endpoint or ""
    section, on_cards = endpoint.split(".")[0], endpoint == "core.cards"
    here = request.full_path if request.query_string else request.path
    parts = language_parts()
    if not parts or current_app.debug:
        return Markup(render_template(
            TEMPLATE, csrf=csrf, next=here, next_query=do_urlencode(here),
            language_url=switch_language_url, section=section, on_cards=on_cards,
        ))
    head, tail = parts
    key = (request.script_root, head, i18n.current_language(), current_deck(), current_display(),
           section, on_cards)
    kept: dict[tuple[object, ...], str] = current_app.extensions.setdefault("kiebitz.site_headers", {})
    drawn = kept.get(key)
    if drawn is None:
        if len(kept) >= KEPT:
            kept.clear()
        drawn = kept[key] = render_template(
            TEMPLATE, csrf=CSRF, next=NEXT, next_query=NEXT_QUERY,
            language_url=lambda code: f"{head}/{code}{TAIL}", section=section, on_cards=on_cards,
        )
    return Markup(
        drawn.replace(CSRF, str(escape(csrf)))
        .replace(NEXT_QUERY, str(escape(do_urlencode(here))))
        .replace(NEXT, str(escape(here)))
        .replace(TAIL, str(escape(tail)))
    )
