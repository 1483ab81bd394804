"""Applying the tenant's retention: what is due (drafts untouched too long, submissions kept their years,
accounts never confirmed), each deleted through the erasure (tombstone, audit entry `retention_delete`
with the reference and the reason, never the answers), and the reminders of drafts near their deletion.

    plan = due(session, policy, now)                 # what would go and why (`--dry-run`)
    result = run(session, settings, policy, now)     # reminds, deletes, finishes stopped erasures

In batches of `BATCH`, each deletion committed on its own: a run that stops half-way (a crash, a kill)
leaves every applicant either whole or erased, and the next run picks up what is still due. Running it
twice changes nothing the second time. An erasure whose stores were not all cleared is finished here.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging

from sqlalchemy import and_, exists, select
from sqlalchemy.orm import Session

from engine.accounts.models import Account, utcnow
from engine.applications.models import Application
from engine.audit.service import Actor
from engine.definition.retention import Retention
from engine.erasure import service as erasure
from engine.erasure import stores
from engine.erasure.database import Target
from engine.erasure.models import Erasure
from engine.retention.models import RetentionReminder

BATCH = 100
ACTOR = Actor.system("retention")

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class Due:
    kind: str  # "draft" | "submitted" | "unconfirmed"
    application_id: int | None
    account_id: int
    reference: str | None
    reason: str

    def line(self) -> str:
        who = self.reference or (
            f"application {self.application_id}" if self.application_id else f"account {self.account_id}"
        )
        return f"{self.kind}\t{who}\t{self.reason}"


@dataclasses.dataclass
class Result:
    deleted: dict[str, int] = dataclasses.field(default_factory=lambda: {"draft": 0, "submitted": 0, "unconfirmed": 0})
    reminded: int = 0
    finished: int = 0  # erasures stopped half-way, finished now
    errors: int = 0

    def summary(self) -> str:
        parts = ", ".join(f"{count} {kind}" for kind, count in self.deleted.items())
        return f"retention deleted {parts}; reminded {self.reminded}; finished {self.finished} erasures; {self.errors} errors"


def _day(moment: dt.datetime) -> str:
    return moment.date().isoformat()


def due(session: Session, policy: Retention, now: dt.datetime, limit: int = BATCH) -> list[Due]:
    """What is due for deletion now, oldest first within each kind, at most `limit` of each."""
    found: list[Due] = []
    drafts = select(Application).where(Application.submitted_at.is_(None), Application.updated_at < now - policy.drafts)
    for row in session.scalars(drafts.order_by(Application.updated_at).limit(limit)):
        reason = f"draft untouched since {_day(row.updated_at)} (more than {policy.drafts_days} days)"
        found.append(Due("draft", row.id, row.account_id, None, reason))
    submitted = select(Application).where(Application.submitted_at < now - policy.submitted)
    for row in session.scalars(submitted.order_by(Application.submitted_at).limit(limit)):
        reason = f"submitted on {_day(row.submitted_at or now)} (kept {policy.submitted_years} years)"
        found.append(Due("submitted", row.id, row.account_id, row.reference, reason))
    unconfirmed = (
        select(Account, Application.id)
        .outerjoin(Application, Application.account_id == Account.id)
        .where(Account.confirmed_at.is_(None), Account.created_at < now - policy.unconfirmed)
        .order_by(Account.created_at)
        .limit(limit)
    )
    taken = {item.account_id for item in found}
    for account, application_id in session.execute(unconfirmed):
        if account.id not in taken:
            reason = (
                f"account never confirmed since {_day(account.created_at)} ({policy.unconfirmed_accounts_days} days)"
            )
            found.append(Due("unconfirmed", application_id, account.id, None, reason))
    return found


def reminders_due(session: Session, policy: Retention, now: dt.datetime, limit: int = BATCH):
    """(application, address, the account's language) of drafts that reach their reminder day and were not reminded since their
    last change."""
    if policy.reminder_days_before <= 0:
        return []
    reminded = exists().where(
        RetentionReminder.application_id == Application.id, RetentionReminder.sent_at >= Application.updated_at
    )
    statement = (
        select(Application, Account.username, Account.language)
        .join(Account, Account.id == Application.account_id)
        .where(
            Application.submitted_at.is_(None),
            and_(Application.updated_at < now - policy.reminder, Application.updated_at >= now - policy.drafts),
            ~reminded,
        )
        .order_by(Application.updated_at)
        .limit(limit)
    )
    return list(session.execute(statement))


def run(session: Session, settings: dict, policy: Retention, now: dt.datetime | None = None, remind=None) -> Result:
    """Remind, delete what is due, finish stopped erasures. `remind(address, values, language)` sends
    the reminder (the caller's mail, in the tenant's words in the account's language); None sends none."""
    now = now or utcnow()
    result = Result()
    if remind is not None:
        _remind(session, policy, now, remind, result)
    while batch := due(session, policy, now):
        before = sum(result.deleted.values()) + result.errors
        records = stores.job_records(settings)  # Redis scanned once per batch, not once per applicant
        for item in batch:
            _delete(session, settings, item, result, records)
        if sum(result.deleted.values()) + result.errors == before:
            break  # nothing moved: leave it to the next run rather than loop
    _finish_stopped(session, settings, result)
    log.info(result.summary())
    return result


def _remind(session: Session, policy: Retention, now: dt.datetime, remind, result: Result) -> None:
    for application, address, language in reminders_due(session, policy, now):
        delete_on = application.updated_at + policy.drafts
        remind(
            address,
            {
                "delete_on": _day(delete_on),
                "last_change": _day(application.updated_at),
                "drafts_days": str(policy.drafts_days),
            },
            language,
        )
        row = session.get(RetentionReminder, application.id)
        if row is None:
            session.add(RetentionReminder(application_id=application.id, sent_at=now))
        else:
            row.sent_at = now
        session.commit()  # one by one: a crash after a send re-sends at most that one
        result.reminded += 1


def _delete(
    session: Session, settings: dict, item: Due, result: Result, records: stores.JobRecords | None = None
) -> None:
    address = session.scalar(select(Account.username).where(Account.id == item.account_id))
    if address is None:
        return  # gone meanwhile (an erasure, another run)
    target = Target(item.application_id, item.account_id, item.reference, address)
    report = erasure.erase(session, settings, target, ACTOR, reason=item.reason, job_records=records)
    result.deleted[item.kind] += 1
    if not report.done:
        result.errors += 1


def _finish_stopped(session: Session, settings: dict, result: Result) -> None:
    stopped = session.scalars(select(Erasure).where(Erasure.pending != "{}").order_by(Erasure.id).limit(BATCH)).all()
    for tombstone in stopped:
        target = Target(tombstone.application_id, tombstone.account_id, tombstone.reference, None)
        report = erasure.retry(session, settings, target, ACTOR, tombstone)
        if report.done:
            result.finished += 1
        else:
            result.errors += 1


def plan_lines(session: Session, policy: Retention, now: dt.datetime) -> list[str]:
    """`formengine retention --dry-run`: every deletion and reminder due, with its reason."""
    lines = [item.line() for item in due(session, policy, now, limit=1_000_000)]
    for application, _address, _language in reminders_due(session, policy, now, limit=1_000_000):
        delete_on = _day(application.updated_at + policy.drafts)
        lines.append(f"reminder\tapplication {application.id}\tdraft to be deleted on {delete_on}")
    return lines
