"""No template glues translated pieces together with words or punctuation of its own.

A translator sees one whole message with named placeholders ("%(name)s: %(score)s",
"Cards:"), so that French can put its non-breaking space before the colon and Finnish
can change the order. What a template writes outside a translation call is markup,
numbers and values only.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from webapp import ROOT

TEMPLATES = ROOT / "templates"
COMMENT = re.compile(r"\{#.*?#\}", re.S)
TRANS_BLOCK = re.compile(r"\{%-?\s*trans\b.*?\{%-?\s*endtrans\s*-?%\}", re.S)
TRANSLATED = re.compile(r"\{\{-?\s*(?:_|gettext|pgettext|ngettext|npgettext)\(.*?\}\}", re.S)
EXPRESSION = re.compile(r"\{\{.*?\}\}", re.S)
STATEMENT = re.compile(r"\{%.*?%\}", re.S)
MESSAGE, VALUE = "\x01", "\x02"
SPOKEN_ATTRIBUTES = {"aria-label", "title", "alt", "placeholder", "aria-description", "aria-roledescription"}
#: Text a template may write itself: the name of the site (after the page's title too), and
#: the insides of a tag that a macro or block writes (attributes, class names), not text.
ALLOWED = {"Kiebitz", "· Kiebitz", "page"}
ATTRIBUTES = re.compile(
    r'^(\s*([\w-]+="[^"]*"|checked|selected|disabled|open|autofocus|required|hidden|novalidate|data-[\w-]+))+\s*$')
CLASS_NAMES = re.compile(r"^(\s*[a-z]+(-{1,2}[a-z]+)*)+\s*$")  # with a hyphen somewhere


class _Text(HTMLParser):
    """Collect the text nodes and spoken attributes of a template, outside aria-hidden elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.hidden: list[str] = []  # the open elements that hide their content (script, aria-hidden)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in ("script", "style") or found.get("aria-hidden") == "true" or (
                self.hidden and tag == self.hidden[-1]):
            self.hidden.append(tag)
        for name, value in attrs:
            if name in SPOKEN_ATTRIBUTES and value:
                self._check(value)

    def handle_endtag(self, tag: str) -> None:
        if self.hidden and self.hidden[-1] == tag:
            self.hidden.pop()

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self._check(data)

    def _check(self, text: str) -> None:
        own = re.sub(r"[\s\d]+", " ", text.replace(MESSAGE, " ").replace(VALUE, " ")).strip()
        if own and own not in ALLOWED and not ATTRIBUTES.match(own) and not (
                "-" in own and CLASS_NAMES.match(own)):
            self.found.append(text.strip().replace(MESSAGE, "{{ _(…) }}").replace(VALUE, "{{ … }}"))


def own_text(source: str) -> list[str]:
    """Return the text a template writes outside translation calls (but markup, numbers and values)."""
    source = TRANS_BLOCK.sub(MESSAGE, COMMENT.sub("", source))
    source = STATEMENT.sub("", EXPRESSION.sub(VALUE, TRANSLATED.sub(MESSAGE, source)))
    parser = _Text()
    parser.feed(source)
    return parser.found


def test_the_check_finds_glued_pieces() -> None:
    assert own_text('<span>{{ _("Cards") }}:</span>') == ['{{ _(…) }}:']
    assert own_text('<li>{{ name }}: {{ score|signed }}</li>') == ["{{ … }}: {{ … }}"]
    assert own_text('<p>{{ n }} · {{ _("declarer") }}</p>') == ["{{ … }} · {{ _(…) }}"]
    assert own_text('<p>{% if x %}Round{% endif %} {{ _("one") }}</p>') == ["Round {{ _(…) }}"]
    assert own_text('<b title="Close">{{ _("x") }}</b>') == ["Close"]
    assert own_text('<p>{{ _("%(a)s: %(b)s", a=a, b=b) }} {{ 12 }}</p><i aria-hidden="true">›</i>') == []


def test_no_template_writes_words_or_punctuation_outside_a_translation_call() -> None:
    found = {
        path.relative_to(TEMPLATES).as_posix(): text
        for path in sorted(TEMPLATES.rglob("*.html"))
        if (text := own_text(path.read_text(encoding="utf-8")))
    }
    assert found == {}
