"""JSON in and out: request bodies must be valid Unicode text (a lone surrogate such as "\\ud800"
is legal JSON but cannot be stored by PostgreSQL or written to a file), refused with a 400."""
import json

from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import BadRequest

INVALID_TEXT = "The request contains text that is not valid Unicode."


def _check_text(value) -> None:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BadRequest(INVALID_TEXT) from None
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key)
            _check_text(item)
    elif isinstance(value, list):
        for item in value:
            _check_text(item)


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

        if request.is_json and request.content_length:
            try:
                value = json.loads(request.get_data(cache=True))
            except ValueError:
                return None  # malformed JSON: the view's parser answers with its own 400
            except RecursionError:
                raise BadRequest("The request body is nested too deeply.") from None
            _check_text(value)
        return None
