"""JSON in and out: request bodies must be valid Unicode text (a lone surrogate such as "\\ud800"
is legal JSON but cannot be stored by PostgreSQL or written to a file), refused with a 400."""

import json
import re

from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import BadRequest

from engine.errors import AppError

INVALID_TEXT = "The request contains text that is not valid Unicode."
# A lone surrogate can only come from a \uD800-\uDFFF escape, and nesting too deep for Python's
# parser needs many brackets: a body with neither needs no early parse (raw bytes that are not
# UTF-8 fail the view's own parse with a 400).
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
_FEW_BRACKETS = 200


def _worth_checking(body: bytes) -> bool:
    return (body.count(b"[") + body.count(b"{") > _FEW_BRACKETS) or _SURROGATE_ESCAPE.search(body) is not None


def _invalid(text: str) -> bool:
    try:
        text.encode("utf-8")
        return False
    except UnicodeEncodeError:
        return True


def _invalid_path(value, path: tuple = ()) -> tuple | None:
    """Where the first text that is not valid Unicode is, or None."""
    if isinstance(value, str):
        return path if _invalid(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            found = path + (key,) if _invalid(key) else _invalid_path(item, path + (key,))
            if found is not None:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = _invalid_path(item, path + (index,))
            if found is not None:
                return found
    return None


def _check_text(value) -> None:
    path = _invalid_path(value)
    if path is not None:
        # Name the offending field (or answer key), itself made printable.
        where = str(path[0]).encode("utf-8", "backslashreplace").decode() if path else "body"
        raise AppError(INVALID_TEXT, 400, errors={where: [INVALID_TEXT]})


class StrictJSONProvider(DefaultJSONProvider):
    sort_keys = False

    def loads(self, s, **kwargs):
        try:
            value = json.loads(s, **kwargs)
        except RecursionError:
            raise BadRequest("The request body is nested too deeply.") from None
        _check_text(value)
        return value


def init_app(app) -> None:
    app.json = StrictJSONProvider(app)

    @app.before_request
    def _refuse_invalid_text():
        # webargs parses bodies itself; check the text once here for every JSON body.
        from flask import request

        if request.is_json and request.content_length and _worth_checking(request.get_data(cache=True)):
            try:
                value = json.loads(request.get_data(cache=True))
            except ValueError:
                return None  # malformed JSON: the view's parser answers with its own 400
            except RecursionError:
                raise BadRequest("The request body is nested too deeply.") from None
            _check_text(value)
        return None
