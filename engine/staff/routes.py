"""The staff API (read-only): sign in with a staff token, list applications, open a print view or a
PDF. Thin: parse, one service call, answer. Every answer is `Cache-Control: no-store`."""

from flask import after_this_request, redirect
from flask.views import MethodView

from engine.accounts.auth import csrf_protect
from engine.accounts.parser import ArgumentsParser
from engine.extensions import Blueprint, ErrorSchema, MessageSchema
from engine.pdf.schemas import PdfStatusSchema
from engine.staff import auth, messages, service
from engine.staff.schemas import ApplicationPageSchema, ListQuerySchema, SessionPostSchema, SessionSchema

NO_STORE = {"Cache-Control": "no-store"}


class StaffBlueprint(Blueprint):
    ARGUMENTS_PARSER = ArgumentsParser()


blp = StaffBlueprint("staff", __name__, url_prefix="/staff", description="Read-only access for admissions staff")


def _staff_responses(view):
    view = blp.alt_response(401, schema=ErrorSchema, description="No live staff token; the message says why")(view)
    return blp.alt_response(403, schema=ErrorSchema, description="A token without the scope")(view)


def _not_found(view):
    return blp.alt_response(404, schema=ErrorSchema, description="No such application")(view)


@blp.route("/api/session")
class SessionViews(MethodView):
    @_staff_responses
    @blp.response(200, SessionSchema)
    @auth.staff_required
    def get(self):
        """The staff token this browser is signed in with."""
        return service.session_info(auth.current_token()), 200, NO_STORE

    @blp.alt_response(401, schema=ErrorSchema, description="Not a live staff token; the message says why")
    @blp.alt_response(403, schema=ErrorSchema, description="Cross-origin request")
    @blp.alt_response(415, schema=ErrorSchema, description="Not sent as JSON")
    @blp.arguments(SessionPostSchema)
    @blp.response(200, SessionSchema)
    @csrf_protect
    def post(self, body):
        """Sign in: keeps the staff token in an HttpOnly cookie for /staff until it expires."""
        info, record = service.sign_in(body["token"])
        after_this_request(lambda response: auth.set_cookie(response, body["token"], record))
        return info, 200, NO_STORE

    @blp.alt_response(403, schema=ErrorSchema, description="Cross-origin request")
    @blp.response(200, MessageSchema)
    @csrf_protect
    def delete(self):
        """Sign out: this browser forgets the staff cookie (the token stays valid until revoked)."""
        after_this_request(auth.clear_cookie)
        return {"message": messages.SIGNED_OUT}, 200, NO_STORE


@blp.route("/api/applications")
class ApplicationListViews(MethodView):
    decorators = [auth.staff_required]  # the token before the arguments: 401 comes first

    @_staff_responses
    @blp.arguments(ListQuerySchema, location="query")
    @blp.response(200, ApplicationPageSchema)
    def get(self, query):
        """One page of applications, newest submissions first; `q` searches reference, name and e-mail."""
        return service.applications(query), 200, NO_STORE


@blp.route("/api/applications/<int:application_id>/pdf")
class ApplicationPdfViews(MethodView):
    decorators = [auth.staff_required]  # the token before the arguments: 401 comes first

    @_staff_responses
    @_not_found
    @blp.alt_response(503, schema=ErrorSchema, description="The job queue is unavailable")
    @blp.response(200, PdfStatusSchema)
    def get(self, application_id):
        """The application PDF: poll until completed, then download `url` (as GET /api/pdf)."""
        return service.pdf_status(application_id), 200, NO_STORE


@blp.route("/applications/<int:application_id>/print")
class PrintViewViews(MethodView):
    decorators = [auth.staff_required]  # the token before the arguments: 401 comes first

    @_staff_responses
    @_not_found
    @blp.response(303, description="Redirects to the application's read-only print view")
    def get(self, application_id):
        """Open an application's print view (a service token made for the next hour)."""
        response = redirect(service.print_view_location(application_id, auth.current_token()), code=303)
        response.headers.update(NO_STORE)
        return response
