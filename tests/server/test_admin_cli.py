"""``rami admin grant|revoke NAME moderator`` through a subprocess on an embedded database:
the role takes effect, an unknown role or a missing account is refused (exit 2), nothing
else changes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rami.accounts import AccountStore
from rami.server.social.moderation import Moderation
from rami.server.store.database import sqlite_url, upgrade_url

SRC = Path(__file__).resolve().parents[2] / "src"


def rami(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    command = [sys.executable, "-m", "rami.cli", "admin", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)


def test_grant_and_revoke_a_moderator_and_refuse_bad_names_and_roles(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    upgrade_url(url)
    store = AccountStore(url, create=False)
    ana = store.create_account("Ana", "x")
    moderation = Moderation(store)
    granted = rami("grant", "ana", "moderator", "--data", str(tmp_path))
    assert (granted.returncode, granted.stdout.strip()) == (0, "Ana is a moderator now")
    assert moderation.is_moderator(ana.id)
    assert rami("grant", "Ana", "moderator", "--data", str(tmp_path)).returncode == 0  # again
    missing = rami("grant", "Nobody", "moderator", "--data", str(tmp_path))
    assert missing.returncode == 2 and "no_such_account" in missing.stderr
    role = rami("grant", "Ana", "king", "--data", str(tmp_path))
    assert role.returncode == 2 and "unknown_role" in role.stderr
    revoked = rami("revoke", "Ana", "moderator", "--data", str(tmp_path))
    assert (revoked.returncode, revoked.stdout.strip()) == (0, "Ana is no moderator any more")
    assert not moderation.is_moderator(ana.id)
    store.close()
