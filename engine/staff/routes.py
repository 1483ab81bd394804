"""The staff API: sign in and out, list applications, open a print view or a PDF (reader), export and
see or retry deliveries (exporter). Thin: parse, one service call, answer. Every view states the
role it needs (`_needs`: the decorator and the OpenAPI document's `x-staff-role`); every answer is
`Cache-Control: no-store`."""

from flask import after_this_request, redirect, request, send_file
from flask.views import MethodView
from werkzeug.wsgi import ClosingIterator

from engine.accounts.auth import csrf_protect
from engine.accounts.parser import ArgumentsParser
from engine.extensions import Blueprint, ErrorSchema, MessageSchema
from engine.pdf.schemas import PdfStatusSchema
from engine.staff import auth, messages, service
from engine.staff.schemas import (
    ApplicationPageSchema,
    DeliveriesSchema,
    ExportQuerySchema,
    ListQuerySchema,
    SessionPostSchema,
    SessionSchema,
    SignOutSchema,
)

NO_STORE = {"Cache-Control": "no-store"}


class StaffBlueprint(Blueprint):
    ARGUMENTS_PARSER = ArgumentsParser()


blp = StaffBlueprint("staff", __name__, url_prefix="/staff", description="Access for admissions staff, by role")


def no_store(response):
    """Every staff answer, refusals and errors included, is kept by no browser or proxy."""
    response.headers["Cache-Control"] = "no-store"
    return response


blp.after_request(no_store)


def needs(blueprint, role: str):
    """The role a view needs, in code (checked before its arguments are parsed: 401 and 403 first)
    and in the OpenAPI document (`x-staff-role`, and the 401/403 answers)."""

    def decorate(view):
        view = auth.role_required(role)(view)
        view = blueprint.alt_response(401, schema=ErrorSchema, description="Not signed in; the message says why")(view)
        view = blueprint.alt_response(403, schema=ErrorSchema, description=f"Needs the {role} role")(view)
        return blueprint.doc(**{"x-staff-role": role})(view)

    return decorate


def after_sending(response, cleanup):
    """Run `cleanup` once the server has sent the file (or given up). `call_on_close` would not: a
    `send_file` answer is passed straight through to the server, and its callbacks never run."""
    response.response = ClosingIterator(response.response, [cleanup])
    return response


def _not_found(view):
    return blp.alt_response(404, schema=ErrorSchema, description="No such application")(view)


@blp.route("/api/session")
class SessionViews(MethodView):
    @blp.response(200, SessionSchema)
    @needs(blp, "reader")
    def get(self):
        """Who this browser (or token) is signed in as, with which role."""
        return service.session_info(auth.caller()), 200, NO_STORE

    @blp.alt_response(401, schema=ErrorSchema, description="Wrong e-mail, password or code, or a code used already")
    @blp.alt_response(403, schema=ErrorSchema, description="Cross-origin request")
    @blp.alt_response(415, schema=ErrorSchema, description="Not sent as JSON")
    @blp.arguments(SessionPostSchema)
    @blp.response(200, SessionSchema)
    @blp.doc(**{"x-staff-role": "none"})
    @csrf_protect
    def post(self, body):
        """Sign in with e-mail, password and the authenticator's code: a staff session in an HttpOnly cookie for /staff."""
        info, session_id = service.sign_in(body["email"], body["password"], body["code"])
        after_this_request(lambda response: auth.set_cookie(response, session_id))
        return info, 200, NO_STORE

    @blp.alt_response(403, schema=ErrorSchema, description="Cross-origin request")
    @blp.response(200, SignOutSchema)
    @blp.doc(**{"x-staff-role": "none"})
    @csrf_protect
    def delete(self):
        """Sign out: the session ends here and the browser forgets its cookie; `logout_url`, when
        given, ends the identity provider's session too."""
        logout_url = service.sign_out(request.cookies.get(auth.COOKIE))
        after_this_request(auth.clear_cookie)
        return {"message": messages.SIGNED_OUT, "logout_url": logout_url}, 200, NO_STORE


@blp.route("/api/applications")
class ApplicationListViews(MethodView):
    @blp.arguments(ListQuerySchema, location="query")
    @blp.response(200, ApplicationPageSchema)
    @needs(blp, "reader")
    def get(self, query):
        """One page of applications, newest submissions first; `q` searches reference, name and e-mail,
        `answers` the answers' values; filtered by status, version and submission days."""
        return service.applications(query), 200, NO_STORE


@blp.route("/api/applications/<int:application_id>/pdf")
class ApplicationPdfViews(MethodView):
    @_not_found
    @blp.alt_response(503, schema=ErrorSchema, description="The job queue is unavailable")
    @blp.response(200, PdfStatusSchema)
    @needs(blp, "reader")
    def get(self, application_id):
        """The application PDF: poll until completed, then download `url` (recorded when `url` is given)."""
        return service.pdf_status(application_id), 200, NO_STORE


@blp.route("/applications/<int:application_id>/print")
class PrintViewViews(MethodView):
    @_not_found
    @blp.response(303, description="Redirects to the application's read-only print view")
    @needs(blp, "reader")
    def get(self, application_id):
        """Open an application's print view (a service token made for the next hour); recorded."""
        response = redirect(service.print_view_location(application_id, auth.caller()), code=303)
        response.headers.update(NO_STORE)
        return response


@blp.route("/api/applications/<int:application_id>/deliveries")
class DeliveryViews(MethodView):
    @_not_found
    @blp.response(200, DeliveriesSchema)
    @needs(blp, "exporter")
    def get(self, application_id):
        """The application's deliveries to staff systems (e-mail, webhook) and their state."""
        return {"items": service.deliveries_of(application_id)}, 200, NO_STORE

    @_not_found
    @blp.alt_response(415, schema=ErrorSchema, description="Not sent as JSON")
    @blp.response(200, MessageSchema)
    @needs(blp, "exporter")
    def post(self, application_id):
        """Send the application's undelivered deliveries again, with a fresh round of tries."""
        count = service.retry_deliveries(application_id)
        return {"message": f"{count} delivery(ies) queued again."}, 200, NO_STORE


@blp.route("/api/exports")
class ExportViews(MethodView):
    @blp.arguments(ExportQuerySchema, location="query")
    @blp.response(200, description="The export file (CSV, JSON or a zip), as `formengine export` writes it")
    @needs(blp, "exporter")
    def get(self, query):
        """Export applications (the same writers as `formengine export`); recorded."""
        path, name = service.export_file(query)
        response = send_file(path, as_attachment=True, download_name=name, max_age=0)
        response.headers.update(NO_STORE)
        return after_sending(response, lambda: path.unlink(missing_ok=True))
