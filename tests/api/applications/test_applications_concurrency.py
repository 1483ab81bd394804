"""Concurrent saves through a real threaded HTTP server: no key is ever lost.

Each request of many running at once sets its own keys of one application (several
browser tabs saving together); afterwards every key acknowledged with 200 is stored.
The keys are ones no hiding rule clears; some are controllers that rules read, so saves take
both paths (one merge statement, and read-settle-write with the version check).
Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL (SELECT ... FOR UPDATE)."""

import http.client
import json
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from werkzeug.serving import make_server

from tests.api.applications.conftest import make_applicant

THREADS = 16
REQUESTS = 48
KEYS_PER_REQUEST = 3


@pytest.fixture
def server(app):
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd.server_port
    httpd.shutdown()
    thread.join(timeout=10)


def put_answers(port: int, cookie: str, answers: dict) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request(
            "PUT",
            "/api/answer",
            body=json.dumps(answers),
            headers={"Content-Type": "application/json", "Cookie": cookie},
        )
        return connection.getresponse().status
    finally:
        connection.close()


def session_cookie(client) -> str:
    return f"formengine_session={client.get_cookie('formengine_session').value}"


def test_concurrent_saves_lose_no_keys(app, server, compiled):
    concurrent_saves(app, server, compiled)


def test_concurrent_saves_lose_no_keys_while_the_definition_version_switches(
    app, server, compiled, tmp_path, database_url
):
    """Another process publishes a new version (a label changed) and the previous one again, back
    and forth, while the saves run: every draft moves between versions and keeps every key.
    PostgreSQL only: a writer publishing every 20 ms beside 16 saving threads is more than one
    SQLite file takes (the session check's read-then-write is refused as locked)."""
    if not database_url.startswith("postgresql"):
        pytest.skip("publishing under concurrent load is a PostgreSQL deployment's case")
    import shutil
    import time

    from engine.definition import load_and_compile
    from engine.versions import store_version

    folder = tmp_path / "edited"
    shutil.copytree(app.config["TENANT_PATH"], folder)
    about = folder / "pages" / "about.yaml"
    about.write_text(about.read_text().replace("label: First Name (Given Name)", "label: Given Name"))
    edited = load_and_compile(folder)
    assert edited.etag != compiled.etag
    app.extensions["tenant"].check_s = 0  # every check asks the database
    switching = threading.Event()
    published = []

    def switch() -> None:
        number = 0
        while not switching.is_set():
            form = edited if number % 2 == 0 else compiled
            with app.extensions["db_engine"].begin() as connection:
                store_version(connection, form)
            published.append(form.etag)
            number += 1
            time.sleep(0.02)

    switcher = threading.Thread(target=switch)
    switcher.start()
    try:
        clients = concurrent_saves(app, server, compiled)
    finally:
        switching.set()
        switcher.join(timeout=30)
    assert {edited.etag, compiled.etag} <= set(published)
    for client in clients:
        assert client.get("/api/profile").json["definition_version"] in {edited.etag, compiled.etag}


def concurrent_saves(app, server, compiled) -> list:
    """Many saves of two applicants at once; every key acknowledged is stored. Returns the clients."""
    ada = make_applicant(app, "ada@example.com")
    grace = make_applicant(app, "grace@example.com")
    keys = [
        key
        for key, spec in compiled.data_model.items()
        if spec["type"] == "string" and spec.get("max_length", 0) >= 20 and key not in compiled.visibility.governed
    ][: REQUESTS * KEYS_PER_REQUEST]
    assert set(keys) & compiled.visibility.relevant, "some saves go through the hiding rules"
    assert len(keys) == REQUESTS * KEYS_PER_REQUEST
    batches = [keys[i : i + KEYS_PER_REQUEST] for i in range(0, len(keys), KEYS_PER_REQUEST)]
    cookies = {"ada": session_cookie(ada), "grace": session_cookie(grace)}
    start = threading.Barrier(THREADS)

    def save(index: int) -> tuple[str, list[str], int]:
        who = "ada" if index % 4 else "grace"
        if index < THREADS:
            start.wait()  # the first wave starts together
        batch = batches[index]
        return who, batch, put_answers(server, cookies[who], dict.fromkeys(batch, f"{who}-{index}"))

    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(save, range(REQUESTS)))

    assert [status for *_, status in results] == [200] * REQUESTS
    for who, client in (("ada", ada), ("grace", grace)):
        stored = client.get("/api/profile").json["answer"]
        expected = {
            key: f"{owner}-{index}" for index, (owner, batch, _) in enumerate(results) if owner == who for key in batch
        }
        assert stored == expected
    return [ada, grace]
