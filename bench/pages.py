"""Print how fast the server renders each simple page (median and p95, milliseconds).

    .venv/bin/python bench/pages.py [rounds]

Every GET page whose only URL argument is the language is rendered in every language,
through the test client (no network), after one warm-up request each.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp import catalogs, create_app  # noqa: E402
from webapp.i18n import LANGUAGES  # noqa: E402
from webapp.storage import db  # noqa: E402


def main(rounds: int = 50) -> None:
    """Render every simple page ``rounds`` times per language and print the figures."""
    catalogs.compile_all()
    folder = tempfile.mkdtemp()
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3"})
    with app.app_context():
        db.create_all()
    client = app.test_client()
    endpoints = sorted(
        rule.endpoint
        for rule in app.url_map.iter_rules()
        if "GET" in (rule.methods or ()) and rule.arguments == {"lang"}
    )
    print(f"{'page':28} {'median ms':>10} {'p95 ms':>8}")
    for endpoint in endpoints:
        with app.test_request_context():
            from flask import url_for

            urls = [url_for(endpoint, lang=lang) for lang in LANGUAGES]
        times = []
        for url in urls:
            client.get(url)
            for _ in range(rounds):
                start = time.perf_counter()
                response = client.get(url)
                times.append((time.perf_counter() - start) * 1000)
                assert response.status_code == 200, url
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{endpoint:28} {statistics.median(times):10.2f} {p95:8.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
