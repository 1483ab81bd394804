"""Deliveries for the web app, the CLI and the worker: plain functions.

- `record_for_submission(session, application, targets, form_data)`: inside the submission's
  transaction, one delivery per target of tenant.yaml, due now: a submission and its deliveries
  exist together or not at all, whatever Redis is doing;
- `dispatch_due(session, settings)`: the worker's periodic task: record a job (engine.outbox) for each
  delivery whose try is due (a new one, a retry after its back-off) or whose job was lost;
- `deliveries(failed_only)`, `retry(reference | failed=True)`, `counts_by_state()`: the CLI and metrics.
"""

from __future__ import annotations

import datetime as dt
import logging

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from engine import outbox
from engine.accounts.models import utcnow
from engine.applications.models import Application
from engine.delivery.models import OPEN, Delivery, DeliveryState
from engine.delivery.webhook import missing_secrets
from engine.errors import StartRefused
from engine.staff import records

DELIVER_JOB = "engine.delivery.jobs.deliver"
DUE_BATCH = 100
# A job that has not finished this long after it was queued (or started) is taken for lost.
LOST_AFTER_MARGIN = dt.timedelta(minutes=2)

log = logging.getLogger(__name__)


class DeliveryConfigInvalid(StartRefused):
    """A delivery target cannot work in this process (its secret is not in the environment)."""


def check_secrets(targets: list[dict]) -> None:
    problems = missing_secrets(targets)
    if problems:
        raise DeliveryConfigInvalid("\n".join(problems))


def _config(target: dict, form_data: dict, application: Application) -> dict:
    if target["kind"] == "webhook":
        return {"url": target["url"], "secret_env": target["secret_env"], "timeout_s": target["timeout_s"]}
    # What the e-mail says, as the form had it at submission: the worker needs no form for it.
    name = records.applicant_name(application.answers or {}, records.name_setting(form_data))
    return {"to": target["to"], "tenant_name": form_data["tenant"]["name"], "applicant_name": name}


def record_for_submission(session: Session, application: Application, targets: list[dict], form_data: dict):
    """One pending delivery per target, due now, in the caller's transaction. The rows are the
    durable record; the worker's periodic task (`dispatch_due`) puts their jobs on the queue within
    seconds, so the submission itself waits for no queue (three jobs dispatched from the request
    cost a submit 2.5 times its time, docs/benchmarks.md)."""
    now = utcnow()
    made = [
        Delivery(
            application_id=application.id,
            kind=target["kind"],
            target=target.get("to") or target["url"],
            config=_config(target, form_data, application),
            state=DeliveryState.PENDING.value,
            attempts=0,
            round_attempts=0,
            next_attempt_at=now,
            created_at=now,
        )
        for target in targets
    ]
    session.add_all(made)
    return made


def queue(session: Session, delivery: Delivery, settings: dict, now: dt.datetime) -> None:
    """Record the job that makes the delivery's next try (engine.outbox: queued when the caller's
    transaction commits, or when Redis answers again)."""
    delivery.job_id = outbox.record(
        session,
        DELIVER_JOB,
        delivery.id,
        queue=settings.get("DELIVERY_QUEUE") or "default",
        timeout=int(settings.get("DELIVERY_JOB_TIMEOUT") or 180),
    )
    delivery.queued_at = now


def _lost_before(settings: dict, now: dt.datetime) -> dt.datetime:
    return now - dt.timedelta(seconds=int(settings.get("DELIVERY_JOB_TIMEOUT") or 180)) - LOST_AFTER_MARGIN


def dispatch_due(session: Session, settings: dict) -> int:
    """Queue the next try of every delivery that is due (a retry whose back-off is over, one that
    waited for its PDF) or whose job was lost; returns how many. Rows are locked while this runs
    (skipped by a second worker doing the same)."""
    now = utcnow()
    due = session.scalars(
        select(Delivery)
        .where(
            Delivery.state.in_(OPEN),
            Delivery.next_attempt_at <= now,
            or_(Delivery.job_id.is_(None), Delivery.queued_at < _lost_before(settings, now)),
        )
        .order_by(Delivery.next_attempt_at)
        .limit(DUE_BATCH)
        .with_for_update(skip_locked=True)
    ).all()
    for delivery in due:
        queue(session, delivery, settings, now)
    session.commit()
    return len(due)


# --- for the CLI and metrics -------------------------------------------------------------


def deliveries(session: Session, failed_only: bool = False, limit: int = 1000) -> list:
    """(reference, kind, target, state, attempts, last_error, next_attempt_at, delivered_at), newest first."""
    statement = (
        select(
            Application.reference,
            Delivery.kind,
            Delivery.target,
            Delivery.state,
            Delivery.attempts,
            Delivery.last_error,
            Delivery.next_attempt_at,
            Delivery.delivered_at,
        )
        .join(Application, Application.id == Delivery.application_id)
        .order_by(Delivery.id.desc())
        .limit(limit)
    )
    if failed_only:
        statement = statement.where(Delivery.state == DeliveryState.FAILED.value)
    return list(session.execute(statement))


def retry(session: Session, settings: dict, reference: str | None = None, failed: bool = False, again=False) -> int:
    """Send again: the failed deliveries (`failed`), or those of one application by reference (its
    undelivered ones; with `again` its delivered ones too). Each gets a fresh round of tries."""
    statement = select(Delivery).with_for_update()
    if failed:
        statement = statement.where(Delivery.state == DeliveryState.FAILED.value)
    else:
        statement = statement.join(Application, Application.id == Delivery.application_id).where(
            Application.reference == (reference or "").strip().upper()
        )
        if not again:
            statement = statement.where(Delivery.state != DeliveryState.DELIVERED.value)
    now = utcnow()
    chosen = session.scalars(statement).all()
    for delivery in chosen:
        delivery.state = DeliveryState.PENDING.value
        delivery.round_attempts = 0
        delivery.next_attempt_at = now
        queue(session, delivery, settings, now)
    session.commit()
    return len(chosen)


def reference_exists(session: Session, reference: str) -> bool:
    found = session.scalar(select(Application.id).where(Application.reference == reference.strip().upper()))
    return found is not None


def counts_by_state(session: Session) -> dict[str, int]:
    counts = dict.fromkeys((state.value for state in DeliveryState), 0)
    for state, count in session.execute(select(Delivery.state, func.count()).group_by(Delivery.state)):
        counts[state] = count
    return counts
