"""One webhook POST against a real HTTP receiver on loopback: signed, delivered on a 2xx, anything
else a failed try with what happened in words; never a redirect followed, never waiting unbounded."""

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


def _send(receiver, timeout=5.0, delivery_id=12, attempt=1):
    raw = webhook.body({"reference": "INTL-7K2Q9MXA", "answers": {"first_name": "Mei"}})
    return raw, webhook.post(receiver.url, raw, webhook.headers(SECRET, raw, delivery_id, attempt), timeout)


def test_a_2xx_is_delivered_and_the_receiver_can_check_the_signature():
    with WebhookReceiver([202]) as receiver:
        raw, outcome = _send(receiver)
    assert outcome.ok and outcome.status_code == 202 and outcome.error is None
    (request,) = receiver.requests
    assert request["path"] == "/hooks/apply" and request["body"] == raw
    headers = request["headers"]
    expected = "sha256=" + hmac.new(SECRET.encode(), request["body"], hashlib.sha256).hexdigest()
    assert headers["X-Formengine-Signature"] == expected
    assert headers["X-Formengine-Delivery"] == "12" and headers["X-Formengine-Attempt"] == "1"
    assert headers["Content-Type"] == "application/json"
    assert json.loads(request["body"])["event"] == "application.submitted"


def test_a_different_secret_gives_a_different_signature():
    raw = b'{"reference":"INTL-7K2Q9MXA"}'
    assert webhook.signature("one", raw) != webhook.signature("two", raw)
    assert webhook.signature("one", raw) != webhook.signature("one", raw + b" ")


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
        outcome = webhook.post(receiver.url, b"{}", {"Content-Type": "application/json"}, 1)
    assert not outcome.ok and outcome.error == "no answer within 1 s"


def test_nothing_listening_is_a_failed_try():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/hook"
    outcome = webhook.post(url, b"{}", {"Content-Type": "application/json"}, 2)
    assert not outcome.ok and outcome.error.startswith("could not send:") and "refused" in outcome.error.lower()


def test_tls_to_a_plain_http_server_is_a_failed_try():
    with WebhookReceiver() as receiver:
        url = receiver.url.replace("http://", "https://")
        outcome = webhook.post(url, b"{}", {"Content-Type": "application/json"}, 2)
    assert not outcome.ok and (outcome.error.startswith("TLS failed") or outcome.error.startswith("could not send"))
