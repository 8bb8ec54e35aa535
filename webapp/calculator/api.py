"""``GET /api/v1/score``: the calculator as JSON, for other programs.

The answer is the engine's settlement (`Settlement.as_dict`) with the Seeger-Fabian entry named
``declarer`` and ``each_other``. Refused input answers 400 with the field, a stable reason code
and a message, in the language ``lang`` names (English without it).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request
from flask_babel import force_locale

from webapp.i18n import DEFAULT_LANGUAGE, LANGUAGES

from .explain import explain
from .inputs import FieldError, GameError, Problem, read_api, settle_game
from .messages import message

bp = Blueprint("calculator_api", __name__, url_prefix="/api/v1")


def _refuse(errors: list[FieldError], lang: str, game: Any = None) -> Response:
    with force_locale(lang):
        listed = [
            {"field": error.field, "reason": error.code, "message": message(error, game)}
            for error in errors
        ]
    response = jsonify({**listed[0], "errors": listed})
    response.status_code = 400
    return response


@bp.get("/score")
def score() -> Response:
    """Settle the game the parameters describe and answer the settlement as JSON."""
    lang = request.args.get("lang", "")
    if lang and lang not in LANGUAGES:
        return _refuse([FieldError("lang", Problem.UNKNOWN_CHOICE)], DEFAULT_LANGUAGE)
    lang = lang or DEFAULT_LANGUAGE
    reading = read_api(request.args)
    if reading.game is None:
        return _refuse(list(reading.errors), lang)
    try:
        settlement = settle_game(reading.game)
    except GameError as refused:
        return _refuse([refused.error], lang, reading.game)
    data = settlement.as_dict()
    data["seeger_fabian"] = {
        "declarer": settlement.seeger_fabian.declarer,
        "each_other": settlement.seeger_fabian.others,
    }
    if "lang" in request.args:
        with force_locale(lang):
            explanation = explain(settlement, reading.game)
            data["explanation"] = {
                "formula": explanation.formula,
                "verdict": explanation.verdict,
                "rows": [
                    {"step": row.key, "label": row.label, "counts": row.counts, "why": row.why}
                    for row in explanation.rows
                ],
            }
    return jsonify(data)
