"""What the server answers an applicant with is in the served tenant's words (its `texts:` over the
engine's catalogue), as the pages around it are."""

import datetime as dt
import re
from pathlib import Path

import pytest

from tests.api.accounts.conftest import login, signup
from tests.tenant_edits import copy_tenant, edit

TEXTS = {
    "account_login_wrong": "Adresse ou mot de passe incorrect.",
    "account_signup_ok": "Merci ! Un code vous a été envoyé.",
    "shell_logged_out_text": "Vous êtes déconnecté.",
    "account_login_backoff": "Trop d'essais : attendez {wait}.",
    "wait_second": "{n} s",
    "wait_seconds": "{n} s",
    "wait_minutes": "{n} min",
    "mail_confirmation_code_subject": "Votre code pour {tenant_name}",
    "mail_confirmation_code_body": "Bonjour ! Votre code : {code}. Saisissez-le sur {public_url}/confirm.\\n",
    "mail_password_reset_subject": "Nouveau mot de passe",
    "mail_password_reset_body": "Ouvrez {reset_url} dans l'heure.\\n",
    "mail_signature": "Le bureau des admissions ({support_email})",
    "date_time_zone": "le {date} à {time} ({zone})",
    "record_submitted_at": "{local}, soit {utc}",
    "password_length_message": "Au moins {min} caractères.",
    "auth_email_invalid": "Adresse invalide.",
}


@pytest.fixture
def app_overrides(tmp_path):
    tenant = copy_tenant(tmp_path, "example_scholarship")
    lines = "".join(f'  {name}: "{text}"\n' for name, text in TEXTS.items())
    edit(tenant, "\npages:", f"\ntexts:\n{lines}\npages:", Path("tenant.yaml"))
    return {"TENANT_PATH": str(tenant)}


def test_the_accounts_answers_are_the_tenants_words(client, outbox):
    assert signup(client).json["message"] == TEXTS["account_signup_ok"]
    code = re.search(r"Votre code : (\d{6})", outbox.last("ada@example.com").get_content()).group(1)
    assert client.post("/public/confirm", json={"username": "ada@example.com", "code": code}).status_code == 200
    assert login(client).status_code == 200
    assert client.get("/api/logout").json == {"message": TEXTS["shell_logged_out_text"]}
    assert login(client, password="Wrong-Password-1").json == {"message": TEXTS["account_login_wrong"]}
    for _ in range(4):
        login(client, password="Wrong-Password-1")
    backoff = login(client, password="Wrong-Password-1").json["message"]
    assert re.fullmatch(r"Trop d'essais : attendez \d+ (s|min)\.", backoff), backoff


def test_the_emails_are_the_tenants_words(client, outbox):
    """The e-mails an applicant gets are in the served tenant's words too, the one sent from a
    background thread (forgot-password) included."""
    signup(client)
    message = outbox.last("ada@example.com")
    assert message["Subject"] == "Votre code pour Example Foundation Merit Scholarship Application"
    body = message.get_content()
    assert re.fullmatch(
        r"Bonjour ! Votre code : \d{6}\. Saisissez-le sur http://\S+/confirm\.\n\n--\n"
        r"Le bureau des admissions \(\S+@\S+\)\n",
        body,
    ), body
    code = re.search(r"Votre code : (\d{6})", body).group(1)
    assert client.post("/public/confirm", json={"username": "ada@example.com", "code": code}).status_code == 200
    assert client.post("/public/forgot-password", json={"username": "ada@example.com"}).status_code == 200
    reset = outbox.last("ada@example.com")
    assert reset["Subject"] == "Nouveau mot de passe"
    assert re.match(r"Ouvrez http://\S+/reset\?\S+ dans l'heure\.\n\n--\nLe bureau", reset.get_content())


def test_the_password_rules_the_field_problems_and_the_receipt_time_are_the_tenants_words(app, client):
    response = signup(client, username="not an address", password="Short-1!")
    assert response.json["errors"] == {"username": ["Adresse invalide."], "password": ["Au moins 12 caractères."]}
    assert client.post("/public/signup", json={}).json["errors"]["username"] == ["Adresse invalide."]
    rules = client.get("/public/password-rules").json["rules"]
    assert rules[0] == {"id": "length", "message": "Au moins 12 caractères."}
    from engine.applications.service import receipt_time

    with app.app_context():
        form = app.extensions["tenant"].current().data  # medium dates, in Pacific time
        assert receipt_time(dt.datetime(2026, 3, 1, 14, 5), form) == (
            "le Mar 1, 2026 à 6:05 AM (PST), soit le Mar 1, 2026 à 2:05 PM (UTC)"
        )
