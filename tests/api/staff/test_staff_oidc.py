"""Staff sign-in through a real OpenID Connect provider (the certified `oidc-provider`, started as a
process from tests/fixtures/oidc): the code flow with PKCE, state and nonce; roles from a group
claim; sign-out that ends the provider's session; each bad answer refused with a page and recorded."""

import base64
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest
import requests
from joserfc import jwt
from joserfc.jwk import RSAKey

from engine import db
from engine.staff import members, oidc
from engine.staff.oidc_config import settings

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "oidc"
PUBLIC_URL = "http://staff.example.test"
CLIENT_ID, CLIENT_SECRET = "formengine-staff", "test-client-secret-0123456789"
ACCOUNTS = {
    "ada": {"email": "ada@uni.example.edu", "email_verified": True, "name": "Ada L", "groups": ["adm-export"]},
    "grace": {"email": "grace@uni.example.edu", "email_verified": True, "name": "Grace", "groups": ["adm-admin"]},
    "nogroup": {"email": "ned@uni.example.edu", "email_verified": True, "name": "Ned", "groups": ["library"]},
    "outsider": {"email": "eve@elsewhere.example", "email_verified": True, "name": "Eve", "groups": ["adm-read"]},
}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def provider():
    """The provider process: {"url", "key"} (its private signing key, to forge tokens with)."""
    if not shutil.which("node"):
        pytest.skip("node is missing")
    if not (FIXTURE / "node_modules" / "oidc-provider").exists():
        installed = subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund"], cwd=FIXTURE, capture_output=True, timeout=300
        )
        if installed.returncode != 0:
            pytest.fail(f"npm ci in {FIXTURE} failed: {installed.stderr.decode()[-500:]}")
    key = RSAKey.generate_key(2048, parameters={"kid": "test-key", "use": "sig", "alg": "RS256"}, private=True)
    config = {
        "client_id": CLIENT_ID,
        "client_secret": CLIENT_SECRET,
        "redirect_uri": f"{PUBLIC_URL}/staff/oidc/callback",
        "post_logout_redirect_uri": f"{PUBLIC_URL}/staff",
        "jwk": key.as_dict(private=True),
        "accounts": ACCOUNTS,
    }
    port = _free_port()
    process = subprocess.Popen(
        ["node", str(FIXTURE / "provider.mjs"), str(port)],
        env={**os.environ, "OIDC_TEST_CONFIG": json.dumps(config)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    said = []
    while not (said and said[-1].startswith("ready")) and len(said) < 20:  # warnings may come first
        said.append(process.stdout.readline())
        if not said[-1]:
            process.kill()
            pytest.fail(f"the provider did not start: {''.join(said)}")
    threading.Thread(target=process.stdout.read, daemon=True).start()  # its pipe never fills up
    yield {"url": f"http://127.0.0.1:{port}", "key": key}
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def oidc_settings(provider):
    return {
        "PUBLIC_URL": PUBLIC_URL,
        "STAFF_OIDC_ISSUER": provider["url"],
        "STAFF_OIDC_CLIENT_ID": CLIENT_ID,
        "STAFF_OIDC_CLIENT_SECRET_VAR": "TEST_OIDC_SECRET",
        "TEST_OIDC_SECRET": CLIENT_SECRET,
        "STAFF_OIDC_SCOPES": "openid email profile groups",
        "STAFF_OIDC_ALLOWED_DOMAINS": "uni.example.edu",
        "STAFF_OIDC_GROUP_CLAIM": "groups",
        "STAFF_OIDC_ROLE_GROUPS": "reader=adm-read,exporter=adm-export,administrator=adm-admin",
    }


@pytest.fixture
def app_overrides(oidc_settings):
    return oidc_settings


def _through_provider(provider, url: str, browser: requests.Session) -> str:
    """Follow the provider's redirects as a browser would, until it sends the browser back here."""
    for _ in range(12):
        if url.startswith(PUBLIC_URL):
            return url
        answer = browser.get(url, allow_redirects=False, timeout=10)
        assert answer.status_code in (302, 303), (url, answer.status_code, answer.text[:300])
        url = urljoin(url, answer.headers["Location"])
    raise AssertionError("the provider never sent the browser back")


def sign_in(app, provider, account: str, browser: requests.Session | None = None):
    """(the staff client, the callback's answer, the browser at the provider, the callback URL)."""
    client, browser = app.test_client(), browser or requests.Session()
    start = client.get("/staff/oidc/login")
    assert start.status_code == 303, start.get_data(as_text=True)
    requests.post(f"{provider['url']}/test/next-account", json={"account": account}, timeout=10)
    back = urlsplit(_through_provider(provider, start.headers["Location"], browser))
    return client, client.get(f"{back.path}?{back.query}"), browser, f"{back.path}?{back.query}"


def _staff_cookie(answer) -> bool:
    """Whether the answer sets a staff session cookie (the sign-in's own state cookie aside)."""
    return any(cookie.startswith("formengine_staff=") for cookie in answer.headers.getlist("Set-Cookie"))


def test_the_flow_uses_pkce_state_and_nonce(app, provider):
    start = app.test_client().get("/staff/oidc/login")
    location = urlsplit(start.headers["Location"])
    query = parse_qs(location.query)
    (kept,) = start.headers.getlist("Set-Cookie")  # the browser keeps its state for the callback
    assert kept.startswith(f"formengine_staff_oidc={query['state'][0]};")
    assert "HttpOnly" in kept and "SameSite=Lax" in kept and "Path=/staff/oidc" in kept
    assert f"{location.scheme}://{location.netloc}" == provider["url"]
    assert query["code_challenge_method"] == ["S256"] and len(query["code_challenge"][0]) == 43
    assert len(query["state"][0]) >= 32 and len(query["nonce"][0]) >= 32
    assert query["redirect_uri"] == [f"{PUBLIC_URL}/staff/oidc/callback"] and query["response_type"] == ["code"]
    assert app.test_client().get("/staff/api/sign-in-options").json == {"local": True, "oidc": True}


def test_a_member_signs_in_with_roles_from_the_group_claim(app, provider, sql):
    client, answer, _browser, _url = sign_in(app, provider, "ada")
    assert answer.status_code == 303 and answer.headers["Location"] == "/staff"
    (staff_cookie,) = [cookie for cookie in answer.headers.getlist("Set-Cookie") if "formengine_staff=" in cookie]
    assert "HttpOnly" in staff_cookie and "SameSite=Strict" in staff_cookie
    session = client.get("/staff/api/session").json
    assert (session["email"], session["role"], session["name"]) == ("ada@uni.example.edu", "exporter", "Ada L")
    assert client.get("/staff/api/exports?format=csv").status_code == 200
    assert client.get("/staff/api/audit").status_code == 403  # not an administrator
    (subject, password_hash), *_ = sql("SELECT subject, password_hash FROM staff_members")
    assert subject == f"oidc:{provider['url']}|ada" and password_hash is None
    assert ("ada@uni.example.edu", "sign_in") in sql("SELECT actor_label, action FROM audit_events")


@pytest.mark.parametrize(
    "account, says, reason",
    [
        ("nogroup", "is in no staff group here", "no_staff_group"),
        ("outsider", "may not sign in here", "domain_not_allowed"),
    ],
)
def test_outside_the_groups_or_domains_is_refused_and_recorded(app, provider, sql, account, says, reason):
    client, answer, _browser, _url = sign_in(app, provider, account)
    assert answer.status_code == 403 and says in answer.get_data(as_text=True)
    assert not _staff_cookie(answer)
    assert client.get("/staff/api/session").status_code == 401
    assert sql("SELECT action, detail FROM audit_events") == [("sign_in_failed", json.dumps({"reason": reason}))]


def test_a_state_that_does_not_match_or_a_replayed_callback_is_refused(app, provider, sql):
    client, answer, _browser, callback = sign_in(app, provider, "ada")
    assert answer.status_code == 303
    replayed = app.test_client().get(callback)  # the same code, state and nonce again
    assert replayed.status_code == 400 and "used already" in replayed.get_data(as_text=True)
    assert not _staff_cookie(replayed)
    forged = app.test_client().get("/staff/oidc/callback?code=abc&state=not-ours")
    assert forged.status_code == 400 and "Staff sign-in refused" in forged.get_data(as_text=True)
    failures = sql("SELECT detail FROM audit_events WHERE action = 'sign_in_failed'")
    assert failures == [('{"reason": "state_mismatch"}',), ('{"reason": "state_mismatch"}',)]


def _token(key, **changes) -> str:
    now = int(time.time())
    claims = {
        "iss": changes.pop("iss", None),
        "aud": CLIENT_ID,
        "sub": "ada",
        "iat": now,
        "exp": now + 300,
        "nonce": "n-1",
    }
    claims.update(changes)
    return jwt.encode({"alg": "RS256", "kid": key.kid}, claims, key)


def test_each_bad_id_token_is_refused(app, provider):
    with app.app_context():
        config = settings()
        metadata = oidc.discovery(config)
        issuer = provider["url"]
        good = _token(provider["key"], iss=issuer)
        assert oidc.verify_id_token(config, metadata, good, "n-1")["sub"] == "ada"
        other_key = RSAKey.generate_key(2048, parameters={"kid": "test-key"}, private=True)
        bad = {
            "bad_signature": _token(other_key, iss=issuer),
            "bad_iss": _token(provider["key"], iss="https://impostor.example"),
            "bad_aud": _token(provider["key"], iss=issuer, aud="someone-else"),
            "bad_exp": _token(provider["key"], iss=issuer, exp=int(time.time()) - 3600, iat=int(time.time()) - 7200),
            "bad_nonce": _token(provider["key"], iss=issuer, nonce="an-earlier-sign-in"),
        }
        for reason, token in bad.items():
            with pytest.raises(oidc.OidcRefused) as refused:
                oidc.verify_id_token(config, metadata, token, "n-1")
            assert refused.value.reason == reason
        tampered = good[:-4] + ("AAAA" if not good.endswith("AAAA") else "BBBB")
        with pytest.raises(oidc.OidcRefused, match="could not be verified"):
            oidc.verify_id_token(config, metadata, tampered, "n-1")


class IdTokenRewriter(ThreadingHTTPServer):
    """A real HTTP proxy between the app and the provider (the app's requests, and the test's browser's,
    reach it through `HTTP_PROXY`, as they would an institution's outbound proxy): it forwards each to the
    provider unchanged and answers with the provider's answer, except that the ID token in the token
    endpoint's answer is rewritten by `self.rewrite(claims) -> (claims, signing key)` when set. The
    real provider never issues a bad token itself; this is how the app receives one."""

    def __init__(self, provider_key):
        super().__init__(("127.0.0.1", 0), _Forward)
        self.provider_key = provider_key
        self.rewrite = None

    def rewritten(self, body: bytes) -> bytes:
        answer = json.loads(body)
        header_part, claims_part, _signature = answer["id_token"].split(".")
        header = json.loads(base64.urlsafe_b64decode(header_part + "=" * (-len(header_part) % 4)))
        claims = json.loads(base64.urlsafe_b64decode(claims_part + "=" * (-len(claims_part) % 4)))
        claims, key = self.rewrite(claims)
        answer["id_token"] = jwt.encode({"alg": header["alg"], "kid": header["kid"]}, claims, key or self.provider_key)
        return json.dumps(answer).encode()


class _Forward(BaseHTTPRequestHandler):
    def _forward(self):
        length = int(self.headers.get("Content-Length") or 0)
        skipped = {"host", "proxy-connection", "connection", "accept-encoding"}  # plain bodies, to read them
        headers = {name: value for name, value in self.headers.items() if name.lower() not in skipped}
        target = urlsplit(self.path)
        # http.client: straight to the provider (no proxy settings read), no cookie jar kept between browsers.
        upstream = http.client.HTTPConnection(target.hostname, target.port, timeout=10)
        path = f"{target.path}?{target.query}" if target.query else target.path
        upstream.request(self.command, path, body=self.rfile.read(length), headers=headers)
        answer = upstream.getresponse()
        body = answer.read()
        upstream.close()
        if self.server.rewrite and target.path == "/token" and answer.status == 200:
            body = self.server.rewritten(body)
        self.send_response(answer.status)
        for name, value in answer.getheaders():  # each Set-Cookie on its own
            if name.lower() not in {"content-length", "transfer-encoding", "connection", "keep-alive"}:
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _forward

    def log_message(self, *args):
        pass


@pytest.fixture
def token_proxy(provider, monkeypatch):
    server = IdTokenRewriter(provider["key"])
    threading.Thread(target=server.serve_forever, daemon=True).start()
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    for name in ("HTTP_PROXY", "http_proxy"):
        monkeypatch.setenv(name, f"http://127.0.0.1:{server.server_address[1]}")
    yield server
    server.shutdown()
    server.server_close()


def _changed(**changes):
    def rewrite(claims):
        return {key: value for key, value in {**claims, **changes}.items() if value is not None}, None

    return rewrite


OTHER_KEY = RSAKey.generate_key(2048, parameters={"kid": "test-key"}, private=True)  # the provider's kid
BAD_ID_TOKENS = {
    "bad_signature": lambda claims: (claims, OTHER_KEY),  # every claim right, signed with another key
    "bad_aud": _changed(aud="someone-else"),
    "bad_iss": _changed(iss="https://impostor.example"),
    "bad_exp": _changed(exp=int(time.time()) - 3600, iat=int(time.time()) - 7200),
    "bad_nonce": _changed(nonce="an-earlier-sign-in"),
    "missing nonce": _changed(nonce=None),
}


@pytest.mark.parametrize("case", list(BAD_ID_TOKENS))
def test_each_bad_id_token_is_refused_through_a_whole_sign_in(app, provider, token_proxy, sql, case):
    """The whole redirect (the app's sign-in, the provider's login and consent, the callback) with a
    bad ID token in the token endpoint's answer: the member sees a page saying the sign-in could
    not be verified, no staff cookie is set, nobody is signed in, and the failure is recorded."""
    client, answer, _browser, _url = sign_in(app, provider, "ada")
    assert answer.status_code == 303, "through the proxy, unchanged, a sign-in works"
    token_proxy.rewrite = BAD_ID_TOKENS[case]
    client, answer, _browser, _url = sign_in(app, provider, "grace")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400 and "Staff sign-in refused" in page and "could not be verified" in page
    assert not _staff_cookie(answer)
    assert client.get("/staff/api/session").status_code == 401
    assert sql("SELECT email FROM staff_members") == [("ada@uni.example.edu",)]  # grace never got in
    reason = "bad_nonce" if case == "missing nonce" else case
    assert sql("SELECT actor_label, action, detail FROM audit_events WHERE action LIKE 'sign_in%' ORDER BY id") == [
        ("ada@uni.example.edu", "sign_in", json.dumps({"via": "identity provider"})),
        ("identity provider", "sign_in_failed", json.dumps({"reason": reason})),
    ]


def test_a_callback_opened_in_another_browser_is_refused(app, provider, sql):
    """The provider's answer carries the state of the browser that set off; the same callback opened
    in another browser (a sign-in link passed on to someone, or another sign-in's state swapped in)
    signs nobody in there, and is recorded."""
    started = app.test_client()
    start = started.get("/staff/oidc/login")
    requests.post(f"{provider['url']}/test/next-account", json={"account": "grace"}, timeout=10)
    back = urlsplit(_through_provider(provider, start.headers["Location"], requests.Session()))
    other = app.test_client()
    assert other.get("/staff/oidc/login").status_code == 303  # its own sign-in, its own state
    answer = other.get(f"{back.path}?{back.query}")
    assert answer.status_code == 400 and "not valid here" in answer.get_data(as_text=True)
    assert not _staff_cookie(answer)
    assert other.get("/staff/api/session").status_code == 401
    swapped = dict(parse_qs(back.query), state=["an-other-sign-ins-state"])
    answer = started.get(back.path, query_string={key: values[0] for key, values in swapped.items()})
    assert answer.status_code == 400 and started.get("/staff/api/session").status_code == 401
    assert sql("SELECT detail FROM audit_events WHERE action = 'sign_in_failed'") == [
        ('{"reason": "state_mismatch"}',),
        ('{"reason": "state_mismatch"}',),
    ]
    assert sql("SELECT count(*) FROM staff_sessions") == [(0,)]


def test_signing_out_ends_the_providers_session_too(app, provider):
    client, answer, browser, _url = sign_in(app, provider, "grace")
    assert client.get("/staff/api/session").json["role"] == "administrator"
    out = client.delete("/staff/api/session", json={})
    assert out.status_code == 200 and client.get("/staff/api/session").status_code == 401
    logout = urlsplit(out.json["logout_url"])
    assert out.json["logout_url"].startswith(provider["url"])
    assert parse_qs(logout.query) == {"client_id": [CLIENT_ID], "post_logout_redirect_uri": [f"{PUBLIC_URL}/staff"]}
    # While the provider's session lives, a new sign-in comes straight back, with no interaction.
    again = urlsplit(app.test_client().get("/staff/oidc/login").headers["Location"])
    straight = browser.get(f"{provider['url']}{again.path}?{again.query}", allow_redirects=False, timeout=10)
    assert "/interaction/" not in straight.headers["Location"]
    page = browser.get(out.json["logout_url"], timeout=10)
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', page.text))
    action = re.search(r'action="([^"]+)"', page.text).group(1)
    ended = browser.post(
        urljoin(provider["url"], action), data={**fields, "logout": "yes"}, allow_redirects=False, timeout=10
    )
    assert ended.headers["Location"] == f"{PUBLIC_URL}/staff"
    after = urlsplit(app.test_client().get("/staff/oidc/login").headers["Location"])
    asked = browser.get(f"{provider['url']}{after.path}?{after.query}", allow_redirects=False, timeout=10)
    assert "/interaction/" in asked.headers["Location"]  # the provider asks who it is again


def test_without_a_group_claim_roles_come_from_the_command_line(app, provider, sql):
    app.config.update(STAFF_OIDC_GROUP_CLAIM="", STAFF_OIDC_ROLE_GROUPS="")
    _client, answer, browser, _url = sign_in(app, provider, "nogroup")
    assert answer.status_code == 403 and "has no staff role yet" in answer.get_data(as_text=True)
    assert sql("SELECT email, roles FROM staff_members") == [("ned@uni.example.edu", "")]
    with app.app_context():
        session = db.session()
        members.set_roles(session, "ned@uni.example.edu", ["reader"])
        session.commit()
    client, answer, _browser, _url = sign_in(app, provider, "nogroup", browser)
    assert answer.status_code == 303 and client.get("/staff/api/session").json["role"] == "reader"


def test_a_disabled_member_is_refused_at_the_provider_sign_in(app, provider, sql):
    _client, answer, browser, _url = sign_in(app, provider, "ada")
    assert answer.status_code == 303
    sql("UPDATE staff_members SET disabled_at = created_at")
    _client, answer, _browser, _url = sign_in(app, provider, "ada", browser)
    assert answer.status_code == 403 and "disabled" in answer.get_data(as_text=True)


@pytest.mark.parametrize(
    "changes, says",
    [
        ({"TEST_OIDC_SECRET": ""}, "TEST_OIDC_SECRET are needed"),
        ({"STAFF_OIDC_ISSUER": "http://idp.example"}, "https:// URL"),
        ({"STAFF_OIDC_ROLE_GROUPS": "boss=adm"}, "'boss=adm' is not role=group"),
        ({"STAFF_OIDC_ROLE_GROUPS": ""}, "STAFF_OIDC_ROLE_GROUPS must map"),
    ],
)
def test_a_provider_setting_that_cannot_work_stops_the_start(oidc_settings, database_url, tmp_path, changes, says):
    from engine.app import create_app
    from engine.staff.oidc_config import OidcMisconfigured

    overrides = {"TESTING": True, "DATABASE_URL": database_url, "INSTANCE_PATH": str(tmp_path / "i")}
    with pytest.raises(OidcMisconfigured, match=re.escape(says)):
        create_app({**overrides, **oidc_settings, **changes})
