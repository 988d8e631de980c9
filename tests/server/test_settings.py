"""``rami serve``'s settings: one object read from defaults, a TOML file, ``RAMI_*`` variables
and flags (in that order, the later winning), passed whole to the workers, printed without
passwords; a corrupt store is one line and a non-zero exit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rami.server.edge.configured import settings_app
from rami.server.messages.settings import ServerSettings
from rami.server.store.sql_store import DB_NAME

FILE = """
[limits]
chat_burst = 7
body_bytes = 20000
signups_per_address = { count = 2, seconds = 60.0 }

[security]
allowed_origins = ["https://cards.example"]

[storage]
database = "postgresql://rami:hunter2@db.example:5432/rami"
redis = "redis://127.0.0.1:6379/3"
"""


def serve(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("RAMI_")}
    return subprocess.run(
        [sys.executable, "-m", "rami.cli", "serve", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env={**environment, **(env or {})},
    )


def test_flags_beat_variables_beat_the_file_beat_the_defaults(tmp_path: Path) -> None:
    file = tmp_path / "rami.toml"
    file.write_text(FILE, encoding="utf-8")
    env = {"RAMI_SETTINGS_FILE": str(file), "RAMI_LIMITS__BODY_BYTES": "30000"}
    done = serve(
        "--print-settings",
        "--chat-burst",
        "9",
        "--port",
        "9001",
        "--set",
        "limits.hello_seconds=4",
        "--set",
        "limits.chat_burst=2",
        env=env,
    )
    assert done.returncode == 0, done.stderr
    shown = done.stdout
    assert "chat_burst = 9" in shown, "a flag wins over the file and over --set"
    assert "hello_seconds = 4" in shown, "--set sets any setting"
    assert "body_bytes = 30000" in shown, "a variable wins over the file"
    assert "signups_per_address = { count = 2, seconds = 60.0 }" in shown, "the file is read"
    assert 'allowed_origins = ["https://cards.example"]' in shown
    assert "port = 9001" in shown and "message_bytes = 4096" in shown, "defaults fill the rest"
    assert "hunter2" not in shown and "rami:***@db.example" in shown, "no password is printed"
    again = tmp_path / "again.toml"
    again.write_text(shown, encoding="utf-8")
    reread = serve("--print-settings", "--settings", str(again))
    assert reread.stdout == shown, "what is printed is a settings file giving the same settings"


def test_bad_settings_are_named_on_one_line(tmp_path: Path) -> None:
    done = serve("--print-settings", env={"RAMI_LIMITS__CHAT_BURST": "none"})
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "limits.chat_burst" in done.stderr
    file = tmp_path / "broken.toml"
    file.write_text("[limits\n", encoding="utf-8")
    unreadable = serve("--print-settings", "--settings", str(file))
    assert unreadable.returncode == 2 and "cannot read the settings file" in unreadable.stderr
    typo = serve("--print-settings", env={"RAMI_LIMITS__CHAT_BURTS": "3"})
    assert typo.returncode == 2 and "limits.chat_burts" in typo.stderr, "a misspelt limit"
    others = serve("--print-settings", env={"RAMI_TEST_REDIS": "redis://elsewhere"})
    assert others.returncode == 0, "a variable outside the groups is not a setting"


def test_the_workers_receive_the_same_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith("RAMI_"):
            monkeypatch.delenv(name)
    chosen = ServerSettings.load(
        limits={"chat_burst": 3, "logins_per_name": {"count": 4, "seconds": 30.0}},
        security={"allowed_origins": ["https://a.example"], "secure_cookies": True},
        storage={"database": "postgresql://u:pw@h/d", "redis": "redis://h/1"},
        cluster={"lease": 6.0},
    )
    for name, value in chosen.environment().items():
        monkeypatch.setenv(name, value)
    assert ServerSettings() == chosen


def test_a_corrupt_sqlite_store_is_one_line_and_a_failure(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"this is not a database at all" * 200)
    for args in (["--check"], ["--port", "0"]):
        done = serve(*args, "--data", str(tmp_path))
        assert done.returncode == 1, done.stderr
        assert done.stderr.strip().count("\n") == 0 and "Traceback" not in done.stderr
        assert "cannot open the store" in done.stderr and "not a database" in done.stderr


def test_the_app_takes_its_security_from_the_settings() -> None:
    settings = ServerSettings.load(
        security={
            "secure_cookies": True,
            "allowed_origins": ["https://cards.example"],
            "proxy_header": "X-Forwarded-For",
        },
        limits={"create_burst": 1, "creates_per_minute": 0.001},
    )
    with TestClient(settings_app(settings)) as client:
        origin = {"origin": "https://cards.example"}
        made = client.post(
            "/api/signup", json={"name": "Ana", "password": "a long secret"}, headers=origin
        )
        assert made.status_code == 201, made.text
        assert all("secure" in cookie.lower() for cookie in made.headers.get_list("set-cookie"))
        other = client.post(
            "/api/login", json={"name": "Ana", "password": "x"}, headers={"origin": "https://evil"}
        )
        assert other.json()["code"] == "bad_origin"
        body = {"name": "Bo"}
        first = {"X-Forwarded-For": "198.51.100.1, 203.0.113.1"}
        second = {"X-Forwarded-For": "203.0.113.2"}
        assert client.post("/api/tables", json=body, headers=first).status_code == 201
        assert client.post("/api/tables", json=body, headers=first).status_code == 429
        assert client.post("/api/tables", json=body, headers=second).status_code == 201, (
            "the proxy's last entry is the client: another client has its own budget"
        )


def test_docs_deploy_lists_every_setting_with_its_variable_and_default() -> None:
    deploy = (Path(__file__).resolve().parents[2] / "docs" / "DEPLOY.md").read_text("utf-8")
    rows = {
        line.split("|")[1].strip(): line for line in deploy.splitlines() if line.startswith("| `")
    }
    defaults = ServerSettings()
    for group in ServerSettings.model_fields:
        model = getattr(defaults, group)
        for name, value in model.model_dump(mode="json").items():
            row = rows.get(f"`{group}.{name}`")
            assert row is not None, f"docs/DEPLOY.md has no row for {group}.{name}"
            assert f"`RAMI_{group.upper()}__{name.upper()}`" in row
            cell = row.split("|")[4].strip()
            if isinstance(value, dict):
                assert cell == f"{value['count']} per {value['seconds']:g} s", row
            elif value is None or value == []:
                assert cell in ("unset", "none"), row
            else:
                assert cell == str(value), row
