"""A lockout cannot be turned on an account's owner: a browser that signed in before keeps signing
in while an attacker guesses (device cookie), an owner on a new browser is mailed an unlock link,
and an address's limit counts distinct accounts, so a school's shared address stays open.

Time is moved, never slept: the accounts' clock (`utcnow` in the limits and the device cookies)
is replaced by one the test turns forward."""

import datetime as dt
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from engine import db
from engine.accounts import devices, messages
from engine.accounts.models import Account
from engine.accounts.passwords import hash_password
from tests.api.accounts.conftest import PASSWORD, login
from tests.clock import Clock

USER = "ada@example.com"
WRONG = "Wrong-Password-1"
SCHOOL = {"REMOTE_ADDR": "203.0.113.7"}
ATTACKER = {"REMOTE_ADDR": "198.51.100.66"}


@pytest.fixture
def clock(still_clock, monkeypatch) -> Clock:
    """The limits' still clock (conftest), the device cookies reading it too."""
    monkeypatch.setattr(devices, "utcnow", still_clock)
    return still_clock


def _owner_browser(app, account):
    """The owner's own browser: it has signed in once, so it holds the device cookie."""
    browser = app.test_client()
    assert login(browser).status_code == 200
    assert browser.get_cookie("formengine_session_device") is not None
    return browser


def test_the_device_cookie_is_httponly_lax_long_lived_and_names_the_account(app, client, account):
    response = login(client)
    header = next(h for h in response.headers.getlist("Set-Cookie") if h.startswith("formengine_session_device="))
    assert "HttpOnly" in header and "SameSite=Lax" in header and "Path=/" in header
    assert f"Max-Age={180 * 24 * 3600}" in header and "Secure" not in header
    value = header.split(";")[0].split("=", 1)[1]
    with app.app_context():
        account_id = db.session().query(Account.id).filter_by(username=USER).scalar()
    assert value.split(".")[1] == str(account_id)
    # Logging out keeps it: the browser is still one its owner signed in with.
    logged_out = client.get("/api/logout")
    assert not any(h.startswith("formengine_session_device=") for h in logged_out.headers.getlist("Set-Cookie"))
    over_https = login(app.test_client(), base_url="https://localhost")
    assert any(
        h.startswith("formengine_session_device=") and "Secure" in h for h in over_https.headers.getlist("Set-Cookie")
    )


def test_an_attacker_at_one_guess_a_minute_never_keeps_the_owner_out_of_their_browser(app, account, clock):
    owner = _owner_browser(app, account)
    attacker = app.test_client()
    answers = []
    for minute in range(180):
        answers.append(login(attacker, password=WRONG, environ_base=ATTACKER).status_code)
        clock.forward(minutes=1)
        if minute % 15 == 7:
            signed_in = login(owner)
            assert signed_in.status_code == 200, (minute, signed_in.json)
    # Locked for the attacker: of 180 guesses only the few between waits of 15 minutes were tried.
    assert answers.count(429) > 150
    # A browser that never signed in is locked out as before.
    assert login(app.test_client()).status_code == 429


def test_a_thousand_wrong_passwords_while_the_owner_signs_in(app, account, clock):
    owner = _owner_browser(app, account)
    attacker = app.test_client()
    refused = 0
    for number in range(1000):
        answer = login(attacker, password=f"{WRONG}{number}", environ_base=ATTACKER)
        assert answer.status_code in (400, 429)
        refused += answer.status_code == 429
        if number % 100 == 50:
            assert login(owner).status_code == 200
            assert owner.get("/api/test-whoami").json["username"] == USER
    assert refused > 990
    assert login(owner).status_code == 200


def test_the_device_still_has_its_own_failure_limit(app, account, clock):
    owner = _owner_browser(app, account)
    for _ in range(5):
        assert login(owner, password=WRONG).status_code == 400
    assert login(owner).status_code == 429  # its own back-off: the sixth waits
    clock.forward(seconds=2)
    assert login(owner).status_code == 200
    # The owner's typos never locked the account for the owner's other browsers.
    assert login(app.test_client()).status_code == 200


def test_a_device_cookie_counts_only_for_its_own_account_and_only_when_genuine(app, account, client, outbox, clock):
    owner = _owner_browser(app, account)
    value = owner.get_cookie("formengine_session_device").value
    _lock(app, clock)
    for forged in (value[:-4] + "0000", value.replace(".", ".9", 1), "d1.1.x.1.sig", "x" * 400, ""):
        stranger = app.test_client()
        stranger.set_cookie("formengine_session_device", forged)
        assert login(stranger).status_code == 429, forged
    # A genuine cookie older than its lifetime is no longer trusted.
    clock.forward(days=181)
    _lock(app, clock)
    assert login(owner).status_code == 429


def _lock(app, clock, username: str = USER) -> None:
    """Wrong passwords from an untrusted browser until the account's back-off is over a minute."""
    attacker = app.test_client()
    while True:
        answer = login(attacker, username=username, password=WRONG, environ_base=ATTACKER)
        if answer.status_code == 429:
            if answer.json["retry_after"] >= devices.UNLOCK_AFTER_S:
                return
            clock.forward(seconds=answer.json["retry_after"])


def _unlock_mails(outbox) -> list:
    return [m for m in outbox.messages(USER) if m["X-Formengine-Template"] == "login_unlock"]


def test_a_locked_out_owner_on_a_new_browser_gets_a_single_use_unlock_link(app, account, outbox, clock):
    _lock(app, clock)
    new_browser = app.test_client()
    refused = login(new_browser)
    assert refused.status_code == 429
    assert refused.json["message"].endswith(messages.LOGIN_UNLOCK_HINT)
    (mail,) = _unlock_mails(outbox)  # the lock's first long wait mailed it, once
    link = re.search(r"(http\S+/public/unlock\?\S+)", mail.get_content()).group(1)
    path = urlsplit(link)
    token = parse_qs(path.query)["token"][0]
    # Opening the link (a mail scanner does too) only shows the page with its button.
    for _ in range(2):
        page = new_browser.get(f"{path.path}?{path.query}")
        assert page.status_code == 200 and page.mimetype == "text/html"
        assert messages.UNLOCK_BUTTON in page.text and 'action="/public/unlock"' in page.text
    pressed = new_browser.post("/public/unlock", data={"token": token})
    assert pressed.status_code == 303 and pressed.headers["Location"].endswith("/login")
    assert new_browser.get_cookie("formengine_session_device") is not None
    assert login(new_browser).status_code == 200
    # The lock stays for everyone else, and the link works once.
    assert login(app.test_client()).status_code == 429
    again = app.test_client().post("/public/unlock", data={"token": token})
    assert again.status_code == 400 and messages.UNLOCK_INVALID in again.text


def test_unlock_mails_are_few_whoever_keeps_the_lock_going(app, account, outbox, clock):
    _lock(app, clock)
    for _ in range(30):
        login(app.test_client(), password=WRONG, environ_base=ATTACKER)
        clock.forward(minutes=1)
    assert len(_unlock_mails(outbox)) == 1  # at most one an hour
    clock.forward(minutes=31)
    for _ in range(2):  # the first may find the wait over (and start the next)
        login(app.test_client(), password=WRONG, environ_base=ATTACKER)
    assert len(_unlock_mails(outbox)) == 2


def test_an_unknown_account_answers_the_same_and_mails_nobody(app, client, outbox, clock):
    _lock(app, clock, "nobody@example.com")
    locked = login(client, username="nobody@example.com")
    assert locked.status_code == 429 and locked.json["message"].endswith(messages.LOGIN_UNLOCK_HINT)
    assert outbox.messages() == []


@pytest.mark.parametrize(
    "token",
    ["", "garbage", "u1.1.nonce.99999999999.deadbeef", "x" * 5000, "u1.1.n.1.2.3"],
)
def test_a_bad_unlock_link_gets_the_page_saying_so(client, token):
    opened = client.get("/public/unlock", query_string={"token": token})
    assert opened.status_code == 400 and messages.UNLOCK_INVALID in opened.text
    pressed = client.post("/public/unlock", data={"token": token})
    assert pressed.status_code == 400 and messages.UNLOCK_INVALID in pressed.text
    assert client.get_cookie("formengine_session_device") is None


def test_an_expired_or_misused_unlock_link_is_refused(app, client, account, clock):
    with app.test_request_context():
        account_id = db.session().query(Account.id).filter_by(username=USER).scalar()
        token = devices.unlock_token(account_id)
        device_value = devices.issue(account_id)
    # A device cookie's value is signed for another purpose: it opens nothing.
    assert client.post("/public/unlock", data={"token": device_value}).status_code == 400
    assert (
        client.post("/public/unlock", data={"token": token}, headers={"Origin": "https://evil.example"}).status_code
        == 403
    )
    clock.forward(hours=25)
    assert client.post("/public/unlock", data={"token": token}).status_code == 400


def _students(app, count: int, prefix: str = "student") -> list[str]:
    """Confirmed accounts made directly (one password hash for all: hashing 50 would take a while)."""
    hashed = hash_password(PASSWORD)
    names = [f"{prefix}{number}@school.example" for number in range(count)]
    with app.app_context():
        session = db.session()
        now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
        session.add_all(Account(username=name, password_hash=hashed, confirmed_at=now) for name in names)
        session.commit()
    return names


def test_fifty_students_behind_one_address_with_typos_are_not_blocked(app, clock):
    names = _students(app, 50)
    for number, name in enumerate(names):
        browser = app.test_client()
        for _ in range(1 + number % 2):  # one or two typos each: 75 failed logins from the address
            assert login(browser, username=name, password=WRONG, environ_base=SCHOOL).status_code == 400
        assert login(browser, username=name, environ_base=SCHOOL).status_code == 200, name
    # A latecomer's first try still goes through.
    (latecomer,) = _students(app, 1, "late")
    assert login(app.test_client(), username=latecomer, environ_base=SCHOOL).status_code == 200


def test_one_address_trying_many_accounts_is_blocked(app, clock):
    names = _students(app, 3)
    regular = app.test_client()
    assert login(regular, username=names[0], environ_base=SCHOOL).status_code == 200
    sprayer = app.test_client()
    for number in range(50):
        # The same account again and again counts once.
        for _ in range(2):
            answer = login(sprayer, username=f"guess{number}@school.example", password=WRONG, environ_base=SCHOOL)
            assert answer.status_code in (400, 429)
    blocked = login(sprayer, username="guess50@school.example", password=WRONG, environ_base=SCHOOL)
    assert blocked.status_code == 429 and blocked.json["message"].startswith(
        "Too many failed login attempts from your network."
    )
    # Untrusted browsers behind the address wait; one that signed in before does not.
    assert login(app.test_client(), username=names[1], environ_base=SCHOOL).status_code == 429
    assert login(regular, username=names[0], environ_base=SCHOOL).status_code == 200
    # Another address is not affected, and the window ends.
    assert login(app.test_client(), username=names[2], environ_base={"REMOTE_ADDR": "192.0.2.1"}).status_code == 200
    clock.forward(seconds=app.config["LOGIN_IP_WINDOW_S"] + 1)
    assert login(app.test_client(), username=names[1], environ_base=SCHOOL).status_code == 200
