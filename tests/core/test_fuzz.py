"""2,000 seeded malformed requests over every route: none may answer 500.

The requests are drawn by `tests.fuzzing` from the app's own URL map (see there); CSRF is on,
so forged and missing tokens are part of it. ``bench/fuzz.py`` sends the same kind of requests
to a live server.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests import fuzzing
from tests.helpers import MakeApp

REQUESTS = 2000
SEED = 22


# werkzeug leaves the spooled file of a cut-off multipart upload to the garbage collector (answered 422).
@pytest.mark.filterwarnings("ignore:Unclosed file <tempfile.SpooledTemporaryFile:ResourceWarning")
def test_no_malformed_request_answers_500(make_app: MakeApp) -> None:
    app = make_app(WTF_CSRF_ENABLED=True)
    send = fuzzing.test_client_transport(app.test_client(use_cookies=False))
    known = fuzzing.prepare(send)
    statuses: Counter[int] = Counter()
    failed: list[str] = []
    for probe, status in fuzzing.run(send, known, fuzzing.probes(app.url_map, known, seed=SEED, count=REQUESTS)):
        statuses[status] += 1
        if status >= 500:
            failed.append(f"{status} {probe.method} {probe.target[:300]!r} {probe.body[:300]!r}")
    assert sum(statuses.values()) == REQUESTS
    assert not failed, f"{len(failed)} answers 5xx ({dict(statuses)}):\n" + "\n".join(failed[:20])
    assert statuses[200] > 200 and statuses[303] > 20 and statuses[400] > 100 and statuses[404] > 100, statuses
