"""Every word of the web page goes through the shared catalogs."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rami.i18n.refusal_catalog import PLAIN
from rami.rules import PRESET_SUMMARIES
from rami.server.edge.strings import PRESET_SUMMARIES as MARKED_SUMMARIES
from rami.server.edge.strings import STRINGS, ui_strings

WEB = Path(__file__).resolve().parents[2] / "src" / "rami" / "web" / "js"
CALLS = re.compile(r'\bt\(("(?:[^"\\]|\\.)*")')
PLURALS = re.compile(r'\btn\(("(?:[^"\\]|\\.)*")')
LABELS = re.compile(r'\["[^"]+", ("[a-z][^"_]*")\]')
"""A ``[key, "label"]`` pair; a list of refusal codes (``snake_case``) is not one."""
STATIC = re.compile(r'data-t="([^"]+)"')


def page_messages(pattern: re.Pattern[str]) -> set[str]:
    found: set[str] = set()
    for path in WEB.glob("*.js"):
        found.update(json.loads(hit) for hit in pattern.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_page_message_is_marked_for_translation() -> None:
    missing = page_messages(CALLS) - set(STRINGS)
    assert not missing, f"add to rami.server.edge.strings.STRINGS: {sorted(missing)}"
    assert page_messages(LABELS) <= set(STRINGS)
    static = set(STATIC.findall((WEB.parent / "index.html").read_text(encoding="utf-8")))
    assert static <= set(STRINGS)
    assert page_messages(PLURALS) == set(ui_strings("en")["plurals"])
    assert set(MARKED_SUMMARIES) == set(PRESET_SUMMARIES.values())


def test_plural_forms_follow_the_language() -> None:
    polish = ui_strings("pl")["plurals"]["{count} cards"]
    english = ui_strings("en")["plurals"]["{count} cards"]
    assert english[1] == "1 card" and english[5] == "5 cards"
    assert (polish[1], polish[2], polish[5], polish[22]) == (
        "1 karta",
        "2 karty",
        "5 kart",
        "22 karty",
    )
    assert set(PLAIN) <= set(ui_strings("fr")["errors"])
