"""Webhooks: the JSON body, its signature, and one POST with bounded time and no redirects.

Signed as Standard Webhooks (standardwebhooks.com) sign: `webhook-id` (the delivery's id, the same
on every try, so a receiver can drop a repeat), `webhook-timestamp` (Unix seconds when this try was
signed) and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. Because the time is
signed, a receiver that refuses timestamps more than 5 minutes from its clock (docs/deploy.md has
the verifier) cannot be fooled by a captured delivery sent again later. The body's JSON Schema is
webhook.schema.json, served at /api/delivery/webhook.schema.json.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import http.client
import json
import os
import socket
import ssl
import threading
import time
from urllib.parse import urlsplit

from engine.delivery import targets
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


WHSEC = "whsec_"  # Standard Webhooks' secret form: the key is the base64 after it


def signing_key(secret: str) -> bytes:
    """The HMAC key: a `whsec_<base64>` secret (as the Standard Webhooks libraries make and read) is
    its decoded bytes; any other secret is its UTF-8 bytes."""
    if secret.startswith(WHSEC):
        return base64.b64decode(secret[len(WHSEC) :])
    return secret.encode()


def signature(secret: str, message_id: str, timestamp: int, raw: bytes) -> str:
    signed = f"{message_id}.{timestamp}.".encode() + raw
    return "v1," + base64.b64encode(hmac.new(signing_key(secret), signed, hashlib.sha256).digest()).decode()


def headers(secret: str, raw: bytes, delivery_id: int, attempt: int, now: float | None = None) -> dict[str, str]:
    message_id = str(delivery_id)
    timestamp = int(time.time() if now is None else now)
    return {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "webhook-id": message_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": signature(secret, message_id, timestamp, raw),
        "X-Formengine-Event": EVENT,
        "X-Formengine-Attempt": str(attempt),
    }


def _connection(url: str, addresses: list[str], timeout: float) -> tuple[http.client.HTTPConnection, str]:
    """A connection to the URL's host that connects to `addresses` (in turn), the ones already
    checked: the name is not looked up again. TLS still checks the certificate against the name."""
    parts = urlsplit(url)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    connection: http.client.HTTPConnection
    if parts.scheme == "https":
        context = ssl.create_default_context()
        connection = http.client.HTTPSConnection(parts.hostname, parts.port, timeout=timeout, context=context)
    else:
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)

    def to_addresses(host_port, *args, **kwargs):
        failed: OSError = OSError(f"no address for {parts.hostname}")
        for address in addresses:
            try:
                return socket.create_connection((address, host_port[1]), *args, **kwargs)
            except OSError as exc:
                failed = exc
        raise failed

    connection._create_connection = to_addresses  # type: ignore[attr-defined]  # http.client's own hook
    return connection, path


def _addresses(url: str, allowed: frozenset[str]) -> list[str] | Outcome:
    """The addresses to connect to, or the failed try: every address the name resolves to is
    checked before anything is sent. A refused target is final: no later try would change it."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    try:
        found = socket.getaddrinfo(
            host, parts.port or (443 if parts.scheme == "https" else 80), type=socket.SOCK_STREAM
        )
    except (OSError, UnicodeError) as exc:
        return Outcome(False, None, f"could not resolve {host}: {exc}")
    addresses = list(dict.fromkeys(str(info[4][0]) for info in found))
    refused = targets.refusal(host, addresses, allowed)
    return Outcome(False, None, refused, final=True) if refused else addresses


def post(
    url: str, raw: bytes, request_headers: dict[str, str], timeout: float, allowed: frozenset[str] = frozenset()
) -> Outcome:
    """POST once. A 2xx is delivered; anything else (another status, a redirect, which is never
    followed, no complete answer within `timeout` seconds, a refused connection, a bad certificate)
    is a failed try, with what happened in words. A host that resolves to a loopback, private,
    link-local or other non-public address, unless `allowed` names it, is refused before connecting.

    `timeout` bounds the whole try, not only each read: a receiver that sends its answer a byte at
    a time would otherwise hold the worker for as long as it liked."""
    addresses = _addresses(url, allowed)
    if isinstance(addresses, Outcome):
        return addresses
    connection, path = _connection(url, addresses, timeout)
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
