"""Exports from the /staff page, for exporters: asked for here, written by a worker job with the same
writers as `formengine export` (its progress shown in the page), downloaded once by whoever asked for
it within the hour (`EXPORT_LINK`); the export is recorded when the job has written it, the download
when it is taken. (`GET /staff/api/exports` still answers at once, for machines' tokens.)"""

import marshmallow as ma
from flask import current_app, send_file
from flask.views import MethodView
from marshmallow import fields, validate

from engine import db, versions
from engine.audit.service import request_origin
from engine.downloads import service as prepared
from engine.downloads.schemas import PreparedFileSchema
from engine.errors import AppError
from engine.exports.service import FORMATS
from engine.exports.service import STATUSES as EXPORT_STATUSES
from engine.extensions import ErrorSchema
from engine.staff import auth
from engine.staff.routes import NO_STORE, StaffBlueprint, after_sending, needs, no_store

NOT_FOUND = "No such export: an export is downloaded by whoever asked for it."
NOT_READY = "The export is not ready yet."
TAKEN = "This export was downloaded already: each export is downloaded once. Run it again for another copy."
EXPIRED = "This export's link has ended. Run it again."

blp = StaffBlueprint("staff_exports", __name__, url_prefix="/staff", description="Exports run from the staff page")
blp.after_request(no_store)


class ExportPostSchema(ma.Schema):
    format = fields.String(required=True, validate=validate.OneOf(FORMATS))
    status = fields.String(load_default="submitted", validate=validate.OneOf(EXPORT_STATUSES))
    since = fields.NaiveDateTime(
        load_default=None, metadata={"description": "Submitted (with status all: changed) from then"}
    )
    labels = fields.Boolean(load_default=False)


def _url(row) -> str:
    return f"/staff/api/exports/{row.id}/file"


def _owned(export_id: int):
    row = prepared.owned_export(db.session(), export_id, auth.caller().actor)
    if row is None:
        raise AppError(NOT_FOUND, 404)
    return row


@blp.route("/api/exports", methods=["POST"])
class ExportJobViews(MethodView):
    @needs(blp, "exporter")  # outermost: the role is checked before the body is read
    @blp.alt_response(415, schema=ErrorSchema, description="Not sent as JSON")
    @blp.arguments(ExportPostSchema)
    @blp.response(202, PreparedFileSchema)
    def post(self, body):
        """Start an export (a worker writes it): poll its state and progress, then download it once."""
        if body["labels"] and body["format"] == "json":
            raise AppError("Labels apply to CSV and zip exports (JSON objects carry the keys only).", 400)
        options = {**body, "version": versions.current()[0]}
        caller = auth.caller()
        row = prepared.ask_export(db.session(), current_app.config, caller.actor, options, request_origin())
        return prepared.describe(row, _url(row)), 202, NO_STORE


@blp.route("/api/exports/<int:export_id>")
class ExportStateViews(MethodView):
    @needs(blp, "exporter")
    @blp.alt_response(404, schema=ErrorSchema, description="No export of this caller's has that id")
    @blp.response(200, PreparedFileSchema)
    def get(self, export_id):
        """An export's state (queued, running, ready, failed, taken, expired), progress and link."""
        row = _owned(export_id)
        return prepared.describe(row, _url(row)), 200, NO_STORE


@blp.route("/api/exports/<int:export_id>/file")
class ExportFileViews(MethodView):
    @needs(blp, "exporter")
    @blp.alt_response(404, schema=ErrorSchema, description="No export of this caller's has that id")
    @blp.alt_response(409, schema=ErrorSchema, description="Not ready yet")
    @blp.alt_response(410, schema=ErrorSchema, description="Downloaded already, or its link has ended")
    @blp.response(200, description="The export file, once")
    def get(self, export_id):
        """Download the export: once (recorded); it is removed from storage as it is sent."""
        row = _owned(export_id)
        key = row.storage_key
        try:
            found, name, size = prepared.take(db.session(), current_app.config, row)
        except prepared.Unavailable as refused:
            if refused.state in ("queued", "running"):
                raise AppError(NOT_READY, 409) from refused
            raise AppError(TAKEN if refused.state == "taken" else EXPIRED, 410) from refused
        auth.audit("export_download", detail={"export": row.id, "file": name})
        response = send_file(found, as_attachment=True, download_name=name, max_age=0)
        if size:
            response.content_length = size
        response.headers.update(NO_STORE)
        settings = current_app.config
        return after_sending(response, lambda: prepared.forget_taken(settings, key))
