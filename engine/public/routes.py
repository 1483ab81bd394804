"""Public, read-only endpoints: the compiled form."""

from flask import current_app, g, request
from flask.views import MethodView

from engine.extensions import Blueprint

blp = Blueprint("public", __name__, url_prefix="/public", description="The compiled form")


@blp.route("/form")
class FormView(MethodView):
    @blp.response(200, description="The compiled form: pages, JSON Schemas, uiSchemas, rules, settings")
    @blp.alt_response(304, description="Not modified (ETag matched)")
    def get(self):
        """The tenant's compiled form in the applicant's language (`?lang=`, the `lang` cookie, then
        Accept-Language: engine/i18n/negotiation.py), served with an ETag."""
        compiled = current_app.extensions["tenant"].current().in_language(g.get("language"))
        etag = compiled.etag
        if request.if_none_match.contains(etag):
            return current_app.response_class(status=304, headers={"ETag": f'"{etag}"'})
        response = current_app.response_class(compiled.json_bytes, mimetype="application/json")
        response.set_etag(etag)
        response.headers["Cache-Control"] = "no-cache"
        return response
