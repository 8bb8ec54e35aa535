"""The classes' "anything new?" polls, answered in front of the app while nothing changed.

Forty students poll ``/<lang>/classes/<code>/news?stage=N`` and the teacher's dashboard and
projector ``…/teach/<secret>/news?revision=N`` (``…/projector/news``) every two seconds; while
the stage or the revision is the one named, `webapp.tables.news` answers ``204`` before the
app, from one SELECT of that number alone. Anything else goes on to the views, which answer
the same polls in full (`webapp.classes.views.student_news`, ``teach_news``, ``projector_news``).
"""

from __future__ import annotations

import re

from flask import Flask

from webapp.storage import classes as store
from webapp.tables.news import LANGUAGE, Route, add_route

__all__ = ["STUDENT", "TEACHER", "init_app"]

STUDENT = Route(re.compile(r"/%s/classes/([%s]{%d})/news" % (LANGUAGE, store.CODE_ALPHABET, store.CODE_LENGTH)),
                re.compile(r"stage=(\d{1,9})"), store.stage_on)
"""A student's poll: the group is the join code (as the page writes it), the number the stage."""
TEACHER = Route(re.compile(r"/%s/classes/teach/([A-Za-z0-9_-]{1,32})(?:/projector)?/news" % LANGUAGE),
                re.compile(r"revision=(\d{1,9})(?:&item=\d{1,3})?(?:&answer=1(?:&step=\d{1,3})?)?"), store.revision_on)
"""The teacher's dashboard's and projector's poll: the group is the teacher's secret, the number the revision."""


def init_app(app: Flask) -> None:
    """Answer the classes' quiet polls in front of the app."""
    add_route(app, STUDENT)
    add_route(app, TEACHER)
