"""The embedded lookup index: one SQLite file with an entry table and one FTS5 table per category.

Searchable text is folded by engine.lookup.text before it reaches FTS5 (so 'ß' and 'é' fold the
same way at build and query time); the unicode61 tokenizer removes diacritics as well.
"""

import logging
import os
import sqlite3
import tempfile
import threading
import time
from collections.abc import Iterable
from pathlib import Path

from engine.lookup import CATEGORIES, SCHOOL_CATEGORIES
from engine.lookup.loader import Entry
from engine.lookup.providers import LookupProvider, LookupResult, LookupUnavailable
from engine.lookup.text import fts_query, name_key, words

log = logging.getLogger(__name__)

FORMAT_VERSION = "1"
FIELDS = ("ceeb", "nces_id", "address_line_1", "city", "state", "zip", "country")
# bm25 weights of the FTS columns: the name counts most, then other names, the place, the codes.
WEIGHTS = "10.0, 6.0, 2.0, 1.0"
BM25_MAX_MATCHES = 2000

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE entry (
    rowid INTEGER PRIMARY KEY,
    category TEXT NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    other_names TEXT NOT NULL,
    name_key TEXT NOT NULL,
    ceeb TEXT NOT NULL, nces_id TEXT NOT NULL, address_line_1 TEXT NOT NULL,
    city TEXT NOT NULL, state TEXT NOT NULL, zip TEXT NOT NULL, country TEXT NOT NULL
);
CREATE UNIQUE INDEX entry_id ON entry (category, id);
CREATE INDEX entry_ceeb ON entry (category, ceeb);
CREATE INDEX entry_name ON entry (category, name_key);
"""


def _fts_table(category: str) -> str:
    if category not in CATEGORIES:  # table names cannot be bound parameters
        raise ValueError(f"unknown lookup category {category!r}")
    return f"fts_{category}"


def _distinct(query_words: list[str]) -> list[str]:
    """Drop repeated words and words another one starts with: 'lin lincoln' needs only 'lincoln'*."""
    return [
        word
        for position, word in enumerate(query_words)
        if word not in query_words[:position] and not any(o != word and o.startswith(word) for o in query_words)
    ]


def build(path: Path, entries: Iterable[Entry], sources: str = "") -> dict[str, int]:
    """Write a new index file next to `path` and move it into place in one step.

    Running processes keep reading the old file until their next query notices the new one.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    by_category: dict[str, list[Entry]] = {c: [] for c in CATEGORIES}
    for entry in entries:
        by_category[entry.category].append(entry)
    handle, temp_name = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    os.close(handle)
    try:
        connection = sqlite3.connect(temp_name)
        with connection:
            connection.executescript(SCHEMA)
            for category, category_entries in by_category.items():
                _write_category(connection, category, category_entries)
            connection.executemany(
                "INSERT INTO meta VALUES (?, ?)",
                [
                    ("format", FORMAT_VERSION),
                    ("built_at", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())),
                    ("sources", sources),
                ],
            )
        connection.execute("VACUUM")
        connection.close()
        os.chmod(temp_name, 0o644)  # mkstemp makes it private; app processes may run as another user
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    return {category: len(items) for category, items in by_category.items()}


def _write_category(connection: sqlite3.Connection, category: str, entries: list[Entry]) -> None:
    table = _fts_table(category)
    connection.execute(
        f"CREATE VIRTUAL TABLE {table} USING fts5(name, other_names, place, codes, content='',"
        " tokenize='unicode61 remove_diacritics 2', prefix='1 2 3 4 5 6')"
    )
    # Rows go in alphabetical order, so rowid order is name order: the cheapest tie-break.
    entries = sorted(entries, key=lambda e: (name_key(e.display), e.city, e.id))
    for entry in entries:
        cursor = connection.execute(
            "INSERT INTO entry (category, id, name, other_names, name_key, ceeb, nces_id, address_line_1,"
            " city, state, zip, country) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                category,
                entry.id,
                entry.display,
                "|".join(entry.other_names),
                name_key(entry.display),
                *(getattr(entry, f) for f in FIELDS),
            ),
        )
        connection.execute(
            f"INSERT INTO {table} (rowid, name, other_names, place, codes) VALUES (?, ?, ?, ?, ?)",
            (
                cursor.lastrowid,
                name_key(entry.display),
                " ".join(name_key(n) for n in entry.other_names),
                name_key(" ".join((entry.city, entry.state, entry.country))),
                " ".join((entry.ceeb, entry.nces_id, entry.zip)),
            ),
        )


def read_entries(path: Path, categories: Iterable[str]) -> list[Entry]:
    """The entries of some categories of an existing index, to carry them into a rebuilt one."""
    wanted = list(categories)
    if not wanted or not Path(path).exists():
        return []
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = connection.execute(
            f"SELECT category, id, name, other_names, {', '.join(FIELDS)} FROM entry"
            f" WHERE category IN ({', '.join('?' * len(wanted))})",
            wanted,
        ).fetchall()
    finally:
        connection.close()
    return [
        Entry(
            category=r[0],
            id=r[1],
            name=r[2],
            other_names=[n for n in r[3].split("|") if n],
            **dict(zip(FIELDS, r[4:], strict=True)),
        )
        for r in rows
    ]


def counts(path: Path) -> dict[str, int]:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        found = dict(connection.execute("SELECT category, count(*) FROM entry GROUP BY category").fetchall())
    finally:
        connection.close()
    return {category: found.get(category, 0) for category in CATEGORIES}


class IndexProvider(LookupProvider):
    """Answers every category from the index file; builds it from the bundled sample if it is missing."""

    name = "index"

    def __init__(self, path: Path, build_missing=None):
        self.path = Path(path)
        self._build_missing = build_missing
        self._local = threading.local()
        self._build_lock = threading.Lock()

    def search(self, category: str, text: str, limit: int) -> list[LookupResult]:
        """CEEB codes starting with a digits-only query, then names starting with the query
        (alphabetical), then any other match ranked by bm25 (name first, then place and codes)."""
        query_words = words(text)
        if not query_words:
            return []
        key = " ".join(query_words)
        rows: list[sqlite3.Row] = []
        if key.isdigit() and category in SCHOOL_CATEGORIES:
            rows += self._query(
                "SELECT * FROM entry WHERE category = ? AND ceeb >= ? AND ceeb < ? ORDER BY ceeb, rowid LIMIT ?",
                (category, key, key + ":", limit),
            )  # ':' follows '9'
        if len(rows) < limit:
            rows += self._query(
                "SELECT * FROM entry WHERE category = ? AND name_key >= ? AND name_key < ?"
                " ORDER BY name_key, rowid LIMIT ?",
                (category, key, key + "\uffff", limit),
            )
        if len(rows) < limit:
            match_words = _distinct(query_words)
            rows += self._fts_search(
                category, fts_query(match_words), limit + len(rows), rank=min(map(len, match_words)) > 1
            )
        first_places: dict[int, sqlite3.Row] = {}
        for row in rows:
            first_places.setdefault(row["rowid"], row)
        return [self._result(category, row) for row in list(first_places.values())[:limit]]

    def _fts_search(self, category: str, match: str, limit: int, rank: bool) -> list[sqlite3.Row]:
        """bm25 first counts every entry each word matches (about a microsecond each), so a query with
        a one-letter word ('oakland h') or one as broad as 'sc hi' (16,000 schools) is ranked more
        cheaply: entries whose names hold every word first, then the rest, each in name order."""
        table = _fts_table(category)
        select = f"SELECT e.* FROM {table} JOIN entry e ON e.rowid = {table}.rowid WHERE {table} MATCH ?"
        if rank:
            probe = self._query(
                f"SELECT count(*) FROM (SELECT rowid FROM {table} WHERE {table} MATCH ? LIMIT ?)",
                (match, BM25_MAX_MATCHES + 1),
            )
            if probe[0][0] <= BM25_MAX_MATCHES:
                return self._query(f"{select} ORDER BY bm25({table}, {WEIGHTS}), e.rowid LIMIT ?", (match, limit))
        return self._query(
            f"{select} ORDER BY {table}.rowid LIMIT ?", ("{name other_names}: (" + match + ")", limit)
        ) + self._query(f"{select} ORDER BY {table}.rowid LIMIT ?", (match, limit))

    def detail(self, category: str, record_id: str) -> dict | None:
        rows = self._query("SELECT * FROM entry WHERE category = ? AND id = ?", (category, record_id))
        if not rows:
            return None
        row = rows[0]
        record = {"id": row["id"]}
        if category in SCHOOL_CATEGORIES:
            record.update(name=row["name"], ceeb=row["ceeb"], nces_id=row["nces_id"])
        record.update({f: row[f] for f in ("address_line_1", "city", "state", "zip", "country")})
        return record

    @staticmethod
    def _result(category: str, row: sqlite3.Row) -> LookupResult:
        place = ", ".join(p for p in (row["city"], " ".join(p for p in (row["state"], row["zip"]) if p)) if p)
        if category in SCHOOL_CATEGORIES:
            sub_text = " · ".join(p for p in (place, f"Ceeb: {row['ceeb']}" if row["ceeb"] else "") if p)
        else:
            sub_text = ", ".join(p for p in (place, row["country"]) if p)
        return LookupResult(text=row["name"], id=row["id"], sub_text=sub_text)

    def _query(self, sql: str, params: tuple) -> list[sqlite3.Row]:
        try:
            return self._connection().execute(sql, params).fetchall()
        except (sqlite3.Error, OSError) as exc:  # OSError: the sample index could not be written
            self._local.__dict__.clear()
            raise LookupUnavailable(f"index {self.path}: {exc}") from exc

    def _connection(self) -> sqlite3.Connection:
        """One read-only connection per thread, reopened when `lookup load` replaced the file."""
        try:
            stat = os.stat(self.path)
        except FileNotFoundError:
            stat = self._build()
        identity = (stat.st_ino, stat.st_mtime_ns)
        local = self._local
        if getattr(local, "identity", None) != identity:
            if getattr(local, "connection", None) is not None:
                local.connection.close()
            connection = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
            connection.row_factory = sqlite3.Row
            found = connection.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
            if found is None or found[0] != FORMAT_VERSION:
                connection.close()
                raise sqlite3.DatabaseError(
                    f"index format {found[0] if found else None!r}, this version reads "
                    f"{FORMAT_VERSION!r}: run `formengine lookup load` again"
                )
            local.connection, local.identity = connection, identity
        return local.connection

    def _build(self) -> os.stat_result:
        if self._build_missing is None:
            raise LookupUnavailable(f"index {self.path} does not exist; run `formengine lookup load`")
        with self._build_lock:
            if not self.path.exists():
                started = time.perf_counter()
                self._build_missing(self.path)
                log.info(
                    "built lookup index %s from the bundled sample in %.0f ms",
                    self.path,
                    (time.perf_counter() - started) * 1000,
                )
        return os.stat(self.path)
