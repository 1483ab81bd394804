"""Structured JSON logs, one line per event, each with the request id; secrets never logged."""

import json
import logging
import re
import secrets
import time

from flask import g, has_request_context, request

REQUEST_ID_HEADER = "X-Request-ID"
_VALID_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")
# Values after these names are replaced, wherever they appear in a log line.
_SECRET = re.compile(
    r"(?i)(\"?(?:password|confirm_password|code|token|service_token|id|secret|authorization|cookie|session)\"?"
    r"\s*[:=]\s*\"?)([^\s\",&;]+)"
)
_QUERY_SECRET = re.compile(r"(?i)([?&](?:token|service_token|id|code|username)=)[^&\s]+")
# PostgreSQL's error details quote the row's values (an address, an answer); SQLAlchemy's own part
# of the message leaves them out (engine.db: hide_parameters).
_ROW_VALUES = re.compile(
    r"(Key \([^)\n]*\)=\().*?(\) (?:already exists|is not present))|(Failing row contains \().*(\))"
)


def _row_values(match: re.Match) -> str:
    return f"{match[1]}[redacted]{match[2]}" if match[1] else f"{match[3]}[redacted]{match[4]}"


def redact(text: str) -> str:
    if "=" not in text and ":" not in text and "Failing row" not in text:
        return text  # none of the patterns can match (an access line, most messages): no regex run
    text = _ROW_VALUES.sub(_row_values, text)
    return _QUERY_SECRET.sub(r"\1[redacted]", _SECRET.sub(r"\1[redacted]", text))


def request_id() -> str | None:
    return g.get("request_id") if has_request_context() else None


_base_factory = logging.getLogRecordFactory()


def _record_factory(*args, **kwargs) -> logging.LogRecord:
    """Every record made during a request carries its request id, whoever formats it later."""
    record = _base_factory(*args, **kwargs)
    if not hasattr(record, "request_id"):
        record.request_id = request_id()
    return record


logging.setLogRecordFactory(_record_factory)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "ts": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": redact(record.getMessage()),
        }
        rid = getattr(record, "request_id", None) or request_id()
        if rid:
            entry["request_id"] = rid
        for name in ("method", "path", "status", "duration_ms", "remote"):
            if hasattr(record, name):
                entry[name] = getattr(record, name)
        if record.exc_info:
            entry["exception"] = redact(self.formatException(record.exc_info))
        return json.dumps(entry, ensure_ascii=False)


class RedactingTextFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


def configure(log_format: str) -> None:
    handler = logging.StreamHandler()
    if log_format == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(RedactingTextFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for existing in list(root.handlers):
        if getattr(existing, "_formengine", False):
            root.removeHandler(existing)
    handler._formengine = True
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # our access log replaces its own


access_log = logging.getLogger("formengine.access")


def init_app(app) -> None:
    if not app.config.get("TESTING"):
        configure(app.config["LOG_FORMAT"])

    @app.before_request
    def _start():
        incoming = request.headers.get(REQUEST_ID_HEADER, "")
        g.request_id = incoming if _VALID_REQUEST_ID.match(incoming) else secrets.token_hex(8)
        g.request_started = time.perf_counter()

    @app.after_request
    def _finish(response):
        state = g._get_current_object()  # the proxies once, not per attribute
        response.headers[REQUEST_ID_HEADER] = getattr(state, "request_id", "")
        started = getattr(state, "request_started", None)
        if started is not None and access_log.isEnabledFor(logging.INFO):
            current = request._get_current_object()  # type: ignore[attr-defined]
            method, path, status = current.method, current.path, response.status_code
            duration = round((time.perf_counter() - started) * 1000, 2)
            remote = current.remote_addr
            fields = {"method": method, "path": path, "status": status, "duration_ms": duration, "remote": remote}
            # The record made and handled directly: what `info` does, less its search of the call
            # stack for the caller's file and line, which no formatter of ours prints.
            record = access_log.makeRecord(
                access_log.name, logging.INFO, "", 0, "%s %s %s", (method, path, status), None, extra=fields
            )
            access_log.handle(record)
        return response
