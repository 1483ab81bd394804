"""Files kept as they are, with real RQ workers on a real Redis, on local and S3 storage: a budget
workbook is stored byte for byte (never converted), the application PDF lists it by name and size
without appending it, staff download it as it came from the print view; a workbook holding a VBA
project is refused by its content, even named .xlsx, and nothing of it is kept."""

import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from journey import poll, upload
from test_service_documents import download, service_token

import kept_corpus
from engine.fieldtypes.file import format_size
from tests.applicants import make_applicant
from tests.pdf_text import text_of

pytestmark = [pytest.mark.redis, pytest.mark.slow]
SCHOLARSHIP = Path(__file__).resolve().parents[2] / "tenants" / "example_scholarship"
KEY = "budget_file"
SIZES = {"size_bytes": "{n} B", "size_kilobytes": "{n} kB", "size_megabytes": "{n} MB", "size_gigabytes": "{n} GB"}
MACROS = "Your file contains macros, which are not accepted. Please save it without macros (a workbook as .xlsx) and upload it again."


@pytest.fixture
def app_overrides(app_overrides):
    return {**app_overrides, "TENANT_PATH": str(SCHOLARSHIP)}


def _send(applicant, data: bytes, name: str) -> str:
    file_key = upload(applicant, data, name, key=KEY)
    response = applicant.post(f"/api/pdf/document-answer/{KEY}", json={"file_key": file_key, "file_name": name})
    assert response.status_code == 202, response.json
    return file_key


def test_a_kept_workbook_is_stored_as_it_came_listed_in_the_pdf_and_downloadable_by_staff(
    app, burst_worker, storage_backend
):
    from tests.jobs.test_pdf_jobs import download as download_pdf

    applicant = make_applicant(app, "ada@example.com")
    data = kept_corpus.xlsx()
    _send(applicant, data, "Budget 2027.xlsx")
    burst_worker()
    assert poll(applicant, KEY) == {"status": "completed", "message": ""}
    assert applicant.get("/api/document-answer").json == {
        KEY: {"file_name": "Budget 2027.xlsx", "file_size": len(data)}
    }

    # Staff open it from the print view: the very bytes, under its own name and type.
    token = service_token(app, "ada@example.com")
    staff = app.test_client()
    view = staff.get("/service/tmp-pdf", query_string={"service_token": token}).json
    response = staff.get(view["document_links"][KEY])
    assert response.status_code == 302
    location = response.headers["Location"]
    assert "Budget 2027.xlsx" in unquote(location.replace("+", " "))
    assert download(app, location) == data

    # The application PDF lists it by name and size; its bytes are not appended as pages.
    assert applicant.get("/api/pdf").status_code in (200, 202)
    burst_worker()
    body = applicant.get("/api/pdf").json
    assert body["status"] == "completed", body
    pdf = download_pdf(applicant, body["url"])
    text = re.sub(r"\s+", " ", text_of(pdf))
    assert "File kept as it was sent: Budget 2027.xlsx" in text
    assert f"({format_size(len(data), SIZES)})" in text
    assert "It is not part of this PDF" in text


@pytest.mark.parametrize(
    ("factory", "name"),
    [
        (lambda: kept_corpus.xlsx(vba=True), "budget.xlsx"),  # an .xlsm renamed .xlsx
        (lambda: kept_corpus.xlsx(vba=True, macro_content_type=True), "budget.xlsx"),
    ],
)
@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_a_workbook_with_macros_is_refused_by_its_content(app, burst_worker, storage_backend, factory, name):
    applicant = make_applicant(app, "ada@example.com")
    _send(applicant, factory(), name)
    burst_worker()
    assert poll(applicant, KEY) == {"status": "failed", "message": MACROS}
    assert applicant.get("/api/document-answer").json == {}
    from sqlalchemy import text

    with app.extensions["db_engine"].connect() as conn:
        row = conn.execute(text("SELECT upload_key, pdf_key FROM document_conversions")).mappings().one()
    assert row["upload_key"] is None and row["pdf_key"] is None  # nothing of it kept
