"""Abuse limits on presign, conversion requests, PDF renders, validations and /lookup/find: per
applicant and per address, a 429 with Retry-After and the standard error shape, counted in the
database beside the login limits. The limits are lowered here; the defaults are in engine/config.py."""

import pytest
from upload_tools import FILE_KEY, presign, upload_file

import corpus
from engine.errors import StartRefused
from tests.api.documents.conftest import uploading_applicant

pytestmark = pytest.mark.redis

LIFTED = {
    f"RATE_LIMIT_{action}_{scope}": "off"
    for action in ("PRESIGN", "CONVERSION", "PDF", "VALIDATIONS", "LOOKUP")
    for scope in ("APPLICANT", "ADDRESS")
}


@pytest.fixture
def limits():
    """The test's own limits, on top of every limit lifted."""
    return {}


@pytest.fixture
def app_overrides(redis_url, queue_name, limits):
    return {
        "REDIS_URL": redis_url,
        "DOCUMENT_QUEUE": queue_name,
        "APPLICATION_PDF_QUEUE": f"{queue_name}-pdf",
        **LIFTED,
        **limits,
    }


def from_address(client, address: str):
    client.environ_base["REMOTE_ADDR"] = address
    return client


def assert_too_many(response, window_s: int):
    assert response.status_code == 429, response.json
    assert response.json["message"].startswith("Too many requests of this kind. Please try again in ")
    retry_after = int(response.headers["Retry-After"])
    assert 0 < retry_after <= window_s
    assert response.json["retry_after"] == retry_after


@pytest.mark.parametrize("limits", [{"RATE_LIMIT_PRESIGN_APPLICANT": "2/3600"}])
def test_presign_per_applicant(app, applicant, other):
    presign(applicant)
    presign(applicant)
    refused = applicant.post("/api/presigned-url", json={"answer_key": FILE_KEY})
    assert_too_many(refused, 3600)
    assert "61 minutes" not in refused.json["message"] and "hour" in refused.json["message"]
    # Another applicant on the same address has a count of their own.
    presign(other)


@pytest.mark.parametrize("limits", [{"RATE_LIMIT_PRESIGN_ADDRESS": "3/600"}])
def test_presign_per_address(app):
    first = from_address(uploading_applicant(app, "ada@example.com"), "198.51.100.7")
    second = from_address(uploading_applicant(app, "grace@example.com"), "198.51.100.7")
    elsewhere = from_address(uploading_applicant(app, "alan@example.com"), "203.0.113.9")
    presign(first)
    presign(second)
    presign(first)
    assert_too_many(second.post("/api/presigned-url", json={"answer_key": FILE_KEY}), 600)
    assert_too_many(first.post("/api/presigned-url", json={"answer_key": FILE_KEY}), 600)
    presign(elsewhere)


@pytest.mark.parametrize("limits", [{"RATE_LIMIT_PRESIGN_APPLICANT": "1/3600", "RATE_LIMIT_PRESIGN_ADDRESS": "2/3600"}])
def test_a_call_refused_for_the_applicant_costs_the_address_nothing(app):
    first = from_address(uploading_applicant(app, "ada@example.com"), "198.51.100.7")
    second = from_address(uploading_applicant(app, "grace@example.com"), "198.51.100.7")
    presign(first)
    for _ in range(3):
        assert first.post("/api/presigned-url", json={"answer_key": FILE_KEY}).status_code == 429
    presign(second)  # the address's second call: the refused ones were given back


@pytest.mark.parametrize("limits", [{"RATE_LIMIT_CONVERSION_APPLICANT": "1/3600"}])
def test_conversion_requests(app, applicant):
    key = upload_file(applicant, corpus.pdf())
    body = {"file_key": key, "file_name": "essay.pdf"}
    assert applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json=body).status_code == 202
    assert_too_many(applicant.post(f"/api/pdf/document-answer/{FILE_KEY}", json=body), 3600)
    # Reading the status is not limited.
    assert applicant.get(f"/api/pdf/document-answer/{FILE_KEY}").status_code == 200


@pytest.mark.parametrize("limits", [{"RATE_LIMIT_PDF_APPLICANT": "1/3600"}])
def test_pdf_renders_but_not_polls(app, applicant):
    assert applicant.get("/api/pdf").json["status"] == "unprocessed"
    for _ in range(3):  # polling the render asked for
        assert applicant.get("/api/pdf").status_code == 200
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    assert_too_many(applicant.get("/api/pdf"), 3600)


@pytest.mark.parametrize("limits", [{"RATE_LIMIT_VALIDATIONS_APPLICANT": "2/60"}])
def test_validations(app, applicant):
    body = {"errors": {"first_name": ["Required"]}, "page": "about"}
    for _ in range(2):
        assert applicant.post("/api/validations", json=body).status_code == 200
    assert_too_many(applicant.post("/api/validations", json=body), 60)


@pytest.mark.parametrize("limits", [{"RATE_LIMIT_LOOKUP_ADDRESS": "2/60", "RATE_LIMIT_LOOKUP_APPLICANT": "3/60"}])
def test_lookup_find_by_address_for_visitors_and_by_applicant(app):
    query = {"text": "maple", "category": "hs_ceeb", "max_results": 5}
    visitor = from_address(app.test_client(), "198.51.100.7")
    for _ in range(2):
        assert visitor.get("/lookup/find", query_string=query).status_code == 200
    assert_too_many(visitor.get("/lookup/find", query_string=query), 60)
    assert from_address(app.test_client(), "203.0.113.9").get("/lookup/find", query_string=query).status_code == 200
    # An applicant counts against both; their own limit is met first when the address is spread out.
    ada = uploading_applicant(app, "ada@example.com")
    for index in range(3):
        assert from_address(ada, f"192.0.2.{index}").get("/lookup/find", query_string=query).status_code == 200
    assert_too_many(from_address(ada, "192.0.2.9").get("/lookup/find", query_string=query), 60)


def test_the_defaults_leave_a_busy_applicant_alone(app_overrides, database_url, tmp_path, request):
    """Without overrides: two dozen of each call from one applicant, as a whole application might make."""
    from engine.app import create_app
    from tests.conftest import _migrate

    overrides = {k: v for k, v in app_overrides.items() if not k.startswith("RATE_LIMIT_")}
    _migrate(database_url, request)
    app = create_app(
        {
            **overrides,
            "TESTING": True,
            "DATABASE_URL": database_url,
            "INSTANCE_PATH": str(tmp_path / "instance2"),
            "MAIL_OUTBOX": str(tmp_path / "outbox2"),
            "STORAGE_PATH": str(tmp_path / "documents2"),
            "LOOKUP_INDEX": str(tmp_path / "lookup2.sqlite"),
        }
    )
    try:
        applicant = uploading_applicant(app, "ada@example.com")
        for index in range(24):
            presign(applicant)
            assert applicant.post("/api/validations", json={"errors": {}, "page": "about"}).status_code == 200
            assert applicant.put("/api/answer", json={"first_name": f"Ada{index}"}).status_code == 200
            assert applicant.get("/api/pdf").status_code == 200
            find = applicant.get("/lookup/find", query_string={"text": "map", "category": "hs_ceeb"})
            assert find.status_code == 200
    finally:
        app.extensions["db_engine"].dispose()


@pytest.mark.parametrize("value", ["ten", "10/0", "-1/60", "5/soon"])
def test_a_malformed_limit_refuses_the_start(app_overrides, tmp_path, value):
    from engine.app import create_app

    with pytest.raises(StartRefused, match="RATE_LIMIT_PRESIGN_ADDRESS"):
        create_app(
            {
                **app_overrides,
                "TESTING": True,
                "INSTANCE_PATH": str(tmp_path / "instance"),
                "RATE_LIMIT_PRESIGN_ADDRESS": value,
            }
        )


def test_the_openapi_document_names_the_429s(app):
    paths = app.test_client().get("/api/openapi.json").json["paths"]
    for path, method in [
        ("/api/presigned-url", "post"),
        ("/api/pdf/document-answer/{key}", "post"),
        ("/api/pdf", "get"),
        ("/api/validations", "post"),
        ("/lookup/find", "get"),
    ]:
        assert "429" in paths[path][method]["responses"], (path, method)
