"""Kiebitz: learn, play and score Skat in your own language.

The app is built by :func:`create_app`. Each area of the site is a blueprint in a
package of its own (``webapp/<area>/``) with its templates in ``templates/<area>/``
and its strings in the gettext domain ``<area>``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the engine is imported as webapp.engine and must not load Flask
    from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the Kiebitz app."""
    from flask import Flask

    app = Flask(
        __name__,
        instance_path=os.environ.get("KIEBITZ_INSTANCE", str(ROOT / "instance")),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
    )
    from webapp import config

    config.load(app, test_config)

    from webapp import assets, catalogs, i18n, ratelimit, security, storage, web

    assets.init_app(app)  # first: its compression then runs after every other after_request
    storage.init_app(app)
    ratelimit.init_app(app)
    i18n.init_app(app)
    security.init_app(app)
    web.init_app(app)
    catalogs.init_app(app)

    from webapp import calculator, classes, core, decks, lessons, practice, scoresheet, tables

    decks.init_app(app)
    core.init_app(app)
    calculator.init_app(app)
    scoresheet.init_app(app)
    lessons.init_app(app)
    practice.init_app(app)
    tables.init_app(app)
    classes.init_app(app)

    from webapp import timing

    timing.init_app(app)  # last: around every other layer, the quiet poll's too
    return app
