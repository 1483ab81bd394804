"""GET /api/pdf: the application PDF's status and, once rendered, a short-lived download URL."""

from flask.views import MethodView

from engine.accounts.auth import current_account_id, login_required, login_responses
from engine.extensions import Blueprint, ErrorSchema
from engine.pdf import service
from engine.pdf.schemas import PdfStatusSchema

blp = Blueprint("pdf", __name__, description="The application PDF")


@blp.route("/api/pdf")
class PdfViews(MethodView):
    decorators = [login_required]

    @login_responses(blp)
    @blp.alt_response(503, schema=ErrorSchema, description="The job queue is unavailable")
    @blp.response(200, PdfStatusSchema)
    def get(self):
        """Queue a render when there is no PDF of the current answers; poll until completed, then download `url`."""
        from engine.applications.service import application_id_for

        return service.pdf_status(application_id_for(current_account_id()))
