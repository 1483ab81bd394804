"""A database belongs to one tenant. Each definition version names its tenant; a process (web,
`formengine run`, `formengine publish`) started with one tenant on a database that holds another
tenant's applications refuses to start, naming both, so no draft is ever moved to another
institution's form. A database holding only another tenant's versions (no applications) is used:
each tenant's current version is its own newest publication."""

from sqlalchemy import column, exists, select, table
from sqlalchemy.engine import make_url

from engine.db import make_engine
from engine.definition import CompiledForm
from engine.errors import StartRefused
from engine.versions.models import DefinitionVersion

_TABLE = DefinitionVersion.__table__
# By name: the applications' models import this package (their foreign key).
_APPLICATIONS = table("applications", column("definition_version"))


def tenant_of(compiled: CompiledForm) -> str:
    return compiled.data["tenant"]["id"]


def others_with_applications(connection, tenant_id: str) -> list[str]:
    """The other tenants whose applications the database holds, sorted. An application from before
    versions existed (no version of its own) counts as every other tenant's that has a version."""
    joined = _APPLICATIONS.join(_TABLE, _APPLICATIONS.c.definition_version == _TABLE.c.id)
    found = set(
        connection.scalars(
            select(_TABLE.c.tenant_id).distinct().select_from(joined).where(_TABLE.c.tenant_id != tenant_id)
        )
    )
    unpinned = connection.scalar(select(exists().where(_APPLICATIONS.c.definition_version.is_(None))))
    if unpinned:
        found |= set(connection.scalars(select(_TABLE.c.tenant_id).distinct().where(_TABLE.c.tenant_id != tenant_id)))
    return sorted(str(other) for other in found)


def require_own(connection, tenant_id: str, database: str = "") -> None:
    """StartRefused when the database holds another tenant's applications."""
    others = others_with_applications(connection, tenant_id)
    if not others:
        return
    where = f" ({database})" if database else ""
    raise StartRefused(
        f"the database{where} holds applications of tenant {', '.join(repr(o) for o in others)}; this process "
        f"was started with tenant {tenant_id!r}. A database belongs to one tenant: give {tenant_id!r} a "
        "DATABASE_URL of its own (left unset, `formengine run` uses instance/<tenant id>.db), or start "
        f"{others[0]!r} again. Nothing was changed."
    )


def require_own_url(database_url: str, compiled: CompiledForm) -> None:
    """`require_own` for a database URL (the runner and the CLI, before anything starts)."""
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            require_own(connection, tenant_of(compiled), _shown(database_url))
    finally:
        engine.dispose()


def _shown(database_url: str) -> str:
    """The URL without its password, for the message."""
    return make_url(database_url).render_as_string(hide_password=True)
