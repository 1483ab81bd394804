"""Adapter to a self-hosted Photon server (https://github.com/komoot/photon), `GET /api?q=`.

Photon has no look-up by id, and app processes keep no state, so each suggestion's id carries
its own address, signed with the lookup-id key (engine/signing.py) so that an id cannot be made up.
"""

import http.client
import json
import logging
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

from itsdangerous import BadSignature, URLSafeSerializer

from engine import signing
from engine.lookup.countries import alpha3
from engine.lookup.providers import LookupProvider, LookupResult, LookupUnavailable

log = logging.getLogger(__name__)

ID_PREFIX = "p."
MAX_RESPONSE_BYTES = 1_000_000
ADDRESS_FIELDS = ("address_line_1", "city", "state", "zip", "country")
# Countries that write the house number before the street ("10 Main St"); elsewhere it follows.
NUMBER_FIRST = {"US", "CA", "GB", "IE", "AU", "NZ", "FR", "BE", "LU", "ZA", "IN", "SG", "MY", "PH", "IL"}
REGION_CODES = {
    "alabama": "AL",
    "alaska": "AK",
    "arizona": "AZ",
    "arkansas": "AR",
    "california": "CA",
    "colorado": "CO",
    "connecticut": "CT",
    "delaware": "DE",
    "district of columbia": "DC",
    "florida": "FL",
    "georgia": "GA",
    "hawaii": "HI",
    "idaho": "ID",
    "illinois": "IL",
    "indiana": "IN",
    "iowa": "IA",
    "kansas": "KS",
    "kentucky": "KY",
    "louisiana": "LA",
    "maine": "ME",
    "maryland": "MD",
    "massachusetts": "MA",
    "michigan": "MI",
    "minnesota": "MN",
    "mississippi": "MS",
    "missouri": "MO",
    "montana": "MT",
    "nebraska": "NE",
    "nevada": "NV",
    "new hampshire": "NH",
    "new jersey": "NJ",
    "new mexico": "NM",
    "new york": "NY",
    "north carolina": "NC",
    "north dakota": "ND",
    "ohio": "OH",
    "oklahoma": "OK",
    "oregon": "OR",
    "pennsylvania": "PA",
    "rhode island": "RI",
    "south carolina": "SC",
    "south dakota": "SD",
    "tennessee": "TN",
    "texas": "TX",
    "utah": "UT",
    "vermont": "VT",
    "virginia": "VA",
    "washington": "WA",
    "west virginia": "WV",
    "wisconsin": "WI",
    "wyoming": "WY",
    "puerto rico": "PR",
    "guam": "GU",
    "alberta": "AB",
    "british columbia": "BC",
    "manitoba": "MB",
    "new brunswick": "NB",
    "newfoundland and labrador": "NL",
    "nova scotia": "NS",
    "ontario": "ON",
    "prince edward island": "PE",
    "quebec": "QC",
    "québec": "QC",
    "saskatchewan": "SK",
    "northwest territories": "NT",
    "nunavut": "NU",
    "yukon": "YT",
}


class PhotonProvider(LookupProvider):
    """Address suggestions from Photon; raises LookupUnavailable on any failure so that a
    FallbackProvider can answer from the embedded index. After a failure Photon is left alone
    for `retry_after` seconds, so applicants do not wait for a time-out on every keystroke."""

    name = "photon"

    def __init__(
        self,
        base_url: str,
        keyring: signing.Keyring,
        timeout: float = 1.0,
        language: str = "en",
        retry_after: float = 30.0,
    ):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.language = language
        self.retry_after = retry_after
        self._keyring = keyring
        # A self-hosted engine is reached directly: http_proxy and friends in the environment are ignored.
        self._opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        self._down_until = 0.0
        self._lock = threading.Lock()

    def _ids(self) -> URLSafeSerializer:
        """Signs with the current lookup-id key; during a rotation the previous one still verifies."""
        return URLSafeSerializer(list(reversed(self._keyring.keys(signing.LOOKUP_ID))), salt="formengine.lookup.photon")

    def search(self, category: str, text: str, limit: int) -> list[LookupResult]:
        features = self._fetch(text, limit)
        results, seen = [], set()
        for feature in features:
            address = _address(feature)
            if address is None or not address["address_line_1"] or tuple(address.values()) in seen:
                continue
            key = tuple(address.values())
            seen.add(key)
            results.append(
                LookupResult(
                    text=address["address_line_1"],
                    id=ID_PREFIX + self._ids().dumps(list(key)),
                    sub_text=_place(address),
                )
            )
        return results[:limit]

    def detail(self, category: str, record_id: str) -> dict | None:
        if not record_id.startswith(ID_PREFIX):
            return None
        try:
            values = self._ids().loads(record_id[len(ID_PREFIX) :])
        except BadSignature:
            return None
        # not strict: the id is signed by us, and any length it holds is one we wrote
        return {"id": record_id, **dict(zip(ADDRESS_FIELDS, values, strict=False))}

    def _fetch(self, text: str, limit: int) -> list:
        if time.monotonic() < self._down_until:
            raise LookupUnavailable(f"{self.base_url} failed less than {self.retry_after:g} s ago")
        query = urllib.parse.urlencode({"q": text, "limit": min(2 * limit, 40), "lang": self.language})
        url = f"{self.base_url}/api?{query}"
        started = time.perf_counter()
        try:
            request = urllib.request.Request(
                url, headers={"Accept": "application/json", "User-Agent": "formengine-lookup"}
            )
            with self._opener.open(request, timeout=self.timeout) as response:
                body = response.read(MAX_RESPONSE_BYTES + 1)
            if len(body) > MAX_RESPONSE_BYTES:
                raise ValueError("response too large")
            features = json.loads(body)["features"]
            if not isinstance(features, list):
                raise ValueError("'features' is not a list")
        except (
            TimeoutError,
            urllib.error.URLError,
            http.client.HTTPException,
            ConnectionError,
            ValueError,
            KeyError,
            TypeError,
        ) as exc:
            with self._lock:
                self._down_until = time.monotonic() + self.retry_after
            raise LookupUnavailable(f"{self.base_url}: {exc!r} after {time.perf_counter() - started:.2f} s") from exc
        return features


def _address(feature) -> dict | None:
    properties = feature.get("properties") if isinstance(feature, dict) else None
    if not isinstance(properties, dict):
        return None
    text = {key: str(value).strip() for key, value in properties.items() if isinstance(value, (str, int))}
    country = text.get("countrycode", "").upper()
    street = text.get("street") or (text.get("name", "") if text.get("type") == "street" else "")
    number = text.get("housenumber", "")
    if street and number:
        line = f"{number} {street}" if country in NUMBER_FIRST else f"{street} {number}"
    else:
        line = street
    state = text.get("state", "")
    if country in {"US", "CA"}:
        state = REGION_CODES.get(state.casefold(), state)
    city = text.get("city") or text.get("town") or text.get("village") or text.get("locality") or ""
    return {
        "address_line_1": line,
        "city": city,
        "state": state,
        "zip": text.get("postcode", ""),
        "country": alpha3(country),
    }


def _place(address: dict) -> str:
    region = " ".join(p for p in (address["state"], address["zip"]) if p)
    return ", ".join(p for p in (address["city"], region, address["country"]) if p)
