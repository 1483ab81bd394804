"""The stores outside the database an applicant's data reaches: stored files (every key under the
application's prefixes and the account's (its own copy of its data, engine.downloads), and on S3
every version of it), the mail outbox folder, and Redis (the jobs
that name the applicant's rows). Each has an eraser that says what it removed and what it could not,
and a search that says what is left.
"""

from __future__ import annotations

import dataclasses
import email
import email.policy
import json
import logging
import zlib
from pathlib import Path

from redis.exceptions import RedisError

from engine import jobs
from engine.documents.storage import Storage, StorageError
from engine.erasure.database import Named, Target, names_job

# Every stored file of an application lives under one of these, followed by its id and a slash.
PREFIXES = ("uploads", "converted", "applications")

log = logging.getLogger(__name__)


@dataclasses.dataclass
class Outcome:
    """One store's part of an erasure: how many things went, and what could not be removed."""

    store: str
    removed: int = 0
    left: list[str] = dataclasses.field(default_factory=list)

    def line(self) -> str:
        state = "cleared" if not self.left else f"NOT cleared ({len(self.left)} left: {'; '.join(self.left[:5])})"
        return f"{self.store}: {self.removed} removed, {state}"


def application_prefixes(application_id: int | None, account_id: int | None = None) -> list[str]:
    from engine.downloads.models import account_prefix

    found = [] if application_id is None else [f"{prefix}/{application_id}/" for prefix in PREFIXES]
    return found + ([account_prefix(account_id)] if account_id is not None else [])


# -- stored files -------------------------------------------------------------------------------
def _versions(store: Storage, prefix: str) -> list[tuple[str, str]]:
    """(key, version id) of every version and delete marker under `prefix` in a versioned bucket."""
    client = getattr(store, "client", None)
    if client is None:
        return []
    found = []
    pages = client.get_paginator("list_object_versions").paginate(Bucket=store.bucket, Prefix=prefix)  # type: ignore[attr-defined]
    for page in pages:
        for item in [*page.get("Versions", ()), *page.get("DeleteMarkers", ())]:
            if item.get("VersionId") not in (None, "null"):
                found.append((item["Key"], item["VersionId"]))
    return found


def erase_files(store: Storage, application_id: int | None, named: Named, account_id: int | None = None) -> Outcome:
    outcome = Outcome("storage")
    keys = set(named.keys)
    prefixes = application_prefixes(application_id, account_id)
    try:
        for prefix in prefixes:
            keys.update(item.key for item in store.objects(prefix))
    except StorageError as exc:
        outcome.left.append(f"listing failed: {exc}")
    for key in sorted(keys):
        try:
            store.delete(key)
            outcome.removed += 1
        except (StorageError, OSError) as exc:
            outcome.left.append(key)
            log.warning("erasure could not remove %s: %s", key, exc)
    try:
        for prefix in prefixes:
            for key, version in _versions(store, prefix):
                store.client.delete_object(Bucket=store.bucket, Key=key, VersionId=version)  # type: ignore[attr-defined]
                outcome.removed += 1
    except Exception as exc:  # botocore's errors: the versions stay, and the erasure says so
        outcome.left.append(f"object versions: {exc}")
    return outcome


def files_left(store: Storage, application_id: int | None, named: Named, account_id: int | None = None) -> list[str]:
    found = []
    try:
        for prefix in application_prefixes(application_id, account_id):
            found.extend(item.key for item in store.objects(prefix))
            found.extend(f"{key} (version {version})" for key, version in _versions(store, prefix))
        found.extend(key for key in named.keys if store.size(key) is not None and key not in found)
    except Exception as exc:  # an unreadable store (StorageError, botocore's errors) is not a clean one
        found.append(f"storage could not be searched: {exc}")
    return found


# -- the mail outbox folder ---------------------------------------------------------------------
def _mentions(path: Path, target: Target) -> bool:
    raw = path.read_bytes()
    needles = [needle.lower() for needle in target.needles()]
    if any(needle.encode() in raw.lower() for needle in needles):
        return True
    message = email.message_from_bytes(raw, policy=email.policy.default)
    texts = [str(message.get(header, "")) for header in ("To", "Cc", "Subject")]
    for part in message.walk():
        if part.get_content_maintype() == "text":
            texts.append(part.get_content())
    joined = "\n".join(texts).lower()
    return any(needle in joined for needle in needles)


def _outbox_files(folder: str) -> list[Path]:
    path = Path(folder)
    return sorted(path.glob("*.eml")) if path.is_dir() else []


def erase_mail(folder: str, target: Target) -> Outcome:
    outcome = Outcome("mail outbox")
    for path in _outbox_files(folder):
        try:
            if _mentions(path, target):
                path.unlink(missing_ok=True)
                outcome.removed += 1
        except OSError as exc:
            outcome.left.append(f"{path.name}: {exc.strerror}")
    return outcome


def mail_left(folder: str, target: Target) -> list[str]:
    return [path.name for path in _outbox_files(folder) if _mentions(path, target)]


# -- Redis --------------------------------------------------------------------------------------
def _job_payload(redis, key: bytes) -> tuple[str, list, bytes]:
    """(function, arguments, the job hash's bytes) of an RQ job hash (JSON, zlib-compressed)."""
    fields = redis.hgetall(key)
    data = fields.get(b"data") or b""
    try:
        data = zlib.decompress(data)
    except zlib.error:
        pass
    try:
        func_path, _instance, args, _kwargs = json.loads(data)
    except (ValueError, TypeError):
        func_path, args = "", []
    rest = b"\n".join(value for name, value in fields.items() if name != b"data")
    return str(func_path), list(args or ()), data + b"\n" + rest


def deployment_queues(settings: dict) -> set[bytes]:
    """The queues this deployment's jobs go to: a Redis shared with others holds jobs that are not ours."""
    names = {*jobs.queue_names(settings), settings.get("DELIVERY_QUEUE") or "default"}
    if settings.get("DELIVERY_QUEUE") and settings["DELIVERY_QUEUE"] != "default":
        names.discard("default")
    return {name.encode() for name in names}


@dataclasses.dataclass
class JobRecords:
    """One scan of Redis: this deployment's job records (key, job id, function, arguments, the hash's
    bytes lower-cased) and the engine's own string keys (key and value, lower-cased). An erasure of
    many applicants (a retention batch) scans once and looks each applicant up in it, rather than
    scanning every job record once per applicant."""

    jobs: list[tuple[bytes, str, str, list, bytes]] = dataclasses.field(default_factory=list)
    own: list[tuple[bytes, bytes, bytes]] = dataclasses.field(default_factory=list)

    def forget(self, keys: set[bytes]) -> None:
        """Keys an erasure removed: the next applicant's lookup does not see them."""
        self.jobs = [job for job in self.jobs if job[0] not in keys]
        self.own = [item for item in self.own if item[0] not in keys]


def scan_jobs(redis, queues: set[bytes]) -> JobRecords:
    records = JobRecords()
    for key in redis.scan_iter(match="rq:job:*", count=500):
        if redis.type(key) != b"hash" or redis.hget(key, "origin") not in queues:
            continue
        func_path, args, blob = _job_payload(redis, key)
        records.jobs.append((key, key[len(b"rq:job:") :].decode(), func_path, args, blob.lower()))
    for key in redis.scan_iter(match="formengine:*", count=500):
        value = redis.get(key) if redis.type(key) == b"string" else b""
        records.own.append((key, key.lower(), (value or b"").lower()))
    return records


def job_records(settings: dict) -> JobRecords | None:
    """A scan for a batch of erasures; None without Redis, or when it does not answer (each erasure
    then tries on its own, and reports what it could not clear)."""
    if not settings.get("REDIS_URL"):
        return None
    try:
        return scan_jobs(jobs.connection(settings["REDIS_URL"]), deployment_queues(settings))
    except (RedisError, jobs.QueueUnavailable, ValueError):
        return None


def _matching_keys(
    redis, target: Target, named: Named, queues: set[bytes], records: JobRecords | None = None
) -> list[bytes]:
    """Our job records that name the applicant's rows or text, and our own keys that hold their text."""
    records = records if records is not None else scan_jobs(redis, queues)
    needles = [needle.lower().encode() for needle in target.needles()]
    found = [
        key
        for key, job_id, func_path, args, blob in records.jobs
        if job_id in named.job_ids
        or names_job(func_path, args, target.application_id, named)
        or any(needle in blob for needle in needles)
    ]
    found += [key for key, name, value in records.own if any(n in name or n in value for n in needles)]
    return found


def erase_jobs(settings: dict, target: Target, named: Named, records: JobRecords | None = None) -> Outcome:
    """`records`: a scan made for a batch of erasures (`job_records`); without it, Redis is scanned now."""
    outcome = Outcome("redis")
    redis_url = settings.get("REDIS_URL") or ""
    if not redis_url:
        return outcome  # a deployment without Redis has no job records
    try:
        redis = jobs.connection(redis_url)
        matching = _matching_keys(redis, target, named, deployment_queues(settings), records)
        if records is not None:
            records.forget(set(matching))
        for key in matching:
            if key.startswith(b"rq:job:"):
                job_id = key[len(b"rq:job:") :].decode()
                try:
                    jobs.fetch_job(job_id, redis_url).delete(remove_from_queue=True)
                except Exception:  # a job RQ cannot read any more: its hash goes all the same
                    redis.delete(key)
            else:
                redis.delete(key)
            outcome.removed += 1
    except (RedisError, jobs.QueueUnavailable, ValueError) as exc:
        outcome.left.append(f"Redis could not be searched: {exc}")
    return outcome


def jobs_left(settings: dict, target: Target, named: Named) -> list[str]:
    if not settings.get("REDIS_URL"):
        return []
    try:
        redis = jobs.connection(settings["REDIS_URL"])
        return [
            key.decode(errors="replace") for key in _matching_keys(redis, target, named, deployment_queues(settings))
        ]
    except (RedisError, jobs.QueueUnavailable, ValueError) as exc:
        return [f"Redis could not be searched: {exc}"]
