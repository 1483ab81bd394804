"""Recording and reading the audit trail. Every domain records through `record`:

    from engine.audit.service import Actor, record

    record(Actor.staff(member.id, member.email), "pdf_download", application=application_id)
    record(Actor.system(), "retention_delete", application=app_id, reference=ref, detail={"reason": "..."})

An entry is written in its own transaction, committed at once: it stays when the request then fails
(a refused export is recorded and still refused). The reference is looked up when not given.
"""

import dataclasses
import datetime as dt
import json

from flask import current_app, has_request_context, request
from sqlalchemy import select
from sqlalchemy.orm import Session

from engine.applications.models import Application
from engine.audit.models import AuditEvent

# The actions staff and tokens are recorded for (a later domain adds its own, e.g. "erase").
ACTIONS = (
    "sign_in",
    "sign_in_failed",
    "sign_out",
    "list",
    "print_view",
    "pdf_download",
    "export",
    "export_download",
    "export_refused",
    "delivery_status",
    "delivery_retry",
    "role_change",
    "staff_added",
    "staff_disabled",
    "token_use",
    "token_created",
    "token_revoked",
    "forbidden",
    "erase",
    "retention_delete",
    "deadline_extended",
)
MAX_USER_AGENT = 300


@dataclasses.dataclass(frozen=True)
class Actor:
    kind: str  # "staff" | "token" | "system"
    id: int | None
    label: str

    @classmethod
    def staff(cls, staff_id: int | None, email: str) -> "Actor":
        return cls("staff", staff_id, email)

    @classmethod
    def token(cls, token_id: int, name: str) -> "Actor":
        return cls("token", token_id, name or f"token {token_id}")

    @classmethod
    def system(cls, label: str = "formengine") -> "Actor":
        return cls("system", None, label)


def record(
    actor: Actor,
    action: str,
    application: int | None = None,
    reference: str | None = None,
    detail: dict | None = None,
    *,
    bind=None,
    origin: tuple[str | None, str | None] | None = None,
) -> None:
    """Append one entry (and commit it). From a request, its IP and user agent are kept too.

    Outside an app (a worker job): `bind` is the database engine, and `origin` the (IP, user agent)
    of the request that asked for the work (`request_origin()` there)."""
    if action not in ACTIONS:  # a new kind of action is added to ACTIONS first: the trail stays readable
        raise ValueError(f"unknown audit action {action!r}")
    ip, user_agent = origin if origin is not None else request_origin()
    with Session(bind if bind is not None else current_app.extensions["db_engine"]) as session:
        if application is not None and reference is None:
            reference = session.scalar(select(Application.reference).where(Application.id == application))
        session.add(
            AuditEvent(
                actor_kind=actor.kind,
                actor_id=actor.id,
                actor_label=actor.label,
                action=action,
                application_id=application,
                reference=reference,
                ip=ip,
                user_agent=user_agent,
                detail=json.dumps(detail, sort_keys=True) if detail else None,
            )
        )
        session.commit()


def request_origin() -> tuple[str | None, str | None]:
    """(IP, user agent) of the current request; (None, None) outside one."""
    if not has_request_context():
        return None, None
    return request.remote_addr, (request.user_agent.string or "")[:MAX_USER_AGENT] or None


@dataclasses.dataclass(frozen=True)
class Query:
    reference: str | None = None
    application_id: int | None = None
    staff_email: str | None = None
    since: dt.datetime | None = None
    limit: int = 1000


def entries(session: Session, query: Query) -> list[dict]:
    """Entries, newest first, as plain dictionaries (for the command line and the /staff page)."""
    statement = select(AuditEvent).order_by(AuditEvent.id.desc()).limit(query.limit)
    if query.reference:
        statement = statement.where(AuditEvent.reference == query.reference.strip().upper())
    if query.application_id is not None:
        statement = statement.where(AuditEvent.application_id == query.application_id)
    if query.staff_email:
        statement = statement.where(
            AuditEvent.actor_kind == "staff", AuditEvent.actor_label == query.staff_email.strip().lower()
        )
    if query.since is not None:
        statement = statement.where(AuditEvent.at >= query.since)
    return [as_dict(event) for event in session.scalars(statement)]


def as_dict(event: AuditEvent) -> dict:
    return {
        "id": event.id,
        "at": event.at.replace(microsecond=0).isoformat() + "Z",
        "actor": {"kind": event.actor_kind, "id": event.actor_id, "label": event.actor_label},
        "action": event.action,
        "application_id": event.application_id,
        "reference": event.reference,
        "ip": event.ip,
        "user_agent": event.user_agent,
        "detail": json.loads(event.detail) if event.detail else None,
    }
