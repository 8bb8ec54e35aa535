"""The scoresheet's entry form opens the phone's number keyboard for every number it asks for."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.scoresheet.test_views import new_list

NUMBER_INPUT = re.compile(r"<input\b[^>]*\btype=\"number\"[^>]*>")


def test_every_number_field_asks_for_the_number_keyboard(client: FlaskClient) -> None:
    token = new_list(client, preset="custom", ramsch_passed_in="1", schieberamsch="1")
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    fields = {re.search(r'name="(\w+)"', tag).group(1): tag for tag in NUMBER_INPUT.findall(page)}  # type: ignore[union-attr]
    assert {"bid", "matadors", "points", "pushes"} <= set(fields)
    assert sum(name.startswith("points_") for name in fields) == 3  # the Ramsch points of the three at the table
    for name, tag in fields.items():
        # No field takes a negative number, so the plain digit keyboard is enough; none has a pattern.
        assert 'inputmode="numeric"' in tag, name
        assert re.search(r'\bmin="\d+"', tag), name
        assert "pattern=" not in tag, name
