"""Presentation mode for a worked score: the calculator's result alone, large, for a projector.

``/<lang>/calculator/present?<the calculator's query>`` shows the game, the formula, the
verdict and every step of the computation; a link on the calculator's result leads here.
"""

from __future__ import annotations

from flask import Response, request, url_for

from webapp import web

from .views import bp, worked_score


@bp.get("/present")
def present() -> Response:
    """Show the worked score of the game the query describes; bad input answers 400 with the reasons.

    Without a query there is no game yet: the page says what to enter on the calculator.
    """
    reading, errors, settlement, explanation = worked_score(request.args)
    query = request.query_string.decode("ascii", "replace")
    leave = url_for("calculator.page") + (f"?{query}" if query else "")
    return web.render(
        "calculator/present.html",
        status=200 if explanation is not None or not (errors or reading.values) else 400,
        reading=reading,
        errors=errors,
        settlement=settlement,
        explanation=explanation,
        leave_url=leave,
    )
