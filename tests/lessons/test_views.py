"""The lesson pages: answering, feedback, stars, resume, restart, reset, bad input, htmx."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask.testing import FlaskClient

from webapp.lessons.course import LESSONS, lesson_named
from webapp.lessons.steps import Choose, Number, Order, Pick, PlayCard, Step
from webapp.lessons.text import Words
from webapp.storage import daily, db, learning
from webapp.storage.calculator import DrillStreak
from webapp.storage.daily import DailyPlay
from webapp.storage.learning import Activity, LearnerLink, PracticeResult
from webapp.storage.lessons import Learner, LessonProgress, StepState
from webapp.storage.review import ReviewItem

from .solving import wrong_answers

LANGUAGES = ("en", "fr", "fi", "ms", "de")


def form_for(step, answer: str) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """Return the form fields a browser sends for ``answer``."""
    if step.kind == "choose":
        return {"option": answer}
    if step.kind == "number":
        return {"answer": answer}
    if step.kind == "pick" and not step.single:
        return {"card": answer.split()}
    return {"card": answer}


def solve(client: FlaskClient, slug: str, lang: str = "en", mistakes: int = 0) -> None:
    """Go through a whole lesson, making ``mistakes`` wrong answers on the first question."""
    lesson = lesson_named(slug)
    assert lesson is not None
    for number, step in enumerate(lesson.steps, start=1):
        url = f"/{lang}/learn/{slug}/{number}"
        if not step.interactive:
            assert client.post(url).status_code == 303
            continue
        while mistakes:
            client.post(url, data=form_for(step, wrong_answers(step)[0]))
            mistakes -= 1
        if step.kind == "order":
            for card in step.solution().split():
                assert client.post(url, data={"card": card}).status_code == 303
        else:
            assert client.post(url, data=form_for(step, step.solution())).status_code == 303


def test_the_course_map_lists_every_lesson(client: FlaskClient) -> None:
    html = client.get("/en/learn/").get_data(as_text=True)
    for lesson in LESSONS:
        assert f'/en/learn/{lesson.slug}/' in html
    assert f"0 of {3 * len(LESSONS)} stars" in html


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("deck", ["french", "german"])
def test_every_step_renders_in_every_language_and_deck_without_english(client: FlaskClient, lang: str, deck: str) -> None:
    from tests.helpers import english_leaks

    client.set_cookie("deck", deck)
    pages = [f"/{lang}/learn/", f"/{lang}/learn/reset"]
    for lesson in LESSONS:
        pages += [f"/{lang}/learn/{lesson.slug}/{n}" for n in range(1, len(lesson.steps) + 1)]
        pages.append(f"/{lang}/learn/{lesson.slug}/done")
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        html = response.get_data(as_text=True)
        assert "%(" not in html, page
        assert english_leaks(html, lang) == [], page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_wrong_answers_are_explained_in_every_language(client: FlaskClient, lang: str) -> None:
    from tests.helpers import english_leaks

    for lesson in LESSONS:
        for number, step in enumerate(lesson.steps, start=1):
            if not step.interactive:
                continue
            url = f"/{lang}/learn/{lesson.slug}/{number}"
            client.post(url, data=form_for(step, wrong_answers(step)[0]))
            html = client.get(url).get_data(as_text=True)
            assert 'class="notice notice--error"' in html, url
            assert english_leaks(html, lang) == [], url


def feedback(html: str) -> str:
    """Return the text of the feedback region of a step page, without its labels ("Not quite.")."""
    start = html.index('<div class="lesson-feedback"')
    depth, end = 0, start
    for tag in re.finditer(r"<div\b|</div>", html[start:]):  # to the region's own closing tag
        depth += -1 if tag.group() == "</div>" else 1
        if depth == 0:
            end = start + tag.end()
            break
    region = re.sub(r"<strong>.*?</strong>", " ", html[start:end])
    return unescape(re.sub(r"<[^>]+>", " ", region))


def right_answer(step: Step, words: Words) -> list[re.Pattern[str]]:
    """Return how the right answer reads in the learner's words: each must be absent, then shown."""
    if isinstance(step, Choose):
        texts = [words.text(option.label) for option in step.options if option.correct]
    elif isinstance(step, Number):
        return [re.compile(rf"(?<![\d]){words.number(abs(int(step.solution())))}(?![\d])")]
    elif isinstance(step, Order):
        texts = [words.name(step.answer()[0])]
    elif isinstance(step, PlayCard):
        texts = [words.name(card) for card in step.good_cards()]
    else:
        assert isinstance(step, Pick)
        texts = [words.name(card) for card in step.answer()]
    return [re.compile(rf"(?<!\w){re.escape(text)}(?!\w)", re.IGNORECASE) for text in texts]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_wrong_answers_do_not_give_the_answer_away_until_the_third_miss(client: FlaskClient, app, lang: str) -> None:  # type: ignore[no-untyped-def]
    from webapp.lessons.words import current_words

    for lesson in LESSONS:
        for number, step in enumerate(lesson.steps, start=1):
            if not step.interactive:
                continue
            url = f"/{lang}/learn/{lesson.slug}/{number}"
            with app.test_request_context(url):
                app.preprocess_request()  # the language and the deck of the page
                answer = right_answer(step, current_words())
            wrong = wrong_answers(step)
            for miss in range(3):
                client.post(url, data=form_for(step, wrong[miss % len(wrong)]))
                shown = feedback(client.get(url).get_data(as_text=True))
                named = [pattern.pattern for pattern in answer if pattern.search(shown)]
                if miss < 2:
                    assert named == [], (url, miss + 1, shown)
                else:
                    assert len(named) == len(answer), (url, shown)


def test_a_wrong_answer_is_explained_then_the_right_one_goes_on(client: FlaskClient) -> None:
    url = "/en/learn/trumps/10"
    response = client.post(url, data={"card": "SA"})
    assert response.status_code == 303 and response.headers["Location"] == url + "#verdict"
    html = client.get(url).get_data(as_text=True)
    assert "cannot win: a trump was played" in html
    assert "7 of hearts" not in feedback(html)  # the card that wins is the answer: not named yet
    client.post(url, data={"card": "H7"})
    html = client.get(url).get_data(as_text=True)
    assert "Right!" in html and "/en/learn/trumps/11" in html


def test_the_answer_is_shown_after_three_misses(client: FlaskClient) -> None:
    url = "/en/learn/points/5"
    for _ in range(2):
        client.post(url, data={"answer": "5"})
    assert "The answer:" not in client.get(url).get_data(as_text=True)
    client.post(url, data={"answer": "5"})
    html = client.get(url).get_data(as_text=True)
    assert "The answer:" in html and ">21<" not in html and "21" in html


def test_a_hint_on_request(client: FlaskClient) -> None:
    url = "/en/learn/trumps/5"
    assert "Do not forget the Jacks." not in client.get(url).get_data(as_text=True)
    assert client.post(url + "/hint").status_code == 303
    assert "Do not forget the Jacks." in client.get(url).get_data(as_text=True)


def test_three_stars_without_mistakes_and_fewer_with(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    solve(client, "deck")
    solve(client, "trumps", mistakes=1)
    solve(client, "points", mistakes=4)
    with app.app_context():
        stars = {row.lesson: (row.finished, row.stars) for row in db.session.query(LessonProgress)}
    assert stars == {"deck": (True, 3), "trumps": (True, 2), "points": (True, 1)}
    html = client.get("/en/learn/").get_data(as_text=True)
    assert "3 stars of 3" in html and "2 stars of 3" in html and "1 star of 3" in html
    assert f"6 of {3 * len(LESSONS)} stars" in html


def test_the_lesson_ends_with_its_stars_and_the_next_lesson(client: FlaskClient) -> None:
    solve(client, "deck")
    html = client.get("/en/learn/deck/done").get_data(as_text=True)
    assert "3 stars of 3" in html and "/en/learn/tricks/" in html


def test_skipping_questions_does_not_finish_a_lesson(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    lesson = lesson_named("deck")
    assert lesson is not None
    last = len(lesson.steps)
    client.post(f"/en/learn/deck/{last}", data={"answer": "32"})
    html = client.get("/en/learn/deck/done").get_data(as_text=True)
    assert "still open" in html and "/en/learn/deck/5" in html
    with app.app_context():
        assert not db.session.get(LessonProgress, (client.get_cookie("learner").value, "deck")).finished


def test_a_learner_resumes_where_they_left_off(client: FlaskClient) -> None:
    client.post("/en/learn/trumps/1")
    client.post("/en/learn/trumps/2")
    client.post("/en/learn/trumps/3", data={"card": "CJ"})
    response = client.get("/en/learn/trumps/")
    assert response.headers["Location"] == "/en/learn/trumps/3"
    html = client.get("/en/learn/").get_data(as_text=True)
    assert "Continue lesson 5" in html and "/en/learn/trumps/3" in html


def test_an_order_is_built_one_click_at_a_time(client: FlaskClient) -> None:
    url = "/en/learn/trumps/3"
    client.post(url, data={"card": "CJ"})
    client.post(url, data={"card": "HJ"})
    html = client.get(url).get_data(as_text=True)
    assert "is not the highest card left" in html
    for card in ("SJ", "HJ", "DJ"):
        client.post(url, data={"card": card})
    assert "Right!" in client.get(url).get_data(as_text=True)


def test_the_learner_cookie_is_long_random_and_http_only(client: FlaskClient) -> None:
    response = client.post("/en/learn/deck/1")
    header = response.headers["Set-Cookie"]
    assert header.startswith("learner=") and "HttpOnly" in header and "SameSite=Lax" in header
    assert len(client.get_cookie("learner").value) == 43


def test_restart_keeps_the_best_stars(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    solve(client, "deck")
    response = client.post("/en/learn/deck/restart")
    assert response.headers["Location"] == "/en/learn/deck/1"
    with app.app_context():
        row = db.session.query(LessonProgress).one()
        assert (row.finished, row.stars, row.step) == (False, 3, 0)
        assert db.session.query(StepState).count() == 0


def test_reset_needs_a_confirmation_and_forgets_everything(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    solve(client, "deck")
    response = client.post("/en/learn/reset")
    assert response.status_code == 400 and "Tick the box" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(LessonProgress).count() == 1
    assert client.post("/en/learn/reset", data={"confirm": "yes"}).status_code == 303
    with app.app_context():
        assert db.session.query(LessonProgress).count() == 0
    assert f"0 of {3 * len(LESSONS)} stars" in client.get("/en/learn/").get_data(as_text=True)


def test_reset_forgets_all_else_kept_for_the_learner(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    """The streak, practice statistics, review items, deal-of-the-day tries, the progress code and
    the drill streak go with the stars: "forget my progress" leaves nothing of the learner behind."""
    solve(client, "deck", mistakes=1)  # active days, and the mistake's review item
    learner_id = client.get_cookie("learner").value
    with app.app_context():
        learner = db.session.get(Learner, learner_id)
        code = learning.new_code(learner)
        learning.record_hand(learner, "h" * 32, game="grand", declarer=True, won=True, score=74)
        daily.start_play(learner, learning.today(), "d" * 32)
        learning.link_visitor(learner, "v" * 32)
        db.session.add(DrillStreak(visitor="v" * 32, streak=4, best=4, last_exercise="2/7"))
        db.session.commit()
        kept = (Activity, LearnerLink, PracticeResult, ReviewItem, DailyPlay, DrillStreak)
        assert all(db.session.query(table).count() > 0 for table in kept)
    assert client.post("/en/learn/reset", data={"confirm": "yes"}).status_code == 303
    with app.app_context():
        for table in (*kept, LessonProgress, StepState):
            assert db.session.query(table).count() == 0, table.__tablename__
        assert learning.learner_by_code(code) is None
        assert learning.streak_of(db.session.get(Learner, learner_id)).days == 0


@pytest.mark.parametrize(
    ("url", "data"),
    [
        ("/en/learn/points/5", {"answer": "twenty"}),
        ("/en/learn/points/5", {"answer": ""}),
        ("/en/learn/deck/5", {"option": "7"}),
        ("/en/learn/trumps/5", {"card": ["CJ", "XX"]}),
        ("/en/learn/trumps/10", {"card": "CA"}),
        ("/en/learn/trumps/12", {"card": "SA"}),
        ("/en/learn/trumps/3", {"card": ""}),
    ],
)
def test_tampered_answers_get_a_message_and_change_nothing(client: FlaskClient, app, url: str, data: dict[str, object]) -> None:  # type: ignore[no-untyped-def]
    response = client.post(url, data=data)
    assert response.status_code == 400
    assert 'role="alert"' in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(StepState).filter(StepState.misses > 0).count() == 0
        assert db.session.query(LessonProgress).filter(LessonProgress.mistakes > 0).count() == 0


@pytest.mark.parametrize("url", ["/en/learn/nope/", "/en/learn/deck/0", "/en/learn/deck/99", "/en/learn/nope/1", "/xx/learn/"])
def test_unknown_lessons_and_steps_are_404(client: FlaskClient, url: str) -> None:
    assert client.get(url).status_code == 404


def test_unknown_hint_or_lesson_posts_are_404(client: FlaskClient) -> None:
    assert client.post("/en/learn/deck/1/hint").status_code == 404  # an explanation has no hint
    assert client.post("/en/learn/nope/1").status_code == 404
    assert client.post("/en/learn/nope/restart").status_code == 404


def test_htmx_gets_only_the_step_region(client: FlaskClient) -> None:
    headers = {"HX-Request": "true"}
    page = client.get("/fi/learn/trumps/10", headers=headers)
    html = page.get_data(as_text=True)
    assert html.lstrip().startswith('<section id="step"') and "<html" not in html
    assert page.headers["Vary"] and "HX-Request" in page.headers["Vary"]
    answer = client.post("/fi/learn/trumps/10", data={"card": "SA"}, headers=headers)
    assert answer.status_code == 200
    body = answer.get_data(as_text=True)
    assert body.lstrip().startswith('<section id="step"') and 'notice--error' in body
    bad = client.post("/fi/learn/trumps/10", data={"card": "ZZ"}, headers=headers)
    assert bad.status_code == 200 and 'role="alert"' in bad.get_data(as_text=True)


def test_without_javascript_every_action_is_a_form_or_a_link(client: FlaskClient) -> None:
    for lesson in LESSONS:
        for number, step in enumerate(lesson.steps, start=1):
            html = client.get(f"/en/learn/{lesson.slug}/{number}").get_data(as_text=True)
            forms = html.count('<form method="post"')
            assert forms >= 1
            assert html.count('name="csrf_token"') >= forms
            assert "<script>" not in html and "style=" not in html


@pytest.mark.parametrize(("deck", "word", "other"), [("french", "Jacks", "Unters"), ("german", "Unters", "Jacks")])
def test_lesson_texts_name_the_ranks_the_way_the_deck_does(client: FlaskClient, deck: str, word: str, other: str) -> None:
    client.set_cookie("deck", deck)
    html = client.get("/en/learn/grand/1").get_data(as_text=True)
    assert f"only the four {word} are trumps" in html and other not in html
    client.post("/en/learn/grand/2", data={"card": ["CJ", "DJ", "SJ", "HA"]})
    feedback = client.get("/en/learn/grand/2").get_data(as_text=True)
    assert f"only the four {word} are trumps" in feedback


def test_a_padded_answer_is_stored_as_judged(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    client.post("/en/learn/points/5", data={"answer": " " * 5000 + "20" + " " * 5000})
    with app.app_context():
        state = db.session.query(StepState).one()
        assert (state.answer, state.misses) == ("20", 1)


def test_a_wrong_answer_lands_at_its_explanation_which_stands_before_the_answers(client: FlaskClient) -> None:
    lesson = lesson_named("deck")
    assert lesson is not None
    step = lesson.steps[4]
    assert isinstance(step, Choose)
    wrong = next(index for index, option in enumerate(step.options) if not option.correct)
    url = "/en/learn/deck/5"
    response = client.post(url, data={"option": str(wrong)})
    assert response.status_code == 303 and response.headers["Location"] == url + "#verdict"
    html = client.get(url).get_data(as_text=True)
    verdict = html.index('<div class="notice notice--error" id="verdict" tabindex="-1" autofocus>')
    assert verdict < html.index('name="option"')  # Tab from the explanation reaches the first answer
    assert html.count("autofocus") == 1
    response = client.post(url, data={"option": step.solution()})
    assert response.headers["Location"] == url  # a right answer: the Continue link takes the focus


def test_htmx_fills_the_live_region_outside_the_step(client: FlaskClient) -> None:
    url = "/de/learn/deck/5"
    page = client.get(url).get_data(as_text=True)
    region = '<div id="step-news" class="visually-hidden" aria-live="polite" aria-atomic="true"></div>'
    assert region in page and page.index(region) > page.index("</section>", page.index('<section id="step"'))
    assert 'aria-live' not in page[page.index('<section id="step"'):page.index(region)]
    body = client.post(url, data={"option": "0"}, headers={"HX-Request": "true"}).get_data(as_text=True)
    news = re.search(r'<div id="step-news" hx-swap-oob="innerHTML">(.*)</div>\s*$', body, re.S)
    assert news and "Nicht ganz." in news.group(1) and 'id="verdict"' not in news.group(1)
    hint = client.post(url + "/hint", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "Tipp:" in hint[hint.index('id="step-news"'):]
