"""Where uploaded and converted documents live: one interface, two backends.

`LocalStorage` keeps objects in a folder and signs its own S3-style POST policies, which the
local upload endpoint (`POST /api/storage/upload`) checks the way S3 would: the key, the
expiry and the content-length-range, under an HMAC signature. `S3Storage` uses boto3 against
any S3-compatible endpoint. The client posts `{url, fields}` + the file to either one the same way.
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import logging
import os
import re
import secrets
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from engine import signing

# Keys are chosen by the server; anything else (traversal, odd bytes, long names) is refused.
KEY_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,40}(/[A-Za-z0-9][A-Za-z0-9_.-]{0,100}){1,6}$")
MAX_PRESIGN_SECONDS = 300  # S3 presigned POSTs we hand out live at most 5 minutes

log = logging.getLogger(__name__)


class StorageError(Exception):
    """A stored object is missing or unreadable."""


class PolicyRefused(Exception):
    """An upload the signed policy does not allow; `status` is what S3 would answer."""

    def __init__(self, message: str, status: int = 403, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.status = status
        self.rule = rule  # a size refusal names the file rule it breaks: "too_large" or "empty"


def valid_key(key: str) -> bool:
    return isinstance(key, str) and bool(KEY_PATTERN.match(key)) and ".." not in key


def new_key(prefix: str, suffix: str = "") -> str:
    """A fresh unguessable key under `prefix` (e.g. "uploads/12/essay_file")."""
    key = f"{prefix}/{secrets.token_hex(16)}{suffix}"
    if not valid_key(key):
        raise ValueError(f"not a valid storage key: {key!r}")
    return key


@dataclass
class StoredObject:
    key: str
    size: int
    modified: dt.datetime  # naive UTC, like the database's times


@dataclass
class PresignedPost:
    url: str
    fields: dict


class Storage:
    """The interface both backends implement."""

    def presign_upload(self, key: str, max_bytes: int, expires_in: int) -> PresignedPost:
        raise NotImplementedError

    def read(self, key: str, max_bytes: int) -> bytes:
        """The object's bytes; at most max_bytes + 1 are read, so callers can tell it is too large."""
        raise NotImplementedError

    def size(self, key: str) -> int | None:
        """The object's size, or None when it does not exist."""
        raise NotImplementedError

    def write(self, key: str, data: bytes, content_type: str = "application/pdf") -> None:
        raise NotImplementedError

    def delete(self, key: str) -> None:
        """Remove the object; removing one that does not exist is not an error."""
        raise NotImplementedError

    def download_url(self, key: str, expires_in: int, file_name: str, content_type: str = "application/pdf") -> str:
        """A short-lived link that downloads the object as `file_name` (served as `content_type`)."""
        raise NotImplementedError

    def objects(self, prefix: str) -> Iterator[StoredObject]:
        """Every object whose key starts with `prefix` ("uploads/"), in no particular order."""
        raise NotImplementedError


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def _iso(moment: float) -> str:
    return dt.datetime.fromtimestamp(moment, dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


class LocalStorage(Storage):
    """Objects as files under `root`; presigned POSTs answered by the app's upload endpoint."""

    ALGORITHM = "FORMENGINE-HMAC-SHA256"

    UPLOAD_PATH = "/api/storage/upload"
    DOWNLOAD_PATH = "/api/storage/download"

    def __init__(self, root: str | Path, keyring: signing.Keyring, public_url: str = ""):
        self.root = Path(root)
        # Upload policies and download links are signed with keys of their own (engine/signing.py).
        self.keyring = keyring
        self.public_url = public_url.rstrip("/")

    def _base(self) -> str:
        """The origin the browser used (so any host or port works), else PUBLIC_URL."""
        try:
            from flask import has_request_context, request
        except ImportError:  # pragma: no cover - Flask is always installed with the engine
            return self.public_url
        return request.host_url.rstrip("/") if has_request_context() else self.public_url

    def _path(self, key: str) -> Path:
        if not valid_key(key):
            raise StorageError("invalid key")
        path = (self.root / key).resolve()
        if self.root.resolve() not in path.parents:
            raise StorageError("invalid key")
        return path

    # -- presigned POST, S3 style -------------------------------------------------------
    def presign_upload(self, key: str, max_bytes: int, expires_in: int) -> PresignedPost:
        expires_in = min(expires_in, MAX_PRESIGN_SECONDS)
        policy = {
            "expiration": _iso(time.time() + expires_in),
            "conditions": [{"key": key}, ["content-length-range", 1, max_bytes]],
        }
        policy_b64 = _b64(json.dumps(policy, separators=(",", ":")).encode())
        fields = {
            "key": key,
            "policy": policy_b64,
            "x-amz-algorithm": self.ALGORITHM,
            "x-amz-signature": self.keyring.sign(signing.UPLOAD_POLICY, policy_b64.encode()),
        }
        return PresignedPost(self._base() + self.UPLOAD_PATH, fields)

    def check_policy(self, fields: dict, size: int, now: float | None = None) -> str:
        """The key the upload may be stored under, or PolicyRefused with S3's reason."""
        policy_b64 = fields.get("policy") or ""
        signature = fields.get("x-amz-signature") or ""
        if not policy_b64 or not signature:
            raise PolicyRefused("Invalid according to Policy: the policy and its signature are required.", 403)
        if not self.keyring.verify(signing.UPLOAD_POLICY, policy_b64.encode("utf-8", "replace"), signature):
            raise PolicyRefused("The request signature we calculated does not match the signature you provided.")
        try:
            policy = json.loads(base64.b64decode(policy_b64, validate=True))
            expiration = dt.datetime.strptime(policy["expiration"], "%Y-%m-%dT%H:%M:%S.000Z").replace(tzinfo=dt.UTC)
            key = next(c["key"] for c in policy["conditions"] if isinstance(c, dict) and "key" in c)
            low, high = next(
                c[1:] for c in policy["conditions"] if isinstance(c, list) and c and c[0] == "content-length-range"
            )
            low, high = int(low), int(high)
        except (ValueError, KeyError, TypeError, StopIteration):
            raise PolicyRefused("Invalid according to Policy: the policy could not be read.", 400) from None
        if (now or time.time()) > expiration.timestamp():
            raise PolicyRefused("Invalid according to Policy: Policy expired.")
        if fields.get("key") != key or not valid_key(key):
            raise PolicyRefused(f'Invalid according to Policy: Policy Condition failed: ["eq", "$key", "{key}"]')
        if size > high:
            raise PolicyRefused("Your proposed upload exceeds the maximum allowed size.", 400, "too_large")
        if size < low:
            raise PolicyRefused("Your proposed upload is smaller than the minimum allowed size.", 400, "empty")
        return key

    def store_upload(self, key: str, stream, max_bytes: int) -> int:
        """Copy an upload stream to `key` reading at most max_bytes + 1; returns the size written."""
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        written = 0
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as tmp:
            try:
                while written <= max_bytes:
                    chunk = stream.read(min(65536, max_bytes + 1 - written))
                    if not chunk:
                        break
                    tmp.write(chunk)
                    written += len(chunk)
            except BaseException:
                os.unlink(tmp.name)
                raise
        if written > max_bytes or written < 1:
            os.unlink(tmp.name)
            if written:
                raise PolicyRefused("Your proposed upload exceeds the maximum allowed size.", 400, "too_large")
            raise PolicyRefused("Your proposed upload is smaller than the minimum allowed size.", 400, "empty")
        os.replace(tmp.name, path)
        return written

    # -- objects --------------------------------------------------------------------------
    def read(self, key: str, max_bytes: int) -> bytes:
        try:
            with open(self._path(key), "rb") as handle:
                return handle.read(max_bytes + 1)
        except OSError as exc:
            raise StorageError(f"cannot read {key}: {exc.strerror}") from exc

    def size(self, key: str) -> int | None:
        try:
            return self._path(key).stat().st_size
        except (OSError, StorageError):
            return None

    def write(self, key: str, data: bytes, content_type: str = "application/pdf") -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as tmp:
            tmp.write(data)
        os.replace(tmp.name, path)

    def delete(self, key: str) -> None:
        try:
            self._path(key).unlink(missing_ok=True)
        except StorageError:
            pass

    def objects(self, prefix: str) -> Iterator[StoredObject]:
        top = self.root / prefix.strip("/")
        for folder, _dirs, files in os.walk(top):
            for name in files:
                path = Path(folder) / name
                try:
                    stat = path.stat()
                except OSError:
                    continue  # removed meanwhile
                modified = dt.datetime.fromtimestamp(stat.st_mtime, dt.UTC).replace(tzinfo=None)
                yield StoredObject(path.relative_to(self.root).as_posix(), stat.st_size, modified)

    # -- signed download links ----------------------------------------------------------
    def download_url(self, key: str, expires_in: int, file_name: str, content_type: str = "application/pdf") -> str:
        # The download endpoint serves the type the signed name's extension says (a kept kind's or PDF).
        expires = int(time.time()) + expires_in
        message = f"{key}\n{expires}\n{file_name}"
        signature = self.keyring.sign(signing.DOWNLOAD_LINK, message.encode())
        query = urlencode({"key": key, "expires": expires, "name": file_name, "signature": signature})
        return f"{self._base()}{self.DOWNLOAD_PATH}?{query}"

    def check_download(self, key: str, expires: int, file_name: str, signature: str) -> None:
        message = f"{key}\n{expires}\n{file_name}"
        if not self.keyring.verify(signing.DOWNLOAD_LINK, message.encode("utf-8", "replace"), signature or ""):
            raise PolicyRefused("The request signature we calculated does not match the signature you provided.")
        if time.time() > expires:
            raise PolicyRefused("Request has expired.")


class S3Storage(Storage):
    """An S3-compatible bucket through boto3 (credentials from the usual AWS environment)."""

    def __init__(self, bucket: str, endpoint_url: str | None = None, region: str | None = None):
        import boto3
        from botocore.config import Config

        self.bucket = bucket
        self.client = boto3.client(
            "s3",
            endpoint_url=endpoint_url or None,
            region_name=region or "us-east-1",
            config=Config(
                signature_version="s3v4",
                retries={"max_attempts": 3},
                connect_timeout=5,
                read_timeout=30,
                s3={"addressing_style": "path"},
            ),
        )

    def presign_upload(self, key: str, max_bytes: int, expires_in: int) -> PresignedPost:
        post = self.client.generate_presigned_post(
            Bucket=self.bucket,
            Key=key,
            Fields=None,
            Conditions=[["content-length-range", 1, max_bytes]],
            ExpiresIn=min(expires_in, MAX_PRESIGN_SECONDS),
        )
        return PresignedPost(post["url"], post["fields"])

    def _missing(self, exc) -> bool:
        code = str(getattr(exc, "response", {}).get("Error", {}).get("Code", ""))
        return code in {"404", "NoSuchKey", "NotFound"}

    def read(self, key: str, max_bytes: int) -> bytes:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            # A Range keeps memory bounded even when the bucket did not enforce the size policy.
            response = self.client.get_object(Bucket=self.bucket, Key=key, Range=f"bytes=0-{max_bytes}")
            return response["Body"].read(max_bytes + 1)
        except (ClientError, BotoCoreError) as exc:
            raise StorageError(f"cannot read {key}: {exc}") from exc

    def size(self, key: str) -> int | None:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            return int(self.client.head_object(Bucket=self.bucket, Key=key)["ContentLength"])
        except ClientError as exc:
            if self._missing(exc):
                return None
            raise StorageError(f"cannot inspect {key}: {exc}") from exc
        except BotoCoreError as exc:
            raise StorageError(f"cannot inspect {key}: {exc}") from exc

    def delete(self, key: str) -> None:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            self.client.delete_object(Bucket=self.bucket, Key=key)
        except ClientError as exc:
            if not self._missing(exc):
                raise StorageError(f"cannot delete {key}: {exc}") from exc
        except BotoCoreError as exc:
            raise StorageError(f"cannot delete {key}: {exc}") from exc

    def write(self, key: str, data: bytes, content_type: str = "application/pdf") -> None:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            self.client.put_object(Bucket=self.bucket, Key=key, Body=data, ContentType=content_type)
        except (BotoCoreError, ClientError) as exc:
            raise StorageError(f"cannot write {key}: {exc}") from exc

    def objects(self, prefix: str) -> Iterator[StoredObject]:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            for page in self.client.get_paginator("list_objects_v2").paginate(Bucket=self.bucket, Prefix=prefix):
                for item in page.get("Contents", ()):
                    modified = item["LastModified"].astimezone(dt.UTC).replace(tzinfo=None)
                    yield StoredObject(item["Key"], int(item["Size"]), modified)
        except (BotoCoreError, ClientError) as exc:
            raise StorageError(f"cannot list {prefix}: {exc}") from exc

    def download_url(self, key: str, expires_in: int, file_name: str, content_type: str = "application/pdf") -> str:
        return self.client.generate_presigned_url(
            "get_object",
            ExpiresIn=expires_in,
            Params={
                "Bucket": self.bucket,
                "Key": key,
                "ResponseContentType": content_type,
                "ResponseContentDisposition": f'attachment; filename="{file_name}"',
            },
        )


_cache: dict[tuple, Storage] = {}


def delete_quietly(store: Storage, keys) -> None:
    """Remove stored files; a store that is down leaves orphans in the log, not a failed request."""
    for key in keys:
        if not key:
            continue
        try:
            store.delete(key)
        except StorageError as exc:
            log.error("stored file %s was not removed: %s", key, exc)


def storage_from_config(config: dict) -> Storage:
    """The configured backend (one instance per configuration per process)."""
    backend = (config.get("STORAGE_BACKEND") or "local").lower()
    if backend == "s3":
        ident = ("s3", config["S3_BUCKET"], config.get("S3_ENDPOINT_URL"), config.get("S3_REGION"))
        if ident not in _cache:
            if not config.get("S3_BUCKET"):
                raise RuntimeError("STORAGE_BACKEND=s3 needs S3_BUCKET")
            _cache[ident] = S3Storage(config["S3_BUCKET"], config.get("S3_ENDPOINT_URL"), config.get("S3_REGION"))
        return _cache[ident]
    if backend != "local":
        raise RuntimeError(f"unknown STORAGE_BACKEND {backend!r}: use local or s3")
    base = (config.get("PUBLIC_URL") or "").rstrip("/")
    keyring = signing.keyring(config)
    ident = ("local", config["STORAGE_PATH"], keyring, base)
    if ident not in _cache:
        _cache[ident] = LocalStorage(config["STORAGE_PATH"], keyring, public_url=base)
    return _cache[ident]
