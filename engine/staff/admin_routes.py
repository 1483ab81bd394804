"""The administrators' staff API: the audit trail, staff members and their roles, tokens."""

from flask.views import MethodView

from engine.extensions import ErrorSchema
from engine.staff import admin
from engine.staff.routes import NO_STORE, StaffBlueprint, needs, no_store
from engine.staff.schemas import (
    AuditPageSchema,
    AuditQuerySchema,
    MemberPutSchema,
    MemberSchema,
    MembersSchema,
    TokensSchema,
)

blp = StaffBlueprint("staff_admin", __name__, url_prefix="/staff", description="Staff administration")
blp.after_request(no_store)


@blp.route("/api/audit")
class AuditViews(MethodView):
    @blp.arguments(AuditQuerySchema, location="query")
    @blp.response(200, AuditPageSchema)
    @needs(blp, "administrator")
    def get(self, query):
        """The audit trail, newest first: by application reference, by staff e-mail, since a moment."""
        return {"items": admin.audit_entries(query)}, 200, NO_STORE


@blp.route("/api/members")
class MemberListViews(MethodView):
    @blp.response(200, MembersSchema)
    @needs(blp, "administrator")
    def get(self):
        """Every staff member: e-mail, name, roles, last sign-in, disabled."""
        return {"items": admin.all_members()}, 200, NO_STORE


@blp.route("/api/members/<int:member_id>")
class MemberViews(MethodView):
    @blp.alt_response(400, schema=ErrorSchema, description="An unknown role")
    @blp.alt_response(404, schema=ErrorSchema, description="No such staff member")
    @blp.alt_response(415, schema=ErrorSchema, description="Not sent as JSON")
    @blp.arguments(MemberPutSchema)
    @blp.response(200, MemberSchema)
    @needs(blp, "administrator")
    def put(self, body, member_id):
        """Change a member's roles, or disable them (their sessions end at once); recorded."""
        return admin.update_member(member_id, body), 200, NO_STORE


@blp.route("/api/tokens")
class TokenViews(MethodView):
    @blp.response(200, TokensSchema)
    @needs(blp, "administrator")
    def get(self):
        """The machines' tokens: name, scope, state, expiry, last use (never the token)."""
        return {"items": admin.all_tokens()}, 200, NO_STORE
