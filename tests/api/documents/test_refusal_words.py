"""A conversion's refusals speak the tenant's words: the conversion job carries the served tenant's
wording of every text it may answer with (a worker has no form to read them from), and the
refusal is worded from it. Jobs are queued on a real Redis; tests/jobs runs them with workers."""

from pathlib import Path

import pytest
from upload_tools import FILE_KEY, upload_file

import corpus
from engine.definition.catalogue import DEFAULT_TEXTS
from engine.documents.convert import ConversionRefused, check_and_convert
from engine.jobs import get_queue
from tests.tenant_edits import copy_tenant, edit

pytestmark = pytest.mark.redis
TENANT_WORDS = "That PDF is locked with a password: unlock it, then upload it again."


@pytest.fixture
def app_overrides(redis_url, queue_name, tmp_path):
    tenant = copy_tenant(tmp_path)
    edit(tenant, "texts:\n", f"texts:\n  document_refused_pdf_encrypted: {TENANT_WORDS!r}\n", Path("tenant.yaml"))
    return {
        "REDIS_URL": redis_url,
        "DOCUMENT_QUEUE": queue_name,
        "APPLICATION_PDF_QUEUE": f"{queue_name}-pdf",
        "TENANT_PATH": str(tenant),
    }


def test_the_job_carries_the_tenants_words_and_the_refusal_reads_them(app, applicant, queue_name):
    key = upload_file(applicant, corpus.encrypted_pdf())
    response = applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json={"file_key": key, "file_name": "essay.pdf"})
    assert response.status_code == 202, response.json
    (job,) = get_queue(queue_name, app.config["REDIS_URL"]).jobs
    rules = job.args[1]
    assert rules["texts"]["document_refused_pdf_encrypted"] == TENANT_WORDS
    assert rules["texts"]["document_reason_slow_page"] == DEFAULT_TEXTS["document_reason_slow_page"]
    with pytest.raises(ConversionRefused) as refused:
        check_and_convert(corpus.encrypted_pdf(), "essay.pdf", rules)
    assert refused.value.message == TENANT_WORDS
