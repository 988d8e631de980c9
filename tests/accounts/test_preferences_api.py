"""How an account sees the cards: read and changed through the API, bad values refused whole,
kept by the migrated schema on PostgreSQL as on SQLite."""

from __future__ import annotations

from accounts_helpers import Env, csrf, environment, signup
from sqlalchemy import func, select

from rami.accounts import AccountStore
from rami.accounts.schema import preferences_t
from rami.server.store.database import upgrade_url
from services import postgres_database

ROUTE = "/api/me/preferences"
DEFAULTS = {
    "card_size": "medium",
    "theme": "standard",
    "deck": "two-colour",
    "hand": "right",
    "sound": "off",
    "vibrate": "off",
    "notify": "off",
}


def _rows(env: Env) -> int:
    with env.store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(preferences_t)).scalar_one())


def test_preferences_start_at_the_defaults_and_change_one_at_a_time(env: Env) -> None:
    signup(env.client, "Ana")
    assert env.client.get(ROUTE).json() == DEFAULTS
    assert _rows(env) == 0
    changed = env.client.put(ROUTE, json={"theme": "high-contrast"}, headers=csrf(env.client))
    assert changed.status_code == 200
    assert changed.json() == {**DEFAULTS, "theme": "high-contrast"}
    both = env.client.put(
        ROUTE, json={"deck": "four-colour", "hand": "left"}, headers=csrf(env.client)
    )
    mixed = {"theme": "high-contrast", "deck": "four-colour", "hand": "left"}
    assert both.json() == {**DEFAULTS, **mixed}
    large = env.client.put(ROUTE, json={"card_size": "large"}, headers=csrf(env.client))
    assert large.json()["card_size"] == "large"
    # the card size is the account's setting: one value whichever route changes it
    assert env.client.get("/api/me").json()["settings"]["card_size"] == "large"
    env.client.put("/api/me/settings", json={"card_size": "small"}, headers=csrf(env.client))
    assert env.client.get(ROUTE).json()["card_size"] == "small"
    assert _rows(env) == 1

    other = env.new_client()
    signup(other, "Bruno")
    assert other.get(ROUTE).json() == DEFAULTS


def test_bad_preferences_are_refused_with_the_reason_and_change_nothing(env: Env) -> None:
    signup(env.client, "Ana")
    env.client.put(ROUTE, json={"deck": "four-colour"}, headers=csrf(env.client))
    before = env.client.get(ROUTE).json()
    cases = {
        "theme": ({"theme": "dark"}, "theme: input should be 'standard' or 'high-contrast'"),
        "unknown": ({"colour": "red"}, "unknown preference 'colour'"),
        "mixed": ({"hand": "left", "deck": "rainbow"}, "deck: input should be"),
        "not text": ({"hand": 1}, "hand: input should be 'right' or 'left'"),
        "null": ({"theme": None}, "theme: input should be"),
        "empty": ({}, "send one or more of card_size, theme, deck, hand, sound"),
    }
    for name, (body, words) in cases.items():
        response = env.client.put(ROUTE, json=body, headers=csrf(env.client))
        assert response.status_code == 400, name
        assert response.json()["code"] == "bad_preferences", name
        assert words in response.json()["message"], (name, response.json())
    malformed = env.client.put(ROUTE, content=b"[1]", headers=csrf(env.client))
    assert malformed.json()["code"] == "malformed"
    assert env.client.get(ROUTE).json() == before


def test_the_turn_alerts_are_kept_with_the_account(env: Env) -> None:
    signup(env.client, "Ana")
    change = {"sound": "on", "vibrate": "on", "notify": "on"}
    answer = env.client.put(ROUTE, json=change, headers=csrf(env.client))
    assert answer.status_code == 200 and answer.json() == {**DEFAULTS, **change}
    off = env.client.put(ROUTE, json={"vibrate": "off"}, headers=csrf(env.client))
    assert off.json() == {**DEFAULTS, "sound": "on", "notify": "on"}
    refused = env.client.put(ROUTE, json={"sound": "loud"}, headers=csrf(env.client))
    assert (
        refused.status_code == 400
        and "sound: input should be 'off' or 'on'" in (refused.json()["message"])
    )
    assert env.client.get(ROUTE).json() == {**DEFAULTS, "sound": "on", "notify": "on"}


def test_preferences_need_a_session_and_its_csrf_token(env: Env) -> None:
    assert env.client.get(ROUTE).json()["code"] == "not_logged_in"
    signup(env.client, "Ana")
    refused = env.client.put(ROUTE, json={"theme": "high-contrast"})
    assert (refused.status_code, refused.json()["code"]) == (403, "bad_csrf")
    assert env.client.get(ROUTE).json() == DEFAULTS


def test_the_migration_keeps_preferences_on_postgresql() -> None:
    with postgres_database() as url:
        upgrade_url(url)
        store = AccountStore(url, create=False)
        account = store.create_account("Ana", "not-a-real-hash")
        store.update_preferences(account.id, {"hand": "left", "card_size": "large"})
        store.update_preferences(account.id, {"theme": "high-contrast", "sound": "on"})
        store.close()
        again = AccountStore(url, create=False)
        assert again.preferences(account.id).model_dump() == {
            **DEFAULTS,
            "card_size": "large",
            "hand": "left",
            "theme": "high-contrast",
            "sound": "on",
        }
        again.close()
        with environment(url) as env:  # the API on the same database
            signup(env.client, "Bruno")
            answer = env.client.put(ROUTE, json={"deck": "four-colour"}, headers=csrf(env.client))
            assert answer.json() == {**DEFAULTS, "deck": "four-colour"}
