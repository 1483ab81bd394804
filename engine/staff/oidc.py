"""Sign-in through the institution's identity provider (OpenID Connect, authorization code with
PKCE, `state` and `nonce`), with Authlib for the protocol and joserfc (Authlib's JOSE library) for
the ID token: its signature against the provider's published keys, its issuer, audience, expiry and
nonce. A sign-in request is kept server-side and used once; everything refused says why."""

import dataclasses
import datetime as dt
import hmac
import time
from urllib.parse import urlencode

import requests
from authlib.common.security import generate_token
from authlib.integrations.requests_client import OAuth2Session
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from engine.accounts.models import utcnow
from engine.accounts.tokens import token_hash
from engine.staff.models import ROLES, StaffMember, StaffSignInRequest
from engine.staff.oidc_config import OidcSettings

REQUEST_TTL = dt.timedelta(minutes=10)  # a sign-in not back from the provider by then is refused
HTTP_TIMEOUT_S = 10
LEEWAY_S = 60  # clocks a little apart
ALGORITHMS = ["RS256", "PS256", "ES256"]
_DISCOVERY_TTL_S = 600
_discovered: dict[str, tuple[float, dict]] = {}
STATE_MISMATCH = "This sign-in link is not valid here or was used already. Start again."


class OidcRefused(Exception):
    """A refused sign-in: `reason` is recorded, `message` is shown."""

    def __init__(self, reason: str, message: str):
        super().__init__(message)
        self.reason = reason
        self.message = message


def _get_json(url: str) -> dict:
    try:
        response = requests.get(url, timeout=HTTP_TIMEOUT_S)
        response.raise_for_status()
        return response.json()
    except (requests.RequestException, ValueError) as error:
        raise OidcRefused(
            "provider_unreachable", "The sign-in service could not be reached. Try again later."
        ) from error


def discovery(config: OidcSettings, fresh: bool = False) -> dict:
    """The provider's metadata (cached a few minutes), its issuer checked against the setting."""
    cached = _discovered.get(config.issuer)
    if cached and not fresh and time.monotonic() - cached[0] < _DISCOVERY_TTL_S:
        return cached[1]
    metadata = _get_json(f"{config.issuer}/.well-known/openid-configuration")
    if metadata.get("issuer", "").rstrip("/") != config.issuer:
        raise OidcRefused("issuer_mismatch", "The sign-in service is not the one configured.")
    metadata["jwks"] = _get_json(metadata["jwks_uri"])
    _discovered[config.issuer] = (time.monotonic(), metadata)
    return metadata


def _client(config: OidcSettings, redirect_uri: str) -> OAuth2Session:
    return OAuth2Session(
        config.client_id,
        config.client_secret,
        scope=config.scopes,
        redirect_uri=redirect_uri,
        code_challenge_method="S256",
        token_endpoint_auth_method="client_secret_basic",
    )


def begin(session: Session, config: OidcSettings, redirect_uri: str) -> tuple[str, str]:
    """Where to send the browser (the provider's authorization URL for a new, stored request) and
    its `state`, which the browser also keeps in a cookie of its own: the callback must bring both."""
    state, nonce, verifier = generate_token(32), generate_token(32), generate_token(64)
    session.execute(delete(StaffSignInRequest).where(StaffSignInRequest.created_at < utcnow() - REQUEST_TTL))
    session.add(StaffSignInRequest(state_hash=token_hash(state), nonce=nonce, code_verifier=verifier))
    session.commit()
    endpoint = discovery(config)["authorization_endpoint"]
    url, _state = _client(config, redirect_uri).create_authorization_url(
        endpoint, state=state, nonce=nonce, code_verifier=verifier
    )
    return url, state


def _take_request(session: Session, state: str) -> StaffSignInRequest:
    """The stored request this `state` names, deleted as it is read (a callback works once)."""
    found = session.scalar(select(StaffSignInRequest).where(StaffSignInRequest.state_hash == token_hash(state or "")))
    if found is None:
        raise OidcRefused("state_mismatch", STATE_MISMATCH)
    session.delete(found)
    session.commit()
    if found.created_at < utcnow() - REQUEST_TTL:
        raise OidcRefused("request_expired", "The sign-in took too long. Start again.")
    return found


def finish(session: Session, config: OidcSettings, redirect_uri: str, args: dict, started: str = "") -> dict:
    """The provider's answer (the callback's query) turned into verified ID token claims. `started`:
    the state this browser was given when it set off (its cookie); a callback with another state
    (another browser's sign-in, a link passed on) is refused before anything is used."""
    if not started or not hmac.compare_digest(started.encode(), str(args.get("state", "")).encode()):
        raise OidcRefused("state_mismatch", STATE_MISMATCH)
    if args.get("error"):
        raise OidcRefused(
            "provider_error", f"The sign-in service refused: {args.get('error_description') or args['error']}."
        )
    request = _take_request(session, args.get("state", ""))
    metadata = discovery(config)
    try:
        token = _client(config, redirect_uri).fetch_token(
            metadata["token_endpoint"], code=args.get("code", ""), code_verifier=request.code_verifier
        )
    except Exception as error:  # Authlib raises its OAuth errors and requests' alike
        raise OidcRefused(
            "code_exchange_failed", "The sign-in service did not confirm the sign-in. Start again."
        ) from error
    return verify_id_token(config, metadata, token.get("id_token") or "", request.nonce)


def verify_id_token(config: OidcSettings, metadata: dict, id_token: str, nonce: str, now: float | None = None) -> dict:
    """The ID token's claims when its signature is the provider's and its issuer, audience, expiry
    and nonce are right; otherwise OidcRefused saying which."""
    try:
        decoded = jwt.decode(id_token, KeySet.import_key_set(metadata["jwks"]), algorithms=ALGORITHMS)
    except (JoseError, ValueError) as error:
        raise OidcRefused("bad_signature", "The sign-in could not be verified.") from error
    claims = decoded.claims
    registry = jwt.JWTClaimsRegistry(
        now=int(now) if now is not None else None,
        leeway=LEEWAY_S,
        iss={"essential": True, "value": config.issuer},
        aud={"essential": True, "value": config.client_id},
        exp={"essential": True},
        sub={"essential": True},
        nonce={"essential": True, "value": nonce},
    )
    try:
        registry.validate(claims)
    except JoseError as error:
        claim = getattr(error, "claim", "") or "token"
        raise OidcRefused(f"bad_{claim}", f"The sign-in could not be verified ({claim}).") from error
    audiences = claims["aud"] if isinstance(claims["aud"], list) else [claims["aud"]]
    if len(audiences) > 1 and claims.get("azp") != config.client_id:
        raise OidcRefused("bad_azp", "The sign-in could not be verified (azp).")
    return claims


@dataclasses.dataclass(frozen=True)
class Identity:
    subject: str
    email: str
    name: str
    roles: list[str] | None  # None: no group claim configured, the member's roles stand


def identity(config: OidcSettings, claims: dict) -> Identity:
    """Who signed in, and their roles from the group claim; refused outside the allowed domains or groups."""
    email = str(claims.get("email") or "").strip().lower()
    if not email or claims.get("email_verified") is False:
        raise OidcRefused("no_verified_email", "Your account has no verified e-mail address.")
    if config.allowed_domains and email.rsplit("@", 1)[-1] not in config.allowed_domains:
        raise OidcRefused("domain_not_allowed", f"{email} may not sign in here.")
    roles = None
    if config.group_claim:
        groups = claims.get(config.group_claim) or []
        groups = [groups] if isinstance(groups, str) else list(groups)
        roles = [role for role in ROLES if config.role_groups.get(role) in groups]
        if not roles:
            raise OidcRefused("no_staff_group", f"{email} is in no staff group here. Ask an administrator.")
    subject = f"oidc:{claims['iss']}|{claims['sub']}"
    return Identity(subject, email, str(claims.get("name") or ""), roles)


def member_for(session: Session, who: Identity) -> StaffMember:
    """The member row for this identity, made or updated (roles from the group claim); the caller
    commits (a new member without a role is kept, so an administrator can give one)."""
    member = session.scalar(select(StaffMember).where(StaffMember.subject == who.subject))
    if member is None:
        taken = session.scalar(select(StaffMember).where(StaffMember.email == who.email))
        if taken is not None:
            raise OidcRefused("email_taken", f"A local staff account already uses {who.email}. Ask an administrator.")
        member = StaffMember(subject=who.subject, email=who.email, roles="")
        session.add(member)
    member.email, member.name = who.email, who.name or member.name
    if who.roles is not None:
        member.roles = " ".join(who.roles)
    return member


def check_member(member: StaffMember) -> None:
    """Refused when disabled or without a role (an administrator gives one: `formengine staff role`)."""
    if member.disabled_at is not None:
        raise OidcRefused("disabled", "This staff account is disabled. Ask an administrator.")
    if not member.role_list:
        raise OidcRefused("no_role", f"{member.email} has no staff role yet. Ask an administrator.")


def logout_url(config: OidcSettings, after: str) -> str | None:
    """The provider's sign-out address (RP-initiated logout) when it has one."""
    endpoint = discovery(config).get("end_session_endpoint")
    if not endpoint:
        return None
    return f"{endpoint}?{urlencode({'client_id': config.client_id, 'post_logout_redirect_uri': after})}"
