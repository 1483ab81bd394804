"""Accounts: sign-up, confirmation, login, password reset. Plain functions, callable from
routes, the CLI and tests; each raises AppError with the message the user should see.

For other domains:
- `successful_logins(account_id)` -> ISO-8601 UTC times of every successful login, oldest
  first (the profile's `successful_login`); `Account.num_logins` is their count.
- `pop_pending_answers(account)` -> the studentAnswers kept from sign-up/login, removed
  from the account; the caller commits.
"""

import dataclasses
import datetime as dt
import json
import logging
from urllib.parse import urlencode

from flask import current_app, g
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from engine import db, mail, signing
from engine.accounts import devices, limits, lockout, messages, sessions
from engine.accounts.models import Account, ConfirmationCode, LoginEvent, PasswordReset, utcnow
from engine.accounts.passwords import (
    MAX_LENGTH,
    dummy_verify,
    hash_password,
    needs_rehash,
    password_problems,
    verify_password,
)
from engine.accounts.tokens import CODE_LENGTH, code_hash, new_code, same, token_hash
from engine.accounts.usernames import normalise_username
from engine.errors import AppError
from engine.i18n import accounts as account_language

log = logging.getLogger(__name__)

CODE_LIFETIME = dt.timedelta(hours=24)
CODE_TRIES = 5  # wrong tries before a code is dead
CODE_DAILY_FAILURES = 10  # wrong tries per account per 24 h, whatever the code
RESEND_INTERVAL = dt.timedelta(minutes=1)
RESENDS_PER_DAY = 5
RESET_LIFETIME = dt.timedelta(hours=1)
RESET_REQUESTS_PER_HOUR = 5


@dataclasses.dataclass(frozen=True)
class LoginResult:
    account: Account
    token: str  # the new session id, for the cookie


# --- sign-up and confirmation ----------------------------------------------------------


def signup(username: object, password: object, student_answers: dict | None = None, ip: str = "") -> str:
    """Create an unconfirmed account and e-mail its code. The answer is the same when the
    address already has an account (its owner gets a notice instead), so sign-up cannot be
    used to find out who has one."""
    username = _valid_username(username, messages.EMAIL_INVALID, new_password=password)
    session = db.session()
    _limit_mail_per_ip(ip)
    may_mail = limits.hit(session, f"code-minute:{username}", 1, RESEND_INTERVAL).allowed
    assert isinstance(password, str)  # _valid_username refused anything else
    password_hash = hash_password(password)  # also for an existing account: same time either way
    account = _find(username)
    if account is None:
        limits.clear(session, f"code-tries:{username}")
        try:
            with db.transaction() as tx:
                account = Account(
                    username=username, password_hash=password_hash, pending_answers=_answers_json(student_answers)
                )
                account_language.at_sign_up(account)
                tx.add(account)
                tx.flush()
                code = _issue_code(tx, account)
        except IntegrityError:  # the same address signed up at the same moment
            return messages.SIGNUP_OK
        mail.send("confirmation_code", to=username, code=code)
    elif may_mail and limits.hit(session, f"resend-day:{username}", RESENDS_PER_DAY, limits.DAY).allowed:
        # Mails to an existing account count as resends, so sign-up cannot flood a mailbox.
        if account.is_confirmed:
            mail.send("account_exists", to=username)
        else:
            # The first password stays: a stranger must not set the password of an
            # account its owner is about to confirm.
            _send_new_code(account, "confirmation_code")
    return messages.SIGNUP_OK


@dataclasses.dataclass
class ConfirmResult:
    message: str
    signed_in: LoginResult | None  # the code confirmed the account now: a new session, as a login


def confirm(username: object, code: object, old_token: str | None = None) -> ConfirmResult:
    """Confirm the account with its code, which signs the applicant in (the code is single-use,
    so it proves what a password would: a new session; the one the browser came with ends)."""
    username = _username_or_error(username, messages.EMAIL_INVALID, extra=_code_problems(code))
    assert isinstance(code, str)  # _code_problems refused anything else
    session = db.session()
    # Each try is counted before the code is checked, so parallel guesses cannot overshoot.
    if not limits.hit(session, f"code-tries:{username}", CODE_TRIES, limits.DAY).allowed:
        raise AppError(messages.CONFIRM_DEAD, 400)
    day = limits.hit(session, f"code-fail-day:{username}", CODE_DAILY_FAILURES, limits.DAY)
    if not day.allowed:
        limits.refund(session, f"code-tries:{username}")
        _too_many(messages.CONFIRM_DAY_LIMIT, day.retry_after)
    account = _find(username)
    latest = _latest_code(account) if account is not None else None
    if account is None or latest is None or not _code_matches(latest.code_hash, account.id, code):
        raise AppError(messages.CONFIRM_WRONG, 400)
    if account.is_confirmed:
        return ConfirmResult(messages.CONFIRM_ALREADY, None)
    now = utcnow()
    if latest.used_at is not None or latest.expires_at <= now:
        raise AppError(messages.CONFIRM_WRONG, 400)
    with db.transaction() as tx:
        if not _use_once(tx, ConfirmationCode, latest.id, now):  # a parallel request used it first
            raise AppError(messages.CONFIRM_WRONG, 400)
        tx.execute(update(Account).where(Account.id == account.id).values(confirmed_at=now))
        token = _sign_in(tx, account, old_token, now)
    limits.clear(session, f"code-tries:{username}")
    devices.remember(account.id)  # as a login: this browser has signed in to the account
    return ConfirmResult(messages.CONFIRM_OK, LoginResult(account, token))


def _sign_in(tx, account: Account, old_token: str | None, now: dt.datetime) -> str:
    """A new session for the account, counted as a login; the browser's earlier session ends."""
    sessions.end(tx, old_token)
    token = sessions.create(tx, account.id)
    tx.add(LoginEvent(account_id=account.id, at=now))
    account.num_logins = (account.num_logins or 0) + 1
    account.last_login_at = now
    account_language.at_sign_in(account)
    return token


def resend_code(username: object, ip: str = "") -> str:
    """A new code for an unconfirmed account (at most once a minute and 5 times a day);
    the same answer for an address without one."""
    username = _username_or_error(username, messages.EMAIL_INVALID_RESEND)
    session = db.session()
    _limit_mail_per_ip(ip)
    minute = limits.hit(session, f"code-minute:{username}", 1, RESEND_INTERVAL)
    if not minute.allowed:
        _too_many(messages.RESEND_MINUTE_LIMIT, minute.retry_after)
    daily = limits.hit(session, f"resend-day:{username}", RESENDS_PER_DAY, limits.DAY)
    if not daily.allowed:
        _too_many(messages.RESEND_DAY_LIMIT, daily.retry_after)
    account = _find(username)
    if account is not None and not account.is_confirmed:
        _send_new_code(account, "confirmation_code_resent")
    else:
        limits.clear(session, f"code-tries:{username}")  # what a real resend does, to look alike
    return messages.RESEND_OK


def _send_new_code(account: Account, template: str) -> None:
    limits.clear(db.session(), f"code-tries:{account.username}")
    with db.transaction() as tx:
        code = _issue_code(tx, account)
    mail.send(template, to=account.username, code=code)


def _issue_code(tx, account: Account) -> str:
    """A fresh code replaces any earlier one."""
    code = new_code()
    now = utcnow()
    tx.execute(delete(ConfirmationCode).where(ConfirmationCode.account_id == account.id))
    tx.add(
        ConfirmationCode(
            account_id=account.id,
            code_hash=code_hash(_keyring().key(signing.ACCOUNT_CODE), account.id, code),
            created_at=now,
            expires_at=now + CODE_LIFETIME,
        )
    )
    return code


def _latest_code(account: Account) -> ConfirmationCode | None:
    return (
        db.session()
        .scalars(
            select(ConfirmationCode)
            .where(ConfirmationCode.account_id == account.id)
            .order_by(ConfirmationCode.id.desc())
            .limit(1)
        )
        .first()
    )


def _code_problems(code: object) -> dict:
    if isinstance(code, str) and len(code) == CODE_LENGTH and code.isascii() and code.isdigit():
        return {}
    return {"code": [messages.CODE_FORMAT]}


# --- login ----------------------------------------------------------------------------


def login(
    username: object, password: object, student_answers: dict | None = None, ip: str = "", old_token: str | None = None
) -> LoginResult:
    """Check the password and start a new session (a new id at every login; the session
    the browser came with, if any, ends). Failures count against the account (back-off
    after 5) and the client's IP address, or only against the browser when it has signed
    in to this account before (engine/accounts/lockout.py); a success gives the browser
    a device cookie."""
    problems = {} if isinstance(password, str) and password else {"password": [messages.PASSWORD_REQUIRED]}
    username = _username_or_error(username, messages.EMAIL_INVALID_LOGIN, extra=problems)
    assert isinstance(password, str)  # refused above otherwise
    session = db.session()
    account = _find(username)
    gate = lockout.enter(session, current_app.config, username, ip, devices.trusted(account))
    if gate.refused == "address":
        log.warning("login refused by the IP limit for %s", ip)
        _too_many(messages.LOGIN_IP_LIMIT, gate.retry_after)
    if gate.refused:
        log.warning("login refused by %s back-off for %s from %s", gate.refused, _who(account), ip)
        wait = messages.LOGIN_BACKOFF
        if gate.refused == "account" and gate.retry_after >= devices.UNLOCK_AFTER_S:
            devices.offer_unlock(account)  # the answer says the same whether or not it exists
            wait = f"{wait} {messages.LOGIN_UNLOCK_HINT}"
        _too_many(wait, gate.retry_after)
    if len(password) > MAX_LENGTH:  # no stored password is longer; do not spend time hashing it
        raise AppError(messages.LOGIN_WRONG, 400)
    if account is None:
        dummy_verify(password)  # the same time as a real check: no hint that the account is missing
        raise AppError(messages.LOGIN_WRONG, 400)
    if not verify_password(account.password_hash, password):
        log.info("login failed for %s from %s (failure %d)", _who(account), ip, gate.failures)
        raise AppError(messages.LOGIN_WRONG, 400)
    if not account.is_confirmed:
        with db.transaction() as tx:
            lockout.succeeded(tx, gate)
        raise AppError(messages.LOGIN_UNCONFIRMED, 403, reason="unconfirmed")
    with db.transaction() as tx:  # one commit for the limits and the new session
        lockout.succeeded(tx, gate)
        sessions.end(tx, old_token)
        token = sessions.create(tx, account.id)
        now = utcnow()
        tx.add(LoginEvent(account_id=account.id, at=now))
        account.num_logins = (account.num_logins or 0) + 1
        account.last_login_at = now
        account_language.at_sign_in(account)
        if student_answers:
            account.pending_answers = _merge_pending(account.pending_answers, student_answers)
        if needs_rehash(account.password_hash):
            account.password_hash = hash_password(password)
    devices.remember(account.id)
    return LoginResult(account, token)


def logout(token: str | None) -> None:
    with db.transaction() as tx:
        sessions.end(tx, token)


# --- password reset -------------------------------------------------------------------


def forgot_password(username: object, ip: str = "") -> str:
    """E-mail a reset link when the account exists. The answer, and the work done before
    it, are the same when it does not: a token row is written either way."""
    username = _username_or_error(username, messages.EMAIL_INVALID)
    session = db.session()
    _limit_mail_per_ip(ip)
    requests = limits.hit(session, f"forgot:{username}", RESET_REQUESTS_PER_HOUR, limits.HOUR)
    if not requests.allowed:
        _too_many(messages.FORGOT_LIMIT, requests.retry_after)
    account = _find(username)
    token, reset = PasswordReset.issue(
        RESET_LIFETIME, username=username, account_id=account.id if account is not None else None
    )
    with db.transaction() as tx:
        tx.add(reset)
    link = reset_url(username, token)
    if account is not None:
        # Delivered by a background thread: the answer takes as long with or without a mail.
        mail.send("password_reset", to=username, background=True, reset_url=link)
    return messages.FORGOT_OK


def reset_url(username: str, token: str) -> str:
    base = current_app.config["PUBLIC_URL"].rstrip("/")
    return f"{base}/reset?{urlencode({'username': username, 'id': token})}"


def reset_password(username: object, token: object, password: object, confirm_password: object) -> str:
    """Set a new password with a reset link; ends every session of the account."""
    problems = {}
    if not isinstance(token, str) or not token:
        problems["id"] = [messages.RESET_ID_REQUIRED]
    username = _valid_username(
        username,
        messages.EMAIL_INVALID,
        new_password=password,
        confirm_password=confirm_password,
        check_match=True,
        extra=problems,
    )
    assert isinstance(token, str) and isinstance(password, str)  # _valid_username refused anything else
    now = utcnow()
    record = None
    if len(token) <= 200:
        record = (
            db.session().scalars(select(PasswordReset).where(PasswordReset.token_hash == token_hash(token))).first()
        )
    if (
        record is None
        or record.account_id is None
        or record.username != username
        or record.used_at is not None
        or record.expires_at <= now
    ):
        raise AppError(messages.RESET_INVALID, 400)
    new_hash = hash_password(password)
    with db.transaction() as tx:
        if not _use_once(tx, PasswordReset, record.id, now):  # a parallel request used the link first
            raise AppError(messages.RESET_INVALID, 400)
        # Every other link e-mailed to this account stops working too.
        tx.execute(
            update(PasswordReset)
            .where(PasswordReset.account_id == record.account_id, PasswordReset.used_at.is_(None))
            .values(used_at=now)
        )
        account = tx.get(Account, record.account_id)
        account.password_hash = new_hash
        # Opening the e-mailed link proves the address, as a confirmation code would.
        account.confirmed_at = account.confirmed_at or now
        sessions.end_all(tx, account.id)
    limits.clear(db.session(), f"login:{username}")
    log.info("password reset for account %s; every session ended", record.account_id)
    return messages.RESET_OK


# --- for other domains ----------------------------------------------------------------


def successful_logins(account_id: int) -> list[str]:
    """ISO-8601 UTC times of the account's successful logins, oldest first."""
    times = db.session().scalars(
        select(LoginEvent.at).where(LoginEvent.account_id == account_id).order_by(LoginEvent.at, LoginEvent.id)
    )
    return [moment.replace(microsecond=0).isoformat() + "Z" for moment in times]


def pop_pending_answers(account: Account) -> dict:
    """The studentAnswers kept from sign-up or login, removed from the account. Runs in
    the caller's session and transaction: the caller commits with its own writes."""
    session = db.session()
    account = session.merge(account)
    answers = json.loads(account.pending_answers) if account.pending_answers else {}
    account.pending_answers = None
    return answers


def find_account(username: str) -> Account | None:
    normalised = normalise_username(username)
    return _find(normalised) if normalised else None


# --- helpers --------------------------------------------------------------------------


def _use_once(tx, model: type[ConfirmationCode] | type[PasswordReset], row_id: int, now: dt.datetime) -> bool:
    """Mark a code or reset link used, unless it already is (by a parallel request): did this call use it?"""
    used = tx.execute(update(model).where(model.id == row_id, model.used_at.is_(None)).values(used_at=now))
    return bool(used.rowcount)


def _find(username: str) -> Account | None:
    return db.session().scalars(select(Account).where(Account.username == username)).first()


def _who(account: Account | None) -> str:
    """An account in a log line: its id, never its address (logs outlive an erasure)."""
    return f"account {account.id}" if account is not None else "an address with no account"


def _keyring() -> signing.Keyring:
    return current_app.extensions["signing"]


def _code_matches(stored: str, account_id: int, code: str) -> bool:
    """Checked with every key still valid, so a rotation does not void codes already sent."""
    keys = _keyring().keys(signing.ACCOUNT_CODE)
    matches = [same(stored, code_hash(key, account_id, code)) for key in keys]  # every key: no early exit
    return any(matches)


def _username_or_error(raw: object, message: str, extra: dict | None = None) -> str:
    username = normalise_username(raw)
    problems = dict(extra or {})
    if username is None:
        problems = {"username": [message], **problems}
    _raise_problems(problems)
    assert username is not None  # a problem was raised above
    return username


def _valid_username(
    raw: object,
    message: str,
    *,
    new_password: object,
    confirm_password: object = None,
    check_match: bool = False,
    extra: dict | None = None,
) -> str:
    """The normalised username, after checking it and the new password together, so
    every problem is reported at once."""
    problems = dict(extra or {})
    if not isinstance(new_password, str):
        problems["password"] = [messages.PASSWORD_REQUIRED]
    else:
        confirm = confirm_password if isinstance(confirm_password, str) else None
        checked = password_problems(new_password, confirm, check_match=check_match)
        if checked:
            problems["password"] = checked
    return _username_or_error(raw, message, problems)


def confirm_password(session, account: Account, password: str, wrong: str) -> None:
    """The signed-in applicant's password asked again before a grave step (deleting the account, a
    copy of their data): wrong tries count toward the login back-off of the account (429 while it
    lasts, in the login's words); a wrong password is a 400 in the words `wrong`."""
    key = f"login:{account.username}"
    decision = limits.claim_login(session, key)
    if not decision.allowed:
        wait = messages.human_wait(decision.retry_after)
        raise AppError(messages.LOGIN_BACKOFF.format(wait=wait), 429, retry_after=decision.retry_after)
    if not verify_password(account.password_hash, password):
        raise AppError(wrong, 400)
    limits.clear(session, key)


def _raise_problems(problems: dict) -> None:
    if problems:
        ordered = list(dict.fromkeys(message for field in problems.values() for message in field))
        raise AppError(" ".join(ordered), 400, errors=problems)


def _too_many(template: str, retry_after: int):
    g.retry_after = retry_after
    raise AppError(template.format(wait=messages.human_wait(retry_after)), 429, retry_after=retry_after)


def _limit_mail_per_ip(ip: str) -> None:
    decision = limits.hit(db.session(), f"mail-ip:{ip}", int(current_app.config["MAIL_IP_MAX_PER_HOUR"]), limits.HOUR)
    if not decision.allowed:
        _too_many(messages.MAIL_IP_LIMIT, decision.retry_after)


def _answers_json(student_answers: dict | None) -> str | None:
    return json.dumps(student_answers, ensure_ascii=False) if student_answers else None


def _merge_pending(pending_json: str | None, student_answers: dict) -> str:
    """Answers sent with a login fill only the keys the kept answers leave empty."""
    pending = json.loads(pending_json) if pending_json else {}
    for key, value in student_answers.items():
        if pending.get(key) in (None, "", []):
            pending[key] = value
    return json.dumps(pending, ensure_ascii=False)
