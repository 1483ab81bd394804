"""Imports every domain's models so metadata and alembic see them all."""

import importlib

DOMAIN_MODELS = (
    "engine.accounts.models",
    "engine.applications.models",
    "engine.documents.models",
    "engine.staff.models",
    "engine.delivery.models",
    "engine.outbox",
    "engine.versions.models",
    "engine.audit.models",
    "engine.erasure.models",
    "engine.retention.models",
    "engine.downloads.models",
)


def import_all_models() -> None:
    for name in DOMAIN_MODELS:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if not (name == exc.name or name.startswith(f"{exc.name}.")):
                raise
