"""The identity provider's settings, from the environment (or the app's config, which wins):

STAFF_OIDC_ISSUER              the provider's issuer URL (its /.well-known/openid-configuration is read)
STAFF_OIDC_CLIENT_ID           this application's client id there
STAFF_OIDC_CLIENT_SECRET_VAR   the name of the variable that holds the client secret
                               (default STAFF_OIDC_CLIENT_SECRET)
STAFF_OIDC_SCOPES              default "openid email profile"
STAFF_OIDC_ALLOWED_DOMAINS     comma-separated e-mail domains allowed to sign in (empty: any)
STAFF_OIDC_GROUP_CLAIM         the ID token claim listing the member's groups (empty: roles are set
                               with `formengine staff role`)
STAFF_OIDC_ROLE_GROUPS         role=group pairs, comma-separated: reader=adm-read,exporter=adm-export
"""

import dataclasses
import os

from flask import current_app

from engine.errors import StartRefused
from engine.staff.models import ROLES


class OidcMisconfigured(StartRefused):
    """A setting that cannot work: the process refuses to start, the message names the setting."""


@dataclasses.dataclass(frozen=True)
class OidcSettings:
    issuer: str
    client_id: str
    client_secret: str
    scopes: str
    allowed_domains: tuple[str, ...]
    group_claim: str
    role_groups: dict[str, str]  # role -> group


def _setting(name: str, default: str = "") -> str:
    value = current_app.config.get(name)
    return str(value if value is not None else os.environ.get(name, default)).strip()


def settings() -> OidcSettings | None:
    """The provider's settings, or None when no provider is configured (local accounts only)."""
    issuer = _setting("STAFF_OIDC_ISSUER").rstrip("/")
    if not issuer:
        return None
    client_id = _setting("STAFF_OIDC_CLIENT_ID")
    secret_var = _setting("STAFF_OIDC_CLIENT_SECRET_VAR", "STAFF_OIDC_CLIENT_SECRET")
    secret = _setting(secret_var)
    if not client_id or not secret:
        raise OidcMisconfigured(f"STAFF_OIDC_ISSUER is set: STAFF_OIDC_CLIENT_ID and {secret_var} are needed too")
    if not issuer.startswith("https://") and not issuer.startswith(("http://127.0.0.1", "http://localhost")):
        raise OidcMisconfigured(f"STAFF_OIDC_ISSUER must be an https:// URL (got {issuer})")
    group_claim = _setting("STAFF_OIDC_GROUP_CLAIM")
    role_groups = _role_groups(_setting("STAFF_OIDC_ROLE_GROUPS"))
    if group_claim and not role_groups:
        raise OidcMisconfigured("STAFF_OIDC_GROUP_CLAIM is set: STAFF_OIDC_ROLE_GROUPS must map roles to groups")
    return OidcSettings(
        issuer=issuer,
        client_id=client_id,
        client_secret=secret,
        scopes=_setting("STAFF_OIDC_SCOPES", "openid email profile"),
        allowed_domains=tuple(
            d.strip().lower() for d in _setting("STAFF_OIDC_ALLOWED_DOMAINS").split(",") if d.strip()
        ),
        group_claim=group_claim,
        role_groups=role_groups,
    )


def _role_groups(text: str) -> dict[str, str]:
    pairs = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        role, _, group = part.partition("=")
        if role.strip() not in ROLES or not group.strip():
            raise OidcMisconfigured(f"STAFF_OIDC_ROLE_GROUPS: {part!r} is not role=group (roles: {', '.join(ROLES)})")
        pairs[role.strip()] = group.strip()
    return pairs
