"""An applicant's own copy of their data, through the API: asked for with the password again (a wrong
one refused and counted), prepared by its job (run here in-process), downloaded by the same applicant
only, until its link ends; the zip holds the answers with their questions' labels and the mail log."""

import io
import json
import zipfile
from pathlib import Path

from sqlalchemy import text

from engine import mail
from tests.applicants import PASSWORD, make_applicant

ADDRESS = "ada@example.com"


def _sql(app, statement: str, **params):
    with app.extensions["db_engine"].begin() as connection:
        result = connection.execute(text(statement), params)
        return result.fetchall() if result.returns_rows else result.rowcount


def _ask(client, password=PASSWORD):
    return client.post("/api/account/data", json={"password": password})


def test_nothing_asked_for_yet_and_a_wrong_password_is_refused(app):
    applicant = make_applicant(app, ADDRESS)
    assert applicant.get("/api/account/data").json["state"] == "none"
    refused = _ask(applicant, "not-the-password")
    assert refused.status_code == 400
    assert refused.json["message"] == "That password is not right."
    assert _sql(app, "SELECT count(*) FROM prepared_files")[0][0] == 0
    assert app.test_client().post("/api/account/data", json={"password": PASSWORD}).status_code == 401


def test_the_copy_is_prepared_downloaded_and_its_link_ends(app, run_job):
    applicant = make_applicant(app, ADDRESS)
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    asked = _ask(applicant)
    assert asked.status_code == 202, asked.json
    assert asked.json["state"] == "queued" and asked.json["url"] is None
    early = applicant.get(f"/api/account/data/{asked.json['id']}/file")
    assert early.status_code == 409 and early.json["message"]

    assert mail.wait_for_deliveries()  # the mail log is written beside each sending
    assert run_job(asked.json["id"]) == "ready"
    state = applicant.get("/api/account/data").json
    assert state["state"] == "ready" and state["done"] == state["total"] > 0
    download = applicant.get(state["url"])
    assert download.status_code == 200 and download.headers["Cache-Control"] == "no-store"
    archive = zipfile.ZipFile(io.BytesIO(download.data))
    answers = json.loads(archive.read("answers.json"))["answers"]
    assert answers["first_name"]["answer"] == "Ada" and answers["first_name"]["question"] == "First Name (Given Name)"
    mails = json.loads(archive.read("mail-log.json"))
    assert [m["template"] for m in mails] == ["confirmation_code"]
    assert mails[0]["subject"] and "code is" in mails[0]["body"]
    assert json.loads(archive.read("account.json"))["email"] == ADDRESS
    assert applicant.get(state["url"]).status_code == 200  # not once-only: until the link ends

    other = make_applicant(app, "grace@example.com")
    assert other.get(state["url"]).status_code == 404
    assert app.test_client().get(state["url"]).status_code == 401

    _sql(app, "UPDATE prepared_files SET expires_at = :past", past="2000-01-01 00:00:00")
    ended = applicant.get(state["url"])
    assert ended.status_code == 410
    assert ended.json["message"] == "This link has ended. Ask for your data again from the account menu."
    assert applicant.get("/api/account/data").json["state"] == "expired"


def test_a_new_copy_replaces_the_earlier_one(app, run_job):
    applicant = make_applicant(app, ADDRESS)
    first = _ask(applicant).json["id"]
    run_job(first)
    (key,) = _sql(app, "SELECT storage_key FROM prepared_files")[0]
    assert (Path(app.config["STORAGE_PATH"]) / key).is_file()
    second = _ask(applicant).json
    assert second["state"] == "queued"
    assert _sql(app, "SELECT count(*), max(storage_key) FROM prepared_files")[0] == (1, None)
    assert not (Path(app.config["STORAGE_PATH"]) / key).exists()
