"""The documents API: presigned uploads, conversion requests and status, deletion, and the local
backend's upload and download endpoints. Thin: parse, one service call, answer."""

import io

from flask import current_app, jsonify, request, send_file
from flask.views import MethodView

from engine.accounts import abuse
from engine.accounts.auth import current_account_id, login_required, login_responses
from engine.accounts.parser import ArgumentsParser
from engine.accounts.schemas import TooManySchema
from engine.definition.files import extension
from engine.documents import messages, service
from engine.documents.kept import content_type
from engine.documents.schemas import (
    DOCUMENT_ANSWERS_MAP,
    ConversionPostSchema,
    ConversionStatusSchema,
    DownloadQuerySchema,
    PresignedPostSchema,
    PresignPostSchema,
    UploadSchema,
)
from engine.documents.storage import LocalStorage, PolicyRefused, StorageError
from engine.errors import AppError
from engine.extensions import Blueprint, ErrorSchema, MessageSchema


class _Parser(ArgumentsParser):
    def load_files(self, req, schema):
        """The upload's multipart body is one schema: its text fields and its file together."""
        from webargs.multidictproxy import MultiDictProxy
        from werkzeug.datastructures import CombinedMultiDict

        return MultiDictProxy(CombinedMultiDict([req.form, req.files]), schema)


class DocumentsBlueprint(Blueprint):
    ARGUMENTS_PARSER = _Parser()


blp = DocumentsBlueprint("documents", __name__, description="Document uploads, conversion to PDF, document answers")


def _application_id() -> int:
    from engine.applications.service import application_id_for

    return application_id_for(current_account_id())


def _key_errors(view):
    view = blp.alt_response(404, schema=ErrorSchema, description="Not a file-upload key of the form")(view)
    return login_responses(blp)(view)


def _writes(view):
    view = blp.alt_response(400, schema=ErrorSchema, description="Invalid input")(view)
    view = blp.alt_response(409, schema=ErrorSchema, description="The application was submitted: read-only")(view)
    return _key_errors(view)


def _limited(view):
    return blp.alt_response(429, schema=TooManySchema, description="Too many requests; see Retry-After")(view)


@blp.route("/api/presigned-url")
class PresignedUrlViews(MethodView):
    decorators = [login_required]

    @_writes
    @_limited
    @blp.arguments(PresignPostSchema)
    @blp.response(200, PresignedPostSchema)
    def post(self, body):
        """A presigned POST for one file-upload answer: `{url, fields}`, valid 5 minutes, 1 byte to 1 MB."""
        abuse.enforce("presign", current_account_id())
        return service.presign(_application_id(), body["answer_key"])


@blp.route("/api/pdf/document-answer/<string:key>")
class ConversionViews(MethodView):
    decorators = [login_required]

    @_writes
    @_limited
    @blp.alt_response(503, schema=ErrorSchema, description="The job queue is unavailable")
    @blp.arguments(ConversionPostSchema)
    @blp.response(202, ConversionStatusSchema)
    def post(self, body, key):
        """Start converting the uploaded file to PDF; poll GET for its status."""
        abuse.enforce("conversion", current_account_id())
        return service.request_conversion(_application_id(), key, body["file_key"], body["file_name"])

    @_key_errors
    @blp.response(200, ConversionStatusSchema)
    def get(self, key):
        """The conversion's status: unprocessed, in_progress, completed, failed or not_answered."""
        return service.conversion_status(_application_id(), key)

    @_writes
    @blp.response(200, MessageSchema)
    def delete(self, key):
        """Remove the conversion, the answer and their stored files."""
        service.delete_document(_application_id(), key)
        return {"message": messages.DOCUMENT_DELETED}


@blp.route("/api/document-answer/<string:key>")
class DocumentAnswerViews(MethodView):
    decorators = [login_required]

    @_writes
    @blp.response(200, MessageSchema)
    def delete(self, key):
        """Remove the document answer, its conversion and their stored files."""
        service.delete_document(_application_id(), key)
        return {"message": messages.DOCUMENT_DELETED}


@blp.route("/api/document-answer")
class DocumentAnswersViews(MethodView):
    decorators = [login_required]

    @login_responses(blp)
    @blp.response(200, DOCUMENT_ANSWERS_MAP)
    def get(self):
        """The applicant's converted documents: `{key: {file_name, file_size}}`."""
        return jsonify(service.document_answers(_application_id()))


def _local_storage() -> LocalStorage:
    store = service.storage()
    if not isinstance(store, LocalStorage):
        raise AppError("Not found.", 404)
    return store


@blp.route("/api/storage/upload")
class LocalUploadViews(MethodView):
    """The local backend's stand-in for S3's presigned POST: the signed policy is the credential."""

    @blp.alt_response(400, schema=ErrorSchema, description="Too small, too large or malformed")
    @blp.alt_response(403, schema=ErrorSchema, description="Expired, tampered or for another key")
    @blp.alt_response(404, schema=ErrorSchema, description="Storage is not local")
    @blp.arguments(UploadSchema, location="files")
    @blp.response(204)
    def post(self, form):
        """Store one uploaded file under the policy's key (multipart/form-data, fields then `file`)."""
        store = _local_storage()
        upload = form["file"]
        if not hasattr(upload, "stream"):
            raise AppError(messages.UPLOAD_FILE_MISSING, 400)
        stream = upload.stream
        try:
            stream.seek(0, 2)
            size = stream.tell()
            stream.seek(0)
        except (OSError, AttributeError):
            size = request.content_length or 0
        fields = {"key": form["key"], "policy": form["policy"], "x-amz-signature": form["x_amz_signature"]}
        try:
            key = store.check_policy(fields, size)
            store.store_upload(key, stream, max_bytes=min(size, current_app.config["MAX_CONTENT_LENGTH"]))
        except PolicyRefused as refused:
            raise AppError(_refusal_message(refused, form["key"]), refused.status) from None
        return "", 204


def _refusal_message(refused: PolicyRefused, key: str) -> str:
    """A file too large or empty is told in the tenant's words for its question (the file rules'
    messages), not in the store's; other refusals (a tampered or expired policy) as the store says."""
    parts = key.split("/")
    rules = service.file_rules(service.compiled_form()).get(parts[2]) if len(parts) > 2 else None
    if refused.rule and rules:
        return rules["messages"][refused.rule]
    return refused.message


@blp.route("/api/storage/download")
class LocalDownloadViews(MethodView):
    @blp.alt_response(403, schema=ErrorSchema, description="Expired or tampered link")
    @blp.alt_response(404, schema=ErrorSchema, description="Storage is not local, or the file is gone")
    @blp.arguments(DownloadQuerySchema, location="query")
    @blp.response(200, description="The PDF (or a kept file, as its name's type)", content_type="application/pdf")
    @blp.doc(responses={"200": {"content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}}})
    def get(self, query):
        """A file behind a short-lived signed link (the local backend's presigned GET)."""
        store = _local_storage()
        try:
            store.check_download(query["key"], query["expires"], query["name"], query["signature"])
            data = store.read(query["key"], 512 * 1024 * 1024)
        except PolicyRefused:
            raise AppError(messages.UPLOAD_LINK_INVALID, 403) from None
        except StorageError:
            raise AppError(messages.UPLOAD_LINK_INVALID, 404) from None
        response = send_file(
            io.BytesIO(data),
            mimetype=content_type(extension(query["name"] or "")),
            as_attachment=True,
            download_name=query["name"] or "document.pdf",
            max_age=0,
        )
        response.headers["Cache-Control"] = "private, no-store"
        return response
