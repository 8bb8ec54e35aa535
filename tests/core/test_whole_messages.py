"""Punctuation between translated pieces is the translator's: French puts a non-breaking space before a colon.

Regression: templates glued "Cards" and ":" (and a player's name, ":" and a score), so French
read "Cartes:" and "Anna: +72" where it writes "Cartes :" and "Anna : +72".
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.scoresheet.test_views import CLUBS, enter, new_list

NBSP = "\N{NO-BREAK SPACE}"


def test_the_deck_switcher_label_is_one_message_with_its_colon(client: FlaskClient) -> None:
    labels = {lang: re.findall(r'switcher__label">([^<]*)<', client.get(f"/{lang}/").get_data(as_text=True))
              for lang in ("en", "fr", "de", "fi", "ms")}
    assert labels == {"en": ["Cards:"], "fr": [f"Cartes{NBSP}:"], "de": ["Karten:"], "fi": ["Pakka:"],
                      "ms": ["Kad:"]}


def test_the_chart_legend_and_the_list_of_lists_read_as_one_message(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    assert enter(client, app, token, CLUBS).status_code == 303
    page = client.get(f"/fr/lists/{token}").get_data(as_text=True)
    legend = page.split('class="chart__legend"', 1)[1].split("</ul>", 1)[0]
    assert re.findall(r"</svg>\s*([^<]*?)\s*</li>", legend) == [
        f"Anna{NBSP}: 0", f"Ben{NBSP}: +36", f"Cem{NBSP}: 0", f"Dora{NBSP}: 0"]
    mine = client.get("/fr/lists/").get_data(as_text=True)
    assert re.search(r"1 donne · modifiée le \S", mine)
    assert "1 Spiel · zuletzt geändert am" in client.get("/de/lists/").get_data(as_text=True)
