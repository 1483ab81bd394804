"""The single-page app's page as the server serves it: it carries, as a JSON data block, the served
tenant's words for the screens the shell shows before the compiled form has arrived."""

import json
import re
from html import escape
from pathlib import Path

import pytest

from tests.tenant_edits import copy_tenant, edit

PAGE = """<!doctype html>
<html lang="en">
  <head>
    <title>Application</title>
  </head>
  <body>
    <noscript>This application needs JavaScript. Please enable it and reload the page.</noscript>
    <div id="root"></div>
    <script type="module" src="/static/assets/main.js"></script>
  </body>
</html>
"""


@pytest.fixture
def app_overrides(tmp_path):
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text(PAGE, encoding="utf-8")
    tenant = copy_tenant(tmp_path)
    words = (
        '  shell_try_again: "Réessayer"\n  shell_unexpected: "Oups </script><script>alert(1)</script> & co"\n'
        '  page_needs_javascript: "Activez <b>JavaScript</b> & rechargez la page."\n'
    )
    edit(tenant, "\ntexts:\n", f"\ntexts:\n{words}", Path("tenant.yaml"))
    yaml = tenant / "tenant.yaml"  # written in French alone (the shipped tenant offers Spanish too)
    yaml.write_text(re.sub(r"\n  languages: .*", "\n  language: fr", yaml.read_text(), count=1))
    return {"CLIENT_DIST": str(dist), "TENANT_PATH": str(tenant), "TENANT_RELOAD": True}


def first_words(html: str) -> dict:
    blocks = re.findall(r'<script type="application/json" id="first-words">(.*?)</script>', html, re.S)
    assert len(blocks) == 1, html
    return json.loads(blocks[0])


def test_the_page_carries_the_tenants_words_for_loading_and_failing_to(client):
    response = client.get("/about")
    assert response.status_code == 200 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    words = first_words(html)
    assert words["shell_try_again"] == "Réessayer"
    assert words["shell_unexpected"] == "Oups </script><script>alert(1)</script> & co"
    assert words["shell_loading_form"] == "Loading the application form…"
    # The tenant's words cannot end the block or open a script: they are JSON escapes in the page.
    assert "<script>alert" not in html and r"Oups \u003c/script\u003e\u003cscript\u003ealert(1)" in html
    assert html.count("<script") == 2 and html.index("first-words") < html.index("</head>")
    # A data block is not run: the page keeps a policy that runs only the app's own files.
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self';" in csp
    assert response.headers["Cache-Control"] == "no-cache"


def test_every_client_route_is_the_same_page_and_a_repeat_is_not_modified(client):
    first = client.get("/login")
    assert first.get_data(as_text=True) == client.get("/").get_data(as_text=True)
    assert first.headers["ETag"]
    again = client.get("/login", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_the_pages_language_title_and_noscript_line_are_the_tenants(client):
    html = client.get("/signup").get_data(as_text=True)
    assert '<html lang="fr">' in html and 'lang="en"' not in html
    name = client.get("/public/form").get_json()["tenant"]["name"]
    assert f"<title>{escape(name)}</title>" in html and "<title>Application</title>" not in html
    assert "<noscript>Activez &lt;b&gt;JavaScript&lt;/b&gt; &amp; rechargez la page.</noscript>" in html
    assert "<b>" not in html


@pytest.mark.parametrize("language", ["ar", "he-IL", "ar-XB"])
def test_a_language_written_right_to_left_serves_the_page_right_to_left(app, client, language):
    yaml = Path(app.config["TENANT_PATH"]) / "tenant.yaml"
    yaml.write_text(yaml.read_text().replace("\n  language: fr", f"\n  language: {language}", 1))
    assert f'<html lang="{language}" dir="rtl">' in client.get("/login").get_data(as_text=True)


def test_an_edit_of_the_tenants_words_reaches_the_page_at_once(app, client):
    first = client.get("/about")
    edit(
        Path(app.config["TENANT_PATH"]),
        'shell_try_again: "Réessayer"',
        'shell_try_again: "Encore"',
        Path("tenant.yaml"),
    )
    again = client.get("/about", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200
    assert first_words(again.get_data(as_text=True))["shell_try_again"] == "Encore"
