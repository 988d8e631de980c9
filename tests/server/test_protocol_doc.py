"""docs/PROTOCOL.md documents every message and field of the served websocket schema."""

from __future__ import annotations

import re
from pathlib import Path

from server_helpers import server
from test_refusal_words import ENGINE_FILES, refusal_codes

DOC = (Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    start = DOC.index(title)
    end = DOC.find("\n### ", start + len(title))
    return DOC[start : end if end != -1 else len(DOC)]


def _rows(section: str) -> dict[str, str]:
    rows: dict[str, str] = {}
    for line in section.splitlines():
        if rows and not line.strip():
            break
        found = re.match(r"\| `(\w+)` \| (.*)", line)
        if found:
            rows[found.group(1)] = found.group(2)
    return rows


def test_every_message_and_field_of_the_schema_is_documented() -> None:
    with server() as app:
        schema = app.get("/api/schema").json()
    for side, title in (("client", "### Client → server"), ("server", "### Server → client")):
        rows = _rows(_section(title))
        models = schema[side]["$defs"]
        types = set()
        for model in models.values():
            kind = model.get("properties", {}).get("type", {}).get("const")
            if kind is None:
                continue
            types.add(kind)
            assert kind in rows, f"{side} message {kind} is not in PROTOCOL.md"
            for field in set(model["properties"]) - {"type"}:
                assert f"`{field}`" in rows[kind], f"{kind}.{field} is not documented"
        assert types == set(rows), "PROTOCOL.md lists a message the schema does not have"


SERVER = Path(__file__).resolve().parents[2] / "src" / "rami" / "server"
CODE_CALLS = re.compile(
    r'(?:Refusal|ProtocolError|error_message|_refuse|_bad)\(\s*"([a-z_]+)"'
    r'|error_response\(\s*\d+,\s*"([a-z_]+)"|"code": "([a-z_]+)"'
)


def test_every_error_code_of_the_server_is_documented() -> None:
    from rami.server.edge.http_errors import STATUS_CODES

    codes = set(STATUS_CODES.values())
    for path in SERVER.rglob("*.py"):
        for hit in CODE_CALLS.finditer(path.read_text(encoding="utf-8")):
            codes.add(next(group for group in hit.groups() if group))
    missing = sorted(code for code in codes if f"`{code}`" not in DOC)
    assert len(codes) > 30 and not missing, f"add to PROTOCOL.md: {missing}"


def test_every_engine_refusal_code_is_documented() -> None:
    engine = {code for code, path in refusal_codes().items() if path in ENGINE_FILES}
    section = _section("### Engine refusal codes")
    missing = sorted(code for code in engine if f"| `{code}` |" not in section)
    assert len(engine) > 50 and not missing, f"add to PROTOCOL.md's engine codes: {missing}"
