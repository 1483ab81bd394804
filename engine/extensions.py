"""flask-smorest subclassed once, so every view shares the error shape and docs."""

import threading

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
    """flask-smorest's Api, whose OpenAPI document gets each blueprint's paths when it is first read
    (/api/openapi.json, the docs page, `flask openapi`), not when the app starts: most apps (every
    test's, every worker process's) never serve it, and documenting the paths is most of the cost of
    create_app. The document is the same, built in the same order."""

    ERROR_SCHEMA = ErrorSchema

    def init_app(self, app, *, spec_kwargs=None):
        self._undocumented: list = []  # (blueprint, app, name, parameters), in registration order
        self._documenting = threading.Lock()
        super().init_app(app, spec_kwargs=spec_kwargs)

    def register_blueprint(self, blp, *, parameters=None, **options):
        # flask-smorest 0.47.0's register_blueprint, with its two spec calls left to `spec`
        # (tests/unit/test_smorest_copy.py fails when an upgrade changes the original).
        name = options.get("name", blp.name)
        self._app.extensions["flask-smorest"]["blp_name_to_api"][name] = self
        self._app.register_blueprint(blp, **options)
        self._undocumented.append((blp, self._app, name, parameters))

    @property
    def spec(self):
        if getattr(self, "_undocumented", None):
            with self._documenting:
                while self._undocumented:
                    blp, app, name, parameters = self._undocumented[0]
                    blp.register_views_in_doc(self, app, self._spec, name=name, parameters=parameters)
                    self._spec.tag({"name": name, "description": blp.description})
                    self._undocumented.pop(0)  # after: another thread waits for the whole document
        return self._spec

    @spec.setter
    def spec(self, value):
        self._spec = value

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

    def errors(self, answers: dict[int, str], schema=ErrorSchema):
        """Documents a view's error answers, {status: description}, all of one shape: the same as
        a stack of alt_response decorators, one a status, in the order of the statuses."""

        def decorate(view):
            for status, description in sorted(answers.items(), reverse=True):
                view = self.alt_response(status, schema=schema, description=description)(view)
            return view

        return decorate


api = Api()
