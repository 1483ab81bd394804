"""The applicant's language: `?lang=` (then kept in a cookie), the cookie, the browser's
Accept-Language among the form's languages, else the default; a language the form does not offer
reads the default, never an error. The form, the page and the server's own words follow it."""

import pytest
from sqlalchemy import text

from tests.api.accounts.conftest import login, signup
from tests.tenant_edits import copy_tenant
from tests.tenant_languages import add_language, translate

GPA = "page applicant > section applicant > field gpa > label"
SPANISH = {
    GPA: "Promedio de calificaciones (0.00 a 4.00)",
    "tenant > name": "Solicitud de la Beca al Mérito de la Fundación Ejemplo",
    "text account_login_wrong": "La dirección de correo o la contraseña no son correctas.",
    "text mail_confirmation_code_subject": "Su código de confirmación para {tenant_name}",
}


@pytest.fixture
def app_overrides(tmp_path):
    folder = copy_tenant(tmp_path, "example_scholarship")
    translate(add_language(folder, "es"), SPANISH)
    return {"TENANT_PATH": str(folder)}


def _reads(response) -> str:
    body = response.get_data(as_text=True)
    return "es" if SPANISH[GPA] in body else "en" if "Grade Point Average (0.00 to 4.00)" in body else "?"


def test_the_form_is_served_in_the_language_asked_for_and_only_in_it(client):
    english = client.get("/public/form")
    assert _reads(english) == "en" and "words" not in english.get_json()
    assert english.get_json()["languages"] == ["en", "es"]
    spanish = client.get("/public/form?lang=es")
    assert _reads(spanish) == "es" and spanish.get_json()["settings"]["language"] == "es"
    assert "words" not in spanish.get_json() and "Grade Point Average" not in spanish.get_data(as_text=True)
    assert "lang=es" in spanish.headers["Set-Cookie"] and "Accept-Language" in spanish.headers["Vary"]
    assert spanish.headers["ETag"] != english.headers["ETag"]
    # The cookie keeps the choice for the visitor.
    assert _reads(client.get("/public/form")) == "es"
    assert _reads(client.get("/public/form?lang=en")) == "en" and _reads(client.get("/public/form")) == "en"


def test_the_first_visit_follows_the_browser_among_the_forms_languages(client):
    assert _reads(client.get("/public/form", headers={"Accept-Language": "es-MX,es;q=0.9,en;q=0.5"})) == "es"
    assert _reads(client.get("/public/form", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})) == "en"
    assert _reads(client.get("/public/form", headers={"Accept-Language": "de"})) == "en"


@pytest.mark.parametrize("asked", ["?lang=xx", "?lang=", "?lang=%3Cscript%3E", ""])
def test_a_language_the_form_does_not_offer_reads_the_default_without_an_error(client, asked):
    client.set_cookie("lang", "zz")
    response = client.get(f"/public/form{asked}")
    assert _reads(response) == "en" and "lang=" not in response.headers.get("Set-Cookie", "")


def test_the_page_and_the_servers_own_words_follow_the_language(client):
    page = client.get("/login?lang=es").get_data(as_text=True)
    assert '<html lang="es">' in page and "Solicitud de la Beca" in page
    wrong = {"username": "nobody@example.com", "password": "Wrong-Password-1"}
    answer = client.post("/public/login", json=wrong)
    assert answer.status_code == 400 and answer.get_json()["message"] == SPANISH["text account_login_wrong"]
    client.set_cookie("lang", "en")
    answer = client.post("/public/login", json=wrong)
    assert answer.get_json()["message"] == "The email address or password is incorrect."


def test_an_email_is_written_in_the_language_of_the_request_that_sends_it(client, outbox):
    client.get("/public/form?lang=es")
    assert signup(client, username="ana@example.com").status_code == 201
    spanish = outbox.last("ana@example.com")["Subject"].strip()
    assert spanish == "Su código de confirmación para Solicitud de la Beca al Mérito de la Fundación Ejemplo"
    english = client.application.test_client()
    assert signup(english, username="bo@example.com").status_code == 201
    assert outbox.last("bo@example.com")["Subject"].strip().startswith("Your confirmation code for Example Foundation")


def _account_language(app, username="ada@example.com"):
    with app.extensions["db_engine"].begin() as connection:
        return connection.execute(
            text("SELECT language FROM accounts WHERE username = :u"), {"u": username}
        ).scalar_one()


def test_the_account_keeps_the_language_it_was_made_in_and_a_switch_made_while_signed_in(client, app, outbox):
    client.get("/public/form?lang=es")
    assert signup(client).status_code == 201
    assert _account_language(app) == "es"
    confirmed = client.post(
        "/public/confirm", json={"username": "ada@example.com", "code": outbox.code("ada@example.com")}
    )
    assert confirmed.status_code == 200 and confirmed.json["language"] == "es"
    client.get("/public/form?lang=en")  # the switch, signed in
    assert _account_language(app) == "en"
    visitor = app.test_client()  # a switch with no session changes no account
    visitor.get("/public/form?lang=es")
    assert _account_language(app) == "en"
    client.get("/public/form?lang=xx")  # a language the form does not offer changes nothing
    assert _account_language(app) == "en"


def test_a_switch_on_a_refused_or_failed_request_leaves_the_accounts_language(client, app, outbox):
    client.get("/public/form?lang=es")
    assert signup(client).status_code == 201
    confirm = {"username": "ada@example.com", "code": outbox.code("ada@example.com")}
    assert client.post("/public/confirm", json=confirm).status_code == 200
    assert _account_language(app) == "es"
    refused = client.put("/api/answer?lang=en", data="{", content_type="application/json")
    assert refused.status_code == 400 and refused.get_json()["message"]
    assert client.get("/api/no-such-call?lang=en").status_code == 404
    assert _account_language(app) == "es"  # neither answer was a page or call that succeeded
    assert _reads(client.get("/public/form?lang=en")) == "en"
    assert _account_language(app) == "en"


def test_signing_in_elsewhere_reads_the_accounts_language_and_an_older_account_takes_the_browsers(client, app, account):
    with app.extensions["db_engine"].begin() as connection:
        connection.execute(text("UPDATE accounts SET language = 'es'"))
    elsewhere = app.test_client()
    elsewhere.set_cookie("lang", "en")  # this browser read English until now
    answer = login(elsewhere, headers={"Accept-Language": "en"})
    assert answer.status_code == 200 and answer.json["language"] == "es"
    assert any(cookie.startswith("lang=es;") for cookie in answer.headers.getlist("Set-Cookie"))
    assert _reads(elsewhere.get("/public/form")) == "es"

    with app.extensions["db_engine"].begin() as connection:
        connection.execute(text("UPDATE accounts SET language = NULL"))  # an account from before
    third = app.test_client()
    third.set_cookie("lang", "en")
    assert login(third).json["language"] == "en"
    assert _account_language(app) == "en"
