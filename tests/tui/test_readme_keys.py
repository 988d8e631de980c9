"""The README documents every key of the table and of the replay viewer, and what the tests need."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.binding import Binding

from rami.tui.play import PlayScreen
from rami.tui.replay import ReplayScreen

README = Path(__file__).resolve().parents[2] / "README.md"
LABELS = {
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "home": "Home",
    "end": "End",
    "space": "Space",
    "escape": "Esc",
    "tab": "Tab",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "question_mark": "?",
    "f1": "F1",
    "less_than_sign": "<",
    "greater_than_sign": ">",
    "shift+left": "Shift+←",
    "shift+right": "Shift+→",
}


def keys_of(screen: type[PlayScreen] | type[ReplayScreen]) -> set[str]:
    """The keys a screen binds, as the README writes them (`X`, `←`, `Shift+←`…)."""
    keys = set()
    for binding in screen.BINDINGS:
        assert isinstance(binding, Binding)
        for key in binding.key.split(","):
            keys.add(LABELS.get(key, key.upper()))
    return keys


def section(title: str, end: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(title)
    return text[start : text.index(end, start)]


@pytest.mark.parametrize(
    ("screen", "title", "end"),
    [
        (PlayScreen, "**In the terminal**", "rami replay FILE --viewer"),
        (ReplayScreen, "rami replay FILE --viewer", "![The terminal client]"),
    ],
)
def test_every_key_is_in_the_readme(
    screen: type[PlayScreen] | type[ReplayScreen], title: str, end: str
) -> None:
    text = section(title, end)
    missing = sorted(key for key in keys_of(screen) if f"`{key}`" not in text)
    assert missing == []


def test_the_readme_starts_with_its_set_up_and_says_what_the_tests_need() -> None:
    text = README.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[2] == "```sh" and "pip install -e ." in lines[3] and "pytest" in lines[4]
    tests = section("## Tests", "## The engine")
    for needed in ("PostgreSQL", "Redis", "Chromium", "ten minutes", "bash .ci/services"):
        assert needed in tests
    assert "replay-view" not in text
