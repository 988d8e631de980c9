"""The Web Push tables read and written (:mod:`rami.server.store.push_schema`): the VAPID key
pair made once and kept, and the devices' subscriptions. Blocking calls: run them in threads."""

from __future__ import annotations

import base64
import time
from dataclasses import dataclass

from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid02
from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.elements import ColumnElement

from rami.server.store.push_schema import metadata, push_keys_t, push_subscriptions_t


def b64url(data: bytes) -> str:
    """``data`` as URL-safe base64 without padding (the Push API's form)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    """The bytes of URL-safe base64 with or without padding (raises ``ValueError``)."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class Subscription:
    """One device's push subscription."""

    endpoint: str
    account_id: int
    p256dh: str
    auth: str
    lang: str

    def info(self) -> dict[str, object]:
        """The subscription as the Push API's ``PushSubscription.toJSON()`` gives it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


@dataclass(frozen=True)
class VapidKeys:
    """The server's VAPID key pair."""

    vapid: Vapid02
    public_key: str
    """The public key as URL-safe base64 of its uncompressed point (``applicationServerKey``)."""


class PushStore:
    """The push tables of one database."""

    def __init__(self, engine: Engine, create: bool = False) -> None:
        self.engine = engine
        if create:  # a database the migrations did not make (in-memory accounts)
            metadata.create_all(engine, checkfirst=True)

    def keys(self) -> VapidKeys:
        """The VAPID key pair, made and stored on the first call (later calls read it)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(push_keys_t).where(push_keys_t.c.id == 1)).first()
        if row is None:
            made = Vapid02()
            made.generate_keys()
            pem = made.private_pem().decode("ascii")
            row_values = {"id": 1, "private_pem": pem, "public_key": _public(made)}
            try:
                with self.engine.begin() as conn:
                    conn.execute(insert(push_keys_t), {**row_values, "created": time.time()})
            except IntegrityError:
                pass  # another process stored its pair first: use that one
            return self.keys()
        vapid = Vapid02.from_pem(row.private_pem.encode("ascii"))
        return VapidKeys(vapid, row.public_key)

    def subscribe(self, subscription: Subscription) -> None:
        """Keep ``subscription`` (an endpoint already kept is given to this account anew)."""
        row = {
            "endpoint": subscription.endpoint,
            "account_id": subscription.account_id,
            "p256dh": subscription.p256dh,
            "auth": subscription.auth,
            "lang": subscription.lang,
            "created": time.time(),
        }
        with self.engine.begin() as conn:
            conn.execute(delete(push_subscriptions_t).where(_at(subscription.endpoint)))
            conn.execute(insert(push_subscriptions_t), row)

    def unsubscribe(self, account_id: int, endpoint: str) -> bool:
        """Forget the account's subscription at ``endpoint`` (False: it had none there)."""
        c = push_subscriptions_t.c
        query = delete(push_subscriptions_t).where(_at(endpoint), c.account_id == account_id)
        with self.engine.begin() as conn:
            return conn.execute(query).rowcount > 0

    def remove(self, endpoint: str) -> None:
        """Forget the subscription at ``endpoint`` (its push service said it is gone)."""
        with self.engine.begin() as conn:
            conn.execute(delete(push_subscriptions_t).where(_at(endpoint)))

    def of_account(self, account_id: int) -> list[Subscription]:
        """The account's subscriptions, oldest first."""
        c = push_subscriptions_t.c
        query = select(push_subscriptions_t).where(c.account_id == account_id).order_by(c.created)
        with self.engine.connect() as conn:
            return [
                Subscription(r.endpoint, r.account_id, r.p256dh, r.auth, r.lang)
                for r in conn.execute(query)
            ]


def _at(endpoint: str) -> ColumnElement[bool]:
    return push_subscriptions_t.c.endpoint == endpoint


def _public(vapid: Vapid02) -> str:
    point = vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return b64url(point)
