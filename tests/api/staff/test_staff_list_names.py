"""`settings.applicant_name` as alternatives: the staff list names each application by the first
alternative whose answers are all there: a person's first and last name, or an organisation's name."""

import pytest

from tests.tenant_edits import copy_tenant, edit

NAMES = "  applicant_name: [first_name, middle_name, last_name]"


@pytest.fixture
def app_overrides(tmp_path):
    tenant = copy_tenant(tmp_path)
    edit(tenant, NAMES, "  applicant_name: {any: [[first_name, last_name], [org_name]]}", file="tenant.yaml")
    edit(
        tenant,
        "      - {key: middle_name, type: text, label: Middle Name}\n",
        "      - {key: middle_name, type: text, label: Middle Name}\n"
        "      - {key: org_name, type: text, label: Organisation Name}\n",
    )
    return {"TENANT_PATH": str(tenant)}


def _names(staff, **query) -> list[str]:
    response = staff.get("/staff/api/applications", query_string=query)
    assert response.status_code == 200, response.json
    return sorted(item["name"] for item in response.json["items"])


def test_the_first_complete_alternative_names_each_application(staff, add_application):
    add_application(first_name="Ada", last_name="Lovelace", org_name="Analytical Engines Ltd")
    add_application(org_name="Riverton Arts Collective")
    add_application(first_name="Mei", org_name="Mei's Studio")  # no last name: the person is incomplete
    add_application(first_name="Alan")  # no alternative is complete
    assert _names(staff) == ["", "Ada Lovelace", "Mei's Studio", "Riverton Arts Collective"]


def test_staff_find_an_organisation_by_its_name(staff, add_application):
    add_application(org_name="Riverton Arts Collective")
    add_application(first_name="Ada", last_name="Lovelace")
    assert _names(staff, q="arts collective") == ["Riverton Arts Collective"]
