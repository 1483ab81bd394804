"""flask-smorest subclassed once, so every view shares the error shape and docs."""

import marshmallow as ma
from flask_smorest import Api as _Api
from flask_smorest import Blueprint as _Blueprint
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from engine import jsonio


class ErrorSchema(ma.Schema):
    """Every error: a message for a person, and where useful the problems by field (`errors`) or
    other details such as `retry_after`."""

    class Meta:
        unknown = ma.INCLUDE  # documented as open: errors may carry details beside the message

    message = ma.fields.String(required=True, metadata={"description": "What went wrong, for a person"})
    errors = ma.fields.Dict(keys=ma.fields.String(), metadata={"description": "Problems by field or answer key"})


class MessageSchema(ma.Schema):
    message = ma.fields.String(required=True)


class Api(_Api):
    ERROR_SCHEMA = ErrorSchema

    def _register_error_handlers(self):
        # engine.errors registers the one JSON handler for every exception.
        pass


class ApiParser(FlaskParser):
    """webargs reads JSON bodies from engine.jsonio's one parse (its limits and messages), never
    parsing a body itself."""

    def _raw_load_json(self, req):
        if not is_json_request(req):
            return core.missing
        body = jsonio.request_body()
        return core.missing if body is jsonio.NO_BODY else body


class Blueprint(_Blueprint):
    """Every domain's Blueprint: one place to add what all views need (the error shape comes
    from Api.ERROR_SCHEMA, JSON bodies from engine.jsonio)."""

    ARGUMENTS_PARSER = ApiParser()


api = Api()
