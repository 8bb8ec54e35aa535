"""What is found once (per request, per app or per process) is what the slow way finds, every time.

The site header is drawn once per language, deck, display and area (``site_header``),
``static_url`` finds the static folder's URL once per request, ``page_url`` remembers the
navigation's links per app, ``switch_language_url`` builds the current page once per request,
templates find the catalog once per request (``i18n.translations``) and whole numbers are
formatted once per locale. Each is checked against the slow way in one process, across
languages, script roots and pages.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask, g, render_template_string, url_for
from flask.testing import FlaskClient
from babel.numbers import format_decimal
import flask_babel
from flask_babel import force_locale, get_locale, get_translations, refresh

from webapp import assets, i18n, web
from webapp.i18n import LANGUAGES
from tests.helpers import MakeApp

ROOTS = ("http://localhost/", "http://localhost/skat/", "http://example.org/a/b/")


@pytest.mark.parametrize("base_url", ROOTS)
def test_static_url_is_url_for(app: Flask, base_url: str) -> None:
    files = ("css/kiebitz.css", "cards/four-colour/CJ.svg", "cards/back.svg", "a b.svg", "ä/x.svg",
             "x?y#z", "../up.css", "/lead.css", "dir/", "100%.svg")
    with app.test_request_context("/en/", base_url=base_url):
        for name in files * 2:
            digest = assets.fingerprint(name)
            version = {assets.VERSION_ARGUMENT: digest} if digest else {}
            assert web.static_url(name) == url_for("static", filename=name, **version), name


def test_static_url_follows_the_script_root_of_each_request(app: Flask) -> None:
    for base_url in ROOTS * 2:
        with app.test_request_context("/de/cards", base_url=base_url):
            root = base_url.split("/", 3)[3]
            digest = assets.fingerprint("cards/german/CJ.svg")
            assert web.static_url("cards/german/CJ.svg") == f"/{root}static/cards/german/CJ.svg?v={digest}"


def test_page_url_is_url_for_in_every_language_and_root(app: Flask) -> None:
    pages = sorted(rule.endpoint for rule in app.url_map.iter_rules() if rule.arguments == {"lang"})
    assert "core.preferences" in pages and "core.home" in pages
    for _ in range(2):
        for base_url in ROOTS:
            for lang in LANGUAGES:
                with app.test_request_context(f"/{lang}/", base_url=base_url):
                    app.preprocess_request()
                    assert g.lang == lang
                    for endpoint in pages:
                        assert web.page_url(endpoint) == url_for(endpoint), (base_url, lang, endpoint)


def test_page_url_of_a_page_with_more_arguments_fails_like_url_for(app: Flask) -> None:
    from werkzeug.routing import BuildError

    with app.test_request_context("/en/"):
        with pytest.raises(BuildError):
            web.page_url("lessons.step")


PAGES = (
    "/fi/", "/de/cards", "/fr/cards?deck=x&y=%C3%A4&z", "/ms/calculator/?game=hearts&matadors=2",
    "/en/learn/deck/3", "/de/learn/", "/fi/calculator/drills/1/12345", "/en/lists/new",
    "/de/no-such-page", "/xx/cards", "/", "/api/v1/score?game=grand",
)


@pytest.mark.parametrize("base_url", ROOTS)
def test_language_switcher_is_the_page_in_each_language(app: Flask, base_url: str) -> None:
    for path in PAGES:
        with app.test_request_context(path, base_url=base_url):
            try:
                app.preprocess_request()
            except Exception:  # noqa: BLE001 - an unknown page: the switcher leads home
                pass
            if "lang" not in g:
                g.lang = "en"
            for code in (*LANGUAGES, *LANGUAGES, "pt"):
                assert web.switch_language_url(code) == web._language_url(code), (path, code)


def test_language_switcher_on_rendered_pages(client: FlaskClient) -> None:
    html = client.get("/fi/calculator/?game=hearts&matadors=2", base_url="http://localhost/skat/").get_data(
        as_text=True
    )
    for code in LANGUAGES:
        assert f'<a href="/skat/{code}/calculator/?game=hearts&amp;matadors=2" hreflang="{code}"' in html
    html = client.get("/de/nowhere").get_data(as_text=True)
    for code in LANGUAGES:
        assert f'<a href="/{code}/" hreflang="{code}"' in html


def test_translations_follow_the_locale_within_a_request(app: Flask) -> None:
    with app.test_request_context("/de/"):
        app.preprocess_request()
        seen = []
        for lang in ("de", "fi", "de", "en"):
            g.lang = lang
            refresh()
            assert i18n.translations() is get_translations()
            seen.append(render_template_string("{{ _('Cards') }}|{% trans %}Skip to content{% endtrans %}"))
        with force_locale("fr"):
            assert i18n.translations() is get_translations()
            forced = render_template_string("{{ _('Cards') }}")
        after = render_template_string("{{ _('Cards') }}")
    assert seen[0] == seen[2] != seen[1] != seen[3]
    assert seen[3] == "Cards|Skip to content"
    assert forced == "Cartes" and after == "Cards"


def _translated_both_ways(module: object) -> list[str]:
    """Translate a few messages (plain, with variables, plural, context) with ``module``'s functions."""
    texts = [
        module.gettext("Skip to content"),  # type: ignore[attr-defined]  # one domain's: see test_domains
        module.gettext("Undo: entering hand %(number)s", number=7),  # type: ignore[attr-defined]
        module.gettext("100%% sure"),  # type: ignore[attr-defined]
        module.pgettext("game", "Ramsch"),  # type: ignore[attr-defined]
        module.pgettext("game", "%(x)s", x=1),  # type: ignore[attr-defined]
        module.npgettext("c", "%(num)d hand", "%(num)d hands", 2),  # type: ignore[attr-defined]
        str(module.lazy_gettext("Page not found")),  # type: ignore[attr-defined]
        str(module.lazy_pgettext("doubling", "Kontra")),  # type: ignore[attr-defined]
    ]
    for count in (0, 1, 2, 5, 21):
        texts.append(module.ngettext(  # type: ignore[attr-defined]
            "Bock round: %(num)d hand left", "Bock round: %(num)d hands left", count))
        texts.append(module.ngettext(  # type: ignore[attr-defined]
            "A name has at most %(num)d character.", "A name has at most %(num)d characters.", count, extra=1))
    return texts


def test_gettext_is_flask_babels_in_every_language(app: Flask) -> None:
    for base_url in ROOTS[:2]:
        for lang in LANGUAGES:
            with app.test_request_context(f"/{lang}/", base_url=base_url):
                app.preprocess_request()
                assert i18n.current_locale() is get_locale()
                expected = _translated_both_ways(flask_babel)
                assert _translated_both_ways(i18n) == expected
                assert lang == "en" or expected[0] != "Skip to content"
                for other in ("fi", lang, "de"):
                    g.lang = other
                    refresh()
                    assert i18n.current_locale() is get_locale()
                    assert _translated_both_ways(i18n) == _translated_both_ways(flask_babel)
                    with force_locale("fr"):
                        assert i18n.current_locale() is get_locale()
                        assert _translated_both_ways(i18n) == _translated_both_ways(flask_babel)
                    assert i18n.current_locale() is get_locale()
    with app.app_context():
        assert i18n.current_locale() is get_locale()
        assert _translated_both_ways(i18n) == _translated_both_ways(flask_babel)
    assert i18n.current_locale() is None
    assert _translated_both_ways(i18n) == _translated_both_ways(flask_babel)


def test_translations_outside_an_app_context() -> None:
    assert i18n.translations().gettext("Cards") == "Cards"


def test_numbers_follow_the_locale(app: Flask) -> None:
    values = (0, 7, -54, 1234, 1234567, -9876543, 10**12)
    for _ in range(2):
        for lang in (*LANGUAGES, "fi"):
            with app.test_request_context(f"/{lang}/"):
                app.preprocess_request()
                for value in values:  # Babel's locale format, with a real minus sign (glossary.md)
                    expected = format_decimal(value, locale=lang).replace("-", "\N{MINUS SIGN}")
                    assert i18n.number(value) == expected, (lang, value)
                assert i18n.number(1234.5) == format_decimal(1234.5, locale=lang)
                assert i18n.signed(-1234) == "\N{MINUS SIGN}" + format_decimal(1234, locale=lang)
            with app.test_request_context("/de/"), force_locale(lang):
                assert i18n.number(1234567) == format_decimal(1234567, locale=lang)
    with app.test_request_context("/fi/"):
        app.preprocess_request()
        assert i18n.number(1234567) == "1\xa0234\xa0567"
        assert render_template_string("{{ 1234567 | number }}") == "1\xa0234\xa0567"


HEADER = re.compile(r'<header class="site-header">.*?</header>', re.S)
TOKEN = re.compile(r'name="csrf_token" value="[^"]*"')
HEADER_PAGES = (
    "/fi/", "/de/cards", "/fr/cards?deck=x&y=%C3%A4&z=<b>", "/ms/calculator/?game=hearts&matadors=2",
    "/en/learn/deck/3", "/de/learn/", "/fi/calculator/drills/1/12345", "/en/lists/new", "/fr/play/",
    "/de/no-such-page", "/en/settings?next=/fr/cards%3Fa%3D1",
)


def _headers(client: FlaskClient, base_url: str) -> list[str]:
    drawn = []
    for deck in ("french", "german", "four-colour"):
        for display in ("", "card_size=large&theme=dark&contrast=high", "text_size=large"):
            client.set_cookie("deck", deck)
            client.set_cookie("display", display)
            for path in HEADER_PAGES:
                html = client.get(path, base_url=base_url).get_data(as_text=True)
                header = HEADER.search(html)
                assert header, path
                assert TOKEN.search(header.group()), path  # the header's forms carry the token
                drawn.append(TOKEN.sub("TOKEN", header.group()))
    return drawn


@pytest.mark.parametrize("base_url", ROOTS[:2])
def test_the_kept_site_header_is_the_one_drawn_anew(make_app: MakeApp, base_url: str) -> None:
    """The header is drawn once per language, deck, display and area and kept (`webapp.site_header`);
    with the pages interleaved in one process, every page's header is the one drawn for it alone
    (a debug app draws it every time): the page's own address, its language links and the area
    marked as current are the page's, never a page seen before."""
    fresh = make_app(tables=False)
    fresh.debug = True
    kept = make_app(tables=False)
    first = _headers(kept.test_client(), base_url)
    assert kept.extensions["kiebitz.site_headers"]  # drawn once, then kept
    assert _headers(kept.test_client(), base_url) == first == _headers(fresh.test_client(), base_url)
    assert "kiebitz.site_headers" not in fresh.extensions


def test_the_kept_header_carries_each_request_token(make_app: MakeApp) -> None:
    """The deck form of a kept header holds this visitor's CSRF token, the same as htmx's header."""
    app = make_app(tables=False, WTF_CSRF_ENABLED=True)
    for _ in range(2):
        client = app.test_client()
        html = client.get("/de/cards").get_data(as_text=True)
        token = re.search(r'"X-CSRFToken": "([^"]+)"', html).group(1)  # type: ignore[union-attr]
        assert f'name="csrf_token" value="{token}"' in HEADER.search(html).group()  # type: ignore[union-attr]
        chosen = client.post("/de/preferences", data={"csrf_token": token, "deck": "german", "next": "/de/cards"})
        assert chosen.status_code == 303 and "deck=german" in chosen.headers["Set-Cookie"]


def _without_tokens(html: str) -> str:
    """The page without its one-time values (the CSRF token, a form's token)."""
    return re.sub(r'(name="(?:csrf_token|once)" value="|"X-CSRFToken": ")[^"]+', r"\1", html)


def test_templates_kept_compiled_in_the_instance_folder_draw_the_same_pages(
        make_app: MakeApp, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("KIEBITZ_INSTANCE", str(tmp_path))
    pages = ("/en/", "/fr/calculator/", "/de/learn/", "/fi/scoresheet/")
    worker = make_app()
    web.keep_compiled_templates(worker)  # as outside the tests (they share compiled templates in memory)
    first = worker.test_client()
    drawn = [_without_tokens(first.get(page).get_data(as_text=True)) for page in pages]
    kept = sorted((tmp_path / web.TEMPLATE_CACHE).iterdir())
    assert len(kept) >= len(pages)
    new_worker = make_app()
    web.keep_compiled_templates(new_worker)
    again = new_worker.test_client()  # the templates come from the folder
    for page, before in zip(pages, drawn):
        assert _without_tokens(again.get(page).get_data(as_text=True)).splitlines() == before.splitlines(), page
    assert sorted((tmp_path / web.TEMPLATE_CACHE).iterdir()) == kept


def test_pages_are_drawn_where_the_instance_folder_cannot_be_written(
        make_app: MakeApp, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / web.TEMPLATE_CACHE).write_text("a file where the folder would be")
    monkeypatch.setenv("KIEBITZ_INSTANCE", str(tmp_path))
    app = make_app()
    app.jinja_env.bytecode_cache = None
    web.keep_compiled_templates(app)
    assert app.jinja_env.bytecode_cache is None
    assert app.test_client().get("/en/").status_code == 200


KEPT_PAGES = (
    "/fi/", "/de/cards", "/fr/cards?deck=x&y=%C3%A4&z=<b>", "/ms/calculator/", "/ms/calculator/?game=hearts&matadors=2",
    "/en/calculator/?game=grand&hand=1&matadors=-3&declarer_points=95&bid=18", "/de/calculator/?game=<x>",
    "/en/learn/deck/3", "/fi/learn/deck/1", "/de/learn/suits/2", "/en/learn/", "/fr/learn/?carried=1",
)


def _pages(client: FlaskClient, base_url: str) -> list[str]:
    drawn = []
    for deck in ("french", "german"):
        for display in ("", "card_size=large&theme=dark"):
            client.set_cookie("deck", deck)
            client.set_cookie("display", display)
            for path in KEPT_PAGES:
                for headers in ({}, {"HX-Request": "true"}):
                    answer = client.get(path, base_url=base_url, headers=headers)
                    drawn.append(f"{answer.status_code} {_without_tokens(answer.get_data(as_text=True))}")
    return drawn


@pytest.mark.parametrize("base_url", ROOTS[:2])
def test_kept_pages_are_the_ones_drawn_anew(make_app: MakeApp, base_url: str) -> None:
    """Home, the card gallery, the calculator, the course map and a lesson step are drawn once and kept
    (`web.draw_kept`); interleaved in one process, in two decks and displays, as pages and as
    htmx partials, each is the page a debug app draws anew for that request alone."""
    fresh = make_app(tables=False)
    fresh.debug = True
    kept = make_app(tables=False)
    first = _pages(kept.test_client(), base_url)
    assert len(kept.extensions["kiebitz.kept_pages"]) >= len(KEPT_PAGES)
    assert _pages(kept.test_client(), base_url) == first == _pages(fresh.test_client(), base_url)
    assert "kiebitz.kept_pages" not in fresh.extensions


def test_a_kept_step_shows_each_learners_own_answer(make_app: MakeApp) -> None:
    """A step's page follows the learner's last answer and hint: a wrong answer, the hint and
    a right answer each show at once, the same as a debug app over the same database draws."""
    kept = make_app()
    fresh = make_app()
    fresh.debug = True
    step = "/en/learn/trumps/3"
    learner, other = kept.test_client(), kept.test_client()
    before = _without_tokens(learner.get(step).get_data(as_text=True))
    seen = [before]
    moves = [("", "CJ"), ("", "HJ"), ("/hint", ""), ("", "SJ"), ("", "HJ"), ("", "DJ")]
    for path, card in moves:
        learner.post(step + path, data={"card": card} if card else {})
        after = _without_tokens(learner.get(step).get_data(as_text=True))
        cookie = learner.get_cookie("learner")
        assert cookie is not None
        drawn_anew = fresh.test_client()
        drawn_anew.set_cookie("learner", cookie.value)
        assert after == _without_tokens(drawn_anew.get(step).get_data(as_text=True)), (path, card)
        seen.append(after)
    assert len(set(seen)) == len(seen)  # each answer and the hint changed the page
    assert "is not the highest card left" in seen[2] and "Right!" in seen[-1]
    assert _without_tokens(other.get(step).get_data(as_text=True)) == before


def test_a_kept_course_map_shows_each_learners_progress(make_app: MakeApp) -> None:
    """The course map follows the learner's progress (a lesson begun, then another: where to resume),
    the same as a debug app over the same database draws; a new visitor still sees the blank map."""
    kept = make_app()
    fresh = make_app()
    fresh.debug = True
    learner, other = kept.test_client(), kept.test_client()
    blank = _without_tokens(learner.get("/en/learn/").get_data(as_text=True))
    seen = [blank]
    for step, card in [("/en/learn/trumps/3", "CJ"), ("/en/learn/grand/2", "CJ")]:
        learner.post(step, data={"card": card})
        after = _without_tokens(learner.get("/en/learn/").get_data(as_text=True))
        cookie = learner.get_cookie("learner")
        assert cookie is not None
        drawn_anew = fresh.test_client()
        drawn_anew.set_cookie("learner", cookie.value)
        assert after == _without_tokens(drawn_anew.get("/en/learn/").get_data(as_text=True)), (step, card)
        seen.append(after)
    assert "Continue lesson" not in blank
    assert "Continue lesson 5: Trumps" in seen[1] and "Continue lesson 6: Grand" in seen[2]
    assert _without_tokens(other.get("/en/learn/").get_data(as_text=True)) == blank


def test_a_kept_page_carries_each_visitors_token(make_app: MakeApp) -> None:
    """Each visitor's copy of a kept lesson step holds their own CSRF token (and no stand-in),
    and their answer is taken with it."""
    app = make_app(WTF_CSRF_ENABLED=True)
    tokens = set()
    for _ in range(3):
        client = app.test_client()
        html = client.get("/en/learn/trumps/3").get_data(as_text=True)
        found = set(re.findall(r'name="csrf_token" value="([^"]+)"|"X-CSRFToken": "([^"]+)"', html))
        token = {value for pair in found for value in pair if value}
        assert len(token) == 1 and "\x00" not in html
        tokens |= token
        answered = client.post("/en/learn/trumps/3", data={"csrf_token": token.pop(), "card": "CJ"})
        assert answered.status_code == 303
    assert len(tokens) == 3


def test_each_copy_of_a_kept_page_has_its_own_one_time_tokens(app: Flask) -> None:
    """A kept page's forms each get a fresh one-time token in every copy, well formed and
    taken as one by the form that sends it (`web.sent_form_token`)."""
    from jinja2 import ChoiceLoader, DictLoader

    app.jinja_env.loader = ChoiceLoader([DictLoader({"once.html": "{{ form_token_field() }}|{{ form_token_field() }}"}),
                                         app.jinja_env.loader])  # type: ignore[list-item]
    tokens = []
    with app.test_request_context("/en/"):
        for _ in range(3):
            copy = web.render("once.html", kept=()).get_data(as_text=True)
            assert "\x00" not in copy
            tokens += re.findall(r'name="once" value="([^"]+)"', copy)
        assert len(app.extensions["kiebitz.kept_pages"]) == 1
    assert len(tokens) == 6 and len(set(tokens)) == 6
    for token in tokens:
        with app.test_request_context("/en/", method="POST", data={"once": token}):
            assert web.sent_form_token() == token


def test_a_kept_scoresheet_is_the_list_as_it_stands(make_app: MakeApp) -> None:
    """A list's page is kept per revision: after each hand, by its edit and its read-only link,
    as page and htmx region, with the notice flashed after a hand, it is what a debug app over
    the same database draws."""
    from sqlalchemy import select

    from tests.scoresheet.test_views import CLUBS, HX, new_list
    from webapp.storage import db
    from webapp.storage import scoresheet as store

    kept = make_app()
    fresh = make_app()
    fresh.debug = True
    client = kept.test_client()
    token = new_list(client)
    with kept.app_context():
        view = db.session.execute(select(store.ScoreList.view_token)).scalar_one()
    seen = set()
    for number in range(1, 4):
        with kept.app_context():
            revision = store.load_head(token).revision  # type: ignore[union-attr]
        hand = {**CLUBS, "declarer": str(number % 4 + 1), "revision": str(revision)}  # the dealer sits out
        entered = client.post(f"/en/lists/{token}/hands", data=hand)
        assert entered.status_code == 303
        flashed = client.get(f"/en/lists/{token}").get_data(as_text=True)
        assert f"Hand {number} entered." in flashed and f'id="hand-{number}"' in flashed
        for path in (f"/en/lists/{token}", f"/en/lists/{view}", f"/de/lists/{view}"):
            for headers in ({}, HX):
                drawn = [_without_tokens(app.test_client().get(path, headers=headers).get_data(as_text=True))
                         for app in (kept, kept, fresh)]
                assert drawn[0] == drawn[1] == drawn[2], (number, path, headers)
                assert f'id="hand-{number}"' in drawn[0] and f"Hand {number} entered." not in drawn[0]
                seen.add(drawn[0])
    assert len(seen) == 3 * 3 * 2


def test_a_kept_practice_hand_is_the_hand_as_it_stands(make_app: MakeApp) -> None:
    """A practice hand's page is kept per revision: move after move to the end, with and without
    a hint, as page and htmx region, it is what a debug app over the same database draws, and
    each copy's forms have their own one-time tokens."""
    from tests.practice.drive import declarer_choice, form_for, start, stored

    kept = make_app()
    fresh = make_app()
    fresh.debug = True
    client = kept.test_client()
    hand_id = start(client, seed=11, seat=0)
    seen, tokens = set(), set()
    for _ in range(60):
        state, revision, _ = stored(kept, hand_id)
        for query in ("", "?hint=1"):
            for headers in ({}, {"HX-Request": "true"}):
                path = f"/en/play/{hand_id}{query}"
                pages = [app.test_client().get(path, headers=headers).get_data(as_text=True)
                         for app in (kept, kept, fresh)]
                tokens |= {token for page in pages[:2] for token in re.findall(r'name="once" value="([^"]+)"', page)}
                drawn = [_without_tokens(page) for page in pages]
                assert drawn[0] == drawn[1] == drawn[2], (len(state.actions), path, headers)
                seen.add(drawn[0])
        if state.finished:
            break
        moved = client.post(f"/en/play/{hand_id}", data={"revision": str(revision),
                                                         **form_for(declarer_choice(state))})
        assert moved.status_code == 303
    assert state.finished and len(seen) > 40
    assert len(tokens) >= 4 and all(len(token) == 22 for token in tokens)
