"""Webhooks: the JSON body, its signature, and one POST with bounded time and no redirects.

The receiver checks `X-Formengine-Signature: sha256=<hex>`, the HMAC-SHA256 of the raw body with
the shared secret, before trusting anything in it; `X-Formengine-Delivery` (the delivery's id) is the
same on every try of one delivery, so a receiver can drop a repeat. The body's JSON Schema is
webhook.schema.json, served at /api/delivery/webhook.schema.json.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import os
import socket
import ssl
import threading
from urllib.parse import urlsplit

from engine.delivery.policy import Outcome

EVENT = "application.submitted"
USER_AGENT = "formengine-delivery/1"
MAX_RESPONSE_BYTES = 64 * 1024  # read at most this much of an answer: only its status matters
MAX_ERROR_TEXT = 200


def missing_secrets(targets: list[dict], environ=os.environ) -> list[str]:
    """A sentence per webhook whose signing secret is not set, naming the variable and the place."""
    return [
        f"{target['where']}: the webhook to {target['url']} signs with {target['secret_env']}, which is not set "
        "in this process's environment. Set it (a long random value shared with the receiver) for every web "
        "and worker process, or remove the target."
        for target in targets
        if target["kind"] == "webhook" and not environ.get(target["secret_env"])
    ]


def body(facts: dict) -> bytes:
    """The request body: compact UTF-8 JSON of the delivery's facts (see webhook.schema.json)."""
    return json.dumps({"event": EVENT, **facts}, ensure_ascii=False, separators=(",", ":")).encode()


def signature(secret: str, raw: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), raw, hashlib.sha256).hexdigest()


def headers(secret: str, raw: bytes, delivery_id: int, attempt: int) -> dict[str, str]:
    return {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Formengine-Event": EVENT,
        "X-Formengine-Delivery": str(delivery_id),
        "X-Formengine-Attempt": str(attempt),
        "X-Formengine-Signature": signature(secret, raw),
    }


def _connection(url: str, timeout: float) -> tuple[http.client.HTTPConnection, str]:
    parts = urlsplit(url)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    if parts.scheme == "https":
        context = ssl.create_default_context()
        return http.client.HTTPSConnection(parts.hostname, parts.port, timeout=timeout, context=context), path
    return http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout), path


def post(url: str, raw: bytes, request_headers: dict[str, str], timeout: float) -> Outcome:
    """POST once. A 2xx is delivered; anything else (another status, a redirect, which is never
    followed, no complete answer within `timeout` seconds, a refused connection, a bad certificate)
    is a failed try, with what happened in words.

    `timeout` bounds the whole try, not only each read: a receiver that sends its answer a byte at
    a time would otherwise hold the worker for as long as it liked."""
    connection, path = _connection(url, timeout)
    cut = _Deadline(connection, timeout)
    try:
        connection.connect()
        cut.check()
        connection.request("POST", path, body=raw, headers=request_headers)
        response = connection.getresponse()
        text = _body(response)
    except TimeoutError:
        return Outcome(False, None, f"no answer within {timeout:g} s")
    except ssl.SSLError as exc:
        if cut.expired:
            return Outcome(False, None, f"no answer within {timeout:g} s")
        return Outcome(False, None, f"TLS failed: {exc.reason or exc}")
    except (OSError, http.client.HTTPException) as exc:
        if cut.expired:
            return Outcome(False, None, f"no answer within {timeout:g} s")
        return Outcome(False, None, f"could not send: {exc}")
    finally:
        cut.cancel()
        connection.close()
    status = response.status
    if 200 <= status < 300:
        return Outcome(True, status)
    if 300 <= status < 400:
        where = response.getheader("Location") or "nowhere"
        return Outcome(False, status, f"answered {status}, redirecting to {where[:MAX_ERROR_TEXT]} (not followed)")
    said = text[:MAX_ERROR_TEXT].decode("utf-8", "replace").strip()
    return Outcome(False, status, f"answered {status} {response.reason}" + (f": {said}" if said else ""))


def _body(response: http.client.HTTPResponse) -> bytes:
    """What there is of the answer's body: its status has already decided the try, and the body,
    cut short by the deadline or a closed connection, only explains an error."""
    try:
        return response.read(MAX_RESPONSE_BYTES)
    except (OSError, http.client.HTTPException):
        return b""


class _Deadline:
    """Shuts the connection's socket when `seconds` have passed, which ends a read blocked on it."""

    def __init__(self, connection: http.client.HTTPConnection, seconds: float):
        self.expired = False
        self._connection = connection
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True
        self._timer.start()

    def _expire(self) -> None:
        self.expired = True
        sock = self._connection.sock
        if sock is not None:
            try:
                # The plain socket's shutdown, also under TLS: the TLS layer is not safe to touch
                # from a second thread, and the reader only needs its recv to return.
                socket.socket.shutdown(sock, socket.SHUT_RDWR)
            except OSError:
                pass  # already closed

    def check(self) -> None:
        if self.expired:
            raise TimeoutError

    def cancel(self) -> None:
        self._timer.cancel()
