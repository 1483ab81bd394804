"""An applicant's own data: asked for with the password typed again (wrong tries count with the
login's back-off), prepared by a worker job whose progress the account menu follows, downloaded by
the same signed-in applicant until the link ends (`PERSONAL_DATA_LINK`)."""

from flask import current_app, send_file
from flask.views import MethodView

from engine import db
from engine.accounts import auth
from engine.accounts import service as accounts
from engine.accounts.models import Account
from engine.definition.catalogue import TenantWords
from engine.downloads import service
from engine.downloads.models import PERSONAL_DATA, PreparedFile
from engine.downloads.schemas import PasswordSchema, PreparedFileSchema
from engine.errors import AppError
from engine.extensions import Blueprint, ErrorSchema

_words = TenantWords(
    "engine.downloads.routes",
    {
        "WRONG_PASSWORD": "my_data_wrong_password",
        "NOT_FOUND": "my_data_not_found",
        "EXPIRED": "my_data_expired",
        "NOT_READY": "my_data_not_ready",
    },
)
NOTHING = {"id": None, "state": "none", "done": 0, "total": 0}

blp = Blueprint("personal_data", __name__, description="An applicant's own copy of their data")


def _url(row: PreparedFile) -> str:
    return f"/api/account/data/{row.id}/file"


@blp.route("/api/account/data")
class PersonalDataViews(MethodView):
    decorators = [auth.csrf_protect]

    @blp.alt_response(401, schema=ErrorSchema, description="Not signed in")
    @blp.response(200, PreparedFileSchema)
    def get(self):
        """The latest copy asked for: its state, progress and, once ready, its link (state none: never asked)."""
        live = auth.require_session()
        row = service.latest_personal_data(db.session(), live.account_id)
        return NOTHING if row is None else service.describe(row, _url(row))

    @blp.errors({400: "The password is not right", **auth.PASSWORD_AGAIN})
    @blp.arguments(PasswordSchema)
    @blp.response(202, PreparedFileSchema)
    def post(self, body):
        """Ask for a copy of everything kept about the signed-in applicant (the password again);
        a worker prepares it: poll GET for its progress and link. An earlier copy goes."""
        live = auth.require_session()
        session = db.session()
        account = session.get(Account, live.account_id)
        accounts.confirm_password(session, account, body["password"], _words("WRONG_PASSWORD"))
        row = service.ask_personal_data(session, current_app.config, account.id)
        return service.describe(row, _url(row)), 202


@blp.route("/api/account/data/<int:file_id>/file")
class PersonalDataFileViews(MethodView):
    @blp.errors(
        {
            401: "Not signed in",
            404: "No such copy for this applicant",
            409: "Not ready yet",
            410: "The link has ended: ask again",
        }
    )
    @blp.response(200, description="The zip")
    def get(self, file_id):
        """Download the copy (the signed-in applicant's own, until its link ends)."""
        live = auth.require_session()
        session = db.session()
        row = session.get(PreparedFile, file_id)
        if row is None or row.kind != PERSONAL_DATA or row.account_id != live.account_id:
            raise AppError(_words("NOT_FOUND"), 404)
        try:
            found, name, size = service.take(session, current_app.config, row)
        except service.Unavailable as refused:
            if refused.state in ("queued", "running"):
                raise AppError(_words("NOT_READY"), 409) from refused
            raise AppError(_words("EXPIRED"), 410) from refused
        response = send_file(found, mimetype="application/zip", as_attachment=True, download_name=name, max_age=0)
        if size:
            response.content_length = size
        response.headers["Cache-Control"] = "no-store"
        return response
