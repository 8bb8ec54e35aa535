"""Seeded malformed requests over every route of the app, for the fuzz test and ``bench/fuzz.py``.

`probes` walks the app's own URL map, so a new route is fuzzed without being listed here. Each
probe is a route with its arguments kept or tampered (ids with a NUL, numbers in other digits,
unknown languages), a method (sometimes the wrong one), parameters drawn from every form's
fields with good, missing, repeated, huge, non-ASCII and control-character values, a CSRF token
that is right, missing or forged, and now and then tampered cookies, headers or a bad ``Host``.
A `Transport` sends it: the Flask test client or HTTP to a live server on the loopback.
"""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from http.cookies import CookieError, SimpleCookie
from urllib.parse import quote, urlencode, urlsplit

from flask.testing import FlaskClient
from werkzeug.routing import Map, Rule

from webapp.engine import DECK
from webapp.i18n import LANGUAGES as LANGUAGE_NAMES
from webapp.lessons.course import LESSONS

Headers = list[tuple[str, str]]
Answer = tuple[int, Headers, bytes]
Transport = Callable[[str, str, Headers, bytes], Answer]
"""Send ``(method, target, headers, body)``; answer ``(status, headers, body)``."""

CARDS = tuple(str(card) for card in DECK)
SLUGS = tuple(lesson.slug for lesson in LESSONS)
LANGUAGES = tuple(LANGUAGE_NAMES)
PLAYERS = {"player_1": "Anna", "player_2": "Ben", "player_3": "Cem"}
FIELDS: dict[str, tuple[str, ...]] = {
    # lessons
    "option": ("0", "1", "2", "3"), "answer": ("18", "23", "120", "-5", "0"), "card": CARDS,
    "confirm": ("yes", "no"),
    # practice
    "revision": ("0", "1", "2", "3"), "seed": ("4711", "0", "123456789012345678", "47 11"),
    "seat": ("0", "1", "2", "any", "same"), "level": ("easy", "medium", "strong"),
    "action": ("pass", "hold", "yes", "18", "20", "23", "skat", "hand", "grand", "clubs", "null-ouvert",
               "CJ", "HA", "S7", "kontra", "re", "discard-CJ-SJ"),
    "discard": CARDS, "announce": ("ouvert", "schneider", "schwarz"), "hint": ("1", "0"),
    # core
    "deck": ("french", "tournament", "german"), "next": ("/en/", "//evil.example/", "http://evil.example/"),
    # scoresheet
    "title": ("Friday", ""), **{name: (value, "Dora") for name, value in PLAYERS.items()},
    "player_4": ("", "Dora"), "preset": ("pub", "custom", "tournament", "club"),
    "bock": ("grand_hand", "schneider", "kontra_lost", "hundred"), "totals": ("classic", "seeger_fabian"),
    "kind": ("game", "ramsch", "passed"), "declarer": ("1", "2", "3", "4"), "without": ("0", "1"),
    "points": ("85", "61", "0", "120"), "tricks": ("some", "none", "all"), "null_result": ("won", "lost"),
    "durchmarsch": ("1", "2"), "pushes": ("0", "1", "3"),
    **{f"{name}_{seat}": values for seat in range(1, 5)
       for name, values in (("points", ("40", "30", "50")), ("jungfrau", ("0", "1")))},
    "ramsch_list": ("1",), "kontra": ("0", "1"), "re": ("0", "1"), "bock_two_rounds": ("1",),
    # calculator and the API
    "game": ("clubs", "spades", "hearts", "diamonds", "grand", "null"), "hand": ("0", "1"),
    "schneider_announced": ("0", "1"), "schwarz_announced": ("0", "1"), "ouvert": ("0", "1"),
    "matadors": ("1", "2", "-3", "11"), "declarer_points": ("61", "90", "30", "120"),
    "declarer_tricks": ("0", "10", "7"), "took_trick": ("0", "1"), "bid": ("18", "36", "264", "19"),
    "players": ("3", "4"), "list": ("classic", "seeger_fabian"), "source": ("count", "cards"),
    "cards": CARDS, "skat": CARDS, "value": ("36", "48", "-72"), "score": ("36", "-72"),
    "lang": (*LANGUAGES, "xx"), "bock_round": ("1",),
}
BAD_VALUES: tuple[str, ...] = (
    "", " ", "\t", "²", "³", "٣٦", "Ⅻ", "7_5", "-0", "+", "--1", "1e3", "0x10", "1.5", "0" * 300 + "1",
    "9" * 5000, "x" * 20_000, "\x00", "a\x00b", "\x01\x1f\x7f", "\r\n", "\u200b", "\u202e", "Ä", "💥",
    "\udcff", "' OR 1=1 --", "<script>alert(1)</script>", "=HYPERLINK(\"http://x\")", "../../etc/passwd",
    "%00", "%", "null", "None", "true", "[]", "{}",
)
BAD_NUMBERS = ("0", "00", "9" * 19, "9" * 5000, "٣", "²", "1_0", "-1", "99999")
BAD_IDS = ("%00", "a%00b", "x" * 65, "x" * 2000, "%C3%A4", "%E2%80%8B", "..", "%2e%2e", "%20", "'", "new",
           "a%2Fb", "%FF%FE")
BAD_HOSTS = ("a" * 64, "x..y", "evil.example", ".", "[::1", "a" * 300)
WRONG_METHODS = ("PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "PROPFIND")
STATIC_FILES = ("css/kiebitz.css", "img/kiebitz.svg", "vendor/htmx/LICENSE", "../webapp/config.py", "%00",
                "cards/../../secret_key", "x" * 300)


@dataclass
class Known:
    """What exists before the fuzzing: a list, a practice hand, a CSRF token and the cookies."""

    lists: list[str] = field(default_factory=list)
    hands: list[str] = field(default_factory=list)
    csrf: str = ""
    cookies: dict[str, str] = field(default_factory=dict)

    def cookie_header(self) -> str:
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    def remember(self, headers: Headers) -> None:
        """Keep the cookies an answer sets."""
        for name, value in headers:
            if name.lower() != "set-cookie":
                continue
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(value)
            except CookieError:
                continue
            for key, morsel in jar.items():
                if morsel.value and morsel["max-age"] != "0":
                    self.cookies[key] = morsel.value
                else:
                    self.cookies.pop(key, None)


@dataclass(frozen=True)
class Probe:
    """One request: what is sent, and whether it carries the cookies of the session as they are."""

    method: str
    target: str
    headers: Headers
    body: bytes
    own_cookies: bool


_TOKEN = re.compile(r'"X-CSRFToken": "([^"]+)"')


def _send(send: Transport, known: Known, method: str, target: str, form: dict[str, str] | None = None) -> Answer:
    headers: Headers = [("Cookie", known.cookie_header())]
    body = b""
    if form is not None:
        headers.append(("Content-Type", "application/x-www-form-urlencoded"))
        body = urlencode({**form, "csrf_token": known.csrf}).encode()
    answer = send(method, target, headers, body)
    known.remember(answer[1])
    return answer


def _location(answer: Answer) -> str:
    status, headers, _ = answer
    location = next((value for name, value in headers if name.lower() == "location"), "")
    assert status == 303 and location, f"setting up the fuzzing failed: {status}"
    return urlsplit(location).path.rsplit("/", 1)[-1]


def prepare(send: Transport) -> Known:
    """Make a list with a hand, a practice hand and a learner, and fetch a CSRF token for them."""
    known = Known()
    page = _send(send, known, "GET", "/en/")
    found = _TOKEN.search(page[2].decode("utf-8", "replace"))
    assert page[0] == 200 and found, f"no CSRF token on the home page: {page[0]}"
    known.csrf = found.group(1)
    token = _location(_send(send, known, "POST", "/en/lists/new", {**PLAYERS, "preset": "pub"}))
    _send(send, known, "POST", f"/en/lists/{token}/hands",
          {"kind": "game", "declarer": "2", "game": "clubs", "matadors": "2", "points": "85", "bid": "36",
           "revision": "0"})
    known.lists.append(token)
    known.hands.append(_location(_send(send, known, "POST", "/en/play/", {"seed": "4711", "seat": "0",
                                                                          "level": "easy"})))
    _send(send, known, "POST", "/en/learn/deck/5", {"option": "1"})
    return known


def _value(rng: random.Random, name: str) -> str:
    roll = rng.random()
    if roll < 0.6:
        return rng.choice(FIELDS.get(name, ("1",)))
    if roll < 0.7:
        return rng.choice(FIELDS.get(name, ("1",))) + rng.choice(("²", "\x00", " ", "_0", "0" * 40, "\u200b"))
    return rng.choice(BAD_VALUES)


def _argument(rng: random.Random, rule: Rule, name: str, known: Known) -> str:
    """Return an argument of ``rule``'s path, percent-encoded: mostly right, sometimes tampered."""
    converter = type(rule._converters[name]).__name__
    tamper = rng.random() < 0.25
    if name == "lang":
        return rng.choice(("xx", "EN", "%00", "e%C3%B1", "")) if tamper else rng.choice(LANGUAGES)
    if converter == "IdConverter":
        if tamper:
            return rng.choice((*BAD_IDS, _flip(rng, rng.choice(known.lists + known.hands))))
        ids = known.hands if "hand" in name else known.lists if "token" in name else known.lists + known.hands
        return rng.choice(ids or ["none"])
    if converter in ("AsciiIntConverter", "IntegerConverter"):
        return quote(rng.choice(BAD_NUMBERS), safe="") if tamper else str(rng.choice((1, 1, 2, 3, 5, 8, 12, 4711)))
    if converter == "PathConverter":
        return quote(rng.choice(STATIC_FILES), safe="/%")
    if tamper or name != "slug":
        return rng.choice((*BAD_IDS, quote(rng.choice(BAD_VALUES)[:200], safe="", errors="surrogateescape")))
    return rng.choice(SLUGS)


def _flip(rng: random.Random, text: str) -> str:
    """Return ``text`` with one character changed, cut short or doubled: a mistyped id."""
    at = rng.randrange(len(text))
    return rng.choice((text[:at] + ("A" if text[at] != "A" else "B") + text[at + 1:], text[:at], text + text))


def _path(rng: random.Random, rule: Rule, known: Known) -> str:
    parts = re.split(r"<(?:[^:<>]+:)?([^<>]+)>", rule.rule)
    path = "".join(
        part if index % 2 == 0 else _argument(rng, rule, part, known) for index, part in enumerate(parts)
    )
    roll = rng.random()
    if roll < 0.04:
        return path.rstrip("/") if path.endswith("/") else path + "/"
    if roll < 0.06:
        return "/" + path
    return path


def _parameters(rng: random.Random) -> list[tuple[str, str]]:
    names = rng.sample(sorted(FIELDS), rng.randint(0, 8))
    params: list[tuple[str, str]] = []
    for name in names:
        repeat = rng.choice((1, 1, 1, 1, 2, 3, 12)) if rng.random() < 0.3 else 1
        params += [(name, _value(rng, name)) for _ in range(repeat)]
    if rng.random() < 0.1:
        params.append((rng.choice(BAD_VALUES)[:100] or "x", _value(rng, "x")))
    return params


def _encoded(params: Sequence[tuple[str, str]]) -> str:
    return urlencode([(name, value) for name, value in params], encoding="utf-8", errors="surrogateescape")


def _header_safe(text: str) -> str:
    """Return ``text`` as a header value HTTP can carry (latin-1, no line breaks)."""
    return text.encode("latin-1", "replace").decode("latin-1").replace("\r", "").replace("\n", "")[:4000]


def probe(rng: random.Random, rules: Sequence[Rule], known: Known) -> Probe:
    """Draw one malformed (or sometimes well-formed) request."""
    rule = rng.choice(rules)
    methods = sorted((rule.methods or {"GET"}) - {"HEAD", "OPTIONS"})
    method = rng.choice(WRONG_METHODS) if rng.random() < 0.08 else rng.choice(methods)
    path = _path(rng, rule, known)
    params = _parameters(rng)
    post = method not in ("GET", "HEAD", "OPTIONS", "TRACE")
    roll = rng.random()
    csrf: list[tuple[str, str]] = []
    headers: Headers = []
    if post and roll < 0.6:
        csrf = [("csrf_token", known.csrf)]
    elif post and roll < 0.75:
        headers.append(("X-CSRFToken", known.csrf))
    elif post and roll < 0.9:
        csrf = [("csrf_token", rng.choice((_flip(rng, known.csrf), "x", "", known.csrf + ".", "\x00")))]
    body = b""
    query = ""
    if post:
        kind = rng.random()
        if kind < 0.85:
            headers.append(("Content-Type", "application/x-www-form-urlencoded"))
            body = _encoded(csrf + params).encode()
        elif kind < 0.93:
            boundary = "kiebitzfuzz"
            headers.append(("Content-Type", f"multipart/form-data; boundary={boundary}"))
            body = _multipart(rng, boundary, csrf + params)
        else:
            headers.append(("Content-Type", rng.choice(("application/json", "text/plain", "x/y; charset=nope"))))
            body = rng.choice((b"{", b"\xff\xfe\x00", _encoded(csrf + params).encode(), b"a=%FF%FE&b=%"))
        if rng.random() < 0.2:
            query = _encoded(_parameters(rng))
    else:
        query = _encoded(params) if rng.random() < 0.8 else rng.choice(("%FF%FE=%", "a=%00", "&&&==", "x" * 3000))
    own_cookies = rng.random() < 0.9
    cookies = known.cookie_header() if own_cookies else "; ".join(
        f"{name}={_header_safe(rng.choice(BAD_VALUES))[:300].replace(';', '')}"
        for name in rng.sample(("session", "learner", "visitor", "scoresheet_lists", "lang", "deck"), 3)
    )
    headers.append(("Cookie", cookies))
    if rng.random() < 0.3:
        headers.append(("HX-Request", "true"))
    if rng.random() < 0.05:
        headers.append((rng.choice(("HX-Boosted", "HX-History-Restore-Request")), "true"))
    if rng.random() < 0.1:
        headers.append(("Accept-Language", _header_safe(rng.choice(("de;q=x", "*", "zz-ZZ,;;", "ms", "x" * 500)))))
    if rng.random() < 0.04:
        headers.append(("Host", rng.choice(BAD_HOSTS)))
    return Probe(method, path + (f"?{query}" if query else ""), headers, body, own_cookies)


def _multipart(rng: random.Random, boundary: str, params: Sequence[tuple[str, str]]) -> bytes:
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{quote(name, errors="surrogateescape")}"\r\n\r\n'.encode()
        + value.encode("utf-8", "surrogateescape") + b"\r\n"
        for name, value in params
    ]
    content = rng.choice((b"kiebitz-list,1\r\ntitle,x\r\n", b"\xff\xfe\x00\x01", b"=HYPERLINK(1)," * 200, b""))
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\n'
                 f"Content-Type: text/csv\r\n\r\n".encode() + content + b"\r\n")
    tail = rng.choice((f"--{boundary}--\r\n".encode(), b"", f"--{boundary}\r\n".encode()))
    return b"".join(parts) + tail


def probes(url_map: Map, known: Known, *, seed: int, count: int) -> Iterator[Probe]:
    """Yield ``count`` probes over every rule of ``url_map``, the same ones for the same seed."""
    rng = random.Random(f"kiebitz-fuzz:{seed}")
    rules = sorted(url_map.iter_rules(), key=lambda rule: (rule.rule, sorted(rule.methods or ())))
    for _ in range(count):
        yield probe(rng, rules, known)


def run(send: Transport, known: Known, probes: Iterator[Probe]) -> Iterator[tuple[Probe, int]]:
    """Send each probe and yield it with the status; the session's cookies follow the answers."""
    for sent in probes:
        status, headers, _ = send(sent.method, sent.target, sent.headers, sent.body)
        if sent.own_cookies:
            known.remember(headers)
        yield sent, status


def test_client_transport(client: FlaskClient) -> Transport:
    """Send probes through a Flask test client that keeps no cookies of its own.

    An exception that escapes the app (an error page that failed) counts as a 500.
    """

    def send(method: str, target: str, headers: Headers, body: bytes) -> Answer:
        try:
            with client.open(target, method=method, headers=headers, data=body) as response:
                return response.status_code, list(response.headers.items()), response.get_data()
        except Exception:  # noqa: BLE001  (the point: nothing may escape)
            logging.getLogger(__name__).exception("%s %s escaped the app", method, target[:200])
            return 500, [], b""

    return send
