"""Scoring drills: generated exercises, the answer checker against the engine, the streak."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import MakeApp, english_leaks
from webapp.calculator.drills import LEVELS, MAX_SEED, Kind, check, exercise, next_level
from webapp.engine import Contract, GameType, matadors, settle
from webapp.i18n import LANGUAGES
from webapp.storage.calculator import DrillStreak
from webapp.storage import db

SEEDS = range(200)


def test_the_level_and_the_seed_fully_determine_an_exercise() -> None:
    assert exercise(4, 123) == exercise(4, 123)
    assert len({exercise(4, seed).game for seed in range(20)}) == 20
    assert exercise(1, MAX_SEED).level == 1


@pytest.mark.parametrize("level", range(1, LEVELS + 1))
def test_the_checker_agrees_with_the_engine_over_many_seeds(level: int) -> None:
    for seed in SEEDS:
        drill = exercise(level, seed)
        game = drill.game
        assert len(drill.cards) == 10 and len(drill.skat) == 2
        assert not drill.cards & drill.skat
        if game.game_type is not GameType.NULL:
            assert game.matadors == matadors(drill.cards | drill.skat, game.game_type)
            assert game.declarer_points is not None
            assert game.declarer_points >= drill.skat.points  # the skat counts for the declarer
        contract = Contract(game.game_type, hand=game.hand, ouvert=game.ouvert,
                            schneider_announced=game.schneider_announced,
                            schwarz_announced=game.schwarz_announced)
        expected = settle(contract, matadors=game.matadors, declarer_points=game.declarer_points,
                          declarer_tricks=game.declarer_tricks, bid=game.bid)
        assert drill.settlement == expected
        value, score = expected.game_value, expected.score
        assert check(drill, value=value, score=score).solved
        assert not check(drill, value=value).finished
        wrong_value = check(drill, value=value + 1, score=score)
        assert (wrong_value.value_right, wrong_value.finished, wrong_value.solved) == (False, True, False)
        wrong_score = check(drill, value=value, score=-score)
        assert (wrong_score.value_right, wrong_score.finished, wrong_score.solved) == (True, True, False)


@pytest.mark.parametrize("level", range(1, LEVELS + 1))
def test_each_level_trains_its_own_kind_and_earlier_ones(level: int) -> None:
    kinds = Counter(exercise(level, seed).kind for seed in SEEDS)
    assert all(kind.level <= level for kind in kinds)
    assert kinds[Kind(level)] >= len(SEEDS) * 0.4


def _drills_of(kind: Kind) -> list:  # type: ignore[type-arg]
    return [drill for level in range(kind.level, LEVELS + 1) for seed in SEEDS
            if (drill := exercise(level, seed)).kind is kind]


def test_the_kinds_grow_in_difficulty_as_issue_4_orders_them() -> None:
    for drill in _drills_of(Kind.WITH):
        game, result = drill.game, drill.settlement
        assert game.game_type.suit is not None and game.matadors > 0 and not game.hand
        assert result.won and not result.schneider
    for drill in _drills_of(Kind.WITHOUT):
        assert drill.game.matadors < 0 and not drill.game.hand and drill.settlement.won
    for drill in _drills_of(Kind.HAND):
        assert drill.game.hand and drill.settlement.won
    outcomes = Counter((d.settlement.schneider, d.settlement.schwarz, d.settlement.won)
                       for d in _drills_of(Kind.SCHNEIDER))
    assert {(True, False, True), (True, True, True), (False, False, False)} <= set(outcomes)
    announced = _drills_of(Kind.ANNOUNCED)
    assert all(d.game.hand and d.settlement.contract.schneider_announced for d in announced)
    assert {d.settlement.won for d in announced} == {True, False}
    assert any(d.game.ouvert for d in announced)
    overbids = _drills_of(Kind.OVERBID)
    assert all(d.settlement.overbid and not d.settlement.won for d in overbids)
    nulls = _drills_of(Kind.NULL)
    assert all(d.game.game_type is GameType.NULL for d in nulls)
    assert {d.settlement.won for d in nulls} == {True, False}


def test_the_overbid_trap_hides_the_top_trump_in_the_skat() -> None:
    traps = [d for d in _drills_of(Kind.OVERBID) if d.game.hand]
    assert traps
    for drill in traps:
        game_type = drill.game.game_type
        assert matadors(drill.cards, game_type) <= -2  # the ten cards alone count "without 2+"
        assert drill.game.matadors == 1
        assert drill.settlement.game_value < drill.game.bid


def test_three_right_in_a_row_move_one_level_up() -> None:
    level, streak, levels = 1, 0, []
    for right in [True] * 7 + [False] + [True] * 3:
        streak = streak + 1 if right else 0
        level = next_level(level, streak)
        levels.append(level)
    assert levels == [1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4]
    assert next_level(LEVELS, 3) == LEVELS


# The pages ---------------------------------------------------------------------------------


def _streak(app: Flask) -> DrillStreak | None:
    with app.app_context():
        rows = db.session.scalars(db.select(DrillStreak)).all()
        assert len(rows) <= 1
        return rows[0] if rows else None


def test_a_right_exercise_counts_once(app: Flask, client: FlaskClient) -> None:
    drill = exercise(3, 42)
    value, score = drill.settlement.game_value, drill.settlement.score
    first = client.post("/en/calculator/drills/3/42", data={"value": str(value)})
    assert first.status_code == 303
    assert first.headers["Location"] == f"/en/calculator/drills/3/42?value={value}"
    assert _streak(app) is None  # nothing is stored until the exercise is finished
    page = client.get(first.headers["Location"]).get_data(as_text=True)
    assert f"Right: the game value is {value}." in page
    assert 'name="score"' in page
    for _ in range(2):
        second = client.post("/en/calculator/drills/3/42", data={"value": str(value), "score": str(score)})
        assert second.status_code == 303
    row = _streak(app)
    assert row is not None and (row.streak, row.best, row.last_exercise) == (1, 1, "3/42")
    page = client.get(second.headers["Location"]).get_data(as_text=True)
    assert "Right: the declarer scores" in page
    assert re.search(r'class="streak__count">1<', page)


def test_a_wrong_value_shows_the_breakdown_and_ends_the_streak(app: Flask, client: FlaskClient) -> None:
    for seed in (1, 2):
        drill = exercise(1, seed)
        client.post(f"/en/calculator/drills/1/{seed}", data={
            "value": str(drill.settlement.game_value), "score": str(drill.settlement.score)})
    assert _streak(app).streak == 2  # type: ignore[union-attr]
    drill = exercise(1, 3)
    wrong = drill.settlement.game_value + 1
    response = client.post("/en/calculator/drills/1/3", data={"value": str(wrong)})
    assert response.headers["Location"] == f"/en/calculator/drills/1/3?value={wrong}"
    row = _streak(app)
    assert row is not None and (row.streak, row.best) == (0, 2)
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert f"Not quite: the game value is {drill.settlement.game_value}, not {wrong}." in page
    assert "The computation, step by step" in page
    assert "<details>" not in page  # a wrong answer shows every step at once
    assert 'name="value"' not in page


def test_a_wrong_score_shows_the_breakdown(app: Flask, client: FlaskClient) -> None:
    drill = exercise(6, 9)
    value, score = drill.settlement.game_value, drill.settlement.score
    response = client.post("/en/calculator/drills/6/9", data={"value": str(value), "score": str(-score)})
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Not quite: the declarer scores" in page
    assert "The computation, step by step" in page
    assert _streak(app).streak == 0  # type: ignore[union-attr]


@pytest.mark.parametrize("data", [{"value": "forty"}, {"value": ""}, {}, {"value": "RIGHT", "score": "x"},
                                  {"value": "RIGHT", "score": ""}, {"value": "9" * 30}])
def test_a_malformed_answer_gets_a_message_and_changes_nothing(
    app: Flask, client: FlaskClient, data: dict[str, str]
) -> None:
    right = str(exercise(2, 5).settlement.game_value)
    data = {key: right if text == "RIGHT" else text for key, text in data.items()}
    response = client.post("/en/calculator/drills/2/5", data=data)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "as a whole number" in page
    if "score" in data:  # the right game value is kept: the learner is asked for the score again
        assert f'<input type="hidden" name="value" value="{right}">' in page
    assert _streak(app) is None


def test_the_real_minus_sign_is_understood(app: Flask, client: FlaskClient) -> None:
    drill = next(exercise(6, seed) for seed in SEEDS if exercise(6, seed).settlement.score < 0)
    value, score = drill.settlement.game_value, drill.settlement.score
    client.post(f"/en/calculator/drills/6/{drill.seed}",
                data={"value": str(value), "score": f"\N{MINUS SIGN}{-score}"})
    assert _streak(app).streak == 1  # type: ignore[union-attr]


@pytest.mark.parametrize("path", ["/en/calculator/drills/0/1", "/en/calculator/drills/8/1",
                                  f"/en/calculator/drills/1/{MAX_SEED + 1}", "/en/calculator/drills/x/1"])
def test_unknown_exercises_are_a_translated_404(client: FlaskClient, path: str) -> None:
    assert client.get(path).status_code == 404
    assert client.post(path, data={"value": "18"}).status_code == 404


def test_the_drills_start_at_the_learners_level(app: Flask, client: FlaskClient) -> None:
    home = client.get("/en/calculator/drills/").get_data(as_text=True)
    assert 'href="/en/calculator/drills/1/new"' in home
    assert "Start: level 1, With matadors" in home
    level = 2
    for seed in range(6):
        drill = exercise(level, seed)
        response = client.post(f"/en/calculator/drills/{level}/{seed}", data={
            "value": str(drill.settlement.game_value), "score": str(drill.settlement.score)})
        page = client.get(response.headers["Location"]).get_data(as_text=True)
        level = int(re.search(r'href="/en/calculator/drills/(\d)/new">Next exercise', page).group(1))
    assert level == 4  # two levels up after six right in a row
    home = client.get("/en/calculator/drills/").get_data(as_text=True)
    assert "Start: level 4, Schneider and Schwarz" in home
    assert re.search(r'class="streak__count">6<', home)
    drill = exercise(4, 99)
    client.post("/en/calculator/drills/4/99", data={"value": str(drill.settlement.game_value + 1)})
    home = client.get("/en/calculator/drills/").get_data(as_text=True)
    assert "Start: level 4, Schneider and Schwarz" in home  # a mistake keeps the level
    assert re.search(r'class="streak__count">0<', home)


def test_a_new_exercise_gets_a_fresh_seed(client: FlaskClient) -> None:
    first = client.get("/en/calculator/drills/5/new")
    second = client.get("/en/calculator/drills/5/new")
    assert first.status_code == second.status_code == 302
    assert re.fullmatch(r"/en/calculator/drills/5/\d+", first.headers["Location"])
    assert first.headers["Location"] != second.headers["Location"]
    assert client.get("/en/calculator/drills/8/new").status_code == 404
    assert client.get("/en/calculator/drills/0/new").status_code == 404


def test_htmx_gets_the_exercise_alone_after_the_redirect(client: FlaskClient) -> None:
    drill = exercise(2, 8)
    response = client.post("/en/calculator/drills/2/8", data={"value": str(drill.settlement.game_value)},
                           headers={"HX-Request": "true"}, follow_redirects=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="drill"')
    assert "<html" not in html
    assert response.request.path == "/en/calculator/drills/2/8"


def test_the_visitor_cookie_is_checked(app: Flask, client: FlaskClient) -> None:
    client.set_cookie("visitor", "<script>")
    drill = exercise(1, 4)
    response = client.post("/en/calculator/drills/1/4", data={
        "value": str(drill.settlement.game_value), "score": str(drill.settlement.score)})
    assert "visitor=" in response.headers["Set-Cookie"]
    row = _streak(app)
    assert row is not None and re.fullmatch(r"[A-Za-z0-9_-]{32}", row.visitor)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_drill_page_is_in_its_language(client: FlaskClient, lang: str) -> None:
    home = client.get(f"/{lang}/calculator/drills/").get_data(as_text=True)
    assert english_leaks(home, lang) == []
    for level in range(1, LEVELS + 1):
        drill = exercise(level, 77)
        value, score = drill.settlement.game_value, drill.settlement.score
        for query in ("", f"?value={value}", f"?value={value}&score={score}", f"?value={value + 1}"):
            response = client.get(f"/{lang}/calculator/drills/{level}/77{query}")
            assert response.status_code == 200
            html = response.get_data(as_text=True)
            assert f'<html lang="{lang}">' in html
            assert english_leaks(html, lang) == [], (level, query)


def test_a_row_made_meanwhile_by_another_process_is_counted_on(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlalchemy import insert

    from webapp.storage import calculator as storage

    with app.app_context():
        real_get = db.session.get
        calls = []

        def get_after_a_rival(model, key):  # type: ignore[no-untyped-def]
            if not calls:  # another process inserts the row between our read and our commit
                calls.append(key)
                with db.engine.begin() as connection:
                    connection.execute(insert(DrillStreak).values(
                        visitor=key, streak=4, best=4, last_exercise="1/1", used=storage._now()))
                return None
            return real_get(model, key)

        monkeypatch.setattr(db.session, "get", get_after_a_rival)
        row = storage.count_answer("v" * 24, "2/2", solved=True)
        assert (row.streak, row.best, row.last_exercise) == (5, 5, "2/2")


def test_an_answer_without_the_csrf_token_is_refused(make_app: MakeApp) -> None:
    app = make_app(WTF_CSRF_ENABLED=True)
    drill = exercise(1, 1)
    response = app.test_client().post("/en/calculator/drills/1/1", data={
        "value": str(drill.settlement.game_value), "score": str(drill.settlement.score)})
    assert response.status_code == 400
    assert _streak(app) is None
