"""An applicant deletes their own account while the application is a draft: signed in, the password
typed again (wrong tries count with the login's back-off) and the deletion confirmed. A submitted
application follows the institution's retention instead, and the answer says so."""

import marshmallow as ma
from flask import current_app
from flask.views import MethodView
from marshmallow import fields
from sqlalchemy import select

from engine import db, mail
from engine.accounts import auth
from engine.accounts import service as accounts
from engine.accounts.models import Account
from engine.applications.models import Application
from engine.audit.service import Actor
from engine.definition.catalogue import TenantWords, fill
from engine.erasure import service as erasure
from engine.erasure.database import Target
from engine.errors import AppError
from engine.extensions import Blueprint, MessageSchema

_words = TenantWords(
    "engine.erasure.applicant_routes",
    {
        "WRONG_PASSWORD": "account_delete_wrong_password",
        "NOT_CONFIRMED": "account_delete_not_confirmed",
        "SUBMITTED": "account_delete_submitted",
        "DONE": "account_delete_done",
    },
)
# The audit trail keeps who asked, never their address: an erased applicant is named by ids only.
APPLICANT = Actor("applicant", None, "the applicant")

blp = Blueprint("account_deletion", __name__, description="An applicant deletes their own draft account")


class DeleteAccountSchema(ma.Schema):
    password = fields.String(required=True)
    confirm = fields.Boolean(required=True)


@blp.route("/api/account/delete")
class DeleteAccountViews(MethodView):
    decorators = [auth.csrf_protect]

    @blp.errors(
        {
            400: "Not confirmed, or the password is not right",
            409: "The application is submitted: retention applies",
            **auth.PASSWORD_AGAIN,
        }
    )
    @blp.arguments(DeleteAccountSchema)
    @blp.response(200, MessageSchema)
    def post(self, body):
        """Delete the signed-in applicant's account and draft from every store; the session ends."""
        live = auth.require_session()
        session = db.session()
        account = session.get(Account, live.account_id)
        application = session.scalar(select(Application).where(Application.account_id == live.account_id))
        if application is not None and application.submitted_at is not None:
            raise AppError(fill(_words("SUBMITTED"), mail.tenant_identity()), 409)
        if not body["confirm"]:
            raise AppError(_words("NOT_CONFIRMED"), 400)
        accounts.confirm_password(session, account, body["password"], _words("WRONG_PASSWORD"))
        target = Target(application.id if application else None, account.id, None, account.username)
        erasure.erase(session, current_app.config, target, APPLICANT)
        auth.end_session()
        return {"message": _words("DONE")}
