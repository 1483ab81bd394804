"""A database restart: while PostgreSQL is down every request that needs it answers 503 with a
message (never 500, nothing half-written), and the same app process answers again once it is
back, without a restart; the 503 says so in the tenant's words. A throwaway cluster of this test's own (scripts/pgcluster.py): the
shared server is never stopped."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import pgcluster
from tests.applicants import make_applicant
from tests.tenant_edits import copy_tenant, edit

TENANT_WORDS = "Our application site is catching its breath: your answers are kept, try again shortly."


@pytest.fixture(scope="module")
def cluster():
    reason = pgcluster.missing()
    if reason:
        pytest.skip(reason)
    server = pgcluster.Cluster()
    server.start()
    yield server
    server.close()


@pytest.fixture
def database_url(cluster):
    return cluster.url


@pytest.fixture
def app_overrides(tmp_path):
    """The tenant rewords the outage message, as it may every text an applicant reads."""
    tenant = copy_tenant(tmp_path)
    edit(tenant, "texts:\n", f"texts:\n  service_briefly_unavailable: {TENANT_WORDS!r}\n", Path("tenant.yaml"))
    return {"TENANT_PATH": str(tenant)}


def test_a_database_restart_answers_503_then_recovers_without_a_restart(app, cluster):
    applicant = make_applicant(app, "ada@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200

    cluster.stop()
    try:
        for response in (
            applicant.put("/api/answer", json={"first_name": "Grace"}),
            applicant.get("/api/profile"),
            app.test_client().post("/public/login", json={"username": "ada@example.com", "password": "x"}),
        ):
            assert response.status_code == 503, response.data
            assert response.json == {"message": TENANT_WORDS}
            assert response.headers["Retry-After"] == "2"
        ready = app.test_client().get("/readyz")
        assert ready.status_code == 503 and ready.json["checks"]["database"].startswith("failed")
    finally:
        cluster.start()

    assert applicant.get("/api/profile").json["answer"] == {"first_name": "Ada"}
    assert applicant.put("/api/answer", json={"last_name": "Lovelace"}).status_code == 200
    assert applicant.get("/api/profile").json["answer"] == {"first_name": "Ada", "last_name": "Lovelace"}
    assert app.test_client().get("/readyz").json["checks"]["database"] == "ok"
