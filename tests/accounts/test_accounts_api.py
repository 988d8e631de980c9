"""Signup, login, sessions, CSRF, settings and rate limits through the HTTP API."""

from __future__ import annotations

import logging

import pytest
from accounts_helpers import PASSWORD, Env, csrf, environment, make_account, signup
from argon2 import PasswordHasher
from sqlalchemy import select

from rami.accounts import Passwords
from rami.accounts.schema import accounts_t, sessions_t
from rami.accounts.sessions import session_hash

DAY = 86_400.0


def _login(env: Env, name: str, password: str = PASSWORD, **kwargs: object) -> object:
    return env.client.post("/api/login", json={"name": name, "password": password}, **kwargs)


def test_signup_sets_the_session_and_me_answers(env: Env) -> None:
    response = env.client.post("/api/signup", json={"name": "Ana", "password": PASSWORD})
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Ana"
    assert body["settings"] == {"language": None, "card_size": "medium"}
    assert set(body["ratings"]) == {"rami51", "rami40"}
    new = {"mu": 25.0, "sigma": 8.3333, "rating": 1500, "provisional": True, "games": 0}
    assert body["ratings"]["rami51"] == new
    cookies = response.headers.get_list("set-cookie")
    session = next(c for c in cookies if c.startswith("rami_session="))
    assert "HttpOnly" in session and "SameSite=lax" in session and "Path=/" in session
    token = next(c for c in cookies if c.startswith("rami_csrf="))
    assert "HttpOnly" not in token
    me = env.client.get("/api/me")
    assert me.status_code == 200
    assert me.json() == body
    assert env.client.get("/whoami").json() == {"name": "Ana"}


def test_the_websocket_handshake_carries_the_session(env: Env) -> None:
    with env.client.websocket_connect("/ws") as socket:
        assert socket.receive_json() == {"name": None}
    signup(env.client, "Ana")
    with env.client.websocket_connect("/ws") as socket:
        assert socket.receive_json() == {"name": "Ana"}


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("ab", "bad_name"),
        ("a" * 21, "bad_name"),
        ("_ana", "bad_name"),
        ("an a", "bad_name"),
        ("Zoë", "bad_name"),
        ("Hard", "bad_name"),
        ("admin", "bad_name"),
        (42, "bad_name"),
    ],
)
def test_signup_refuses_bad_names(env: Env, name: object, code: str) -> None:
    response = env.client.post("/api/signup", json={"name": name, "password": PASSWORD})
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert "rami_session" not in env.client.cookies


@pytest.mark.parametrize("password", ["short", "x" * 129, "Ana-Maria", None])
def test_signup_refuses_bad_passwords(env: Env, password: object) -> None:
    response = env.client.post("/api/signup", json={"name": "Ana-Maria", "password": password})
    assert response.status_code == 400
    assert response.json()["code"] == "bad_password"
    assert env.store.account_named("Ana-Maria") is None


def test_names_are_unique_whatever_the_case(env: Env) -> None:
    signup(env.client, "Ana")
    other = env.new_client()
    response = other.post("/api/signup", json={"name": "aNA", "password": PASSWORD})
    assert response.status_code == 409
    assert response.json()["code"] == "name_taken"
    assert "rami_session" not in other.cookies


@pytest.mark.parametrize(
    ("content", "status", "code"),
    [
        (b"not json", 400, "malformed"),
        (b"[1, 2]", 400, "malformed"),
        (b" " * 5000, 413, "too_large"),
    ],
)
def test_malformed_bodies_are_refused(env: Env, content: bytes, status: int, code: str) -> None:
    for route in ("/api/signup", "/api/login"):
        response = env.client.post(route, content=content)
        assert response.status_code == status
        assert response.json()["code"] == code


def test_login_with_any_case_and_a_wrong_password(env: Env) -> None:
    signup(env.new_client(), "Ana")
    wrong = _login(env, "ana", "wrong password")
    assert wrong.status_code == 401
    assert wrong.json()["code"] == "bad_login"
    assert env.client.get("/api/me").status_code == 401
    unknown = _login(env, "Nobody")
    assert unknown.status_code == 401
    assert unknown.json() == wrong.json()
    right = _login(env, "ana")
    assert right.status_code == 200
    assert right.json()["name"] == "Ana"
    assert env.client.get("/api/me").json()["name"] == "Ana"


def test_passwords_are_stored_as_argon2id_and_never_logged(
    env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    secret = "a very secret phrase 42"
    with caplog.at_level(logging.DEBUG):
        signup(env.client, "Ana", secret)
        _login(env, "Ana", secret)
        _login(env, "Ana", secret + "!")
    assert secret not in caplog.text
    with env.store.engine.connect() as conn:
        stored = conn.execute(select(accounts_t.c.password_hash)).scalar_one()
    assert stored.startswith("$argon2id$")
    assert secret not in stored


def test_session_tokens_are_stored_hashed(env: Env) -> None:
    signup(env.client, "Ana")
    token = env.client.cookies["rami_session"].rpartition(".")[0]
    with env.store.engine.connect() as conn:
        stored = list(conn.execute(select(sessions_t.c.token_hash)).scalars())
    assert stored == [session_hash(token)]
    assert token not in stored[0]


def test_a_hash_with_old_parameters_is_replaced_at_login(tmp_path: object) -> None:
    database = f"sqlite:///{tmp_path}/rehash.sqlite3"
    with environment(database) as first:
        signup(first.client, "Ana")
        old = first.store.credentials("Ana")
    stronger = Passwords(PasswordHasher(time_cost=2, memory_cost=16, parallelism=1))
    with environment(database, passwords=stronger) as second:
        assert _login(second, "Ana").status_code == 200
        new = second.store.credentials("Ana")
    assert old is not None and new is not None
    assert old[1] != new[1]
    assert "t=2" in new[1]
    assert stronger.verify(new[1], PASSWORD)


def test_me_refuses_without_a_session_or_with_a_forged_cookie(env: Env) -> None:
    response = env.client.get("/api/me")
    assert response.status_code == 401
    assert response.json()["code"] == "not_logged_in"
    signup(env.client, "Ana")
    value = env.client.cookies["rami_session"]
    token, _, signature = value.rpartition(".")

    def other_end(text: str) -> str:  # the same text with another last character
        return text[:-1] + ("A" if text[-1] != "A" else "B")

    for forged in (f"{token}.{other_end(signature)}", f"{other_end(token)}.{signature}", token, ""):
        other = env.new_client()
        other.cookies.set("rami_session", forged)
        assert other.get("/api/me").status_code == 401


def test_logout_needs_the_csrf_token_and_revokes_the_session(env: Env) -> None:
    signup(env.client, "Ana")
    stolen = env.client.cookies["rami_session"]
    refused = env.client.post("/api/logout")
    assert refused.status_code == 403
    assert refused.json()["code"] == "bad_csrf"
    wrong = env.client.post("/api/logout", headers={"X-CSRF-Token": "not-it"})
    assert wrong.status_code == 403
    assert env.client.get("/api/me").status_code == 200
    done = env.client.post("/api/logout", headers=csrf(env.client))
    assert done.status_code == 200
    assert done.json() == {"logged_out": True}
    assert env.client.get("/api/me").status_code == 401
    replay = env.new_client()
    replay.cookies.set("rami_session", stolen)
    assert replay.get("/api/me").status_code == 401
    assert env.client.post("/api/logout").status_code == 401


def test_the_csrf_token_of_one_session_does_not_open_another(env: Env) -> None:
    signup(env.client, "Ana")
    header = csrf(env.client)
    other = env.new_client()
    assert other.post("/api/login", json={"name": "Ana", "password": PASSWORD}).status_code == 200
    assert other.post("/api/logout", headers=header).status_code == 403


def test_logout_everywhere_revokes_every_session(env: Env) -> None:
    signup(env.client, "Ana")
    laptop, phone = env.new_client(), env.new_client()
    for device in (laptop, phone):
        assert (
            device.post("/api/login", json={"name": "Ana", "password": PASSWORD}).status_code == 200
        )
    signup(env.new_client(), "Bruno")
    assert env.client.post("/api/logout-everywhere").status_code == 403
    response = laptop.post("/api/logout-everywhere", headers=csrf(laptop))
    assert response.status_code == 200
    assert response.json() == {"logged_out": True, "revoked": 3}
    for device in (env.client, laptop, phone):
        assert device.get("/api/me").status_code == 401
    bruno = env.store.account_named("bruno")
    assert bruno is not None and env.store.session_count(bruno.id) == 1


def test_sessions_expire(env: Env) -> None:
    signup(env.client, "Ana")
    env.clock.advance(29 * DAY)
    assert env.client.get("/api/me").status_code == 200
    env.clock.advance(1 * DAY + 1)
    assert env.client.get("/api/me").status_code == 401
    assert env.client.get("/whoami").json() == {"name": None}


def test_settings_change_and_refusals_change_nothing(env: Env) -> None:
    signup(env.client, "Ana")
    route = "/api/me/settings"
    assert env.client.put(route, json={"language": "pl"}).status_code == 403
    ok = env.client.put(
        route, json={"language": "pl", "card_size": "large"}, headers=csrf(env.client)
    )
    assert ok.status_code == 200
    assert ok.json() == {"language": "pl", "card_size": "large"}
    for bad in ({"language": "xx"}, {"card_size": "huge"}, {"theme": "dark"}, {}):
        response = env.client.put(route, json=bad, headers=csrf(env.client))
        assert response.status_code == 400
        assert response.json()["code"] == "bad_settings"
    back = env.client.put(route, json={"language": None}, headers=csrf(env.client))
    assert back.json() == {"language": None, "card_size": "large"}
    assert env.client.get("/api/me").json()["settings"] == {"language": None, "card_size": "large"}
    assert env.new_client().put(route, json={"language": "fr"}).status_code == 401


def test_requests_from_another_site_are_refused(tmp_path: object) -> None:
    database = f"sqlite:///{tmp_path}/origin.sqlite3"
    with environment(database, allowed_origins=frozenset({"https://friend.example"})) as env:
        body = {"name": "Ana", "password": PASSWORD}
        for origin in ("https://evil.example", "null", "http://testserver.evil.example"):
            response = env.client.post("/api/signup", json=body, headers={"Origin": origin})
            assert response.status_code == 403
            assert response.json()["code"] == "bad_origin"
        assert env.store.account_named("Ana") is None
        same = env.client.post("/api/signup", json=body, headers={"Origin": "http://testserver"})
        assert same.status_code == 201
        evil = {"Origin": "https://evil.example", **csrf(env.client)}
        assert env.client.post("/api/logout", headers=evil).status_code == 403
        assert _login(env, "Ana", headers={"Origin": "https://evil.example"}).status_code == 403
        friend = _login(env, "Ana", headers={"Origin": "https://friend.example"})
        assert friend.status_code == 200


def test_failed_logins_are_limited_per_name(limited: Env) -> None:
    signup(limited.new_client(), "Ana")
    for _ in range(3):
        assert _login(limited, "Ana", "wrong password").status_code == 401
    refused = _login(limited, "ANA")
    assert refused.status_code == 429
    assert refused.json()["code"] == "rate_limited"
    assert refused.headers["Retry-After"] == "600"
    assert "rami_session" not in limited.client.cookies
    limited.limits.advance(601)
    assert _login(limited, "Ana").status_code == 200


def test_a_good_login_clears_the_failures_of_its_name(limited: Env) -> None:
    signup(limited.new_client(), "Ana")
    for _ in range(2):
        assert _login(limited, "Ana", "wrong password").status_code == 401
    assert _login(limited, "Ana").status_code == 200
    for _ in range(2):
        assert _login(limited, "Ana", "wrong password").status_code == 401
    assert _login(limited, "Ana").status_code == 200


def test_failed_logins_are_limited_per_address(limited: Env) -> None:
    for name in ("Ana", "Bruno", "Chloe"):
        make_account(limited, name)
    for name in ("Ana", "Ana", "Bruno", "Bruno", "Chloe"):
        assert _login(limited, name, "wrong password").status_code == 401
    refused = _login(limited, "Chloe")
    assert refused.status_code == 429
    assert "address" in refused.json()["message"]
    limited.limits.advance(601)
    assert _login(limited, "Chloe").status_code == 200


def test_signups_are_limited_per_address(limited: Env) -> None:
    signup(limited.client, "Ana")
    signup(limited.client, "Bruno")
    response = limited.client.post("/api/signup", json={"name": "Chloe", "password": PASSWORD})
    assert response.status_code == 429
    assert response.json()["code"] == "rate_limited"
    assert limited.store.account_named("Chloe") is None


def test_an_in_memory_store_serves_the_api() -> None:
    with environment("sqlite://") as env:
        signup(env.client, "Ana")
        assert (
            env.new_client()
            .post("/api/login", json={"name": "ana", "password": PASSWORD})
            .json()["name"]
            == "Ana"
        )
