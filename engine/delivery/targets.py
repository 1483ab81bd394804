"""Where a webhook may be sent: only to public addresses, unless the deployment allows a host by
name (`DELIVERY_ALLOW_HOSTS`). Pure: the caller resolves the name and connects to an address this
module accepted, so a name that changes its answer between the check and the connection (DNS
rebinding) reaches nothing it was not allowed to.

A tenant's webhook URL could otherwise make the worker post an application, with its signed links,
to the machine's own services, the cloud's metadata address (169.254.169.254) or the private network.
"""

from __future__ import annotations

import ipaddress

# The kinds of address refused, each with the words that say so; the first that fits is named.
_REFUSED = (
    ("is_loopback", "a loopback address"),
    ("is_link_local", "a link-local address"),
    ("is_multicast", "a multicast address"),
    ("is_unspecified", "the unspecified address"),
    ("is_private", "a private address"),
    ("is_reserved", "a reserved address"),
)


def allowed_hosts(setting: str | None) -> frozenset[str]:
    """DELIVERY_ALLOW_HOSTS: comma-separated host names or IP literals, compared without case."""
    return frozenset(part.strip().lower().strip("[]") for part in (setting or "").split(",") if part.strip())


def _kind(address: str) -> str | None:
    """What is wrong with sending to `address`, or None for a public address."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])  # an IPv6 zone index names no other address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    for test, words in _REFUSED:
        if getattr(ip, test):
            return words
    return None if ip.is_global else "not a public address"


def refusal(host: str, addresses: list[str], allowed: frozenset[str]) -> str | None:
    """Why `host`, resolved to `addresses`, may not be sent to, or None. Allowed by name (the URL's
    host) or by an address; otherwise every address it resolves to must be public."""
    host = host.lower().strip("[]")
    if host in allowed:
        return None
    for address in addresses:
        kind = _kind(address)
        if kind and address.lower() not in allowed:
            shown = f"{host} is" if host == address.lower() else f"{host} resolves to {address},"
            return (
                f"refused: {shown} {kind}; webhooks go only to public addresses unless the deployment "
                f"allows the host in DELIVERY_ALLOW_HOSTS"
            )
    return None
