"""Concurrent saves while a new version of the form is published: nothing is lost.

Many requests at once each save their own keys of one draft through a real threaded HTTP server
(several tabs of a page showing version 1); half-way, the author publishes version 2, which renames
some of those questions (renamed_from) and removes others. Afterwards every answer acknowledged
with 200 is stored: under its key, under its new key, or in the archive. Runs on SQLite and, with
TEST_DATABASE_URL, on PostgreSQL."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.api.applications.test_applications_concurrency import put_answers, server, session_cookie  # noqa: F401
from tests.applicants import make_applicant
from tests.unit.definition.versions_tenant import write

THREADS = 8
REQUESTS = 40
KEYS = [f"q{n:02d}" for n in range(REQUESTS)]
RENAMED = KEYS[::3]  # version 2 calls these new_qNN, renamed_from qNN
REMOVED = KEYS[1::3]  # and drops these


def page(fields: list[str]) -> str:
    lines = "\n".join(f"      - {field}" for field in fields)
    return f"route: /about\ntitle: About You\nnav_label: About You\nsections:\n  - id: identity\n    fields:\n{lines}\n"


V1 = page([f"{{key: {key}, type: text, label: Question {key}}}" for key in KEYS])
V2 = page(
    [
        f"{{key: new_{key}, type: text, label: Question {key}, renamed_from: {key}}}"
        if key in RENAMED
        else f"{{key: {key}, type: text, label: Question {key}}}"
        for key in KEYS
        if key not in REMOVED
    ]
)


@pytest.fixture
def tenant(tmp_path):
    return write(tmp_path / "tenant", V1)


@pytest.fixture
def app_overrides(tenant):
    return {"TENANT_PATH": str(tenant), "DEFINITION_CHECK_S": 0}


def test_concurrent_saves_during_a_version_switch_lose_nothing(app, server, tenant):  # noqa: F811
    from engine.app import create_app

    ada = make_applicant(app, "ada@example.com")
    version_1 = ada.get("/api/profile").json["definition_version"]
    cookie = session_cookie(ada)
    start = threading.Barrier(THREADS)
    half = threading.Event()
    done = []

    def save(index: int) -> int:
        if index < THREADS:
            start.wait()
        if index == REQUESTS // 2:
            half.wait(60)
        status = put_answers(server, cookie, {KEYS[index]: f"answer-{index}"})
        done.append(index)
        if len(done) == REQUESTS // 2 - 1:
            half.set()
        return status

    def publish() -> None:
        half.wait(60)
        write(tenant, V2)  # the author publishes version 2 while saves are in flight
        create_app({**app.config}).extensions["db_engine"].dispose()

    publisher = threading.Thread(target=publish)
    publisher.start()
    with ThreadPoolExecutor(THREADS) as pool:
        statuses = list(pool.map(save, range(REQUESTS)))
    publisher.join(60)

    assert statuses == [200] * REQUESTS
    profile = ada.get("/api/profile").json
    assert profile["definition_version"] != version_1
    answers, archive = profile["answer"], profile["archived_answer"]
    for index, key in enumerate(KEYS):
        value = f"answer-{index}"
        if key in RENAMED:
            assert answers.get(f"new_{key}") == value, key
        elif key in REMOVED:
            assert archive.get(key, {}).get("value") == value, key
        else:
            assert answers.get(key) == value, key
    assert not set(answers) & set(REMOVED + RENAMED), "no key of version 1 is left among the answers"
