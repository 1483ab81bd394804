"""Anonymous saved drafts (/public/tmp) and staff service tokens (/service/tmp-pdf, CLI)."""

import hashlib
from urllib.parse import parse_qs, urlsplit

import pytest
from click.testing import CliRunner


def save_draft(client, answers, **kwargs):
    return client.post("/public/tmp", json={"answers": answers}, **kwargs)


# --- saved drafts ---------------------------------------------------------------------


def test_a_draft_round_trips_by_token(anonymous, sql):
    response = save_draft(anonymous, {"first_name": "Mei", "race_asian": True, "last_name": ""})
    assert response.status_code == 201
    token = response.json["token"]
    assert len(token) >= 40
    loaded = anonymous.get("/public/tmp", query_string={"token": token})
    assert loaded.status_code == 200 and loaded.json == {"answer": {"first_name": "Mei", "race_asian": True}}
    stored = sql("SELECT token_hash FROM saved_drafts")[0][0]
    assert stored == hashlib.sha256(token.encode()).hexdigest() and token not in stored


@pytest.mark.parametrize("query", [{"token": "nope"}, {"token": "x" * 500}, {}])
def test_unknown_tokens_reveal_nothing(anonymous, query):
    save_draft(anonymous, {"first_name": "Mei"})
    response = anonymous.get("/public/tmp", query_string=query)
    assert response.status_code in {400, 404}
    assert "Mei" not in response.get_data(as_text=True)


def test_drafts_expire_after_30_days(anonymous, sql):
    token = save_draft(anonymous, {"first_name": "Mei"}).json["token"]
    assert (
        sql(
            "SELECT count(*) FROM saved_drafts WHERE expires_at > created_at + interval '29 days'"
            if _is_postgres(sql)
            else "SELECT count(*) FROM saved_drafts WHERE expires_at > datetime(created_at, '+29 days')"
        )[0][0]
        == 1
    )
    sql("UPDATE saved_drafts SET expires_at = created_at")
    response = anonymous.get("/public/tmp", query_string={"token": token})
    assert response.status_code == 404
    assert response.json == {"message": "This saved answer link is invalid or has expired."}


def _is_postgres(sql) -> bool:
    try:
        sql("SELECT version()")
        return True
    except Exception:
        return False


@pytest.mark.parametrize(
    "body",
    [
        {"answers": {"nope": "x"}},
        {"answers": {"first_name": "x" * 46}},
        {"answers": []},
        {},
        {"answers": {"first_name": 3}},
    ],
)
def test_bad_drafts_are_refused(anonymous, body, sql):
    response = anonymous.post("/public/tmp", json=body)
    assert response.status_code == 400 and response.json["message"]
    assert sql("SELECT count(*) FROM saved_drafts")[0][0] == 0


def test_drafts_need_json_and_same_origin(anonymous):
    assert anonymous.post("/public/tmp", data="answers=x").status_code == 415
    assert save_draft(anonymous, {"first_name": "Mei"}, headers={"Origin": "https://evil.example"}).status_code == 403


def test_drafts_are_rate_limited_per_network(anonymous):
    for _ in range(30):
        assert save_draft(anonymous, {"first_name": "Mei"}).status_code == 201
    response = save_draft(anonymous, {"first_name": "Mei"})
    assert response.status_code == 429 and response.json["retry_after"] > 0


# --- service tokens -------------------------------------------------------------------


def cli(app, *args):
    from engine.applications.cli import service_token

    runner = CliRunner()
    import engine.applications.cli as module

    original = module._app
    module._app = lambda: app
    try:
        return runner.invoke(service_token, list(args), catch_exceptions=False)
    finally:
        module._app = original


def token_of(url: str) -> str:
    return parse_qs(urlsplit(url).query)["service_token"][0]


def test_service_token_gives_the_print_view_of_one_application(app, applicant, other, anonymous, sql):
    applicant.put("/api/answer", json={"first_name": "Ada"})
    applicant.put("/api/add-another", json={"button_id": "legacy", "num_components": 3})
    applicant.put("/api/tabs", json={"tab_id": "essay_mode", "chosen_tab": "uploaded"})
    other.put("/api/answer", json={"first_name": "Grace"})
    result = cli(app, "create", "ADA@example.com", "--ttl", "2h")
    assert result.exit_code == 0, result.output
    url = result.stdout.strip()
    assert url.startswith(app.config["PUBLIC_URL"].rstrip("/") + "/about?service_token=")
    response = anonymous.get("/service/tmp-pdf", query_string={"service_token": token_of(url)})
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    body = response.json
    assert list(body) == [
        "answer",
        "add_another",
        "document_answer",
        "tabs",
        "applicant",
        "document_links",
        "definition_version",
        "archived_answer",
        "form",  # the shipped form is in several languages: its form, in the default language
        "language",
        "languages",
        "language_name",
        "read_in",
    ]
    assert body["archived_answer"] == {}
    assert body["answer"] == {"first_name": "Ada"}
    assert body["applicant"] == {
        "name": "Ada",
        "email": "ada@example.com",
        "reference": None,
        "status": "none",
        "submitted_at": None,
    }
    assert body["document_links"] == {}
    assert body["add_another"]["legacy"] == 3 and body["add_another"]["relatives"] == 1
    assert body["tabs"] == {"essay_mode": "uploaded"} and body["document_answer"] == {}
    assert token_of(url) not in str(sql("SELECT token_hash FROM service_tokens"))


def test_the_print_view_says_whose_submitted_application_it_is(app, applicant, anonymous, golden, monkeypatch):
    import datetime as dt

    from engine.applications import current

    monkeypatch.setattr(current, "today", lambda: dt.date.fromisoformat(golden["today"]))
    answers = {**golden["answers"], "first_name": "Mei", "middle_name": "Lin", "last_name": "Chen"}
    assert applicant.put("/api/answer", json=answers).status_code == 200
    submitted = applicant.post("/api/submit", json={}).json
    url = cli(app, "create", "ada@example.com").stdout.strip()
    body = anonymous.get("/service/tmp-pdf", query_string={"service_token": token_of(url)}).json
    assert body["applicant"] == {
        "name": "Mei Lin Chen",
        "email": "ada@example.com",
        "reference": submitted["reference"],
        "status": "submitted",
        "submitted_at": submitted["submitted_at"],
    }


def test_service_view_is_401_for_anything_else(app, applicant, anonymous, sql):
    url = cli(app, "create", "ada@example.com").stdout.strip()
    for query in [
        {},
        {"service_token": ""},
        {"service_token": "nope"},
        {"service_token": "x" * 5000},
        {"service_token": token_of(url)[:-1]},
    ]:
        response = anonymous.get("/service/tmp-pdf", query_string=query)
        assert response.status_code == 401, query
        assert response.json == {"message": "This service link is invalid, has expired or was revoked."}
    sql("UPDATE service_tokens SET expires_at = created_at")
    assert anonymous.get("/service/tmp-pdf", query_string={"service_token": token_of(url)}).status_code == 401


def test_revoking_a_token_and_all_of_an_applicants(app, applicant, anonymous):
    first = cli(app, "create", "ada@example.com").stdout.strip()
    second = cli(app, "create", "ada@example.com", "--ttl", "30m").stdout.strip()
    result = cli(app, "revoke", first)
    assert result.exit_code == 0 and "revoked 1" in result.output
    assert anonymous.get("/service/tmp-pdf", query_string={"service_token": token_of(first)}).status_code == 401
    assert anonymous.get("/service/tmp-pdf", query_string={"service_token": token_of(second)}).status_code == 200
    assert cli(app, "revoke", first).exit_code == 1
    assert "revoked 1" in cli(app, "revoke", "--username", "ada@example.com").output
    assert anonymous.get("/service/tmp-pdf", query_string={"service_token": token_of(second)}).status_code == 401


@pytest.mark.parametrize(
    "args",
    [
        ["create", "nobody@example.com"],
        ["create", "ada@example.com", "--ttl", "forever"],
        ["create", "ada@example.com", "--ttl", "31d"],
        ["revoke"],
    ],
)
def test_service_token_cli_refusals(app, applicant, args):
    result = cli(app, *args)
    assert result.exit_code != 0 and "service_token=" not in result.output


def test_service_token_for_an_account_without_answers_yet(app, account_only, anonymous):
    url = cli(app, "create", "new@example.com").stdout.strip()
    body = anonymous.get("/service/tmp-pdf", query_string={"service_token": token_of(url)}).json
    assert body["answer"] == {} and body["tabs"] == {"essay_mode": "typed"}


@pytest.fixture
def account_only(app):
    from tests.api.applications.conftest import make_applicant

    return make_applicant(app, "new@example.com")


def test_the_resume_link_can_be_emailed(app, anonymous):
    from tests.api.applications.conftest import outbox_messages

    token = anonymous.post("/public/tmp", json={"answers": {"first_name": "Mei"}, "email": " Mei@Example.com"}).json[
        "token"
    ]
    message = outbox_messages(app, "mei@example.com")[-1]
    assert message["X-Formengine-Template"] == "saved_answers"
    link = f"{app.config['PUBLIC_URL'].rstrip('/')}/about?token={token}"
    assert link in message.get_content()
    for _ in range(3):
        anonymous.post("/public/tmp", json={"answers": {}, "email": "mei@example.com"})
    assert len(outbox_messages(app, "mei@example.com")) == 3  # at most 3 a day per address


@pytest.mark.parametrize("email", ["not-an-address", "", "a" * 500, 7])
def test_a_bad_resume_address_is_refused(anonymous, email, sql):
    response = anonymous.post("/public/tmp", json={"answers": {"first_name": "Mei"}, "email": email})
    assert response.status_code == 400 and "email" in response.json["errors"]
    assert sql("SELECT count(*) FROM saved_drafts")[0][0] == 0
