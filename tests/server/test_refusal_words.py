"""Every refusal code the engine or the server can send has words in every language.

The codes are read from the source (the calls that raise a refusal), so a new code without
a message fails here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rami.i18n import LANGUAGES
from rami.server.edge.http_errors import STATUS_CODES
from rami.server.edge.strings import ERRORS, ui_strings

SRC = Path(__file__).resolve().parents[2] / "src" / "rami"
ENGINE_PATHS = (
    *sorted((SRC / "engine").glob("*.py")),
    *(SRC / name for name in ("scoring.py", "melds.py", "actions.py", "match.py", "errors.py")),
)
"""The core files whose refusals are the engine's."""
ENGINE_FILES = frozenset(path.relative_to(SRC).as_posix() for path in ENGINE_PATHS)
CODE = re.compile(r"^[a-z]+(_[a-z]+)*$")
CODE_FIRST = {"illegal", "_fail", "Refusal", "ProtocolError", "error_message"}
"""Calls whose first argument is a refusal code."""
CODE_SECOND = {
    "IllegalActionError",
    "InvalidActionError",
    "InvalidMeldError",
    "InvalidRulesError",
    "InvalidCardError",
    "RamiError",
    "_error",
    "error_response",
}
"""Calls whose second argument is a refusal code."""
FIELDS = {"card", "meld", "taken", "points", "needed", "stands", "player"}
"""The fields the page knows how to fill (see ``refusalFields`` in board.js)."""
FIELD = re.compile(r"\{(\w+)\}")


def _code(node: ast.AST | None) -> str | None:
    is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
    if is_text and CODE.match(node.value):  # type: ignore[union-attr]
        return str(node.value)  # type: ignore[union-attr]
    return None


def _candidates(node: ast.AST) -> list[ast.AST | None]:
    """The expressions of ``node`` that hold a refusal code, if any."""
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        found: list[ast.AST | None] = [k.value for k in node.keywords if k.arg == "code"]
        if name in CODE_FIRST and node.args:
            found.append(node.args[0])
        if name in CODE_SECOND and len(node.args) > 1:
            found.append(node.args[1])
        if name == "OpeningCheck" and len(node.args) > 4:
            found.append(node.args[4])
        return found
    if isinstance(node, ast.Dict):
        return [v for k, v in zip(node.keys, node.values, strict=True) if _code(k) == "code"]
    if isinstance(node, ast.Return) and node.value is not None:
        code = _code(node.value)
        return [node.value] if code and "_" in code else []
    if isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == "code" for t in node.targets
    ):
        return [node.value]
    return []


def refusal_codes() -> dict[str, str]:
    """Every refusal code in the engine and the server, with the file that raises it
    (its path under ``src/rami``)."""
    paths = [*ENGINE_PATHS, *sorted((SRC / "server").rglob("*.py"))]
    codes: dict[str, str] = {}
    for path in paths:
        if path.name == "strings.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for candidate in _candidates(node):
                code = _code(candidate)
                if code is not None:
                    codes.setdefault(code, path.relative_to(SRC).as_posix())
    for code in STATUS_CODES.values():  # the framework's refusals, by HTTP status
        codes.setdefault(code, "server/edge/http_errors.py")
    return codes


def test_the_scan_finds_the_known_refusals() -> None:
    codes = refusal_codes()
    known = ("opening_below_threshold", "too_many_jokers", "not_your_turn", "malformed")
    for code in (*known, "internal_error", "not_found", "method_not_allowed"):
        assert code in codes
    assert len(codes) > 70


def test_every_refusal_code_has_a_message() -> None:
    missing = sorted(set(refusal_codes()) - {code.split(".")[0] for code in ERRORS})
    assert missing == [], f"add these codes to rami.server.edge.strings.ERRORS: {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_is_in_words_in_every_language(lang: str) -> None:
    english = ui_strings("en")["errors"]
    words = ui_strings(lang)["errors"]
    for code in refusal_codes():
        text = words[code]
        assert text.strip(), code
        assert set(FIELD.findall(text)) <= FIELDS, (code, text)
        assert set(FIELD.findall(text)) == set(FIELD.findall(english[code])), (code, text)
        if lang != "en":
            assert text != english[code], f"{lang}: {code} is still English"


def test_the_opening_refusal_reads_like_words() -> None:
    for lang in LANGUAGES:
        text = ui_strings(lang)["errors"]["opening_below_threshold"]
        filled = text.format(points=9, needed=51)
        assert "<" not in filled and "9" in filled and "51" in filled
    assert ui_strings("en")["errors"]["opening_below_threshold"].format(points=9, needed=51) == (
        "Your melds count 9 points: you need 51 to open."
    )


def test_two_jokers_are_refused_in_words() -> None:
    assert ui_strings("en")["errors"]["too_many_jokers"] == "Only one joker per meld."
    assert ui_strings("fr")["errors"]["too_many_jokers"] != "Only one joker per meld."
