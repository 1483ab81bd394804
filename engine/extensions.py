"""flask-smorest subclassed once, so every view shares the error shape and docs."""
import marshmallow as ma
from flask_smorest import Api as _Api
from flask_smorest import Blueprint as _Blueprint


class ErrorSchema(ma.Schema):
    message = ma.fields.String(required=True, metadata={"description": "What went wrong, for a person"})


class MessageSchema(ma.Schema):
    message = ma.fields.String(required=True)


class Api(_Api):
    ERROR_SCHEMA = ErrorSchema

    def _register_error_handlers(self):
        # engine.errors registers the one JSON handler for every exception.
        pass


class Blueprint(_Blueprint):
    """A Blueprint whose views document the {message} error shape."""


api = Api()
