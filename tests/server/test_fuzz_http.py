"""HTTP fuzz: generated bodies and paths never get a 500, and every refusal carries a code."""

from __future__ import annotations

import json
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import server

from rami.rules import OPTION_TYPES

EXAMPLES = 200
COUNTS = {"requests": 0, "failures": 0}

values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)
keys = st.sampled_from([*OPTION_TYPES, "name", "\ud800", "x"])
bodies = st.fixed_dictionaries(
    {},
    optional={
        "name": values | st.text(max_size=30),
        "preset": values | st.sampled_from(["rami51", "rami40", "scala40", "\udc00"]),
        "seats": values | st.integers(0, 8),
        "bots": values | st.lists(st.sampled_from(["random", "easy", "x"]) | values, max_size=4),
        "options": values | st.dictionaries(keys, values | st.integers(-5, 600), max_size=4),
        "rounds": values,
        "turn_timer": values,
    },
)
raw = st.one_of(
    bodies.map(lambda b: json.dumps(b).encode()),
    values.map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=60),
)
paths = st.sampled_from(
    ["/api/tables/x", "/api/tables/x/record", "/api/tables/x/replay", "/api/strings/", "/t/"]
)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(body=raw, path=paths, tail=st.text(max_size=12))
def test_no_request_gets_a_500(body: bytes, path: str, tail: str) -> None:
    with server() as app:
        for response in (
            app.post("/api/tables", content=body, headers={"content-type": "application/json"}),
            app.get(path + quote(tail, safe="", errors="surrogatepass"), params={"lang": tail[:4]}),
        ):
            COUNTS["requests"] += 1
            if response.status_code >= 500:
                COUNTS["failures"] += 1
            assert response.status_code < 500, (body[:80], response.text[:200])
            if response.status_code >= 400 and "json" in response.headers["content-type"]:
                assert set(response.json()) == {"code", "message"}
    if COUNTS["requests"] >= 2 * EXAMPLES:
        print(f"http fuzz: {COUNTS['requests']} requests, failures: {COUNTS['failures']}")
