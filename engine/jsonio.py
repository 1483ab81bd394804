"""JSON in and out: the one parser every request body goes through, with limits.

Every request with a JSON content type and a body is parsed once, before any view runs, by
`parse_body`; a breach of a limit is a 400 with the standard error shape (413 for the size), so
no hostile body can reach a view, a schema or the database. The limits, all configurable:

- size: `JSON_MAX_BYTES` (413);
- nesting: `JSON_MAX_DEPTH` levels of arrays and objects;
- numbers: `JSON_MAX_NUMBER_DIGITS` characters per number (Python refuses to convert an integer
  of more than 4,300 digits, and big ones cost quadratic time);
- text: `JSON_MAX_STRING` characters per string or object key, which must be valid Unicode (a
  lone surrogate such as "\\ud800" is legal JSON but cannot be stored by PostgreSQL or written
  to a file);
- no NaN or Infinity (not JSON, though Python's parser takes them).

Views read the parsed value through webargs (`engine.extensions.ApiParser`) or `request.get_json()`,
both served from the same parse.
"""

from __future__ import annotations

import functools
import json
import math
import re
from dataclasses import dataclass

from flask import Request, current_app, g, request
from flask.json.provider import DefaultJSONProvider

from engine.errors import AppError

NOT_JSON = "The request body is not valid JSON."
INVALID_TEXT = "The request contains text that is not valid Unicode."
TOO_LARGE = "The request body is too large: at most {limit} bytes."
TOO_DEEP = "The request body is nested too deeply: at most {limit} levels."
NUMBER_TOO_LONG = "The request body contains a number that is too long: at most {limit} digits."
NUMBER_OUT_OF_RANGE = "The request body contains a number out of range."
STRING_TOO_LONG = "The request body contains a text that is too long: at most {limit} characters."

# A lone surrogate can only come from a \uD800-\uDFFF escape.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
_PARSED = "_json_body"


class _NumberTooLong(Exception):
    pass


class _NumberOutOfRange(Exception):
    pass


def _finite(value: float) -> float:
    if not math.isfinite(value):  # 1e999 reads as infinity, which JSON cannot carry back
        raise _NumberOutOfRange
    return value


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


@dataclass(frozen=True)
class JsonLimits:
    max_bytes: int = 1024 * 1024
    max_depth: int = 32
    max_number_digits: int = 64
    max_string: int = 100_000

    @classmethod
    def from_config(cls, config) -> JsonLimits:
        return cls(
            int(config.get("JSON_MAX_BYTES") or cls.max_bytes),
            int(config.get("JSON_MAX_DEPTH") or cls.max_depth),
            int(config.get("JSON_MAX_NUMBER_DIGITS") or cls.max_number_digits),
            int(config.get("JSON_MAX_STRING") or cls.max_string),
        )

    def _number(self, convert):
        def parse(text: str):
            if len(text) > self.max_number_digits:
                raise _NumberTooLong
            return convert(text)

        return parse


def parse_body(raw: bytes | str, limits: JsonLimits) -> object:
    """The parsed body, or AppError (400; 413 for the size) naming the limit it breaks."""
    if len(raw) > limits.max_bytes:
        raise AppError(TOO_LARGE.format(limit=limits.max_bytes), 413)
    try:
        # Bytes decoded as json.loads does; the decoder itself is made once per set of limits.
        text = raw.decode(json.detect_encoding(raw), "surrogatepass") if isinstance(raw, bytes) else raw
        value = _decoder(limits).decode(text)
    except _NumberTooLong:
        raise _refused(NUMBER_TOO_LONG, limits.max_number_digits) from None
    except _NumberOutOfRange:
        raise AppError(NUMBER_OUT_OF_RANGE, 400) from None
    except RecursionError:
        raise _refused(TOO_DEEP, limits.max_depth) from None
    except (ValueError, UnicodeDecodeError):  # JSONDecodeError is a ValueError
        raise AppError(NOT_JSON, 400) from None
    if _may_breach(raw, limits):
        _check(value, limits, 1)
    return value


@functools.lru_cache(maxsize=8)
def _decoder(limits: JsonLimits) -> json.JSONDecoder:
    """The decoder for a set of limits, made once (json.loads would make one per body)."""
    return json.JSONDecoder(
        parse_int=limits._number(int),
        parse_float=limits._number(lambda text: _finite(float(text))),
        parse_constant=_no_constant,
    )


def _refused(template: str, limit: int) -> AppError:
    return AppError(template.format(limit=limit), 400)


def _may_breach(raw: bytes | str, limits: JsonLimits) -> bool:
    """Cheap tests on the raw body that rule out most breaches, so a plain body is walked never."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    return (
        data.count(b"[") + data.count(b"{") > limits.max_depth
        or len(data) > limits.max_string
        or _SURROGATE_ESCAPE.search(data) is not None
        or isinstance(raw, str)  # text already decoded may hold a lone surrogate itself
    )


def _check(value, limits: JsonLimits, depth: int, where: str = "body") -> None:
    if isinstance(value, str):
        _check_text(value, limits, where)
        return
    if not isinstance(value, dict | list):
        return
    if depth > limits.max_depth:
        raise _refused(TOO_DEEP, limits.max_depth)
    if isinstance(value, dict):
        for key, item in value.items():
            _check_text(key, limits, key if where == "body" else where)
            _check(item, limits, depth + 1, key if where == "body" else where)
    else:
        for item in value:
            _check(item, limits, depth + 1, where)


def _check_text(text: str, limits: JsonLimits, where: str) -> None:
    if len(text) > limits.max_string:
        raise _refused(STRING_TOO_LONG, limits.max_string)
    if not encodes(text):
        # Name the offending field (or answer key), itself made printable.
        printable = where.encode("utf-8", "backslashreplace").decode()
        raise AppError(INVALID_TEXT, 400, errors={printable: [INVALID_TEXT]})


def encodes(text: str) -> bool:
    """Is this valid Unicode, writable as UTF-8? A lone surrogate ("\\ud800") is legal JSON but is not."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


NO_BODY = object()


def request_body() -> object:
    """The current request's JSON body, parsed once (NO_BODY when there is none)."""
    if _PARSED not in g:
        raw = request.get_data(cache=True)
        setattr(g, _PARSED, parse_body(raw, JsonLimits.from_config(current_app.config)) if raw else NO_BODY)
    return getattr(g, _PARSED)


class ApiRequest(Request):
    """`request.get_json()` answers from the same parse, so no view can read a body another way."""

    def get_json(self, force: bool = False, silent: bool = False, cache: bool = True):
        if not (force or self.is_json):
            return super().get_json(force=force, silent=silent, cache=cache)
        try:
            body = request_body()
        except AppError:
            if silent:
                return None
            raise
        return None if body is NO_BODY else body


class StrictJSONProvider(DefaultJSONProvider):
    sort_keys = False


def init_app(app) -> None:
    app.json = StrictJSONProvider(app)
    app.request_class = ApiRequest

    @app.before_request
    def _parse_json_body():
        # Before every view: a hostile body is refused whatever the view, its schema or its login.
        if request.is_json:
            request_body()
