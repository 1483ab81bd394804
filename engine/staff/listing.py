"""The staff list: applications, newest submissions first, searched and paginated in the database."""

import math

from sqlalchemy import and_, func, or_, select

from engine import db
from engine.accounts.models import Account
from engine.applications.models import Application
from engine.applications.service import iso_utc
from engine.staff import records

PER_PAGE = 25
MAX_PER_PAGE = 100
MAX_QUERY_WORDS = 8
STATUSES = ("all", "submitted", "draft")


def _filters(query: str, status: str, name):
    conditions = []
    if status == "submitted":
        conditions.append(Application.submitted_at.is_not(None))
    elif status == "draft":
        conditions.append(Application.submitted_at.is_(None))
    # Every word must match the reference, the e-mail address or the name ("mei chen", "intl-7k2").
    for word in query.lower().split()[:MAX_QUERY_WORDS]:
        conditions.append(
            or_(
                func.lower(func.coalesce(Application.reference, "")).contains(word, autoescape=True),
                Account.username.contains(word, autoescape=True),
                func.lower(name).contains(word, autoescape=True),
            )
        )
    return and_(*conditions) if conditions else None


def list_applications(form_data: dict, query: str = "", status: str = "all", page: int = 1, per_page: int = PER_PAGE):
    """One page of applications: {items, total, page, pages, per_page}. A page past the last is empty."""
    keys = records.name_setting(form_data)
    name = records.name_expression(keys)
    where = _filters(query, status, name)
    joined = select(Application.id).join(Account, Account.id == Application.account_id)
    if where is not None:
        joined = joined.where(where)
    session = db.session()
    total = session.scalar(select(func.count()).select_from(joined.subquery()))
    rows = session.execute(
        records.rows_statement(where)
        .order_by(Application.submitted_at.is_(None), Application.submitted_at.desc(), Application.id.desc())
        .offset((page - 1) * per_page)
        .limit(per_page)
    ).all()
    return {
        "items": [_item(row, keys) for row in rows],
        "total": total,
        "page": page,
        "per_page": per_page,
        "pages": max(1, math.ceil(total / per_page)),
    }


def _item(row, keys: list[str]) -> dict:
    return {
        "id": row.id,
        "reference": row.reference,
        "name": records.applicant_name(row.answers or {}, keys),
        "email": row.username,
        "status": row.status,
        "submitted_at": iso_utc(row.submitted_at),
        "updated_at": iso_utc(row.updated_at),
        "definition_version": row.version,
    }
