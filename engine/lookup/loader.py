"""Reading lookup CSV files (the bundled sample, NCES/IPEDS extracts, CEEB crosswalks) into entries."""

import csv
import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from engine.lookup import CATEGORIES, SCHOOL_CATEGORIES
from engine.lookup.countries import alpha3
from engine.lookup.text import name_key, tidy_case

# Column names each field is read from, case-insensitively: our own sample's names first, then
# the UCBoulder CEEB-NCES crosswalk (HS_*), NCES CCD (public), NCES PSS (private) and IPEDS.
COLUMNS = {
    "category": ("category",),
    "id": ("id",),
    "name": ("name", "hs_name", "sch_name", "school_name", "pinst", "instnm"),
    "other_names": ("other_names", "match_name", "ialias", "alias"),
    "ceeb": ("ceeb", "hs_ceeb", "college_ceeb", "ceeb_code", "ai_code", "di_code"),
    "nces_id": ("nces_id", "hs_nces", "ncessch", "ppin", "unitid"),
    "address_line_1": ("address_line_1", "address", "lstreet1", "pl_add", "addr", "street"),
    "city": ("city", "hs_city", "lcity", "pl_cit"),
    "state": ("state", "hs_state", "lstate", "pl_stabb", "stabbr"),
    "zip": ("zip", "hs_postal_cd", "postal_code", "postcode", "lzip", "pl_zip", "zipcode"),
    "country": ("country", "country_code"),
}
CEEB_DIGITS = {"hs_ceeb": 6, "college_ceeb": 4}


class LoadError(Exception):
    """A file the loader cannot use; the message names the file and the fix."""


@dataclass
class Entry:
    category: str
    id: str
    name: str
    other_names: list[str] = field(default_factory=list)
    ceeb: str = ""
    nces_id: str = ""
    address_line_1: str = ""
    city: str = ""
    state: str = ""
    zip: str = ""
    country: str = ""

    @property
    def display(self) -> str:
        return self.name if self.category in SCHOOL_CATEGORIES else self.address_line_1


def read_csv(path: Path, category: str | None = None, country: str = "USA", encoding: str = "utf-8") -> Iterator[dict]:
    """Rows of one CSV file as field -> value dicts, each with its category."""
    encoding = "utf-8-sig" if encoding.replace("_", "-").lower() in {"utf-8", "utf8"} else encoding
    with open(path, newline="", encoding=encoding) as handle:
        reader = csv.DictReader(handle)
        headers = {name.strip().lower(): name for name in reader.fieldnames or ()}
        columns = {f: next((headers[a] for a in aliases if a in headers), None) for f, aliases in COLUMNS.items()}
        if not (columns["name"] or columns["address_line_1"]):
            raise LoadError(
                f"{path}: no name or address column; expected one of "
                f"{', '.join(COLUMNS['name'] + COLUMNS['address_line_1'])}"
            )
        file_category = category or _category_from_file(path, headers, columns)
        for line, row in enumerate(reader, start=2):
            record = {f: (row.get(col) or "").strip() if col else "" for f, col in columns.items()}
            record["category"] = file_category or record["category"]
            if record["category"] not in CATEGORIES:
                raise LoadError(
                    f"{path}:{line}: unknown category {record['category']!r}; "
                    f"use one of {', '.join(CATEGORIES)} or pass --category"
                )
            record["country"] = alpha3(record["country"] or country)
            yield record


def _category_from_file(path: Path, headers: dict, columns: dict) -> str | None:
    if columns["category"]:
        return None
    if path.stem in CATEGORIES:
        return path.stem
    if "hs_ceeb" in headers:
        return "hs_ceeb"
    raise LoadError(
        f"{path}: cannot tell which category its rows are; pass --category "
        f"({', '.join(CATEGORIES)}) or add a 'category' column"
    )


def entries_from_records(records: Iterable[dict]) -> tuple[list[Entry], int]:
    """Merge rows describing the same school (alternative names), give every entry a unique id."""
    merged: dict[tuple, Entry] = {}
    skipped = 0
    for record in records:
        entry = _entry(record)
        if entry is None:
            skipped += 1
            continue
        key = (entry.category, entry.ceeb, entry.nces_id) if entry.ceeb else (entry.category, entry.id)
        if key in merged:
            _add_names(merged[key], [entry.name, *entry.other_names])
        else:
            merged[key] = entry
    return _unique_ids(list(merged.values())), skipped


def _entry(record: dict) -> Entry | None:
    category = record["category"]
    ceeb = record["ceeb"]
    if ceeb.isdigit() and category in CEEB_DIGITS:
        ceeb = ceeb.zfill(CEEB_DIGITS[category])
    zip_code = record["zip"]
    if zip_code.isdigit() and len(zip_code) < 5 and record["country"] == "USA":
        zip_code = zip_code.zfill(5)
    entry = Entry(
        category=category,
        id=record["id"],
        name=tidy_case(record["name"]),
        ceeb=ceeb,
        nces_id=record["nces_id"],
        address_line_1=" ".join(record["address_line_1"].split()),
        city=tidy_case(record["city"]),
        state=record["state"].upper(),
        zip=zip_code,
        country=record["country"],
    )
    if not entry.display:
        return None
    _add_names(entry, record["other_names"].split("|"))
    entry.id = entry.id or ceeb or entry.nces_id or _fingerprint(entry)
    return entry


def _add_names(entry: Entry, names: Iterable[str]) -> None:
    known = {name_key(entry.name), *(name_key(n) for n in entry.other_names)}
    for name in names:
        name = tidy_case(name)
        if name and name_key(name) not in known:
            entry.other_names.append(name)
            known.add(name_key(name))


def _fingerprint(entry: Entry) -> str:
    text = "|".join((entry.display, entry.city, entry.state, entry.zip, entry.country)).casefold()
    return "h" + hashlib.sha1(text.encode()).hexdigest()[:12]


def _unique_ids(entries: list[Entry]) -> list[Entry]:
    """Two schools sharing a CEEB code keep it, suffixed with their NCES id; other clashes get -2, -3..."""
    counts: dict[tuple, int] = {}
    for entry in entries:
        counts[(entry.category, entry.id)] = counts.get((entry.category, entry.id), 0) + 1
    seen: set[tuple] = set()
    for entry in entries:
        if counts[(entry.category, entry.id)] > 1 and entry.ceeb and entry.nces_id:
            entry.id = f"{entry.id}-{entry.nces_id}"
        base, number = entry.id, 1
        while (entry.category, entry.id) in seen:
            number += 1
            entry.id = f"{base}-{number}"
        seen.add((entry.category, entry.id))
    return entries
