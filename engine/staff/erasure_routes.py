"""Erasure from the /staff page, for administrators: the same erasure as `formengine erase`, asked for
by reference or address and confirmed by typing it again; the answer reports each store."""

import marshmallow as ma
from flask import current_app
from flask.views import MethodView
from marshmallow import fields, validate

from engine import db
from engine.erasure import service as erasure
from engine.errors import AppError
from engine.extensions import ErrorSchema
from engine.staff import auth
from engine.staff.routes import NO_STORE, StaffBlueprint, needs, no_store

CONFIRM_MISMATCH = "Type the reference or e-mail address again, exactly, to confirm the erasure."
WHOM_NEEDED = "Give the application's reference or the applicant's e-mail address."

blp = StaffBlueprint("staff_erasure", __name__, url_prefix="/staff", description="Erasure of an applicant")
blp.after_request(no_store)


class ErasureSchema(ma.Schema):
    whom = fields.String(
        required=True,
        validate=validate.Length(min=1, max=254),
        metadata={"description": "An application's reference, or an applicant's e-mail address (drafts)"},
    )
    confirm = fields.String(required=True, validate=validate.Length(max=254))


class StoreSchema(ma.Schema):
    store = fields.String(required=True)
    removed = fields.Integer(required=True)
    left = fields.List(fields.String(), required=True)


class ErasureReportSchema(ma.Schema):
    done = fields.Boolean(required=True, metadata={"description": "false: a store is left; erase again later"})
    reference = fields.String(allow_none=True)
    stores = fields.List(fields.Nested(StoreSchema), required=True)


@blp.route("/api/erasures")
class ErasureViews(MethodView):
    @needs(blp, "administrator")  # outermost: the role is checked before the body is read
    @blp.alt_response(400, schema=ErrorSchema, description="The confirmation does not match")
    @blp.alt_response(404, schema=ErrorSchema, description="No application or account matches (nothing touched)")
    @blp.alt_response(415, schema=ErrorSchema, description="Not sent as JSON")
    @blp.arguments(ErasureSchema)
    @blp.response(200, ErasureReportSchema)
    def post(self, body):
        """Erase an applicant from every store (recorded; the tombstone and the audit trail stay)."""
        whom = body["whom"].strip()
        if not whom:
            raise AppError(WHOM_NEEDED, 400)
        if body["confirm"].strip().lower() != whom.lower():
            raise AppError(CONFIRM_MISMATCH, 400)
        session = db.session()
        named = {"email": whom} if "@" in whom else {"reference": whom}
        try:
            target, tombstone = erasure.find(session, **named)
        except erasure.NotFound as missing:
            raise AppError(f"Nothing was erased: {missing}.", 404) from missing
        report = erasure.erase(session, current_app.config, target, auth.caller().actor, tombstone)
        stores = [{"store": o.store, "removed": o.removed, "left": o.left} for o in report.outcomes]
        return {"done": report.done, "reference": target.reference, "stores": stores}, 200, NO_STORE
