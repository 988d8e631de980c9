"""Every refusal code the engine or the server can send has words in every language, in the
one catalog (:mod:`rami.i18n.refusals`) that the terminal, the page and the rules page use.

The codes are read from the source (the calls that raise a refusal), so a new code without
a message fails here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rami.i18n import LANGUAGES
from rami.i18n.refusal_catalog import PLAIN, WITH_FACTS
from rami.i18n.refusals import FIELDS, refusal_templates, refusal_words
from rami.server.edge.http_errors import STATUS_CODES
from rami.server.edge.strings import ui_strings

SRC = Path(__file__).resolve().parents[2] / "src" / "rami"
ENGINE_PATHS = (
    *sorted((SRC / "engine").glob("*.py")),
    *(SRC / name for name in ("scoring.py", "melds.py", "actions.py", "match.py", "errors.py")),
)
"""The core files whose refusals are the engine's."""
ENGINE_FILES = frozenset(path.relative_to(SRC).as_posix() for path in ENGINE_PATHS)
CODE = re.compile(r"^[a-z]+(_[a-z]+)*$")
CODE_FIRST = {"illegal", "_fail", "Refusal", "ProtocolError", "error_message", "_refuse"}
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
    "TournamentRefusal",
}
"""Calls whose second argument is a refusal code."""
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
    missing = sorted(set(refusal_codes()) - {code.split(".")[0] for code in PLAIN})
    assert missing == [], f"add these codes to rami.i18n.refusal_catalog.PLAIN: {missing}"
    assert set(WITH_FACTS) <= set(PLAIN)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_is_in_words_in_every_language(lang: str) -> None:
    english = refusal_templates("en")
    words = refusal_templates(lang)
    assert ui_strings(lang)["errors"] == words
    codes = refusal_codes()
    keys = [*codes, *(f"{code}.facts" for code in WITH_FACTS)]
    keys += [key for key in words if key.startswith(("layoff_does_not_fit.", "too_many_jokers."))]
    for key in keys:
        text = words[key]
        assert text.strip(), key
        assert set(FIELD.findall(text)) <= FIELDS, (key, text)
        assert set(FIELD.findall(text)) == set(FIELD.findall(english[key])), (key, text)
        if not key.endswith(".facts") and key in codes:
            assert not FIELD.findall(text), f"{key}: plain words name no facts"
        if lang != "en":
            assert text != english[key], f"{lang}: {key} is still English"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_code_is_worded_without_facts_and_with_them(lang: str) -> None:
    facts = {"card": 38, "cards": (38, 2), "meld": 1, "stands": (5,), "points": 9}
    full = {**facts, "needed": 51, "seat": 2, "player": "Ana", "count": 2}
    for code in refusal_codes():
        plain = refusal_words(code, {}, lang)
        assert plain.strip() and "{" not in plain, (code, plain)
        worded = refusal_words(code, full, lang)  # type: ignore[arg-type]
        assert worded.strip() and "{" not in worded, (code, worded)
        if code in WITH_FACTS:
            assert worded != plain, (lang, code)


def test_the_opening_refusal_reads_like_words() -> None:
    for lang in LANGUAGES:
        text = ui_strings(lang)["errors"]["opening_below_threshold.facts"]
        filled = text.format(points=9, needed=51)
        assert "<" not in filled and "9" in filled and "51" in filled
    assert ui_strings("en")["errors"]["opening_below_threshold.facts"].format(
        points=9, needed=51
    ) == ("Your melds count 9 points: you need 51 to open.")


def test_two_jokers_are_refused_in_words() -> None:
    assert ui_strings("en")["errors"]["too_many_jokers"] == "Only one joker per meld."
    assert ui_strings("fr")["errors"]["too_many_jokers"] != "Only one joker per meld."
