"""What staff see of an application, for the staff list, exports and delivery: whose it is (the
name from the tenant's `settings.applicant_name` answer keys), its status and its definition version.

The definition version is the application's `definition_version` (engine.versions): null only for
an application from before versions that no version has been recorded for yet.
"""

from sqlalchemy import String, case, func, literal, null, select

from engine.accounts.models import Account
from engine.applications.models import Application, WebStatusEvent
from engine.applications.service import DERIVED_STATUS, WEB_STATUSES
from engine.definition import content_id, names


def rows_statement(*where):
    """SELECT what staff see of each application (id, reference, answers, times, username, status,
    version, language), its account joined, with the conditions given (None ones left out)."""
    return (
        select(
            Application.id,
            Application.reference,
            Application.answers,
            Application.submitted_at,
            Application.updated_at,
            Account.username,
            status_column().label("status"),
            version_column().label("version"),
            language_column().label("language"),
        )
        .join(Account, Account.id == Application.account_id)
        .where(*(condition for condition in where if condition is not None))
    )


def name_setting(form_data: dict):
    """The tenant's `settings.applicant_name`: a list of keys or {any: [[keys], ...]} (definition/names.py)."""
    return (form_data.get("settings") or {}).get("applicant_name") or []


def applicant_name(answers: dict, setting) -> str:
    return names.applicant_name(setting, lambda key: str(answers.get(key) or ""))


def name_expression(setting):
    """Every name key's answer joined by spaces as SQL, for search (any alternative may match)."""
    keys = names.all_keys(setting)
    if not keys:
        return literal("")
    expression = None
    for key in keys:
        part = func.coalesce(Application.answers[key].as_string(), "")
        expression = part if expression is None else expression + " " + part
    return expression


def version_column():
    """The application's definition version as SQL (null until versions exist)."""
    column = getattr(Application, "definition_version", None)
    return column if column is not None else null().cast(String)


def language_column():
    """The application's language as SQL: the one it was submitted in; a draft's, its account's."""
    return func.coalesce(Application.language, Account.language)


def version_of(application: Application) -> str | None:
    return getattr(application, "definition_version", None)


def status_column():
    """none / started / validating / submitted, as the profile derives it."""
    distinct = (
        select(func.count(func.distinct(WebStatusEvent.web_status)))
        .where(WebStatusEvent.application_id == Application.id, WebStatusEvent.web_status.in_(WEB_STATUSES))
        .scalar_subquery()
    )
    return case(
        (Application.submitted_at.is_not(None), literal("submitted")),
        *((distinct == count, literal(status)) for count, status in enumerate(DERIVED_STATUS[:-1])),
        else_=literal(DERIVED_STATUS[-2]),
    )


def forms_for_versions(current_form: dict, version_ids: set, load_version) -> list[dict]:
    """The compiled forms (data) of the versions given, the current one first (an application with
    no version is on the current form); `load_version(id)` gives a version's data, None when unknown."""
    forms = [current_form]
    current_id = content_id(current_form)
    for version_id in sorted(v for v in version_ids if v and v != current_id):
        found = load_version(version_id)
        if found is not None:
            forms.append(found)
    return forms
