"""GET /lookup/find: suggestions (text=) or one record (id=) for the autocomplete widgets."""

from flask import jsonify
from flask.views import MethodView

from engine.accounts import abuse
from engine.accounts.auth import current_account_id
from engine.accounts.schemas import TooManySchema
from engine.extensions import Blueprint, ErrorSchema
from engine.lookup import SCHOOL_CATEGORIES
from engine.lookup.schemas import (
    FIND_RESPONSE,
    AddressDetailSchema,
    LookupFindArgsSchema,
    LookupResultSchema,
    SchoolDetailSchema,
)
from engine.lookup.service import init_app, lookup_service

blp = Blueprint(
    "lookup",
    __name__,
    url_prefix="/lookup",
    description="Schools by name or CEEB code, and addresses, for autocomplete widgets.",
)
blp.record_once(lambda state: init_app(state.app))

RESULTS = LookupResultSchema(many=True)
DETAILS = {"address": AddressDetailSchema(), **{category: SchoolDetailSchema() for category in SCHOOL_CATEGORIES}}


@blp.route("/find")
class LookupFindViews(MethodView):
    @blp.arguments(LookupFindArgsSchema, location="query", as_kwargs=True, error_status_code=400)
    @blp.response(
        200,
        FIND_RESPONSE,
        description=(
            "With text: a list of suggestions (empty when the text is shorter than 2 characters or the "
            "lookup failed, which is logged). With id: the record, `name` for schools, `address_line_1` for "
            "addresses."
        ),
    )
    @blp.alt_response(404, schema=ErrorSchema, description="No record has this id in this category")
    @blp.alt_response(429, schema=TooManySchema, description="Too many lookups; see Retry-After")
    @blp.alt_response(503, schema=ErrorSchema, description="The provider failed to fetch a record")
    def get(self, category: str, max_results: int, text: str | None = None, id: str | None = None):
        abuse.enforce("lookup", current_account_id())
        service = lookup_service()
        if id is not None:
            return jsonify(DETAILS[category].dump(service.detail(category, id)))
        return jsonify(RESULTS.dump(service.find(category, text, max_results)))
