"""What a job needs in its RQ work-horse, where there is no Flask app: the settings, read from
the environment like the app's (`load_config`), a plain SQLAlchemy session, and a memory cap."""

from __future__ import annotations

import functools
import resource

from rq import get_current_job
from sqlalchemy.orm import Session, sessionmaker

from engine.config import load_config
from engine.db import make_engine

DEFAULT_MEMORY_LIMIT_MB = 1536


@functools.lru_cache(maxsize=4)
def _sessionmaker(database_url: str) -> sessionmaker:
    return sessionmaker(make_engine(database_url), expire_on_commit=False)


def job_settings() -> dict:
    return load_config()


def job_session(settings: dict) -> Session:
    from engine.models import import_all_models

    import_all_models()
    return _sessionmaker(settings["DATABASE_URL"])()


def limit_memory(settings: dict) -> None:
    """Cap this work-horse's address space, so one hostile file cannot take the machine's memory.
    RQ forks a work-horse per job, so the cap ends with the job."""
    limit_mb = int(settings.get("JOB_MEMORY_LIMIT_MB") or DEFAULT_MEMORY_LIMIT_MB)
    if limit_mb <= 0 or get_current_job() is None:
        return
    limit = limit_mb * 1024 * 1024
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def current_job_id() -> str | None:
    job = get_current_job()
    return job.id if job is not None else None
