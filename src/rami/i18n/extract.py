"""Keep the catalogs in step with the code: ``python -m rami.i18n.extract``.

Extracts every marked message under ``src/rami`` into ``locale/rami.pot``, then merges the
template into each language's ``.po``: new messages arrive untranslated, vanished ones become
obsolete (``#~``). Translate the new entries, then run the tests, which refuse any message left
untranslated in any language. ``python -m rami.i18n.extract --check`` only lists the messages
marked in the source that the catalogs do not hold yet.
"""

from __future__ import annotations

import datetime
import sys
from collections.abc import Sequence
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from rami.i18n.catalogs import DOMAIN, LANGUAGES, SOURCE_LANGUAGE, po_path, template_path

PACKAGE_DIR = Path(__file__).resolve().parent.parent
KEYWORDS = {**DEFAULT_KEYWORDS, "NC_": ((1, "c"), 2)}
COMMENT_TAGS = ("TRANSLATORS:",)
PLURAL_FORMS = {
    # The classic gettext rules: CLDR adds a "many" form for millions that no one needs here.
    "fr": "nplurals=2; plural=(n > 1);",
    "pt": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
}
HEADER = (
    "# Messages of Rami.\n"
    "# Regenerate with `python -m rami.i18n.extract`; translate every msgstr.\n"
    "#"
)
WIDTH = 100
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
"""Header dates are pinned so that regenerating the catalogs changes nothing unless messages do."""

MessageKey = tuple[str | tuple[str, ...], str | None]


def _blank_catalog(lang: str | None) -> Catalog:
    catalog = Catalog(
        locale=lang,
        domain=DOMAIN,
        header_comment=HEADER,
        project="rami",
        version="1",
        msgid_bugs_address="the rami issue tracker",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        last_translator="rami contributors",
        language_team="rami contributors",
        charset="utf-8",
        fuzzy=False,
    )
    if lang in PLURAL_FORMS:
        headers = [(k, v) for k, v in catalog.mime_headers if k != "Plural-Forms"]
        catalog.mime_headers = [*headers, ("Plural-Forms", PLURAL_FORMS[lang])]
    return catalog


def extract_template(roots: Sequence[Path] = (PACKAGE_DIR,)) -> Catalog:
    """A fresh template of every message marked under ``roots`` (default: the whole package)."""
    template = _blank_catalog(None)
    method_map = [("**/locale/**", "ignore"), ("**.py", "python")]
    for root in roots:
        found = extract_from_dir(
            str(root), method_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS
        )
        for filename, lineno, message, comments, context in found:
            where = (root.resolve() / filename).relative_to(PACKAGE_DIR.parent).as_posix()
            template.add(
                message,
                None,
                [(where, lineno)],
                auto_comments=comments,
                context=context,
                flags=_flags(message),
            )
    return template


def _flags(message: str | tuple[str, ...]) -> tuple[str, ...]:
    texts = (message,) if isinstance(message, str) else message
    return ("python-brace-format",) if any("{" in text for text in texts) else ()


def message_keys(catalog: Catalog) -> set[MessageKey]:
    """The (id, context) pairs of the live messages in ``catalog``."""
    keys: set[MessageKey] = set()
    for message in catalog:
        if message.id:
            ident = message.id if isinstance(message.id, str) else tuple(message.id)
            keys.add((ident, message.context))
    return keys


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    """Parse one ``.po`` or ``.pot`` file."""
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def write_catalog(path: Path, catalog: Catalog) -> None:
    """Write a catalog the way every catalog of the project is written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=True)


def missing_messages(roots: Sequence[Path] = (PACKAGE_DIR,)) -> set[MessageKey]:
    """Messages marked in the source under ``roots`` that the template does not hold yet."""
    return message_keys(extract_template(roots)) - message_keys(read_catalog(template_path()))


def update_catalogs(template: Catalog | None = None) -> list[Path]:
    """Merge ``template`` (default: a fresh extraction) into the template file and every
    language's catalog; returns the files written."""
    if template is None:
        template = extract_template()
    write_catalog(template_path(), template)
    written = [template_path()]
    for lang in LANGUAGES:
        if lang == SOURCE_LANGUAGE:
            continue
        path = po_path(lang)
        catalog = read_catalog(path, lang) if path.exists() else _blank_catalog(lang)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        write_catalog(path, catalog)
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Update the catalogs, or with ``--check`` list the messages they miss (exit status 1)."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args == ["--check"]:
        missing = missing_messages()
        for ident, context in sorted(missing, key=str):
            sys.stdout.write(f"not in the catalogs: {ident!r} (context {context!r})\n")
        return 1 if missing else 0
    for path in update_catalogs():
        sys.stdout.write(f"wrote {path}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
