"""Fixtures of the accounts tests: an app on a fresh SQLite file."""

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from accounts_helpers import Env, environment  # noqa: E402


@pytest.fixture
def env(tmp_path: Path) -> Iterator[Env]:
    with environment(f"sqlite:///{tmp_path / 'accounts.sqlite3'}") as made:
        yield made


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Env]:
    """An app with small rate limits: 3 failed logins per name, 5 per address, 2 signups."""
    with environment(
        f"sqlite:///{tmp_path / 'accounts.sqlite3'}",
        login_failures_per_name=(3, 600.0),
        login_failures_per_address=(5, 600.0),
        signups_per_address=(2, 3600.0),
    ) as made:
        yield made
