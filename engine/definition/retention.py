"""How long applicants' data is kept (tenant.yaml `retention:`): drafts untouched for `drafts_days`
are deleted (the applicant is reminded `reminder_days_before` days earlier), submitted applications
`submitted_years` after submission, accounts never confirmed `unconfirmed_accounts_days` after sign-up.
Checked for meaning (no negative period; a submission is never kept shorter than a draft; the reminder
comes before the deletion) and compiled to a `Retention`, or None when the tenant sets none (then nothing
is deleted, and `formengine validate` warns).

Pure: no Flask, no database. Like delivery targets, it is the deployment's, not the published form's.
"""

import dataclasses
import datetime as dt

from engine.definition.load.loader import LocDict
from engine.definition.places import join
from engine.definition.problems import Problem

FIELDS = ("drafts_days", "reminder_days_before", "submitted_years", "unconfirmed_accounts_days")
DAYS_PER_YEAR = 365


@dataclasses.dataclass(frozen=True)
class Retention:
    drafts_days: int
    reminder_days_before: int
    submitted_years: int
    unconfirmed_accounts_days: int

    @property
    def drafts(self) -> dt.timedelta:
        return dt.timedelta(days=self.drafts_days)

    @property
    def reminder(self) -> dt.timedelta:
        return dt.timedelta(days=self.drafts_days - self.reminder_days_before)

    @property
    def submitted(self) -> dt.timedelta:
        return dt.timedelta(days=self.submitted_years * DAYS_PER_YEAR)

    @property
    def unconfirmed(self) -> dt.timedelta:
        return dt.timedelta(days=self.unconfirmed_accounts_days)


def _spec(tenant: LocDict) -> LocDict | None:
    spec = tenant.get("retention")
    return spec if isinstance(spec, LocDict) else None


def check_retention(tenant: LocDict, problems: list[Problem]) -> None:
    spec = _spec(tenant)
    if spec is None:
        return
    place = join("tenant", "retention")
    values = {name: spec.get(name, 0) for name in FIELDS}
    for name, value in values.items():
        if isinstance(value, int) and value < 0:
            problems.append(
                Problem(
                    spec.where(name),
                    "NEGATIVE_PERIOD",
                    f"{name} is {value}: a period cannot be negative",
                    "write a number of days (or years) of 0 or more",
                    place,
                )
            )
    if any(not isinstance(value, int) or value < 0 for value in values.values()):
        return
    if values["submitted_years"] * DAYS_PER_YEAR < values["drafts_days"]:
        problems.append(
            Problem(
                spec.where("submitted_years"),
                "SUBMITTED_KEPT_SHORTER",
                f"submitted applications would be deleted after {values['submitted_years']} year(s), sooner than "
                f"drafts ({values['drafts_days']} days)",
                "keep a submitted application at least as long as a draft: raise submitted_years",
                place,
            )
        )
    if "reminder_days_before" in spec and values["reminder_days_before"] >= values["drafts_days"]:
        problems.append(
            Problem(
                spec.where("reminder_days_before"),
                "REMINDER_TOO_EARLY",
                f"the reminder would go {values['reminder_days_before']} days before a deletion that comes "
                f"{values['drafts_days']} days after the last change",
                "make reminder_days_before smaller than drafts_days",
                place,
            )
        )


def retention_advice(tenant: LocDict) -> list[Problem]:
    if "retention" in tenant:
        return []
    return [
        Problem(
            tenant.where(),
            "NO_RETENTION",
            "no retention is set: every draft, account and submitted application is kept forever",
            "add `retention:` to tenant.yaml (docs/authoring.md, Retention)",
            "tenant",
            severity="warning",
        )
    ]


def compile_retention(tenant: LocDict) -> Retention | None:
    spec = _spec(tenant)
    if spec is None:
        return None
    return Retention(**{name: int(spec.get(name, 0)) for name in FIELDS})
