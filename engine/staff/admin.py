"""What administrators do from the /staff page: read the audit trail, see staff and tokens, change a
member's roles or disable them (each change recorded)."""

import datetime as dt

from engine import db
from engine.audit import service as audit
from engine.errors import AppError
from engine.staff import auth, members, messages, sessions, tokens
from engine.staff.models import StaffMember


def _iso(moment: dt.datetime | None) -> str | None:
    return moment.replace(microsecond=0).isoformat() + "Z" if moment else None


def audit_entries(query: dict) -> list[dict]:
    wanted = audit.Query(
        reference=query.get("reference") or None,
        staff_email=query.get("staff") or None,
        since=query.get("since"),
        limit=query["limit"],
    )
    return audit.entries(db.session(), wanted)


def member_row(member: StaffMember) -> dict:
    return {
        "id": member.id,
        "email": member.email,
        "name": member.name,
        "roles": member.role_list,
        "local": member.subject.startswith("local:"),
        "last_sign_in_at": _iso(member.last_sign_in_at),
        "disabled": member.disabled_at is not None,
    }


def all_members() -> list[dict]:
    return [member_row(member) for member in members.all_members(db.session())]


def update_member(member_id: int, body: dict) -> dict:
    session = db.session()
    member = session.get(StaffMember, member_id)
    if member is None:
        raise AppError(messages.MEMBER_NOT_FOUND.format(id=member_id), 404)
    actor = auth.caller().actor
    if "roles" in body:
        try:
            member, before = members.set_roles(session, member.email, body["roles"])
        except members.StaffError as error:
            raise AppError(str(error), 400) from error
        session.commit()
        audit.record(actor, "role_change", detail={"staff": member.email, "from": before, "to": member.role_list})
    if body.get("disabled") and member.disabled_at is None:
        members.disable(session, member.email)
        sessions.end_all(session, member.id)
        session.commit()
        audit.record(actor, "staff_disabled", detail={"staff": member.email})
    return member_row(member)


def all_tokens() -> list[dict]:
    now = tokens.utcnow()
    return [
        {
            "id": token.id,
            "name": token.name,
            "scope": tokens.scope_name(token.scope),
            "state": tokens.state_of(token, now),
            "expires_at": _iso(token.expires_at),
            "last_used_at": _iso(token.last_used_at),
        }
        for token in tokens.all_tokens()
    ]
