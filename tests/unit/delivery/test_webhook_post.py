"""One webhook POST against a real HTTP receiver on loopback: signed (Standard Webhooks), delivered
on a 2xx, anything else a failed try with what happened in words; never a redirect followed, never
waiting unbounded, never sent to a loopback, private or link-local address the deployment has not
allowed by name."""

import base64
import hashlib
import hmac
import json
import socket
import threading
import time

import pytest

from engine.delivery import webhook
from tests.fixtures.webhook_receiver import WebhookReceiver

SECRET = "s3cret-shared-with-the-receiver"
LOOPBACK = frozenset({"127.0.0.1"})  # what the delivery tests' DELIVERY_ALLOW_HOSTS says


def _send(receiver, timeout=5.0, delivery_id=12, attempt=1, signed_at=None, allowed=LOOPBACK):
    raw = webhook.body({"reference": "INTL-7K2Q9MXA", "answers": {"first_name": "Mei"}})
    headers = webhook.headers(SECRET, raw, delivery_id, attempt, now=signed_at)
    return raw, webhook.post(receiver.url, raw, headers, timeout, allowed)


def test_a_2xx_is_delivered_and_the_receiver_can_check_the_signature():
    with WebhookReceiver([202], secret=SECRET) as receiver:
        raw, outcome = _send(receiver)
    assert outcome.ok and outcome.status_code == 202 and outcome.error is None
    (request,) = receiver.requests
    assert request["path"] == "/hooks/apply" and request["body"] == raw and request["verified"]
    headers = request["headers"]
    assert headers["webhook-id"] == "12" and headers["X-Formengine-Attempt"] == "1"
    assert abs(int(headers["webhook-timestamp"]) - time.time()) < 60
    signed = f"12.{headers['webhook-timestamp']}.".encode() + raw
    expected = "v1," + base64.b64encode(hmac.new(SECRET.encode(), signed, hashlib.sha256).digest()).decode()
    assert headers["webhook-signature"] == expected
    assert headers["Content-Type"] == "application/json"
    assert json.loads(request["body"])["event"] == "application.submitted"
    assert not any(name.lower().endswith("-signature") and name != "webhook-signature" for name in headers)


def test_a_replayed_old_delivery_is_refused_by_the_receivers_check():
    """A delivery captured and sent again later carries its old signed time: outside the 5-minute
    window the verifier of docs/deploy.md refuses it, and a changed time breaks the signature."""
    with WebhookReceiver(secret=SECRET) as receiver:
        _raw, fresh = _send(receiver)
        _raw, replayed = _send(receiver, signed_at=time.time() - 6 * 60)
        captured = receiver.requests[0]
        forged = {**captured["headers"], "webhook-timestamp": str(int(time.time()) + 1)}
        outcome = webhook.post(receiver.url, captured["body"], forged, 5, LOOPBACK)
    assert fresh.ok
    assert (replayed.ok, replayed.status_code, outcome.status_code) == (False, 401, 401)
    assert [request["verified"] for request in receiver.requests] == [True, False, False]


def test_a_different_secret_id_time_or_body_gives_a_different_signature():
    raw = b'{"reference":"INTL-7K2Q9MXA"}'
    first = webhook.signature("one", "12", 1700000000, raw)
    assert first.startswith("v1,")
    assert first != webhook.signature("two", "12", 1700000000, raw)
    assert first != webhook.signature("one", "13", 1700000000, raw)
    assert first != webhook.signature("one", "12", 1700000001, raw)
    assert first != webhook.signature("one", "12", 1700000000, raw + b" ")


def test_a_whsec_secret_is_used_as_its_decoded_key():
    """Secrets written as the Standard Webhooks libraries make them sign with the bytes they encode."""
    key = b"\x01\x02key-bytes"
    secret = "whsec_" + base64.b64encode(key).decode()
    raw = b"{}"
    digest = base64.b64encode(hmac.new(key, b"7.1700000000.{}", hashlib.sha256).digest()).decode()
    assert webhook.signature(secret, "7", 1700000000, raw) == "v1," + digest


@pytest.mark.parametrize(
    "answer, says",
    [
        (503, 'answered 503 Service Unavailable: {"message": "try later"}'),
        (404, "answered 404 Not Found"),
        (401, "answered 401 Unauthorized"),
    ],
)
def test_an_error_status_is_a_failed_try(answer, says):
    with WebhookReceiver([answer]) as receiver:
        _raw, outcome = _send(receiver)
    assert not outcome.ok and outcome.status_code == answer and outcome.error.startswith(says)


def test_a_redirect_to_another_host_is_not_followed():
    with WebhookReceiver([(302, 0, {"Location": "https://elsewhere.example/steal"})]) as receiver:
        _raw, outcome = _send(receiver)
    assert not outcome.ok and outcome.status_code == 302
    assert outcome.error == "answered 302, redirecting to https://elsewhere.example/steal (not followed)"
    assert len(receiver.requests) == 1  # nothing was sent anywhere else


def test_a_slow_receiver_is_given_up_on_after_the_timeout():
    with WebhookReceiver([(200, 3, {})]) as receiver:
        _raw, outcome = _send(receiver, timeout=1)
    assert not outcome.ok and outcome.error == "no answer within 1 s"


class DrippingReceiver:
    """A receiver that reads the request, then answers a 200 one byte every `pause` seconds, so no
    single read ever waits long: only a bound on the whole try stops the wait."""

    ANSWER = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"

    def __init__(self, pause: float):
        self.pause = pause
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}/hook"
        self.thread = threading.Thread(target=self._serve, daemon=True)

    def _serve(self):
        connection, _address = self.listener.accept()
        with connection:
            connection.recv(65536)
            try:
                for byte in self.ANSWER:
                    connection.sendall(bytes([byte]))
                    time.sleep(self.pause)
            except OSError:
                pass  # the sender hung up, as it should

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.listener.close()
        self.thread.join(timeout=30)


def test_a_receiver_answering_a_byte_at_a_time_is_cut_off_at_the_timeout():
    # The whole answer would take 16 s and then be a 200: only a bound on the whole try fails it.
    with DrippingReceiver(pause=0.2) as receiver:
        outcome = webhook.post(receiver.url, b"{}", {"Content-Type": "application/json"}, 1, LOOPBACK)
    assert not outcome.ok and outcome.error == "no answer within 1 s"


def test_nothing_listening_is_a_failed_try():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/hook"
    outcome = webhook.post(url, b"{}", {"Content-Type": "application/json"}, 2, LOOPBACK)
    assert not outcome.ok and outcome.error.startswith("could not send:") and "refused" in outcome.error.lower()


def test_tls_to_a_plain_http_server_is_a_failed_try():
    with WebhookReceiver() as receiver:
        url = receiver.url.replace("http://", "https://")
        outcome = webhook.post(url, b"{}", {"Content-Type": "application/json"}, 2, LOOPBACK)
    assert not outcome.ok and (outcome.error.startswith("TLS failed") or outcome.error.startswith("could not send"))


@pytest.fixture
def no_connection(monkeypatch):
    """Any attempt to open a socket fails the test: a refusal must come before connecting."""

    def refuse(*args, **kwargs):
        raise AssertionError(f"tried to connect to {args[0]}")

    monkeypatch.setattr(socket, "create_connection", refuse)


@pytest.mark.parametrize(
    "url, says",
    [
        ("http://127.0.0.1:9/hook", "refused: 127.0.0.1 is a loopback address"),
        ("http://169.254.169.254/latest/meta-data/", "refused: 169.254.169.254 is a link-local address"),
        ("http://10.0.0.1/hook", "refused: 10.0.0.1 is a private address"),
        ("https://192.168.1.20/hook", "refused: 192.168.1.20 is a private address"),
        ("http://[::1]:9/hook", "refused: ::1 is a loopback address"),
        ("http://[::ffff:127.0.0.1]/hook", "refused: ::ffff:127.0.0.1 is a loopback address"),
        ("http://0.0.0.0:9/hook", "refused: 0.0.0.0 is the unspecified address"),
        ("http://224.0.0.251/hook", "refused: 224.0.0.251 is a multicast address"),
        ("http://localhost:9/hook", "refused: localhost resolves to "),
    ],
)
@pytest.mark.usefixtures("no_connection")
def test_a_non_public_target_is_refused_before_connecting(url, says):
    outcome = webhook.post(url, b"{}", {"Content-Type": "application/json"}, 2)
    assert not outcome.ok and outcome.final and outcome.status_code is None
    assert outcome.error.startswith(says) and "DELIVERY_ALLOW_HOSTS" in outcome.error


@pytest.mark.usefixtures("no_connection")
def test_a_name_that_resolves_to_loopback_is_refused_however_it_is_spelled(monkeypatch):
    """The check is on the addresses a name resolves to (every one of them), not on its spelling."""
    answers = [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.215.14", 443))]
    answers.append((socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", 443)))
    monkeypatch.setattr(socket, "getaddrinfo", lambda *args, **kwargs: answers)
    outcome = webhook.post("https://hooks.example.edu/apply", b"{}", {}, 2)
    assert outcome.final and outcome.error.startswith(
        "refused: hooks.example.edu resolves to 127.0.0.1, a loopback address"
    )


def test_the_same_loopback_receiver_is_refused_without_being_allowed():
    with WebhookReceiver() as receiver:
        _raw, refused = _send(receiver, allowed=frozenset())
        _raw, by_address = _send(receiver, allowed=frozenset({"127.0.0.1"}))
        by_name = webhook.post(receiver.url.replace("127.0.0.1", "localhost"), b"{}", {}, 5, frozenset({"localhost"}))
    assert refused.final and refused.error.startswith("refused: 127.0.0.1 is a loopback address")
    assert by_address.ok and by_name.ok
    assert len(receiver.requests) == 2  # the refused one never reached it


@pytest.mark.usefixtures("no_connection")
def test_a_name_that_does_not_resolve_is_a_failed_try_to_retry(monkeypatch):
    """DNS may be down for a minute: unlike a refused address, this is tried again later."""

    def unresolved(*args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", unresolved)
    outcome = webhook.post("https://hooks.example.edu/apply", b"{}", {}, 2)
    assert not outcome.ok and not outcome.final
    assert outcome.error.startswith("could not resolve hooks.example.edu")
