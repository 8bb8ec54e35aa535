"""Maintain the translation catalogs: ``flask translate extract|update|compile|check``.

Each area ``webapp/<area>/`` with its templates ``templates/<area>/`` has its own
gettext domain ``<area>``; the modules and templates at the top level form the
domain ``messages``. Catalogs live in ``translations/<lang>/LC_MESSAGES/<domain>.po``.
English is the source language: its catalogs stay empty and fall back to the source.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import click
from babel.messages.plurals import get_plural
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from flask import Flask

from webapp import ROOT
from webapp.forms import CAPITAL, FORMS, NAMED_CONTEXTS, NAMED_DOMAINS, form_context, split
from webapp.i18n import DEFAULT_LANGUAGE, LANGUAGES, TRANSLATIONS

KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "lazy_gettext": None,
    "lazy_ngettext": (1, 2),
    "lazy_pgettext": ((1, "c"), 2),
    "lazy_npgettext": ((1, "c"), 2, 3),
}
NOT_AREAS = {"engine", "ai", "storage", "migrations", "static"}
STABLE_DATE = datetime(2026, 11, 30, tzinfo=timezone.utc)
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|%[sdif]|\{(\w*)\}")


def domain_sources(root: Path = ROOT) -> dict[str, list[Path]]:
    """Map each gettext domain to the files its messages come from."""
    webapp, templates = root / "webapp", root / "templates"
    sources = {
        "messages": sorted(webapp.glob("*.py"))
        + sorted(p for p in templates.glob("*.html"))
    }
    for package in sorted(webapp.iterdir()):
        if package.is_dir() and package.name not in NOT_AREAS and (package / "__init__.py").exists():
            files = sorted(package.rglob("*.py")) + sorted((templates / package.name).rglob("*.html"))
            sources[package.name] = files
    return sources


def extract(files: list[Path], root: Path = ROOT) -> Catalog:
    """Collect the translatable messages of ``files`` into a template catalog."""
    catalog = Catalog(project="Kiebitz", fuzzy=False)
    for path in files:
        method = "python" if path.suffix == ".py" else "jinja2"
        options = {"trimmed": "true", "extensions": "jinja2.ext.do"} if method == "jinja2" else {}
        relative = path.relative_to(root).as_posix()
        for lineno, message, comments, context in extract_from_file(
            method, str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), options=options
        ):
            catalog.add(message, None, [(relative, lineno)], auto_comments=comments, context=context)
    return catalog


def with_forms(template: Catalog, lang: str, domain: str) -> Catalog:
    """Return ``template`` with an entry for each form ``lang`` has of each name (:mod:`webapp.forms`).

    A name is an entry with a context of :data:`~webapp.forms.NAMED_CONTEXTS`; its forms
    have the same msgid and the form in the context (``"card: acc_def"``).
    """
    forms = FORMS[lang]
    if not forms or domain not in NAMED_DOMAINS:
        return template
    made = Catalog(project="Kiebitz", fuzzy=False)
    for message in template:
        if not message.id:
            continue
        made[message.id] = message  # keeps the context: Catalog keys on (id, context)
        if message.context in NAMED_CONTEXTS:
            for form, what in forms.items():
                made.add(message.id, None, message.locations, context=form_context(message.context, form),
                         auto_comments=[f"The name in this form: {what}."])
    return made


def catalog_path(lang: str, domain: str, translations: Path = TRANSLATIONS) -> Path:
    """Return where the catalog of ``domain`` in ``lang`` is kept."""
    return translations / lang / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(path: Path, lang: str) -> Catalog:
    """Read a ``.po`` file (or start an empty catalog for ``lang``)."""
    if not path.exists():
        return Catalog(
            locale=lang,
            project="Kiebitz",
            version="1",
            copyright_holder="the Kiebitz contributors",
            msgid_bugs_address="the Kiebitz issue tracker",
            last_translator="the Kiebitz contributors",
            language_team=f"Kiebitz {lang}",
            fuzzy=False,
        )
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def write_catalog(catalog: Catalog, path: Path) -> None:
    """Write a ``.po`` file in a stable form (sorted, no line numbers, no obsolete entries)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    catalog.creation_date = catalog.revision_date = STABLE_DATE  # no churn in diffs
    buffer = BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=True, ignore_obsolete=True,
             include_lineno=False)
    path.write_bytes(buffer.getvalue())


def update(root: Path = ROOT, translations: Path = TRANSLATIONS) -> list[Path]:
    """Bring every catalog up to date with the sources; return the files written."""
    written = []
    for domain, files in domain_sources(root).items():
        template = extract(files, root)
        if not len(template) and domain != "messages":
            continue
        for lang in LANGUAGES:
            path = catalog_path(lang, domain, translations)
            catalog = read_catalog(path, lang)
            catalog.update(with_forms(template, lang, domain), no_fuzzy_matching=True, update_header_comment=False)
            catalog.fuzzy = False
            write_catalog(catalog, path)
            written.append(path)
    return written


def compile_all(translations: Path = TRANSLATIONS) -> list[Path]:
    """Compile every ``.po`` catalog to the ``.mo`` file gettext reads."""
    written = []
    for po in sorted(translations.glob("*/LC_MESSAGES/*.po")):
        lang = po.parent.parent.name
        catalog = read_catalog(po, lang)
        mo = po.with_suffix(".mo")
        buffer = BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        if not mo.exists() or mo.read_bytes() != buffer.getvalue():
            mo.write_bytes(buffer.getvalue())
        written.append(mo)
    return written


def placeholders(text: str) -> set[str]:
    """Return the placeholders of a message (``%(name)s``, ``{name}``)."""
    return {m.group(0) for m in PLACEHOLDER.finditer(text)}


def source_placeholder(placeholder: str, lang: str) -> str:
    """Return the value a placeholder names, without its form: ``%(card_acc_def)s`` → ``%(card)s``.

    A message may ask for a form its language has (:data:`webapp.forms.FORMS`), or for the
    capital (``_cap``); a form the language lacks is returned as written, and so is unknown.
    """
    found = PLACEHOLDER.fullmatch(placeholder)
    if found is None or found.group(1) is None:
        return placeholder
    base, form = split(found.group(1))
    grammatical = form.removesuffix(CAPITAL).rstrip("_")
    if not form or (grammatical and grammatical not in FORMS[lang]):
        return placeholder
    return placeholder.replace(f"({found.group(1)})", f"({base})")


def message_problems(message: Message, catalog: Catalog, lang: str) -> Iterator[str]:
    """Yield what is wrong with one translated message."""
    ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    where = f"{lang}: {ids[0]!r}"
    if message.fuzzy:
        yield f"{where} is fuzzy"
    if lang != DEFAULT_LANGUAGE and not all(strings):
        yield f"{where} is not translated"
    if len(ids) > 1 and len(strings) != catalog.num_plurals:
        yield f"{where} has {len(strings)} plural forms, {lang} needs {catalog.num_plurals}"
    wanted = {source_placeholder(p, DEFAULT_LANGUAGE) for i in ids for p in placeholders(i)}
    for text in strings:
        named = {source_placeholder(p, lang) for p in placeholders(text or "")}
        if text and not named <= wanted:
            yield f"{where} uses placeholders {sorted(named - wanted)} the source lacks"
        if text and len(ids) == 1 and named != wanted:
            yield f"{where} must use exactly the placeholders {sorted(wanted)}"


def check(root: Path = ROOT, translations: Path = TRANSLATIONS) -> list[str]:
    """Return every problem with the catalogs: stale, empty, fuzzy, placeholders, plurals."""
    problems: list[str] = []
    for domain, files in domain_sources(root).items():
        template = extract(files, root)
        if not any(m.id for m in template) and domain != "messages":
            continue
        for lang in LANGUAGES:
            wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context)
                      for m in with_forms(template, lang, domain) if m.id}
            path = catalog_path(lang, domain, translations)
            if not path.exists():
                problems.append(f"{path.relative_to(root)} is missing: run `flask translate update`")
                continue
            catalog = read_catalog(path, lang)
            have = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}
            for msgid, context in sorted(wanted - have, key=str):
                problems.append(f"{domain}/{lang}: {msgid!r} is not in the catalog (stale)")
            for msgid, context in sorted(have - wanted, key=str):
                problems.append(f"{domain}/{lang}: {msgid!r} is no longer used (stale)")
            expected = get_plural(lang).num_plurals
            if catalog.num_plurals != expected:
                problems.append(f"{domain}/{lang}: header says {catalog.num_plurals} plural forms, "
                                f"Babel says {expected}")
            for message in catalog:
                if message.id:
                    problems.extend(f"{domain}/{p}" for p in message_problems(message, catalog, lang))
    return problems


def init_app(app: Flask) -> None:
    """Add the ``flask translate`` commands."""

    @app.cli.group()
    def translate() -> None:
        """Maintain the translation catalogs."""

    @translate.command("extract")
    def extract_command() -> None:
        """Print how many messages each domain has in the sources."""
        for domain, files in domain_sources().items():
            click.echo(f"{domain}: {len(extract(files))} messages from {len(files)} files")

    @translate.command("update")
    def update_command() -> None:
        """Bring every catalog up to date with the sources (new entries are empty)."""
        for path in update():
            click.echo(f"updated {path.relative_to(ROOT)}")

    @translate.command("compile")
    def compile_command() -> None:
        """Compile the catalogs for gettext."""
        click.echo(f"compiled {len(compile_all())} catalogs")

    @translate.command("check")
    def check_command() -> None:
        """Fail when a catalog is stale, incomplete, fuzzy or has a bad placeholder or plural."""
        problems = check()
        for problem in problems:
            click.echo(problem, err=True)
        if problems:
            raise SystemExit(1)
        click.echo("catalogs are complete and up to date")
