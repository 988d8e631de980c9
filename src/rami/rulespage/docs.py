"""The checked-in pages under ``docs/rules``: ``<lang>/<preset>.md`` and ``.html``.

Every language has a page for each of :data:`DOC_PRESETS`; a regional preset also has one in
its own language (:data:`REGIONAL_PAGES`).

Regenerate them with ``rami rules --write-docs`` (or ``python -m rami.rulespage.docs``) from
the repository root; a test regenerates them in memory and fails if the files are stale.
"""

from __future__ import annotations

import sys
from pathlib import Path

from rami.i18n import LANGUAGE_NAMES, LANGUAGES
from rami.rules import get_rules
from rami.rulespage import FORMATS, render_rules_page

DOC_PRESETS = ("rami51", "rami40")
REGIONAL_PAGES: dict[str, tuple[str, ...]] = {"pl": ("rami51-pl",)}
"""The presets of one country, with a page in that country's language only."""
DEFAULT_DIR = Path("docs/rules")


def _index() -> str:
    lines = [
        "# Rules pages",
        "",
        "Generated from the engine by `rami rules --write-docs`; do not edit by hand.",
        "",
        "| language | " + " | ".join(DOC_PRESETS) + " |",
        "|---|" + "---|" * len(DOC_PRESETS),
    ]
    for lang in LANGUAGES:
        cells = " | ".join(
            f"[md]({lang}/{preset}.md) · [html]({lang}/{preset}.html)" for preset in DOC_PRESETS
        )
        lines.append(f"| {LANGUAGE_NAMES[lang]} | {cells} |")
    lines += [
        "",
        "Regional presets, in their own language:",
        "",
        "| language | preset | page |",
        "|---|---|---|",
    ]
    for lang, presets in REGIONAL_PAGES.items():
        for preset in presets:
            page = f"[md]({lang}/{preset}.md) · [html]({lang}/{preset}.html)"
            lines.append(f"| {LANGUAGE_NAMES[lang]} | {preset} | {page} |")
    return "\n".join(lines) + "\n"


def expected_docs() -> dict[str, str]:
    """Every file of ``docs/rules`` by relative path, with the text it must hold."""
    files = {"README.md": _index()}
    for preset in DOC_PRESETS:
        rules = get_rules(preset)
        for lang in LANGUAGES:
            for fmt in FORMATS:

                def link(other: str, preset: str = preset, fmt: str = fmt) -> str:
                    return f"../{other}/{preset}.{fmt}"

                files[f"{lang}/{preset}.{fmt}"] = render_rules_page(rules, lang, fmt, link)
    for lang, presets in REGIONAL_PAGES.items():
        for preset in presets:
            for fmt in FORMATS:
                page = render_rules_page(get_rules(preset), lang, fmt)
                files[f"{lang}/{preset}.{fmt}"] = page
    return files


def stale_docs(root: Path = DEFAULT_DIR) -> list[str]:
    """The relative paths under ``root`` that are missing or differ from the generated text."""
    stale = []
    for relative, text in expected_docs().items():
        path = root / relative
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(relative)
    return stale


def write_docs(root: Path = DEFAULT_DIR) -> list[Path]:
    """Write every page under ``root``; returns the files that changed."""
    changed = []
    for relative, text in expected_docs().items():
        path = root / relative
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        changed.append(path)
    return changed


def main() -> None:
    """Regenerate ``docs/rules`` (or the directory given as the only argument)."""
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_DIR
    changed = write_docs(root)
    sys.stdout.write(f"{len(changed)} file(s) rewritten under {root}\n")


if __name__ == "__main__":
    main()
