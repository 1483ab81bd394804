"""Every setting comes from the environment, with an embedded default that works on a laptop."""

import json
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN_FILE = "formengine-run.json"  # pids and URLs of a running `formengine run`, for tools and tests


def _bool(value: str | None, default: bool = False) -> bool:
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _public_url(env, instance: Path) -> str:
    """Where applicants reach the app, for links in e-mails: PUBLIC_URL; unset, the URL of the
    `formengine run` serving this instance (its processes and the CLI beside it), else the
    local address on PORT. Never the Host header of a request: a forged one would put a
    stranger's address into a password-reset e-mail."""
    if env.get("PUBLIC_URL"):
        return env["PUBLIC_URL"]
    try:
        running = json.loads((instance / RUN_FILE).read_text()).get("url")
    except (OSError, ValueError, AttributeError):
        running = None
    return running or f"http://127.0.0.1:{env.get('PORT') or 8000}"


def tenant_id_of(folder: str | Path) -> str:
    """The tenant id its tenant.yaml declares (its top-level `id:`), read without compiling the
    folder; the folder's name when that cannot be read (the start then reports the folder)."""
    try:
        text = (Path(folder) / "tenant.yaml").read_text(encoding="utf-8")
    except OSError:
        text = ""
    found = re.search(r"""^id:[ \t]*["']?([A-Za-z0-9_-]+)""", text, re.M)
    return found.group(1) if found else Path(folder).name


# Abuse limits (engine/accounts/limits.py): per applicant and per address, `count/seconds` or "off",
# set as RATE_LIMIT_<ACTION>_APPLICANT / _ADDRESS. A real applicant stays far below them (a whole
# application is a few dozen of each); the address limits leave a school's shared address room
# for a classroom.
RATE_LIMIT_ACTIONS = {
    # Presigned uploads and conversions: each costs storage and a worker's time.
    "presign": ("100/3600", "1000/3600"),
    "conversion": ("60/3600", "600/3600"),
    # Application PDF renders (polling a render already asked for is not counted).
    "pdf": ("120/3600", "1200/3600"),
    # The client sends its validation errors after every page it leaves.
    "validations": ("1200/3600", "12000/3600"),
    # Lookup suggestions come a keystroke at a time, from visitors too (counted by address only then).
    "lookup": ("3000/3600", "6000/3600"),
}


def _rate_limits(env) -> dict:
    out = {}
    for action, (per_applicant, per_address) in RATE_LIMIT_ACTIONS.items():
        for scope, default in (("APPLICANT", per_applicant), ("ADDRESS", per_address)):
            name = f"RATE_LIMIT_{action.upper()}_{scope}"
            out[name] = env.get(name, default)
    return out


# long: one flat table of every setting with its default, read top to bottom
def load_config(overrides: dict | None = None) -> dict:
    env = os.environ
    instance = Path(env.get("FORMENGINE_INSTANCE", ROOT / "instance"))
    tenant_path = env.get("TENANT", str(ROOT / "tenants" / "intl_undergrad"))
    config = {
        "INSTANCE_PATH": str(instance),
        # No default: production refuses to start without one (engine/signing.py); `formengine run`
        # and the tests use a random development key kept in the instance folder.
        "SECRET_KEY": env.get("SECRET_KEY", ""),
        # Rotation: the previous key still verifies (never signs) until the given ISO date-time.
        "SECRET_KEY_PREVIOUS": env.get("SECRET_KEY_PREVIOUS", ""),
        "SECRET_KEY_PREVIOUS_UNTIL": env.get("SECRET_KEY_PREVIOUS_UNTIL", ""),
        # A database belongs to one tenant (engine/versions/tenancy.py): the embedded default is one
        # SQLite file per tenant id, so `TENANT=... make run` serves another tenant on its own.
        "DATABASE_URL": env.get("DATABASE_URL", f"sqlite:///{instance / (tenant_id_of(tenant_path) + '.db')}"),
        # Empty means "the embedded Redis that `formengine run` starts" (its socket URL is
        # passed down in REDIS_URL), so a bare `flask` process never needs a Redis.
        "REDIS_URL": env.get("REDIS_URL", ""),
        "TENANT_PATH": tenant_path,
        "TENANT_RELOAD": _bool(env.get("TENANT_RELOAD")),
        # How often a process asks the database which definition version is current (engine.versions).
        "DEFINITION_CHECK_S": float(env.get("DEFINITION_CHECK_S", "1.0")),
        "CLIENT_DIST": env.get("CLIENT_DIST", str(ROOT / "client" / "dist")),
        "MAIL_OUTBOX": env.get("MAIL_OUTBOX", str(instance / "outbox")),
        "SMTP_URL": env.get("SMTP_URL", ""),
        "MAIL_FROM": env.get("MAIL_FROM", "no-reply@formengine.local"),
        "STORAGE_BACKEND": env.get("STORAGE_BACKEND", "local"),
        "STORAGE_PATH": env.get("STORAGE_PATH", str(instance / "documents")),
        "S3_BUCKET": env.get("S3_BUCKET", ""),
        "S3_ENDPOINT_URL": env.get("S3_ENDPOINT_URL", ""),
        "S3_REGION": env.get("S3_REGION", env.get("AWS_DEFAULT_REGION", "us-east-1")),
        # Documents and the application PDF (seconds unless named otherwise).
        "PRESIGN_EXPIRES_S": int(env.get("PRESIGN_EXPIRES_S", "300")),  # at most 300 (S3 policy)
        "DOWNLOAD_URL_EXPIRES_S": int(env.get("DOWNLOAD_URL_EXPIRES_S", "60")),
        # Conversions and application PDFs wait on separate queues (and, under `formengine run` and in
        # docs/deploy.md, separate workers), so a slow conversion never delays a submitted application's PDF.
        "DOCUMENT_QUEUE": env.get("DOCUMENT_QUEUE", "conversions"),
        "APPLICATION_PDF_QUEUE": env.get("APPLICATION_PDF_QUEUE", "application-pdfs"),
        "DOCUMENT_JOB_TIMEOUT": int(env.get("DOCUMENT_JOB_TIMEOUT", "60")),
        # How long past its timeout a started conversion or PDF job still counts as running; the
        # only home of this default (engine/outbox.py job_state and the jobs read it from here).
        "DOCUMENT_JOB_GRACE_S": int(env.get("DOCUMENT_JOB_GRACE_S", "15")),
        "DOCUMENT_QUEUE_WAIT_S": int(env.get("DOCUMENT_QUEUE_WAIT_S", "600")),
        # How often a worker requeues jobs stranded in RQ's intermediate queue by a Redis stop (0: never).
        "JOB_RESCUE_EVERY_S": float(env.get("JOB_RESCUE_EVERY_S", "20")),
        "PDF_JOB_TIMEOUT": int(env.get("PDF_JOB_TIMEOUT", "120")),
        "JOB_MEMORY_LIMIT_MB": int(env.get("JOB_MEMORY_LIMIT_MB", "1536")),
        # Stored files and rows of documents no answer references go once older than this
        # (engine/documents/cleanup.py), checked by a worker every CLEANUP_EVERY_S (0: never).
        "CLEANUP_OLDER_THAN_H": float(env.get("CLEANUP_OLDER_THAN_H", "24")),
        "CLEANUP_EVERY_S": float(env.get("CLEANUP_EVERY_S", "3600")),
        # The tenant's retention (engine/retention), applied by a worker every RETENTION_EVERY_S (0: never).
        "RETENTION_EVERY_S": float(env.get("RETENTION_EVERY_S", "3600")),
        # Delivery of submitted applications to staff (tenant.yaml `delivery:`; docs/deploy.md).
        "DELIVERY_QUEUE": env.get("DELIVERY_QUEUE", "default"),
        "DELIVERY_ATTEMPTS": int(env.get("DELIVERY_ATTEMPTS", "7")),  # tries before `failed`
        "DELIVERY_RETRY_BASE_S": float(env.get("DELIVERY_RETRY_BASE_S", "60")),  # then 2x, 4x ... after it
        "DELIVERY_JOB_TIMEOUT": int(env.get("DELIVERY_JOB_TIMEOUT", "180")),
        # The webhook's signed links (the PDF's, each document's): made afresh for every try.
        "DELIVERY_LINK_EXPIRES_S": int(env.get("DELIVERY_LINK_EXPIRES_S", "900")),
        # Webhook hosts allowed although they resolve to loopback/private/link-local addresses.
        "DELIVERY_ALLOW_HOSTS": env.get("DELIVERY_ALLOW_HOSTS", ""),
        "DELIVERY_PDF_WAIT_S": float(env.get("DELIVERY_PDF_WAIT_S", "15")),
        "LOOKUP_INDEX": env.get("LOOKUP_INDEX", str(instance / "lookup.sqlite")),
        # Lookup providers per category, e.g. "address=photon"; unnamed categories use the index.
        "LOOKUP_PROVIDERS": env.get("LOOKUP_PROVIDERS", ""),
        "LOOKUP_PHOTON_URL": env.get("LOOKUP_PHOTON_URL", ""),
        "LOOKUP_PHOTON_TIMEOUT": float(env.get("LOOKUP_PHOTON_TIMEOUT", "1.0")),
        "LOOKUP_PHOTON_LANG": env.get("LOOKUP_PHOTON_LANG", "en"),
        "LOOKUP_PHOTON_RETRY_AFTER": float(env.get("LOOKUP_PHOTON_RETRY_AFTER", "30")),
        "PUBLIC_URL": _public_url(env, instance),
        "SESSION_COOKIE_SECURE": _bool(env.get("SESSION_COOKIE_SECURE")),
        "IDP_COOKIE_PREFIX": env.get("IDP_COOKIE_PREFIX", "formengine-idp"),
        # Accounts: the session cookie (HttpOnly) and its lifetimes; empty SESSION_IDLE_MS
        # means the tenant's idle.timeout_ms, the one the client's idle timer uses.
        "AUTH_SESSION_COOKIE": env.get("AUTH_SESSION_COOKIE", "formengine_session"),
        "SESSION_IDLE_MS": int(env["SESSION_IDLE_MS"]) if env.get("SESSION_IDLE_MS") else None,
        "SESSION_ABSOLUTE_S": int(env.get("SESSION_ABSOLUTE_S", str(12 * 3600))),
        # At most this often a request writes the session's last use (and re-issues the idle cookie), and
        # at most half the tenant's idle prompt lead: a session then ends up to this long before its idle
        # timeout after the last request, never later (engine/accounts/sessions.py: touch_interval).
        "SESSION_TOUCH_S": float(env.get("SESSION_TOUCH_S", "60")),
        "LOGIN_IP_MAX_FAILURES": int(env.get("LOGIN_IP_MAX_FAILURES", "50")),
        "LOGIN_IP_WINDOW_S": int(env.get("LOGIN_IP_WINDOW_S", "900")),
        "MAIL_IP_MAX_PER_HOUR": int(env.get("MAIL_IP_MAX_PER_HOUR", "100")),
        **_rate_limits(env),
        "LOG_FORMAT": env.get("LOG_FORMAT", "json"),
        # How many proxies (load balancers) stand in front of the app and set X-Forwarded-*.
        "PROXY_COUNT": int(env.get("PROXY_COUNT", "0")),
        "METRICS_TOKEN": env.get("METRICS_TOKEN", ""),
        # Serve /metrics without a token on purpose (a private network); production starts refuse neither set.
        "METRICS_PUBLIC": _bool(env.get("METRICS_PUBLIC")),
        "S3_PUBLIC_URL": env.get("S3_PUBLIC_URL", ""),
        "MAX_CONTENT_LENGTH": int(env.get("MAX_CONTENT_LENGTH", str(2 * 1024 * 1024))),
        # The one JSON body parser's limits (engine/jsonio.py): a breach is a 400 (413 for the size).
        "JSON_MAX_BYTES": int(env.get("JSON_MAX_BYTES", str(1024 * 1024))),
        "JSON_MAX_DEPTH": int(env.get("JSON_MAX_DEPTH", "32")),
        "JSON_MAX_NUMBER_DIGITS": int(env.get("JSON_MAX_NUMBER_DIGITS", "64")),
        "JSON_MAX_STRING": int(env.get("JSON_MAX_STRING", "100000")),
        # flask-smorest
        "API_TITLE": "formengine",
        "API_VERSION": "1",
        "OPENAPI_VERSION": "3.0.3",
        "OPENAPI_URL_PREFIX": "/api",
        "OPENAPI_JSON_PATH": "openapi.json",
        "OPENAPI_SWAGGER_UI_PATH": "/docs",
        # Swagger UI's files come from the npm package swagger-ui-dist, copied into the
        # client build, so the docs page works without reaching a CDN.
        "OPENAPI_SWAGGER_UI_URL": "/static/swagger-ui/",
        "TESTING": False,
    }
    if overrides:
        config.update(overrides)
    return config
