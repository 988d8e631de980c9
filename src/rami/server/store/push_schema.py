"""The Web Push tables (revision 0009 creates them).

``push_keys`` holds the server's one VAPID key pair (``id`` 1: the private key as PEM, the
public key as the URL-safe base64 a browser's ``applicationServerKey`` takes), made on first
start and kept. ``push_subscriptions`` holds one row per device that turned notifications on:
its push service ``endpoint`` (unique), the account, the language of its words, and the keys
``p256dh`` and ``auth`` the payload is encrypted to (RFC 8291).
"""

from __future__ import annotations

from sqlalchemy import Column, Float, Integer, MetaData, String, Table, Text

metadata = MetaData()

push_keys_t = Table(
    "push_keys",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("private_pem", Text, nullable=False),
    Column("public_key", String(128), nullable=False),
    Column("created", Float, nullable=False),
)

push_subscriptions_t = Table(
    "push_subscriptions",
    metadata,
    Column("endpoint", String(1024), primary_key=True),
    Column("account_id", Integer, nullable=False, index=True),
    Column("p256dh", String(128), nullable=False),
    Column("auth", String(64), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("created", Float, nullable=False),
)
