"""GET /api/pdf: the application PDF's status and, once rendered, a short-lived download URL."""

from flask.views import MethodView

from engine.accounts import abuse
from engine.accounts.auth import current_account_id, login_required, login_responses
from engine.accounts.schemas import TooManySchema
from engine.extensions import Blueprint, ErrorSchema
from engine.pdf import service
from engine.pdf.schemas import PdfStatusSchema

blp = Blueprint("pdf", __name__, description="The application PDF")


@blp.route("/api/pdf")
class PdfViews(MethodView):
    decorators = [login_required]

    @login_responses(blp)
    @blp.alt_response(429, schema=TooManySchema, description="Too many renders asked for; see Retry-After")
    @blp.alt_response(503, schema=ErrorSchema, description="The job queue is unavailable")
    @blp.response(200, PdfStatusSchema)
    def get(self):
        """Queue a render when there is no PDF of the current answers; poll until completed, then download `url`."""
        from engine.applications.service import application_id_for

        account_id = current_account_id()
        return service.pdf_status(application_id_for(account_id), lambda: abuse.enforce("pdf", account_id))
