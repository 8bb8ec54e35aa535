"""The hands of a sheet as HTML: the rows of the table in ``scoresheet/_table.html``.

A list of an evening has dozens of hands, each a row of a dozen cells; as a Jinja loop the rows
took a third of the sheet's rendering. Written in Python they give the same HTML, byte for byte
(``tests/scoresheet/test_html.py`` renders the loop as it was and compares). Values are escaped
as Jinja escapes ``{{ value }}``, and translations are filled in as Jinja's ``_()`` fills them
(the translation is markup, the values are escaped).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from markupsafe import Markup, escape

from webapp.i18n import gettext
from webapp.scoresheet import bp


def _sentence(translated: str, **values: Any) -> Markup:
    """Fill ``values`` (escaped) into a translated message, as ``{{ _(message, **values) }}`` does."""
    return Markup(translated) % values


@bp.app_template_global()
def hand_rows(rows: Iterable[Mapping[str, Any]], *, editable: bool, sits_out: str, change: str) -> Markup:
    """Return the ``<tr>`` of each hand described by `views._rows`.

    ``sits_out`` and ``change`` are the page's words for a player who sits out and for the
    link that changes a hand; ``editable`` adds that link.
    """
    sits_out_html = f'<span class="visually-hidden">{escape(sits_out)}</span>'
    change_html = escape(change)
    new_bock = gettext("New Bock round: %(reasons)s")
    does_not_fit = gettext("Does not fit here: %(problem)s")
    # Names, totals and scores come back row after row: each is escaped once.
    escaped: dict[str, str] = {}

    def html(text: str) -> str:
        found = escaped.get(text)
        if found is None:
            found = escaped[text] = escape(text)
        return found

    parts: list[str] = []
    for item in rows:
        row = item["row"]
        number = row.slot.number
        issues = item["issues"]
        triggers = item["triggers"]
        bock = (
            f'<span class="hand__bock">{_sentence(new_bock, reasons=", ".join(triggers))}</span>' if triggers else ""
        )
        problems = "".join(
            f'<span class="hand__issue">{_sentence(does_not_fit, problem=issue)}</span>' for issue in issues
        )
        parts.append(
            f'\n        <tr id="hand-{number}" class="hand hand--{row.slot.round.value}'
            f'{" hand--issue" if issues else ""}">'
            f'\n          <th scope="row" class="num">{number}</th>'
            f'\n          <td>{html(item["dealer"])}</td>'
            f'\n          <td>{html(item["declarer"])}</td>'
            f'\n          <td class="hand__reading">'
            f'\n            {escape(item["reading"])}'
            f"\n            {bock}"
            f"\n            {problems}"
            f"\n          </td>"
        )
        for total, delta, out in item["cells"]:
            delta_html = f'<span class="player__delta">{html(delta)}</span>' if delta else ""
            parts.append(
                f'\n            <td class="num player{" is-out" if out else ""}">'
                f'<span class="player__total">{html(total)}</span>{delta_html}{sits_out_html if out else ""}</td>'
            )
        if editable:
            parts.append(
                f'\n            <td><a href="{escape(item["edit"])}" aria-label="{escape(item["change"])}">'
                f"{change_html}</a></td>"
            )
        parts.append("\n        </tr>")
    return Markup("".join(parts))
