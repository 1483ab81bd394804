"""GET /api/pdf without a worker (tests/jobs runs the job), and the OpenAPI description of the
documents endpoints."""

import pytest

pytestmark = pytest.mark.redis


def test_only_logged_in_applicants_get_a_pdf(app):
    response = app.test_client().get("/api/pdf")
    assert response.status_code == 401
    assert "message" in response.json


def test_the_first_request_queues_one_render(app, applicant, queue_name):
    from engine.jobs import get_queue

    first = applicant.get("/api/pdf")
    assert first.status_code == 200
    assert first.json == {"status": "unprocessed", "url": "", "message": ""}
    assert applicant.get("/api/pdf").json["status"] == "unprocessed"
    queue = get_queue(app.config["APPLICATION_PDF_QUEUE"], app.config["REDIS_URL"])
    assert queue.count == 1
    assert queue.jobs[0].func_name == "engine.pdf.jobs.render_application_pdf"
    assert queue.jobs[0].timeout == 120


def test_each_applicant_gets_a_render_of_their_own(app, applicant, other, queue_name):
    from engine.jobs import get_queue

    applicant.get("/api/pdf")
    other.get("/api/pdf")
    jobs = get_queue(app.config["APPLICATION_PDF_QUEUE"], app.config["REDIS_URL"]).jobs
    assert sorted(job.args[0] for job in jobs) == [1, 2]


def test_without_a_queue_the_jobs_wait_in_the_outbox_and_are_queued_later(app, applicant, redis_url):
    from upload_tools import FILE_KEY, upload_file

    import corpus
    from engine import outbox
    from engine.jobs import get_queue

    app.config["REDIS_URL"] = ""  # as a bare `flask` process without `formengine run`
    assert applicant.get("/api/pdf").json == {"status": "unprocessed", "url": "", "message": ""}
    key = upload_file(applicant, corpus.pdf())
    response = applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": key, "file_name": "a.pdf"})
    assert response.status_code == 202 and response.json["status"] == "unprocessed"
    # Waiting is not lost: polls do not give up on a job the outbox still holds.
    assert applicant.get(f"/api/pdf/document-answer/{FILE_KEY}").json["status"] == "unprocessed"
    assert applicant.get("/api/pdf").json["status"] == "unprocessed"
    assert outbox.waiting_count(app.extensions["db_engine"]) == 2

    app.config["REDIS_URL"] = redis_url
    assert outbox.dispatch_pending(app.extensions["db_engine"], redis_url).dispatched == 2
    assert [job.func_name for job in get_queue(app.config["APPLICATION_PDF_QUEUE"], redis_url).jobs] == [
        "engine.pdf.jobs.render_application_pdf"
    ]
    assert [job.func_name for job in get_queue(app.config["DOCUMENT_QUEUE"], redis_url).jobs] == [
        "engine.documents.jobs.convert_document"
    ]
    assert outbox.waiting_count(app.extensions["db_engine"]) == 0


def test_the_openapi_document_describes_every_documents_endpoint(client):
    spec = client.get("/api/openapi.json").json
    paths = spec["paths"]
    assert set(paths["/api/presigned-url"]) == {"post"}
    assert set(paths["/api/pdf/document-answer/{key}"]) == {"get", "post", "delete", "parameters"}
    assert set(paths["/api/document-answer/{key}"]) == {"delete", "parameters"}
    assert set(paths["/api/document-answer"]) == {"get"}
    assert set(paths["/api/pdf"]) == {"get"}
    upload = paths["/api/storage/upload"]["post"]
    assert "multipart/form-data" in upload["requestBody"]["content"]
    status = paths["/api/pdf/document-answer/{key}"]["get"]["responses"]["200"]
    assert status["content"]["application/json"]["schema"]["$ref"].endswith("ConversionStatus")
    pdf = spec["components"]["schemas"]["PdfStatus"]
    assert set(pdf["properties"]) == {"status", "url", "message"}
