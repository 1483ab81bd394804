"""Every text the documents and PDF APIs answer with, in one place (file rules come from the tenant)."""

from engine.definition.catalogue import DEFAULT_TEXTS, TenantWords, tenant_text

NOT_A_FILE_KEY = "This is not a file-upload question of this form."
FILE_KEY_NOT_YOURS = "file_key is not an upload of yours for this question. Ask for a new upload URL."
FILE_NAME_EMPTY = "file_name must name the file you uploaded."
UPLOAD_FILE_MISSING = "The upload must include a file field, after the policy fields."


# Read as the served tenant's wording (engine/definition/texts.yaml, a tenant's `texts:`).
_IDS = {
    "STORAGE_UNAVAILABLE": "document_storage_unavailable",
    "FILE_NOT_UPLOADED": "document_not_uploaded",
    "CONVERSION_ABANDONED": "document_conversion_abandoned",
    "CONVERSION_TIMED_OUT": "document_conversion_timed_out",
    "CONVERSION_TOO_COMPLEX": "document_conversion_too_complex",
    "CONVERSION_ERROR": "document_conversion_error",
    "DOCUMENT_DELETED": "document_deleted",
    "UPLOAD_LINK_INVALID": "document_link_invalid",
    "PDF_RENDER_ERROR": "pdf_render_error",
    "PDF_ABANDONED": "pdf_abandoned",
    "PDF_READY": "pdf_ready",
}
__getattr__ = TenantWords(__name__, _IDS)


def job_texts() -> dict[str, str]:
    """The served tenant's wording (in the applicant's language) of every text a conversion job may
    answer with, given to the job with its file rules: a worker has no form to read them from."""
    return {text_id: tenant_text(text_id) for text_id in DEFAULT_TEXTS if text_id.startswith(JOB_TEXTS)}


JOB_TEXTS = (
    "document_refused_",
    "document_reason_",
    "document_conversion_",
    "document_not_uploaded",
    "document_storage",
)
