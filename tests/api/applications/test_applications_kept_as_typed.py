"""An answer that does not fit is saved as typed (a draft holds what the applicant wrote) and the
submit refuses it with the field's own message: nothing is silently changed or dropped."""

import pytest

NIGERIAN_MOBILE = "+234 803 555 0123"


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ({"birth_date": "2008-02-31"}, {"birth_date": ["Please enter a valid date."]}),
        ({"birth_date": "2007-02-29"}, {"birth_date": ["Please enter a valid date."]}),
        ({"phone_home": "(416) 555-0142"}, {"phone_home": ["Please enter a valid international home phone number."]}),
        ({"phone_home": "+1 416 555 01AB"}, {"phone_home": ["Please enter a valid international home phone number."]}),
    ],
    ids=["31 February", "29 February 2007", "national form without a country code", "letters"],
)
def test_kept_as_typed_and_refused_at_submit_with_the_message(applicant, on_golden_day, typed, expected):
    assert applicant.put("/api/answer", json={**on_golden_day, **typed}).status_code == 200
    saved = applicant.get("/api/profile").json["answer"]
    assert {key: saved[key] for key in typed} == typed
    response = applicant.post("/api/submit", json={})
    assert response.status_code == 422
    assert {key: response.json["errors"].get(key) for key in expected} == expected


def test_an_international_mobile_is_kept_whole_and_submits(applicant, on_golden_day):
    answers = {**on_golden_day, "phone_mobile": NIGERIAN_MOBILE}
    assert applicant.put("/api/answer", json=answers).status_code == 200
    assert applicant.post("/api/submit", json={}).status_code == 200
    assert applicant.get("/api/profile").json["answer"]["phone_mobile"] == NIGERIAN_MOBILE
