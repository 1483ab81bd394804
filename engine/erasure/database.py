"""The database's part of an erasure: every row of the application and of its account, found through
the metadata (a table with an `application_id` or `account_id` column is the applicant's), so a table
a later domain adds is erased without this module knowing it. The audit trail and the tombstones stay.
"""

from __future__ import annotations

import dataclasses
import json

from sqlalchemy import Table, Text, cast, delete, func, or_, select
from sqlalchemy.orm import Session

from engine.accounts.models import Account, PasswordReset, RateLimit
from engine.applications.models import Application
from engine.db import Base
from engine.delivery.models import Delivery, DeliveryAttempt
from engine.documents.models import ApplicationPdf, DocumentConversion
from engine.outbox import OutboxJob

# What an erasure never touches: the trail of who did what, and the tombstones themselves.
KEPT_TABLES = ("audit_events", "erasures")


@dataclasses.dataclass
class Target:
    """Whom an erasure is about. `email` is None when it is known only by its tombstone."""

    application_id: int | None
    account_id: int | None
    reference: str | None
    email: str | None

    def needles(self) -> list[str]:
        """The strings that, found anywhere, are this applicant's."""
        return [value for value in (self.reference, self.email) if value]


@dataclasses.dataclass
class Named:
    """What the rows name before they go: stored files, and the jobs that may still work on them."""

    keys: set[str] = dataclasses.field(default_factory=set)
    job_ids: set[str] = dataclasses.field(default_factory=set)
    conversions: set[int] = dataclasses.field(default_factory=set)
    deliveries: set[int] = dataclasses.field(default_factory=set)

    def as_ids(self) -> dict:
        return {
            "jobs": sorted(self.job_ids),
            "conversions": sorted(self.conversions),
            "deliveries": sorted(self.deliveries),
        }

    @classmethod
    def from_ids(cls, ids: dict) -> Named:
        return cls(set(), set(ids.get("jobs", ())), set(ids.get("conversions", ())), set(ids.get("deliveries", ())))


def collect(session: Session, application_id: int | None) -> Named:
    named = Named()
    if application_id is None:
        return named
    for row in session.scalars(select(DocumentConversion).where(DocumentConversion.application_id == application_id)):
        named.conversions.add(row.id)
        named.keys.update(key for key in (row.upload_key, row.pdf_key) if key)
        named.job_ids.update([row.job_id] if row.job_id else [])
    for row in session.scalars(select(ApplicationPdf).where(ApplicationPdf.application_id == application_id)):
        named.keys.update([row.pdf_key] if row.pdf_key else [])
        named.job_ids.update([row.job_id] if row.job_id else [])
    for row in session.scalars(select(Delivery).where(Delivery.application_id == application_id)):
        named.deliveries.add(row.id)
        named.job_ids.update([row.job_id] if row.job_id else [])
    return named


def names_job(func_path: str, args: list, application_id: int | None, named: Named) -> bool:
    """Whether a job (recorded or in Redis) works on the applicant's rows: a job's first argument is the
    id of the row it works on (an application, a conversion, a delivery)."""
    if not args or not isinstance(args[0], int):
        return False
    if "deliver" in func_path:
        return args[0] in named.deliveries
    if "convert" in func_path or "document" in func_path:
        return args[0] in named.conversions
    return "pdf" in func_path and args[0] == application_id


def _recorded_jobs(session: Session, target: Target, named: Named) -> list[int]:
    found = []
    for row in session.execute(select(OutboxJob.id, OutboxJob.job_id, OutboxJob.func, OutboxJob.args)):
        try:
            args = json.loads(row.args)
        except ValueError:
            args = []
        if row.job_id in named.job_ids or names_job(row.func, args, target.application_id, named):
            found.append(row.id)
    return found


def _applicant_tables() -> list[tuple[Table, str]]:
    tables = []
    for table in Base.metadata.sorted_tables:
        if table.name in KEPT_TABLES:
            continue
        for column in ("application_id", "account_id"):
            if column in table.c:
                tables.append((table, column))
                break
    return tables


def erase_rows(session: Session, target: Target, named: Named) -> int:
    """Delete every row of the applicant (children first); returns how many. The caller commits."""
    removed = 0
    if named.deliveries:
        removed += session.execute(
            delete(DeliveryAttempt).where(DeliveryAttempt.delivery_id.in_(named.deliveries))
        ).rowcount
    recorded = _recorded_jobs(session, target, named)
    if recorded:
        removed += session.execute(delete(OutboxJob).where(OutboxJob.id.in_(recorded))).rowcount
    ids = {"application_id": target.application_id, "account_id": target.account_id}
    for table, column in reversed(_applicant_tables()):
        if ids[column] is not None:
            removed += session.execute(delete(table).where(table.c[column] == ids[column])).rowcount
    if target.application_id is not None:
        removed += session.execute(delete(Application).where(Application.id == target.application_id)).rowcount
    if target.email:
        # A reset asked for before the account existed, and the rate-limit counters keyed by the address.
        removed += session.execute(delete(PasswordReset).where(PasswordReset.username == target.email)).rowcount
        removed += session.execute(delete(RateLimit).where(RateLimit.key.contains(target.email))).rowcount
    if target.account_id is not None:
        removed += session.execute(delete(Account).where(Account.id == target.account_id)).rowcount
    return removed


def leftovers(session: Session, target: Target, named: Named) -> list[str]:
    """Every row, in any table but the kept ones, that names the applicant: by id or by text."""
    found = []
    needles = [needle.lower() for needle in target.needles()]
    for table in Base.metadata.sorted_tables:
        if table.name in KEPT_TABLES:
            continue
        conditions = []
        if target.application_id is not None:
            if "application_id" in table.c:
                conditions.append(table.c.application_id == target.application_id)
            if table.name == "applications":
                conditions.append(table.c.id == target.application_id)
        if target.account_id is not None:
            if "account_id" in table.c:
                conditions.append(table.c.account_id == target.account_id)
            if table.name == "accounts":
                conditions.append(table.c.id == target.account_id)
        if table.name == "delivery_attempts" and named.deliveries:
            conditions.append(table.c.delivery_id.in_(named.deliveries))
        if table.name == "job_outbox" and named.job_ids:
            conditions.append(table.c.job_id.in_(named.job_ids))
        for column in table.c:
            if _holds_text(column):
                conditions.extend(func.lower(cast(column, Text)).contains(needle) for needle in needles)
        if conditions:
            count = session.scalar(select(func.count()).select_from(table).where(or_(*conditions)))
            if count:
                found.append(f"{count} row(s) in {table.name}")
    return found


def _holds_text(column) -> bool:
    """A string or JSON column (where an address or a reference could be written)."""
    try:
        return column.type.python_type in (str, dict, list)
    except NotImplementedError:  # a type without a Python equivalent holds no text
        return False
