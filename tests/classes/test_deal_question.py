"""A class plays one practice deal, or answers one position question, and the teacher watches.

Each student plays their own copy of the deal from the seat the teacher chose, against the same
computer players, through the practice table's own forms; the dashboard counts who finished
and how, and the projector shows the deal with presentation mode's partial. A position question
is a lessons' play step: the right card, the reason for a wrong one, each student's choice.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.classes.test_classes import counted, join, start
from tests.practice.drive import declarer_choice, defender_choice, form_for
from webapp.classes import activity
from webapp.engine import Deal, GameState, Play, Position, token
from webapp.practice import table
from webapp.storage import db
from webapp.storage.classes import ClassAnswer, ClassRoom

SEED = 4711
REVISION = re.compile(r'name="revision" value="(\d+)"')


def stored_hand(app: Flask, nickname_index: int) -> GameState | None:
    """Return the stored copy of the deal of the ``nickname_index``-th student who played (by row)."""
    with app.app_context():
        rows = db.session.scalars(select(ClassAnswer).order_by(ClassAnswer.student_id)).all()
        games = [row.game for row in rows if row.game]
        return GameState.parse(games[nickname_index]) if nickname_index < len(games) else None


def play_to_the_end(client: FlaskClient, code: str, seat: Position, lang: str = "en",
                    declarer: bool = True) -> GameState:
    """Play the student's copy of the class's deal through the class page's forms until it is over."""
    state = table.start(SEED, seat, "easy")
    for _ in range(60):
        page = client.get(f"/{lang}/classes/{code}").get_data(as_text=True)
        if state.finished:
            return state
        found = REVISION.search(page)
        assert found is not None and int(found.group(1)) == len(state.actions), page[:2000]
        action = (declarer_choice if declarer else defender_choice)(state)
        response = client.post(f"/{lang}/classes/{code}/0/play",
                               data={"revision": found.group(1), **form_for(action)})
        assert response.status_code == 303, response.get_data(as_text=True)[:2000]
        state = table.advance(state.apply(action, by=seat), seat, "easy", SEED)
    raise AssertionError("the hand did not end")


def test_the_class_plays_one_deal_from_the_same_seat(app: Flask) -> None:
    teacher = app.test_client()
    dashboard, code = start(teacher, activity="deal", deal=str(SEED), seat="0", computer="easy", pace="teacher")
    anna, ben = join(app, code, "Anna"), join(app, code, "Ben", lang="de")
    # Both see the same cards in the same seat, before anybody has stored anything.
    dealt = table.start(SEED, Position.FOREHAND, "easy")
    page = anna.get(f"/en/classes/{code}").get_data(as_text=True)
    assert "Deal number 4711" in page and 'id="table"' in page
    assert f'action="/en/classes/{code}/0/play"' in page
    assert "Give me a hint" not in page and "Link to share this deal" not in page
    assert f'name="revision" value="{len(dealt.actions)}"' in page
    german = ben.get(f"/de/classes/{code}").get_data(as_text=True)
    assert "Spiel Nummer 4711: Alle in der Klasse" in german and "Deal number" not in german
    assert counted(app, ClassAnswer) == 0

    # A stale or unreadable form changes nothing.
    assert anna.post(f"/en/classes/{code}/0/play", data={"revision": "99", "action": "pass"}).status_code == 409
    assert anna.post(f"/en/classes/{code}/0/play", data={"action": "pass"}).status_code == 400
    assert anna.post(f"/en/classes/{code}/0/play",
                     data={"revision": str(len(dealt.actions)), "action": "nonsense"}).status_code == 400
    assert counted(app, ClassAnswer) == 0

    revision = int(re.search(r"news\?revision=(\d+)", teacher.get(dashboard).get_data(as_text=True)).group(1))
    anna_end = play_to_the_end(anna, code, Position.FOREHAND, declarer=True)
    # The dashboard's poll brings the news: one hand over, its result on the chart.
    assert teacher.get(f"{dashboard}/news?revision={revision}").status_code == 200
    page = teacher.get(dashboard).get_data(as_text=True)
    assert "1 has finished the hand." in page
    result = activity.deal_result(anna_end, Position.FOREHAND)
    assert result is not None
    label = {"won": "Won", "lost": "Lost", "passed": "Everybody passed"}[result[0]]
    assert label in page
    # A finished hand takes no more decisions.
    over = anna.post(f"/en/classes/{code}/0/play", data={"revision": str(len(anna_end.actions)), "action": "pass"})
    assert over.status_code == 409 and "This hand is over" in over.get_data(as_text=True)

    ben_end = play_to_the_end(ben, code, Position.FOREHAND, lang="de", declarer=False)
    assert ben_end.deal == anna_end.deal
    teacher.post(f"{dashboard}/names", data={"shown": "1"})
    page = teacher.get(dashboard).get_data(as_text=True)
    assert "2 have finished the hand." in page and "Anna" in page and "Ben" in page
    # The summary's CSV counts a won hand as right.
    rows = teacher.get(f"{dashboard}/summary.csv").get_data(as_text=True).splitlines()
    assert len(rows) == 3
    with app.app_context():
        answers = db.session.scalars(select(ClassAnswer).order_by(ClassAnswer.student_id)).all()
        assert [row.first for row in answers] == [result[0], activity.deal_result(ben_end, Position.FOREHAND)[0]]

    # The projector shows the deal as presentation mode does: only the students' seat open.
    screen = teacher.get(f"{dashboard}/projector").get_data(as_text=True)
    assert 'id="present-slide"' in screen and "present-deal--one-seat" in screen
    assert "Leave the presentation" in screen and f"/en/play/deal/{SEED}/present?level=easy" in screen


def test_a_deal_class_refuses_a_bad_form(app: Flask) -> None:
    teacher = app.test_client()
    for form, message in (
        ({"deal": "12x"}, "A deal number is a whole number"),
        ({"deal": "1", "seat": "3"}, "Choose one of the offered options."),
        ({"deal": "1", "computer": "god"}, "Choose one of the offered options."),
    ):
        data = {"activity": "deal", "pace": "teacher", "deal": "1", "seat": "0", "computer": "easy", **form}
        response = teacher.post("/en/classes/new", data=data)
        assert response.status_code == 400 and message in response.get_data(as_text=True)
    assert counted(app, ClassRoom) == 0


def first_lead_position(seed: int) -> tuple[GameState, Position]:
    game = activity.played_out(seed, "easy")
    position = activity.position_of(game, 0)
    assert position is not None and position.to_act is not None
    return position, position.to_act


def test_a_position_question_from_a_deal_number(app: Flask) -> None:
    teacher = app.test_client()
    # A question that fits the first lead of deal 3 as the easy players play it: a defender leads.
    seed = 3
    position, me = first_lead_position(seed)
    key = "side"
    assert activity.question(str(position), key) is not None
    dashboard, code = start(teacher, activity="question", position=str(seed), question_level="easy",
                            played="0", goal=key, pace="teacher")
    step = activity.question(str(position), key)
    assert step is not None
    good = set(map(str, step.good_cards()))
    bad = [str(c) for c in position.hand(me) if str(c) not in good and any(
        isinstance(a, Play) and a.card == c for a in position.legal_actions())]
    anna, ben = join(app, code, "Anna"), join(app, code, "Ben", lang="fr")
    page = anna.get(f"/en/classes/{code}").get_data(as_text=True)
    assert "Which card would you play here?" in page and "A question on a position" in page
    assert anna.post(f"/en/classes/{code}/0", data={"card": sorted(good)[0]}).status_code == 303
    assert "Right!" in anna.get(f"/en/classes/{code}").get_data(as_text=True)
    if bad:
        assert ben.post(f"/fr/classes/{code}/0", data={"card": bad[0]}).status_code == 303
        assert "Pas tout à fait" in ben.get(f"/fr/classes/{code}").get_data(as_text=True)
    # A card not in the hand is refused, and changes nothing.
    foreign = next(str(c) for c in Deal.from_seed(seed).hands[(me + 1) % 3])
    assert ben.post(f"/fr/classes/{code}/0", data={"card": foreign}).status_code == 400
    teacher.post(f"{dashboard}/names", data={"shown": "1"})
    page = teacher.get(dashboard).get_data(as_text=True)
    assert ("2 have answered this step." if bad else "1 has answered this step.") in page
    assert "(right)" in page and ("(wrong)" in page if bad else True)
    # The projector draws the question with the lessons' presentation partial, and reveals its answer.
    screen = teacher.get(f"{dashboard}/projector").get_data(as_text=True)
    assert "present-step--play" in screen and "present-step--revealed" not in screen
    revealed = teacher.get(f"{dashboard}/projector?answer=1").get_data(as_text=True)
    assert "present-step--revealed" in revealed and "present-card--right" in revealed


def test_a_position_question_from_a_presentation_link(app: Flask) -> None:
    teacher = app.test_client()
    game = activity.played_out(6, "easy")
    link = f"http://localhost/en/play/present/{game}?at=5"
    # The third card of the first trick: a question for whoever plays it.
    position = activity.position_of(game, 2)
    assert position is not None
    key = next(key for key in activity.GOALS if activity.question(str(position), key) is not None)
    _, code = start(teacher, activity="question", position=link, played="2", goal=key, pace="self")
    with app.app_context():
        room = db.session.scalars(select(ClassRoom)).one()
        assert room.position == str(position) and room.goal == key


def test_a_question_that_does_not_fit_is_refused(app: Flask) -> None:
    teacher = app.test_client()
    game = activity.played_out(3, "easy")
    position = activity.position_of(game, 0)
    assert position is not None
    misfit = next(key for key in activity.GOALS if activity.question(str(position), key) is None)
    for form, message in (
        ({"goal": misfit}, "nobody has this question to answer"),
        ({"played": "30"}, "The cards played before the question"),
        ({"position": "7", "goal": "win"}, "nobody has this question to answer"),  # everybody passed
        ({"position": "no hand"}, "paste the link of a hand"),
        ({"position": ""}, "paste the link of a hand"),
        ({"goal": "lucky"}, "Choose one of the offered options."),
    ):
        data = {"activity": "question", "pace": "teacher", "position": "3", "question_level": "easy",
                "played": "0", **form}
        response = teacher.post("/en/classes/new", data=data)
        assert response.status_code == 400 and message in response.get_data(as_text=True), form
    assert counted(app, ClassRoom) == 0
