"""A local push service for the push tests: it keeps what it receives, and a device's key pair
that decrypts it (RFC 8291, aes128gcm)."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from rami.server.social.push_store import b64url


@dataclass
class Received:
    """One push the local service received."""

    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """What the local service received; ``status`` is what it answers next."""

    port: int = 0
    status: int = 201
    received: list[Received] = field(default_factory=list)
    arrived: threading.Condition = field(default_factory=threading.Condition)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def wait_for(self, count: int, timeout: float = 10.0) -> list[Received]:
        """The first ``count`` pushes, once they have arrived (fails after ``timeout``)."""
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self.received) >= count, timeout)
            return list(self.received)


@contextmanager
def push_service() -> Iterator[PushService]:
    """A push service on a free loopback port, for the length of the block."""
    service = PushService()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            with service.arrived:  # kept before the answer: a sender that has it finds it here
                headers = {k.lower(): v for k, v in self.headers.items()}
                service.received.append(Received(self.path, headers, body))
                service.arrived.notify_all()
            self.send_response(service.status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield service
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class Device:
    """A browser's push keys: the subscription it sends and the key that decrypts pushes."""

    private: ec.EllipticCurvePrivateKey
    auth: bytes

    @classmethod
    def new(cls) -> Device:
        return cls(ec.generate_private_key(ec.SECP256R1()), os.urandom(16))

    def subscription(self, endpoint: str, lang: str = "en") -> dict[str, Any]:
        point = self.private.public_key().public_bytes(
            Encoding.X962, PublicFormat.UncompressedPoint
        )
        keys = {"p256dh": b64url(point), "auth": b64url(self.auth)}
        return {"endpoint": endpoint, "keys": keys, "lang": lang}

    def decrypt(self, body: bytes) -> Any:
        """The JSON a push carried."""
        plain = http_ece.decrypt(
            body, private_key=self.private, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)
