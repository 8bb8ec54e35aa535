"""The class projector moves the class: its Back and Next buttons (← and → with JavaScript) post
to the class, the projector comes back (its partial alone for htmx), and the students see the step."""

from __future__ import annotations

import re

from flask import Flask

from tests.classes.test_classes import join, start

HX = {"HX-Request": "true", "HX-Target": "projector"}


def buttons(page: str) -> dict[str, str]:
    """Return the step each of the projector's move buttons shows the class, by its key."""
    found = re.findall(r'name="to" value="(\d+)">\s*<button id="projector-(\w+)"', page)
    return {key: to for to, key in found}


def test_the_projector_buttons_move_the_whole_class(app: Flask) -> None:
    teacher = app.test_client()
    dashboard, code = start(teacher, activity="lesson", lesson="tricks", steps="2-4", pace="teacher")
    anna = join(app, code, "Anna")
    first = anna.get(f"/en/classes/{code}").get_data(as_text=True)
    assert "Step 1 of 3" in first
    screen = teacher.get(f"{dashboard}/projector").get_data(as_text=True)
    assert buttons(screen) == {"next": "1"}  # no Back on the first step
    assert 'data-key="next"' in screen and 'name="screen" value="projector"' in screen

    # Without JavaScript: POST, then back to the projector (not the dashboard).
    moved = teacher.post(f"{dashboard}/move", data={"to": "1", "screen": "projector"})
    assert moved.status_code == 303 and moved.headers["Location"].endswith(f"{dashboard}/projector")
    screen = teacher.get(f"{dashboard}/projector").get_data(as_text=True)
    assert "Step 2 of 3" in screen and buttons(screen) == {"back": "0", "next": "2"}
    assert "Step 2 of 3" in anna.get(f"/en/classes/{code}").get_data(as_text=True)

    # With htmx: the projector's partial at once, the address without a reload.
    swapped = teacher.post(f"{dashboard}/move", data={"to": "2", "screen": "projector"}, headers=HX)
    page = swapped.get_data(as_text=True)
    assert swapped.status_code == 200 and page.startswith('<div id="projector"')
    assert "Step 3 of 3" in page and buttons(page) == {"back": "1"}  # no Next on the last step
    assert swapped.headers["HX-Replace-Url"].endswith(f"{dashboard}/projector")
    assert "Step 3 of 3" in anna.get(f"/en/classes/{code}").get_data(as_text=True)

    # The dashboard's own buttons still lead back to the dashboard.
    assert teacher.post(f"{dashboard}/move", data={"to": "0"}).headers["Location"].endswith(dashboard)


def test_an_answer_shown_on_the_projector_stays_on_its_own_step(app: Flask) -> None:
    teacher = app.test_client()
    dashboard, _ = start(teacher, activity="lesson", lesson="tricks", steps="5-6", pace="teacher")
    asking = [int(n) for n in re.findall(r'/projector\?answer=1&amp;step=(\d+)',
                                         teacher.get(f"{dashboard}/projector").get_data(as_text=True))]
    assert set(asking) == {0}  # the reveal link names its step
    shown = teacher.get(f"{dashboard}/projector?answer=1&step=0").get_data(as_text=True)
    assert "The answer:" in shown
    poll = re.search(r'hx-get="([^"]*/projector/news\?[^"]*)"', shown).group(1).replace("&amp;", "&")
    assert "answer=1&step=0" in poll
    teacher.post(f"{dashboard}/move", data={"to": "1"})
    # The poll that carried step 0's answer brings step 1 as a question, not answered.
    after = teacher.get(poll).get_data(as_text=True)
    assert "Step 2 of" in after and "The answer:" not in after


def test_a_self_paced_class_is_not_moved_by_the_teacher(app: Flask) -> None:
    teacher = app.test_client()
    dashboard, code = start(teacher, activity="lesson", lesson="tricks", steps="", pace="self")
    anna = join(app, code, "Anna")
    assert 'id="present-keys"' not in teacher.get(f"{dashboard}/projector").get_data(as_text=True)
    assert teacher.post(f"{dashboard}/move", data={"to": "1", "screen": "projector"}).status_code == 400
    assert "Step 1 of" in anna.get(f"/en/classes/{code}").get_data(as_text=True)
