"""Limits hold when requests arrive at once (each thread its own client and DB connection)."""

import concurrent.futures
import threading
import time

from engine.accounts import messages
from tests.api.accounts.conftest import PASSWORD, signup

USER = "ada@example.com"


def _together(app, count, make_request):
    barrier = threading.Barrier(count)

    def one(_):
        client = app.test_client()
        barrier.wait()
        return make_request(client)

    with concurrent.futures.ThreadPoolExecutor(count) as pool:
        return list(pool.map(one, range(count)))


def test_parallel_wrong_codes_still_kill_the_code_after_five(app, client, outbox):
    signup(client)
    code = outbox.code(USER)
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    responses = _together(app, 12, lambda c: c.post("/public/confirm", json={"username": USER, "code": wrong}))
    answers = [r.json["message"] for r in responses]
    assert answers.count(messages.CONFIRM_WRONG) == 5, [(r.status_code, r.json) for r in responses]
    assert answers.count(messages.CONFIRM_DEAD) == 7, [(r.status_code, r.json) for r in responses]
    assert (
        client.post("/public/confirm", json={"username": USER, "code": code}).json["message"] == messages.CONFIRM_DEAD
    )


def test_parallel_password_guesses_cannot_slip_past_the_backoff(app, client, account, sql):
    started = time.monotonic()
    responses = _together(
        app, 12, lambda c: c.post("/public/login", json={"username": USER, "password": "Wrong-Password-1"})
    )
    elapsed = time.monotonic() - started
    statuses = [r.status_code for r in responses]
    # Every checked guess was counted once (no lost updates) ...
    assert sql("SELECT count FROM rate_limits WHERE key = 'login:ada@example.com'") == [(statuses.count(400),)], (
        [r.json for r in responses],
        sql("SELECT * FROM rate_limits"),
    )
    # ... and after the 5th each one more needs the doubling wait (1 s, 2 s, 4 s ...) to pass first.
    waits_passed = next(k for k in range(20) if 2 ** (k + 1) - 1 > elapsed)
    assert 5 <= statuses.count(400) <= 5 + waits_passed, (statuses, elapsed)
    assert statuses.count(429) == 12 - statuses.count(400)


def test_parallel_signups_of_one_address_make_one_account(app, sql):
    responses = _together(app, 6, lambda c: c.post("/public/signup", json={"username": USER, "password": PASSWORD}))
    assert {r.status_code for r in responses} == {201}
    assert sql("SELECT COUNT(*) FROM accounts") == [(1,)]


def test_parallel_resends_send_one_code(app, client, outbox, sql):
    signup(client)
    sql("UPDATE rate_limits SET window_start = '2000-01-01 00:00:00' WHERE key LIKE 'code-minute:%'")
    responses = _together(app, 8, lambda c: c.post("/public/resend-confirm", json={"username": USER}))
    assert sorted(r.status_code for r in responses) == [200] + [429] * 7
    assert len(outbox.messages(USER)) == 2
