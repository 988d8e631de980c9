"""Sending one Web Push message (VAPID, aes128gcm: RFC 8291/8292) and the endpoint check that
keeps the server from calling inside its own network. Blocking: run in threads."""

from __future__ import annotations

import ipaddress
import json
import socket
from typing import Any
from urllib.parse import urlsplit

import requests
from pywebpush import WebPushException, webpush

from rami.server.social.push_store import Subscription, VapidKeys

GONE = (404, 410)
"""A push service's answers that mean the subscription is no more (it is removed)."""


class EndpointRefused(ValueError):
    """A push endpoint the server will not call: ``code`` says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _addresses(host: str) -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    try:
        found = socket.getaddrinfo(host, 443, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise EndpointRefused("bad_push_endpoint", f"{host!r} does not resolve") from None
    return [ipaddress.ip_address(str(entry[4][0]).split("%")[0]) for entry in found]


def check_endpoint(endpoint: str, allow_loopback: bool = False) -> None:
    """Raise :class:`EndpointRefused` unless ``endpoint`` is an https URL whose host resolves
    only to public addresses (``allow_loopback``, for tests: loopback hosts, http too)."""
    try:
        parts = urlsplit(endpoint)
        host = parts.hostname
        _ = parts.port
    except ValueError:
        raise EndpointRefused("bad_push_endpoint", "the endpoint is not a URL") from None
    if not host or parts.username or parts.password:
        raise EndpointRefused("bad_push_endpoint", "the endpoint is not an https URL")
    addresses = _addresses(host)
    loopback = allow_loopback and all(address.is_loopback for address in addresses)
    if parts.scheme != "https" and not (loopback and parts.scheme == "http"):
        raise EndpointRefused("bad_push_endpoint", "the endpoint is not an https URL")
    for address in addresses:
        if loopback:
            continue
        if not address.is_global or address.is_multicast:
            raise EndpointRefused(
                "private_push_endpoint", "the endpoint is inside a private network"
            )


def send(
    subscription: Subscription,
    payload: dict[str, Any],
    keys: VapidKeys,
    subject: str,
    timeout: float,
    allow_loopback: bool = False,
) -> int:
    """Send ``payload`` (as JSON) to ``subscription``: the push service's status (0: no
    answer, or an endpoint no longer allowed)."""
    try:
        check_endpoint(subscription.endpoint, allow_loopback)  # its host may resolve anew
    except EndpointRefused:
        return 0
    try:
        answer = webpush(
            subscription.info(),
            json.dumps(payload, ensure_ascii=False),
            vapid_private_key=keys.vapid,
            vapid_claims={"sub": subject},
            timeout=timeout,
            ttl=3600,
        )
    except WebPushException as error:
        return 0 if error.response is None else int(error.response.status_code)
    except requests.RequestException:
        return 0
    return int(answer.status_code) if isinstance(answer, requests.Response) else 0
