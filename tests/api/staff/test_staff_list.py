"""The staff list: every application with reference, name, e-mail, status, submitted time and
version; newest submissions first; searched and paginated by the server; each row opens the
application's print view and PDF."""

import datetime as dt
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.api.staff.conftest import make_applicant

SUBMITTED = dt.datetime(2026, 3, 1, 12, 0)


@pytest.fixture
def three(add_application):
    """A submitted application, a validating draft and a started one."""
    return {
        "mei": add_application(
            "mei.chen@example.com",
            "Mei",
            "Chen",
            reference="INTL-7K2Q9MXA",
            submitted_at=SUBMITTED,
            statuses=("started", "validating", "submitted"),
        ),
        "ada": add_application("ada@example.org", "Ada", "Lovelace", statuses=("started", "validating")),
        "alan": add_application("alan@example.net", "Alan", "Turing", statuses=("started",)),
    }


def _list(staff, **query):
    response = staff.get("/staff/api/applications", query_string=query)
    assert response.status_code == 200, response.json
    return response.json


def test_rows_carry_what_staff_need_submitted_first(staff, three):
    listed = _list(staff)
    assert listed["total"] == 3 and listed["pages"] == 1 and listed["page"] == 1
    # The list's times read as the PDF's: the form's date style, in its time zone.
    assert listed["dates"] == {"date_style": "long", "time_zone": "America/Chicago"}
    first, second, third = listed["items"]
    assert first == {
        "id": three["mei"],
        "reference": "INTL-7K2Q9MXA",
        "name": "Mei Chen",
        "email": "mei.chen@example.com",
        "status": "submitted",
        "submitted_at": "2026-03-01T12:00:00Z",
        "updated_at": first["updated_at"],
        "definition_version": first["definition_version"],
        "language": None,  # written without one (a form in several languages records it at submission)
        "deliveries": None,  # a reader does not see delivery status
    }
    assert [second["name"], second["status"], second["reference"]] == ["Alan Turing", "started", None]
    assert [third["name"], third["status"]] == ["Ada Lovelace", "validating"]


@pytest.mark.parametrize(
    "query, names",
    [
        ("intl-7k2q", ["Mei Chen"]),  # the reference, in any case
        ("INTL-7K2Q9MXA", ["Mei Chen"]),
        ("lovelace", ["Ada Lovelace"]),  # a name
        ("ada lovelace", ["Ada Lovelace"]),  # every word must match
        ("alan@example.net", ["Alan Turing"]),  # the e-mail address
        ("example.org", ["Ada Lovelace"]),
        ("a", ["Mei Chen", "Alan Turing", "Ada Lovelace"]),
        ("nobody", []),
        ("100%", []),  # LIKE wildcards are plain text
        ("_", []),
    ],
)
def test_search_by_reference_name_or_email(staff, three, query, names):
    listed = _list(staff, q=query)
    assert [item["name"] for item in listed["items"]] == names and listed["total"] == len(names)


def test_status_filter(staff, three):
    assert [i["name"] for i in _list(staff, status="submitted")["items"]] == ["Mei Chen"]
    assert [i["name"] for i in _list(staff, status="draft")["items"]] == ["Alan Turing", "Ada Lovelace"]


@pytest.fixture
def cities(add_application):
    """Three applicants whose answers name where they live and study (one in an add-another entry)."""
    return {
        "mei": add_application(first_name="Mei", city="Kraków", school="Lycée Français", submitted_at=SUBMITTED),
        "ada": add_application(
            first_name="Ada", city="Cityville", country="GB", submitted_at=SUBMITTED.replace(day=20)
        ),
        "alan": add_application(first_name="Alan", schools=[{"school_name": "Sherborne School", "year": 1926}]),
    }


@pytest.mark.parametrize(
    "words, names",
    [
        ("cityville", ["Ada"]),  # a value, in any case
        ("city", ["Ada"]),  # the values are searched, never the keys: "city" is every applicant's key
        ("sherborne", ["Alan"]),  # inside an add-another entry
        ("1926", ["Alan"]),  # a number
        ("gb cityville", ["Ada"]),  # every word, in any of the values
        ("gb sherborne", []),
        ("kraków", ["Mei"]),
        ("lycée", ["Mei"]),
        ("school", ["Alan"]),  # Mei's "school" is a key; Alan's school's name holds the word
        ("%", []),
    ],
)
def test_search_in_answers(staff, cities, words, names):
    listed = _list(staff, answers=words)
    assert sorted(item["name"] for item in listed["items"]) == sorted(names) and listed["total"] == len(names)


def test_the_answer_search_follows_every_save(app, staff):
    applicant = make_applicant(app, "noor@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Noor", "city": "Cityville"}).status_code == 200
    assert [i["name"] for i in _list(staff, answers="cityville")["items"]] == ["Noor"]
    assert applicant.put("/api/answer", json={"city": "Lagos"}).status_code == 200
    assert _list(staff, answers="cityville")["items"] == []
    assert [i["name"] for i in _list(staff, answers="LAGOS")["items"]] == ["Noor"]


def test_the_answer_search_finds_drafts_and_submitted_applications_alike(app, staff, add_application):
    # A submitted application's search text is stored; a draft's is derived as the search reads it.
    add_application(first_name="Mei", city="Lagos", school="Kings College", submitted_at=SUBMITTED)
    applicant = make_applicant(app, "noor@example.com")
    assert applicant.put("/api/answer", json={"first_name": "Noor", "city": "Lagos"}).status_code == 200
    assert sorted(i["name"] for i in _list(staff, answers="lagos")["items"]) == ["Mei", "Noor"]
    assert [i["name"] for i in _list(staff, answers="lagos", status="draft")["items"]] == ["Noor"]
    assert [i["name"] for i in _list(staff, answers="kings")["items"]] == ["Mei"]
    assert [i["name"] for i in _list(staff, q="noor")["items"]] == ["Noor"]  # the name, from a draft's answers


def test_answer_search_and_name_search_together(staff, cities):
    assert [i["name"] for i in _list(staff, q="ada", answers="cityville")["items"]] == ["Ada"]
    assert _list(staff, q="mei", answers="cityville")["items"] == []


def test_filter_by_submission_dates(staff, cities):
    assert [i["name"] for i in _list(staff, submitted_from="2026-03-02")["items"]] == ["Ada"]
    assert [i["name"] for i in _list(staff, submitted_to="2026-03-01")["items"]] == ["Mei"]  # the whole day
    both = _list(staff, submitted_from="2026-03-01", submitted_to="2026-03-20")["items"]
    assert [i["name"] for i in both] == ["Ada", "Mei"]  # drafts have no submission date
    assert _list(staff, submitted_from="2026-03-21")["items"] == []


def test_filter_by_definition_version(staff, cities, sql):
    version = sql("SELECT id FROM definition_versions ORDER BY published DESC")[0][0]
    sql("UPDATE applications SET definition_version = :v WHERE id = :id", v=version, id=cities["alan"])
    sql("UPDATE applications SET definition_version = NULL WHERE id != :id", id=cities["alan"])
    assert [i["name"] for i in _list(staff, version=version)["items"]] == ["Alan"]
    assert [i["name"] for i in _list(staff, version=version[:8].upper())["items"]] == ["Alan"]  # as the list shows it
    assert _list(staff, version="0" * 64)["items"] == []


def test_pages_are_cut_by_the_server(staff, add_application):
    for number in range(12):
        add_application(first_name=f"Person{number:02d}", submitted_at=SUBMITTED + dt.timedelta(hours=number))
    first = _list(staff, per_page=5)
    assert first["total"] == 12 and first["pages"] == 3 and len(first["items"]) == 5
    assert first["items"][0]["name"] == "Person11"  # newest submission first
    last = _list(staff, per_page=5, page=3)
    assert [item["name"] for item in last["items"]] == ["Person01", "Person00"]
    assert _list(staff, per_page=5, page=4)["items"] == []


@pytest.mark.parametrize(
    "query, field",
    [
        ({"page": "0"}, "page"),
        ({"page": "two"}, "page"),
        ({"per_page": "1000"}, "per_page"),
        ({"status": "deleted"}, "status"),
        ({"q": "x" * 201}, "q"),
        ({"answers": "x" * 201}, "answers"),
        ({"submitted_from": "yesterday"}, "submitted_from"),
        ({"submitted_to": "2026-02-30"}, "submitted_to"),
    ],
)
def test_bad_list_queries_are_400s_that_name_the_field(staff, query, field):
    response = staff.get("/staff/api/applications", query_string=query)
    assert response.status_code == 400 and field in response.json["errors"]


def test_a_row_opens_the_applications_print_view(app, staff, sql):
    applicant = make_applicant(app, "ada@example.com")
    applicant.put("/api/answer", json={"first_name": "Ada"})
    application_id = _list(staff, q="ada@example.com")["items"][0]["id"]
    response = staff.get(f"/staff/applications/{application_id}/print")
    assert response.status_code == 303 and response.headers["Cache-Control"] == "no-store"
    location = urlsplit(response.headers["Location"])
    assert location.path == "/about" and not location.netloc
    service_token = parse_qs(location.query)["service_token"][0]
    view = app.test_client().get("/service/tmp-pdf", query_string={"service_token": service_token})
    assert view.status_code == 200 and view.json["answer"]["first_name"] == "Ada"
    # The print view's token lives an hour at most.
    (lifetime,) = sql(
        "SELECT EXTRACT(EPOCH FROM expires_at - created_at) FROM service_tokens"
        if app.extensions["db_engine"].dialect.name == "postgresql"
        else "SELECT (julianday(expires_at) - julianday(created_at)) * 86400 FROM service_tokens"
    )[0]
    assert 3590 < float(lifetime) < 3601


def test_unknown_applications_are_404s(staff):
    assert staff.get("/staff/applications/999/print").status_code == 404
    response = staff.get("/staff/api/applications/999/pdf")
    assert response.status_code == 404 and response.json == {"message": "There is no application 999."}


def test_without_a_token_the_print_view_and_pdf_are_refused(app, three):
    client = app.test_client()
    assert client.get(f"/staff/applications/{three['mei']}/print").status_code == 401
    assert client.get(f"/staff/api/applications/{three['mei']}/pdf").status_code == 401


def test_the_staff_page_is_its_own_html_and_unknown_staff_paths_are_404s(app):
    client = app.test_client()
    page = client.get("/staff")
    assert page.status_code in {200, 503}  # 503 only when the client is not built
    if page.status_code == 200:
        assert "staff" in page.get_data(as_text=True)
    assert client.get("/staff/api/nothing").status_code == 404


def test_exporters_see_each_rows_failed_and_pending_deliveries(app, staff, three, new_member, sign_in, sql):
    for state in ("failed", "failed", "retrying", "pending", "delivered"):
        sql(
            "INSERT INTO deliveries (application_id, kind, target, config, state, attempts, round_attempts, created_at)"
            " VALUES (:id, 'webhook', 'https://sis.example.edu/hook', '{}', :state, 1, 1, CURRENT_TIMESTAMP)",
            id=three["mei"],
            state=state,
        )
    exporter = sign_in(new_member("exporter"))
    rows = {item["name"]: item["deliveries"] for item in _list(exporter)["items"]}
    assert rows == {
        "Mei Chen": {"failed": 2, "pending": 2},
        "Alan Turing": {"failed": 0, "pending": 0},
        "Ada Lovelace": {"failed": 0, "pending": 0},
    }
    assert {item["deliveries"] for item in _list(staff)["items"]} == {None}
