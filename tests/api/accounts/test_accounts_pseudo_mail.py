"""The e-mails of a tenant served from `formengine pseudo`'s copy are pseudo-localized like its
pages: every line of words wrapped, the values filled in (the code, the links) kept readable."""

import re

import pytest

from engine.definition.pseudo import CLOSE, OPEN, pseudo_tenant
from tests.api.accounts.conftest import signup
from tests.tenant_edits import ROOT


@pytest.fixture
def app_overrides(tmp_path):
    out = tmp_path / "pseudo"
    pseudo_tenant(ROOT / "tenants" / "example_scholarship", out)
    return {"TENANT_PATH": str(out)}


def test_the_pseudo_tenants_emails_are_wrapped_with_their_values_filled_in(client, outbox):
    signup(client)
    message = outbox.last("ada@example.com")
    subject, body = message["Subject"], message.get_content()
    assert subject.startswith(OPEN) and subject.endswith(CLOSE) and "{" not in subject
    assert subject.count(OPEN) == 2  # the tenant's name, filled in, is its own pseudo words
    assert re.search(r"⟦[^\n]*: \d{6}[ ·]*⟧", body), body  # the code itself is not accented
    assert re.search(r"\(http://\S+/confirm\)", body) and "{" not in body
    words, _, signature = body.rpartition("\n--\n")
    for line in filter(None, words.splitlines() + signature.splitlines()):
        assert line.startswith(OPEN) and line.endswith(CLOSE), line
