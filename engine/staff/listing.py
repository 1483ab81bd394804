"""The staff list: applications, newest submissions first, searched, filtered and paginated in the
database.

Two searches: `q` (every word in the reference, the e-mail address or the name) and `answers` (every
word in some stored answer value: a city, a school, a country). The answer search reads the values
only, never the keys, so "city" finds Cityville, not every application with a city question: it scans
the values lower-cased (engine.staff.search_text), stored in `applications.answer_text` for submitted
applications and derived from a draft's answers as the search reads its row (a draft's saves never
write it). On PostgreSQL trigram indexes find the rows (migration staff_search_trigrams; the answers'
index holds submitted applications, drafts are read); SQLite reads every row, which 10,000
applications allow within a page's budget (scripts/bench_staff_list.py, docs/benchmarks.md)."""

import datetime as dt
import math

from sqlalchemy import and_, func, or_, select, union_all

from engine import db
from engine.accounts.models import Account
from engine.applications.models import Application
from engine.applications.service import iso_utc
from engine.delivery.models import OPEN, Delivery, DeliveryState
from engine.staff import records, search_text

PER_PAGE = 25
MAX_PER_PAGE = 100
MAX_QUERY_WORDS = 8
STATUSES = ("all", "submitted", "draft")
# Newest submissions first, then drafts, newest first.
ORDER = (Application.submitted_at.is_(None), Application.submitted_at.desc(), Application.id.desc())


def _words(text: str) -> list[str]:
    return text.lower().split()[:MAX_QUERY_WORDS]


def _answer_contains(word: str, postgres: bool = False):
    """SQL true when some answer value of the application holds the word (the lower-cased values:
    Unicode on PostgreSQL, ASCII letters only on SQLite): a submitted application's stored text, a
    draft's derived from its answers."""
    submitted = Application.submitted_at.is_not(None)
    stored = Application.answer_text.contains(word, autoescape=True)
    derived = search_text.derived(postgres).contains(word, autoescape=True)
    if not postgres:
        return or_(and_(submitted, stored), and_(Application.submitted_at.is_(None), derived))
    # PostgreSQL's trigram index holds submitted applications only: those are found through it,
    # drafts read row by row, their ids joined.
    found = union_all(
        select(Application.id).where(submitted, stored),
        select(Application.id).where(Application.submitted_at.is_(None), derived),
    ).subquery()
    return Application.id.in_(select(found.c.id))


def _submitted_between(start: dt.date | None, end: dt.date | None) -> list:
    """Submitted on or after `start`, on or before `end` (whole UTC days)."""
    conditions = []
    if start is not None:
        conditions.append(Application.submitted_at >= dt.datetime.combine(start, dt.time()))
    if end is not None:
        conditions.append(Application.submitted_at < dt.datetime.combine(end + dt.timedelta(days=1), dt.time()))
    return conditions


def _filters(search: dict, name, postgres: bool = False):
    conditions = []
    if search.get("status") == "submitted":
        conditions.append(Application.submitted_at.is_not(None))
    elif search.get("status") == "draft":
        conditions.append(Application.submitted_at.is_(None))
    if search.get("version"):
        # The list shows a version's first 8 characters: those find it, as the whole id does.
        conditions.append(records.version_column().startswith(search["version"].lower(), autoescape=True))
    conditions += _submitted_between(search.get("submitted_from"), search.get("submitted_to"))
    if search.get("language"):
        conditions.append(func.lower(records.language_column()) == search["language"].lower())
    # Every word must match the reference, the e-mail address or the name ("mei chen", "intl-7k2").
    conditions += [_in_reference_email_or_name(word, name, postgres) for word in _words(search.get("q") or "")]
    conditions += [_answer_contains(word, postgres) for word in _words(search.get("answers") or "")]
    return and_(*conditions) if conditions else None


def _in_reference_email_or_name(word: str, name, postgres: bool):
    reference = func.lower(func.coalesce(Application.reference, "")).contains(word, autoescape=True)
    email = Account.username.contains(word, autoescape=True)
    # A name is made of answer values: the stored values rule most rows out before the name is put
    # together from the JSON (SQLite stops an AND at its first false).
    in_name = and_(_answer_contains(word, postgres), func.lower(name).contains(word, autoescape=True))
    if not postgres:
        return or_(reference, email, in_name)
    # PostgreSQL: each test on its own trigram index (migration staff_search_trigrams), their ids
    # joined; one OR over two tables would read every application.
    found = union_all(
        select(Application.id).where(reference),
        select(Application.id).join(Account, Account.id == Application.account_id).where(email),
        select(Application.id).where(in_name),
    ).subquery()
    return Application.id.in_(select(found.c.id))


def list_applications(form_data: dict, search: dict, page: int = 1, per_page: int = PER_PAGE):
    """One page of applications: {items, total, page, pages, per_page}. A page past the last is empty.
    `search` holds q, answers, status, version, submitted_from, submitted_to and language (each optional)."""
    keys = records.name_setting(form_data)
    name = records.name_expression(keys)
    session = db.session()
    where = _filters(search, name, session.get_bind().dialect.name == "postgresql")
    joined = select(Application.id).join(Account, Account.id == Application.account_id)
    if where is not None:
        joined = joined.where(where)
    # One scan gives the page's ids and the total (a window count), sorting ids alone; then only
    # those rows are read (their answers and derived status). A second scan counts only for a page
    # past the last.
    found = session.execute(
        joined.add_columns(func.count().over()).order_by(*ORDER).offset((page - 1) * per_page).limit(per_page)
    ).all()
    ids = [application_id for application_id, _total in found]
    if found:
        total = found[0][1]
    else:
        total = 0 if page == 1 else session.scalar(select(func.count()).select_from(joined.subquery()))
    rows = session.execute(records.rows_statement(Application.id.in_(ids)).order_by(*ORDER)).all() if ids else []
    return {
        "items": [_item(row, keys) for row in rows],
        "total": total,
        "page": page,
        "per_page": per_page,
        "pages": max(1, math.ceil(total / per_page)),
        "dates": dates_of(form_data),
        "languages": list(form_data.get("languages") or []),
    }


def dates_of(form_data: dict) -> dict:
    """How the list's times read: the form's date style in its time zone (with the zone's
    abbreviation), as the PDF and the print view say them."""
    settings = form_data.get("settings") or {}
    return {"date_style": settings.get("date_style") or "long", "time_zone": settings.get("time_zone") or "UTC"}


def undelivered(application_ids: list[int]) -> dict[int, dict]:
    """Deliveries not (yet) delivered, per application of a page: {id: {"failed": n, "pending": n}}
    ("pending" counts those still being tried). One grouped query over the page's ids."""
    counts = {application_id: {"failed": 0, "pending": 0} for application_id in application_ids}
    if not application_ids:
        return counts
    rows = db.session().execute(
        select(Delivery.application_id, Delivery.state, func.count())
        .where(Delivery.application_id.in_(application_ids), Delivery.state != DeliveryState.DELIVERED.value)
        .group_by(Delivery.application_id, Delivery.state)
    )
    for application_id, state, count in rows:
        counts[application_id]["pending" if state in OPEN else "failed"] += count
    return counts


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
        "language": row.language,
    }
