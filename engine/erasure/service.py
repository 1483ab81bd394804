"""Erasing one applicant: find them by reference or address, delete their rows and leave a tombstone in
one transaction (so a job working on the application finds it gone and stops, removing what it wrote),
then clear the stores outside the database. A store that could not be cleared is written into the
tombstone's `pending` and cleared by the next erase of the same reference or address; the erasure is
never reported as done before every store is.

    target = find(session, reference="IU-7K3M9Q2X")          # or email="ada@example.com"
    report = erase(session, settings, target, Actor.staff(3, "dpo@example.edu"))
    report.done, report.lines()
    left = verify(session, settings, target)                 # [] when nothing of it is anywhere
"""

from __future__ import annotations

import dataclasses
import json

from sqlalchemy import select
from sqlalchemy.orm import Session

from engine.accounts.models import Account
from engine.applications.models import Application
from engine.audit.service import Actor, record
from engine.documents.storage import storage_from_config
from engine.erasure import stores
from engine.erasure.database import Named, Target, collect, erase_rows, leftovers
from engine.erasure.models import Erasure


class NotFound(Exception):
    """Nothing to erase under what was given (the message says why); nothing was touched."""


@dataclasses.dataclass
class Report:
    target: Target
    outcomes: list[stores.Outcome]
    already_erased: bool = False
    reason: str | None = None  # the retention rule that deleted it; None for an erasure asked for

    @property
    def done(self) -> bool:
        return all(not outcome.left for outcome in self.outcomes)

    def lines(self) -> list[str]:
        who = self.target.reference or f"application {self.target.application_id or '-'}"
        head = f"erasure of {who} (account {self.target.account_id or '-'})"
        if self.already_erased:
            head += ": erased before; what was left is retried"
        verdict = "done" if self.done else "NOT done: run it again when the store answers"
        return [head, *(f"  {outcome.line()}" for outcome in self.outcomes), verdict]


def find(
    session: Session, reference: str | None = None, email: str | None = None, application_id: int | None = None
) -> tuple[Target, Erasure | None]:
    """The applicant named, and their tombstone when they were erased before; NotFound otherwise."""
    if application_id is not None:
        return _by_id(session, application_id)
    if reference:
        reference = reference.strip().upper()
        application = session.scalar(select(Application).where(Application.reference == reference))
        if application is not None:
            account = session.get(Account, application.account_id)
            return Target(
                application.id, application.account_id, reference, account.username if account else None
            ), None
        tombstone = session.scalar(select(Erasure).where(Erasure.reference == reference).order_by(Erasure.id.desc()))
        if tombstone is None:
            raise NotFound(f"no application has the reference {reference}")
        return Target(tombstone.application_id, tombstone.account_id, reference, None), tombstone
    address = (email or "").strip().lower()
    if not address:
        raise NotFound("give an application's reference or an applicant's e-mail address")
    account = session.scalar(select(Account).where(Account.username == address))
    if account is None:
        raise NotFound(f"no account has the address {address} (an erased account is found by its reference only)")
    application = session.scalar(select(Application).where(Application.account_id == account.id))
    return (
        Target(
            application.id if application else None,
            account.id,
            application.reference if application else None,
            address,
        ),
        None,
    )


def _by_id(session: Session, application_id: int) -> tuple[Target, Erasure | None]:
    """By the application's id: the way to a draft erased before (it had no reference, and the tombstone
    does not keep the address)."""
    application = session.get(Application, application_id)
    if application is not None:
        account = session.get(Account, application.account_id)
        return Target(
            application.id, application.account_id, application.reference, account.username if account else None
        ), None
    tombstone = session.scalar(
        select(Erasure).where(Erasure.application_id == application_id).order_by(Erasure.id.desc())
    )
    if tombstone is None:
        raise NotFound(f"no application has the id {application_id}")
    return Target(application_id, tombstone.account_id, tombstone.reference, None), tombstone


# Written with the tombstone and cleared when every store is: an erasure that stopped half-way (a crash
# between the database and the stores) is found and finished by the next retention run.
NOT_SWEPT = json.dumps({"stores": ["not swept yet"]})


def erase(
    session: Session,
    settings: dict,
    target: Target,
    actor: Actor,
    tombstone: Erasure | None = None,
    reason: str | None = None,
    job_records: stores.JobRecords | None = None,
) -> Report:
    """Erase the applicant; with a `reason` it is the retention's deletion, recorded as such.
    `job_records`: Redis scanned once for a batch of erasures (`stores.job_records`)."""
    if tombstone is not None:
        return retry(session, settings, target, actor, tombstone)
    named = collect(session, target.application_id)
    removed = erase_rows(session, target, named)
    tombstone = Erasure(
        application_id=target.application_id,
        account_id=target.account_id,
        reference=target.reference,
        erased_by=actor.label,
        ids=json.dumps(named.as_ids()),
        pending=NOT_SWEPT,
    )
    session.add(tombstone)
    session.commit()
    outcomes = [stores.Outcome("database", removed), *_clear_stores(settings, target, named, job_records)]
    return _close(session, tombstone, Report(target, outcomes, reason=reason), actor)


def _clear_stores(
    settings: dict, target: Target, named: Named, job_records: stores.JobRecords | None = None
) -> list[stores.Outcome]:
    return [
        stores.erase_files(storage_from_config(settings), target.application_id, named, target.account_id),
        stores.erase_jobs(settings, target, named, job_records),
        stores.erase_mail(settings["MAIL_OUTBOX"], target),
    ]


def retry(session: Session, settings: dict, target: Target, actor: Actor, tombstone: Erasure) -> Report:
    """An erased applicant erased again: the stores are swept once more (files a running job wrote after
    the first sweep, a store that was down). The address is not known any more: the outbox is searched
    by reference."""
    named = Named.from_ids(json.loads(tombstone.ids or "{}"))
    outcomes = _clear_stores(settings, target, named)
    return _close(session, tombstone, Report(target, outcomes, already_erased=True), actor)


def _close(session: Session, tombstone: Erasure, report: Report, actor: Actor) -> Report:
    tombstone.pending = json.dumps({o.store: o.left for o in report.outcomes if o.left}, sort_keys=True)
    session.commit()
    detail: dict[str, object] = {
        "account": report.target.account_id,
        "removed": {o.store: o.removed for o in report.outcomes},
        "done": report.done,
        "again": report.already_erased,
    }
    if report.reason:
        detail["reason"] = report.reason
    action = "retention_delete" if report.reason else "erase"
    record(actor, action, application=report.target.application_id, reference=report.target.reference, detail=detail)
    return report


def verify(session: Session, settings: dict, target: Target, tombstone: Erasure | None = None) -> list[str]:
    """Everything of the applicant still found, store by store ("database: 2 row(s) in accounts")."""
    named = (
        Named.from_ids(json.loads(tombstone.ids or "{}"))
        if tombstone is not None
        else collect(session, target.application_id)
    )
    found = [f"database: {line}" for line in leftovers(session, target, named)]
    found += [
        f"storage: {key}"
        for key in stores.files_left(storage_from_config(settings), target.application_id, named, target.account_id)
    ]
    found += [f"redis: {key}" for key in stores.jobs_left(settings, target, named)]
    found += [f"mail outbox: {name}" for name in stores.mail_left(settings["MAIL_OUTBOX"], target)]
    return found


def kept(session: Session, target: Target) -> list[str]:
    """What an erasure keeps on purpose, for the verification's report."""
    tombstones = session.scalars(
        select(Erasure).where(
            (Erasure.application_id == target.application_id)
            if target.application_id is not None
            else (Erasure.account_id == target.account_id)
        )
    ).all()
    return [f"tombstone: erased {row.erased_at:%Y-%m-%d %H:%M} UTC by {row.erased_by}" for row in tombstones]
