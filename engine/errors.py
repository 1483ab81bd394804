"""One error shape for the whole API: {"message": ...}; the unexpected error and the database
outage speak the served tenant's words (the `texts:` catalogue), like every other answer."""

import logging

from flask import jsonify
from sqlalchemy import exc as sql_errors
from werkzeug.exceptions import HTTPException

from engine.definition.catalogue import DEFAULT_TEXTS, tenant_text

UNEXPECTED_TEXT = "shell_unexpected"
DATABASE_UNAVAILABLE_TEXT = "service_briefly_unavailable"
# The database cannot be reached (a restart, a failover, a full pool): nothing was written, and the
# same request succeeds once it is back; the pool replaces lost connections by itself.
DATABASE_DOWN = (
    sql_errors.OperationalError,
    sql_errors.InterfaceError,
    sql_errors.DisconnectionError,
    sql_errors.TimeoutError,
)
DATABASE_RETRY_AFTER_S = 2

log = logging.getLogger(__name__)


def _words(text_id: str) -> str:
    """The tenant's wording; the catalogue's when even that cannot be read (the error being answered
    may be the reason)."""
    try:
        return tenant_text(text_id)
    except Exception:
        log.warning("the tenant's wording of %s could not be read; answering with the default", text_id)
        return DEFAULT_TEXTS[text_id]


class StartRefused(RuntimeError):
    """A setting this process cannot work with: it stops the start, with a message saying what to do."""


class AppError(Exception):
    """An error a service raises for the client to see, with its HTTP status."""

    status = 400

    def __init__(self, message: str, status: int | None = None, **extra):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        self.extra = extra


def _http_message(exc: HTTPException) -> str:
    data = getattr(exc, "data", None) or {}
    messages = data.get("messages") if isinstance(data, dict) else None
    if messages:
        # webargs/marshmallow validation: name the offending fields.
        details = []
        for location, fields in messages.items():
            if isinstance(fields, dict):
                for field, problems in fields.items():
                    text = "; ".join(_flatten(problems))
                    details.append(f"{field}: {text}")
            else:
                details.append(f"{location}: {'; '.join(_flatten(fields))}")
        return "Invalid request. " + " ".join(details)
    if isinstance(data, dict) and data.get("message"):
        return str(data["message"])
    return exc.description or exc.name


def _flatten(problems) -> list[str]:
    if isinstance(problems, str):
        return [problems]
    if isinstance(problems, dict):
        out = []
        for key, value in problems.items():
            out.extend(f"{key}: {item}" for item in _flatten(value))
        return out
    out = []
    for item in problems:
        out.extend(_flatten(item))
    return out


def register(app) -> None:
    @app.errorhandler(AppError)
    def _app_error(exc: AppError):
        body = {"message": exc.message, **exc.extra}
        response = jsonify(body)
        response.status_code = exc.status
        if exc.status == 429 and exc.extra.get("retry_after"):
            response.headers["Retry-After"] = str(exc.extra["retry_after"])
        return response

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):
        response = jsonify({"message": _http_message(exc)})
        response.status_code = exc.code or 500
        for header in ("Allow", "Retry-After", "WWW-Authenticate"):
            value = exc.get_response().headers.get(header) if exc.code else None
            if value:
                response.headers[header] = value
        return response

    @app.errorhandler(sql_errors.SQLAlchemyError)
    def _database_error(exc: sql_errors.SQLAlchemyError):
        if not isinstance(exc, DATABASE_DOWN):
            return _unexpected(exc)
        log.error("database unavailable: %s", str(exc).splitlines()[0][:300])
        response = jsonify({"message": _words(DATABASE_UNAVAILABLE_TEXT)})
        response.status_code = 503
        response.headers["Retry-After"] = str(DATABASE_RETRY_AFTER_S)
        return response

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):
        log.exception("unexpected error")
        return jsonify({"message": _words(UNEXPECTED_TEXT)}), 500
