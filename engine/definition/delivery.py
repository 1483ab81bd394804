"""Delivery targets (tenant.yaml `delivery:`): where each submitted application is sent. Checked for
meaning (a webhook URL with a host and no credentials, no target twice) and compiled to a list of
targets, one per e-mail address and one per webhook, each remembering where it was written.

Pure: no Flask, no database. The targets are the deployment's, not the form's: they are not part of
the compiled form's data (never published at /public/form, no effect on its version id).
"""

from urllib.parse import urlsplit

from engine.definition.load.loader import LocDict
from engine.definition.places import join
from engine.definition.problems import Problem

DEFAULT_TIMEOUT_S = 10


def _targets(tenant: LocDict):
    """(index, kind, spec) of each well-formed target (the schema has checked their shapes)."""
    for index, target in enumerate(tenant.get("delivery") or []):
        if isinstance(target, dict) and len(target) == 1:
            kind, spec = next(iter(target.items()))
            if isinstance(spec, LocDict):
                yield index, kind, spec


def check_delivery(tenant: LocDict, problems: list[Problem]) -> None:
    seen: set[str] = set()
    for index, kind, spec in _targets(tenant):
        place = join("tenant", f"delivery target {index + 1}")
        if kind == "webhook":
            _check_url(spec, place, problems)
            names = [str(spec.get("url"))]
            wheres = [spec.where("url")]
        else:
            names = [str(address).strip().lower() for address in spec.get("to") or []]
            wheres = [spec["to"].where(i) for i in range(len(names))]
        for name, where in zip(names, wheres, strict=True):
            if name in seen:
                problems.append(
                    Problem(
                        where,
                        "DUPLICATE_TARGET",
                        f"'{name}' is a delivery target twice, so it would get every application twice",
                        "list each address and each webhook once",
                        place,
                    )
                )
            seen.add(name)


def _check_url(spec: LocDict, place: str, problems: list[Problem]) -> None:
    url = str(spec.get("url") or "")
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 (a bad port raises here)
    except ValueError:
        host, parts = None, None
    if not host:
        problems.append(
            Problem(
                spec.where("url"),
                "BAD_URL",
                f"'{url}' is not a URL a webhook can be sent to",
                "write the receiver's whole address, e.g. https://sis.example.edu/hooks/apply",
                place,
            )
        )
    elif parts is not None and (parts.username or parts.password):
        problems.append(
            Problem(
                spec.where("url"),
                "URL_CREDENTIALS",
                "the webhook URL carries a user name or password, which would be written into logs",
                "remove them: each request is signed with the secret of secret_env "
                "(webhook-signature), which the receiver checks",
                place,
            )
        )


def compile_delivery(tenant: LocDict) -> list[dict]:
    """One target per e-mail address and per webhook, in the order written."""
    targets: list[dict] = []
    for _, kind, spec in _targets(tenant):
        if kind == "email":
            for index, address in enumerate(spec.get("to") or []):
                where = str(spec["to"].where(index))
                targets.append({"kind": "email", "to": str(address).strip(), "where": where})
        else:
            targets.append(
                {
                    "kind": "webhook",
                    "url": str(spec["url"]),
                    "secret_env": str(spec["secret_env"]),
                    "timeout_s": float(spec.get("timeout_s") or DEFAULT_TIMEOUT_S),
                    "where": str(spec.where("secret_env")),
                }
            )
    return targets
