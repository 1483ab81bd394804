"""Every text the documents and PDF APIs answer with, in one place (file rules come from the tenant)."""

NOT_A_FILE_KEY = "This is not a file-upload question of this form."
FILE_KEY_NOT_YOURS = "file_key is not an upload of yours for this question. Ask for a new upload URL."
FILE_NAME_EMPTY = "file_name must name the file you uploaded."
FILE_NOT_UPLOADED = "The file has not been uploaded yet (or the upload expired). Upload it again."
STORAGE_UNAVAILABLE = "We could not reach the document store right now. Please try again in a few minutes."
CONVERSION_ABANDONED = "The conversion of your file did not finish. Please upload it again."
CONVERSION_TIMED_OUT = (
    "Converting your file took longer than the {seconds}-second limit, so it was stopped. "
    "Please upload a smaller or simpler file, or a PDF."
)
CONVERSION_TOO_COMPLEX = (
    "Your file is too large or too complex to convert. Please upload a smaller or simpler file, or a PDF."
)
CONVERSION_ERROR = "We could not convert your file. Please upload a different file."
DOCUMENT_DELETED = "Your file has been deleted."
UPLOAD_FILE_MISSING = "The upload must include a file field, after the policy fields."
UPLOAD_LINK_INVALID = "This download link is invalid or has expired."
PDF_RENDER_ERROR = "We could not create the PDF of your application. Please try again later."
PDF_ABANDONED = "Creating the PDF of your application did not finish. Please try again."
PDF_READY = "Your PDF is ready."
