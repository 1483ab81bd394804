"""The whole document journey with real RQ workers on a real Redis, on local and S3 storage:
presigned URL, upload, convert, poll, completed, delete; the hostile corpus; a killed worker."""

import io

import pytest
from journey import FILE_KEY, poll, upload
from pypdf import PdfReader

import corpus

pytestmark = [pytest.mark.redis, pytest.mark.slow]


def stored_size(app, key):
    from engine.documents.storage import storage_from_config

    return storage_from_config(app.config).size(key)


def conversion_row(app):
    from sqlalchemy import text

    with app.extensions["db_engine"].connect() as conn:
        return (
            conn.execute(
                text("SELECT status, message, upload_key, pdf_key, file_size, attempts FROM document_conversions")
            )
            .mappings()
            .first()
        )


@pytest.mark.parametrize("kind", sorted(corpus.GOOD))
def test_the_whole_journey_for_each_allowed_type(app, applicant, burst_worker, kind):
    data, name = corpus.GOOD[kind][0](), corpus.GOOD[kind][1]
    file_key = upload(applicant, data, name)
    assert stored_size(app, file_key) == len(data)

    response = applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": file_key, "file_name": name})
    assert response.status_code == 202, response.json
    assert applicant.get(f"/api/pdf/document-answer/{FILE_KEY}").json["status"] == "unprocessed"

    burst_worker()

    assert poll(applicant) == {"status": "completed", "message": ""}
    assert applicant.get("/api/document-answer").json == {FILE_KEY: {"file_name": name, "file_size": len(data)}}
    profile = applicant.get("/api/profile").json
    assert profile["answer"][FILE_KEY] == "ANSWERED"
    assert profile["document_answer"] == {FILE_KEY: {"file_name": name, "file_size": len(data)}}
    row = conversion_row(app)
    from engine.documents.storage import storage_from_config

    converted = storage_from_config(app.config).read(row["pdf_key"], 10_000_000)
    assert len(PdfReader(io.BytesIO(converted)).pages) >= 1

    response = applicant.delete(f"/api/document-answer/{FILE_KEY}", headers={"Content-Type": "application/json"})
    assert response.status_code == 200
    assert stored_size(app, file_key) is None
    assert stored_size(app, row["pdf_key"]) is None
    assert poll(applicant) == {"status": "not_answered", "message": ""}
    assert applicant.get("/api/document-answer").json == {}
    assert FILE_KEY not in applicant.get("/api/profile").json["answer"]


@pytest.mark.parametrize("storage_backend", ["s3"], indirect=True)
def test_the_hostile_corpus_is_refused_by_a_worker_that_survives(app, applicant, start_worker, storage_backend):
    """On S3 (moto enforces no size policy) every hostile file reaches the worker."""
    worker = start_worker()
    for case, (factory, name, message) in sorted(corpus.HOSTILE.items()):
        file_key = upload(applicant, factory(), name)
        response = applicant.post(
            f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": file_key, "file_name": name}
        )
        assert response.status_code == 202, (case, response.json)
        assert poll(applicant, timeout=60) == {"status": "failed", "message": message}, case
        assert stored_size(app, file_key) is None, case  # a refused upload is not kept
        assert FILE_KEY not in applicant.get("/api/profile").json["answer"]
        assert applicant.get("/api/document-answer").json == {}
    assert worker.process.poll() is None, worker.output()
    assert "Traceback" not in worker.output()


@pytest.mark.parametrize("storage_backend", ["local"], indirect=True)
def test_a_pdf_with_javascript_is_converted_without_it(app, applicant, burst_worker, storage_backend):
    from engine.documents.convert import pdf_has_active_content
    from engine.documents.storage import storage_from_config

    file_key = upload(applicant, corpus.pdf_with_javascript(), "scripted.pdf")
    applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": file_key, "file_name": "scripted.pdf"})
    burst_worker()
    assert poll(applicant)["status"] == "completed"
    converted = storage_from_config(app.config).read(conversion_row(app)["pdf_key"], 10_000_000)
    assert not pdf_has_active_content(converted)
