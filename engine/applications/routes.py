"""The applications API: profile, answers, tabs, add-another, validations, submit. Thin: parse, one service call, answer."""

from flask import jsonify, redirect, request
from flask.views import MethodView

from engine import versions
from engine.accounts import abuse
from engine.accounts.auth import (
    confirm_session,
    csrf_protect,
    current_account_id,
    current_user,
    login_checked_in_view,
    login_required,
    login_responses,
    require_session,
    session_token,
)
from engine.accounts.parser import ArgumentsParser
from engine.accounts.schemas import TooManySchema
from engine.applications import access, current, messages, saved_drafts, service
from engine.applications.access_schemas import (
    DraftPostSchema,
    DraftSchema,
    DraftTokenSchema,
    ServiceQuerySchema,
    ServiceViewSchema,
    TokenQuerySchema,
)
from engine.applications.schemas import (
    ANSWER_MAP,
    COUNTS_MAP,
    TABS_MAP,
    AddAnotherPutSchema,
    AddAnotherResponseSchema,
    AnswerMapSchema,
    AnswerSavedSchema,
    ErrorMapSchema,
    LastPageSchema,
    ProfileSchema,
    SubmitResponseSchema,
    TabsPutSchema,
    TabsResponseSchema,
    ValidationsSchema,
    WebStatusResponseSchema,
    WebStatusSchema,
)
from engine.extensions import Blueprint, ErrorSchema, MessageSchema


class ApplicationsBlueprint(Blueprint):
    ARGUMENTS_PARSER = ArgumentsParser()


blp = ApplicationsBlueprint(
    "applications",
    __name__,
    description="Profile, answers, status, submit, tabs, add-another, saved drafts, service view",
)


def _writes(view):
    """The answers every state-changing /api call may give besides its own."""
    view = blp.alt_response(400, schema=ErrorMapSchema, description="Invalid input; `errors` names the problems")(view)
    view = blp.alt_response(409, schema=ErrorSchema, description="Submitted, or outside the window: read-only")(view)
    view = blp.alt_response(413, schema=ErrorSchema, description="Request body too large")(view)
    return login_responses(blp)(view)


# Every request notes when it reached the server: the application window is judged on that moment.
blp.before_app_request(current.mark_arrival)


def _account_id() -> int:
    return current_account_id()


@blp.route("/api/profile")
class ProfileViews(MethodView):
    decorators = [login_required]

    @login_responses(blp)
    @blp.response(200, ProfileSchema)
    def get(self):
        """The applicant's profile: answers, document answers, last page, logins, web statuses."""
        return service.profile(current_user()), 200, {"Cache-Control": "no-store"}


@blp.route("/api/answer")
class AnswerViews(MethodView):
    decorators = [login_checked_in_view]  # the autosave checks the session in its own statement

    @_writes
    @blp.arguments(AnswerMapSchema)
    @blp.doc(requestBody={"required": True, "content": {"application/json": {"schema": ANSWER_MAP}}})
    @blp.response(200, AnswerSavedSchema)
    def put(self, answers):
        """Merge the given answers into the stored ones (an empty string clears one); all or nothing.
        The form's hiding rules apply in the same write: `cleared` lists what they removed."""
        saved = service.autosave(session_token(), answers)
        if saved is not None:
            record, cleared = saved
            confirm_session(record)
        else:
            cleared = service.save_answers(require_session().account_id, answers)
        return {"message": messages.ANSWERS_SAVED, "cleared": cleared, "definition_version": versions.current()[0]}


@blp.route("/api/last-page")
class LastPageViews(MethodView):
    decorators = [login_required]

    @_writes
    @blp.arguments(LastPageSchema)
    @blp.response(200, MessageSchema)
    def put(self, body):
        """Save the page the applicant is on."""
        service.save_last_page(_account_id(), body["last_page"])
        return {"message": messages.LAST_PAGE_SAVED}


@blp.route("/api/web-status")
class WebStatusViews(MethodView):
    decorators = [login_required]

    @_writes
    @blp.arguments(WebStatusSchema)
    @blp.response(200, WebStatusResponseSchema)
    def post(self, body):
        """Append a web status (submitted only after the submission); answers the derived status."""
        statuses = service.post_web_status(_account_id(), body["web_status"])
        return {
            "message": messages.WEB_STATUS_SAVED,
            "status": service.derived_status(statuses),
            "web_status": [{"web_status": status} for status in statuses],
        }


@blp.route("/api/validations")
class ValidationsViews(MethodView):
    decorators = [login_required]

    @_writes
    @blp.alt_response(429, schema=TooManySchema, description="Too many requests; see Retry-After")
    @blp.arguments(ValidationsSchema)
    @blp.response(200, MessageSchema)
    def post(self, body):
        """Store the client's latest validation errors for the application."""
        abuse.enforce("validations", _account_id())
        service.save_validations(_account_id(), body["errors"], body["page"])
        return {"message": messages.VALIDATIONS_SAVED}


@blp.route("/api/submit")
class SubmitViews(MethodView):
    decorators = [login_required]

    @login_responses(blp)
    @blp.alt_response(422, schema=ErrorMapSchema, description="Not valid: `errors` maps answer keys to messages")
    @blp.response(200, SubmitResponseSchema)
    def post(self):
        """Validate the whole application on the server and submit it (once; a repeat changes nothing)."""
        submitted_at, reference, _ = service.submit(current_user())
        return {"message": messages.SUBMITTED, "submitted_at": service.iso_utc(submitted_at), "reference": reference}


@blp.route("/api/add-another")
class AddAnotherViews(MethodView):
    decorators = [login_required]

    @login_responses(blp)
    @blp.response(200, COUNTS_MAP)
    def get(self):
        """Every add-another button's number of components."""
        return jsonify(service.add_another_counts(_account_id()))

    @_writes
    @blp.arguments(AddAnotherPutSchema)
    @blp.response(200, AddAnotherResponseSchema)
    def put(self, body):
        """Save a button's number of components (1 to the repeater's maximum)."""
        cleared = service.set_add_another(_account_id(), body["button_id"], body["num_components"])
        return {"message": messages.ADD_ANOTHER_SAVED, **body, "cleared": cleared}


@blp.route("/api/tabs")
class TabsViews(MethodView):
    decorators = [login_required]

    @login_responses(blp)
    @blp.response(200, TABS_MAP)
    def get(self):
        """Every tab group's chosen tab."""
        return jsonify(service.tab_choices(_account_id()))

    @_writes
    @blp.arguments(TabsPutSchema)
    @blp.response(200, TabsResponseSchema)
    def put(self, body):
        """Choose a tab: the other tabs' answers (and documents) are cleared; `cleared` lists them."""
        cleared = service.choose_tab(_account_id(), body["tab_id"], body["chosen_tab"])
        return {"message": messages.TABS_SAVED, "cleared": cleared}


@blp.route("/public/tmp")
class SavedDraftViews(MethodView):
    decorators = [csrf_protect]

    @blp.alt_response(404, schema=ErrorSchema, description="Unknown or expired token")
    @blp.arguments(TokenQuerySchema, location="query")
    @blp.response(200, DraftSchema)
    def get(self, query):
        """An anonymous visitor's saved answers."""
        return {"answer": saved_drafts.load_draft(query["token"])}

    @blp.alt_response(400, schema=ErrorMapSchema, description="Invalid answers")
    @blp.alt_response(403, schema=ErrorSchema, description="Cross-origin request")
    @blp.alt_response(413, schema=ErrorSchema, description="Request body too large")
    @blp.alt_response(415, schema=ErrorSchema, description="Not sent as JSON")
    @blp.alt_response(429, schema=TooManySchema, description="Too many saves from this network")
    @blp.arguments(DraftPostSchema)
    @blp.response(201, DraftTokenSchema)
    def post(self, body):
        """Save an anonymous visitor's answers for 30 days; answers a token for the link."""
        token = saved_drafts.save_draft(body["answers"], request.remote_addr or "", body["email"])
        return {"message": messages.DRAFT_SAVED, "token": token}


@blp.route("/service/tmp-pdf")
class ServiceViews(MethodView):
    @blp.alt_response(401, schema=ErrorSchema, description="No live service token")
    @blp.arguments(ServiceQuerySchema, location="query")
    @blp.response(200, ServiceViewSchema)
    def get(self, query):
        """The staff print view's data for the token's application (read-only), in the form's default
        language or the one `language` names."""
        return access.service_view(query["service_token"], query["language"]), 200, {"Cache-Control": "no-store"}


@blp.route("/service/document/<string:key>")
class ServiceDocumentViews(MethodView):
    @blp.alt_response(401, schema=ErrorSchema, description="No live service token")
    @blp.alt_response(404, schema=ErrorSchema, description="No converted document for that question")
    @blp.arguments(ServiceQuerySchema, location="query")
    @blp.response(302, description="Redirects to a short-lived link to the converted PDF")
    def get(self, query, key):
        """Open one converted document of the token's application (staff print view)."""
        response = redirect(access.service_document_url(query["service_token"], key), code=302)
        response.headers["Cache-Control"] = "no-store"
        return response
