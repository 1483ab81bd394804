"""An applicant deletes their own draft account: the password typed again and the deletion confirmed;
the account, draft and session go from every store, a tombstone and an audit entry (ids only) stay.
A submitted application is kept (its retention applies), and the answer says where to write."""

import datetime as dt

from tests.applicants import PASSWORD, make_applicant, outbox_messages

ADDRESS = "ada@example.com"


def _count(sql_engine, table: str) -> int:
    with sql_engine.connect() as connection:
        return connection.exec_driver_sql(f"SELECT COUNT(*) FROM {table}").scalar_one()


def test_a_draft_account_is_deleted_after_the_password_and_a_confirmation(app):
    applicant = make_applicant(app, ADDRESS)
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    unconfirmed = applicant.post("/api/account/delete", json={"password": PASSWORD, "confirm": False})
    assert unconfirmed.status_code == 400 and "Tick the box" in unconfirmed.json["message"]
    wrong = applicant.post("/api/account/delete", json={"password": "not-it", "confirm": True})
    assert wrong.status_code == 400 and "not deleted" in wrong.json["message"]
    assert _count(app.extensions["db_engine"], "accounts") == 1

    response = applicant.post("/api/account/delete", json={"password": PASSWORD, "confirm": True})
    assert response.status_code == 200, response.json
    assert response.json["message"] == "Your account and your unfinished application have been deleted."
    engine = app.extensions["db_engine"]
    assert _count(engine, "accounts") == 0 and _count(engine, "applications") == 0
    assert _count(engine, "account_sessions") == 0 and _count(engine, "erasures") == 1
    assert outbox_messages(app, ADDRESS) == []  # the confirmation code's e-mail went too
    assert applicant.get("/api/profile").status_code == 401
    with engine.connect() as connection:
        actor, detail = connection.exec_driver_sql(
            "SELECT actor_label, detail FROM audit_events WHERE action = 'erase'"
        ).one()
    assert actor == "the applicant" and "@" not in detail
    login = app.test_client().post("/public/login", json={"username": ADDRESS, "password": PASSWORD})
    assert login.status_code in (400, 401)


def test_a_submitted_application_is_kept_and_the_answer_says_where_to_write(app):
    applicant = make_applicant(app, ADDRESS)
    assert applicant.put("/api/answer", json={"first_name": "Ada"}).status_code == 200
    with app.extensions["db_engine"].begin() as connection:
        connection.exec_driver_sql(
            "UPDATE applications SET submitted_at = ?, reference = 'INTL-KEEPME01'"
            if app.config["DATABASE_URL"].startswith("sqlite")
            else "UPDATE applications SET submitted_at = %s, reference = 'INTL-KEEPME01'",
            (dt.datetime(2026, 3, 1),),
        )
    response = applicant.post("/api/account/delete", json={"password": PASSWORD, "confirm": True})
    assert response.status_code == 409
    assert "help@example.edu" in response.json["message"] and "{" not in response.json["message"]
    assert _count(app.extensions["db_engine"], "accounts") == 1


def test_signed_out_or_cross_origin_is_refused(app, client):
    assert client.post("/api/account/delete", json={"password": PASSWORD, "confirm": True}).status_code == 401
    applicant = make_applicant(app, ADDRESS)
    foreign = applicant.post(
        "/api/account/delete",
        json={"password": PASSWORD, "confirm": True},
        headers={"Origin": "https://evil.example"},
    )
    assert foreign.status_code == 403
    assert _count(app.extensions["db_engine"], "accounts") == 1
