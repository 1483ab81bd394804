"""Simulated applicants for the scale test: real HTTP through the load balancer, one
requests.Session (cookie jar) per applicant, the client's retry rules, and a record of every
attempt and of every acknowledged answer.

A journey: log in, profile, `started`, each page's answers saved in autosave-sized pieces
(some text answers first saved half-typed, then in full), the last page, the essay tab
switched to "upload", a PNG and then a DOCX uploaded by presigned POST and converted (polled),
the application PDF requested and polled, submit, `submitted`, the PDF polled again.
Threads run journeys back to back with fresh accounts; none starts after the deadline, and
those in flight finish (within JOURNEY_GRACE_S).
"""

from __future__ import annotations

import io
import random
import threading
import time
from dataclasses import dataclass, field

import requests

RETRY_STATUSES = {502, 503, 504}
RETRIES = 4  # attempts after the first, with backoff: what the browser client does on a network blip
BACKOFF_S = (0.3, 0.6, 1.2, 2.4)
POLL_S = 1.0
TIMEOUT_S = 30
UPLOAD_POLL_S = 150
JOURNEY_GRACE_S = 90  # a journey started before the end of the load may run this much longer


def make_png() -> bytes:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (480, 320), "white")
    draw = ImageDraw.Draw(image)
    for i in range(0, 480, 24):
        draw.line((i, 0, 480 - i, 320), fill=(i % 255, 80, 160), width=2)
    draw.text((20, 20), "Scale test essay scan", fill="black")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def make_docx() -> bytes:
    import docx

    document = docx.Document()
    document.add_heading("My essay", level=1)
    for i in range(6):
        document.add_paragraph(
            f"Paragraph {i + 1}. " + "I learned that confidence is built, one attempt at a time. " * 6
        )
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "Year", "Activity"
    table.cell(1, 0).text, table.cell(1, 1).text = "2025", "Robotics club"
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


@dataclass
class Attempt:
    label: str
    started: float  # time.time()
    ms: float
    status: int  # 0: no response (connection error, timeout)
    attempt: int  # 0 for the first try
    error: str = ""


@dataclass
class Record:
    """Shared, thread-safe results of the run."""

    attempts: list[Attempt] = field(default_factory=list)
    acked: dict[str, dict[str, str]] = field(default_factory=dict)  # username -> key -> last acknowledged value
    uploads: list[dict] = field(default_factory=list)  # username, file, final status seen by the client
    submitted: set[str] = field(default_factory=set)
    journeys_started: int = 0
    journeys_done: int = 0
    gave_up: list[dict] = field(default_factory=list)  # calls that failed after every retry
    unexpected: list[dict] = field(default_factory=list)  # non-retryable error answers
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, attempt: Attempt) -> None:
        with self.lock:
            self.attempts.append(attempt)


class GaveUp(Exception):
    pass


class Applicant:
    def __init__(
        self,
        base_url: str,
        username: str,
        password: str,
        plan: dict,
        record: Record,
        files: dict,
        deadline: float,
        rng: random.Random,
    ):
        self.base = base_url
        self.username = username
        self.password = password
        self.plan = plan
        self.record = record
        self.files = files
        self.deadline = deadline
        self.rng = rng
        self.http = requests.Session()
        self.http.headers["Content-Type"] = "application/json"

    # --- one call, with the client's retries ---------------------------------------------

    def call(
        self,
        method: str,
        path: str,
        label: str | None = None,
        json=None,
        ok=(200, 201, 202, 204),
        url: str | None = None,
        **kwargs,
    ) -> requests.Response:
        label = label or f"{method} {path}"
        for attempt in range(RETRIES + 1):
            started = time.time()
            t0 = time.perf_counter()
            try:
                response = self.http.request(method, url or self.base + path, json=json, timeout=TIMEOUT_S, **kwargs)
                status, error = response.status_code, ""
            except requests.RequestException as exc:
                response, status, error = None, 0, type(exc).__name__
            self.record.add(Attempt(label, started, (time.perf_counter() - t0) * 1000, status, attempt, error))
            if response is not None and response.status_code in ok:
                return response
            if response is not None and response.status_code not in RETRY_STATUSES:
                with self.record.lock:
                    self.record.unexpected.append(
                        {
                            "user": self.username,
                            "call": label,
                            "status": status,
                            "body": response.text[:300],
                            "at": started,
                        }
                    )
                raise GaveUp(f"{label}: {status} {response.text[:200]}")
            if attempt < RETRIES:
                time.sleep(BACKOFF_S[attempt])
        with self.record.lock:
            self.record.gave_up.append(
                {"user": self.username, "call": label, "status": status, "error": error, "at": time.time()}
            )
        raise GaveUp(f"{label}: gave up after {RETRIES + 1} attempts ({status} {error})")

    def time_left(self) -> bool:
        return time.time() < self.deadline

    # --- the journey --------------------------------------------------------------------

    def save(self, answers: dict) -> None:
        self.call("PUT", "/api/answer", json=answers)
        with self.record.lock:  # acknowledged: the server answered 2xx
            self.record.acked.setdefault(self.username, {}).update(answers)

    def journey(self) -> None:
        with self.record.lock:
            self.record.journeys_started += 1
        self.call("POST", "/public/login", json={"username": self.username, "password": self.password})
        self.call("GET", "/api/profile")
        self.call("POST", "/api/web-status", json={"web_status": "started"})
        for page, keys in self.plan["pages"]:
            if not self.time_left():
                return
            self.call("PUT", "/api/last-page", json={"last_page": page})
            if page == self.plan["upload_page"]:
                self.call("PUT", "/api/tabs", json={"tab_id": self.plan["tab_id"], "chosen_tab": self.plan["tab"]})
            position = 0
            while position < len(keys):
                size = self.rng.randint(1, 8)
                chunk = {key: self.plan["answers"][key] for key in keys[position : position + size]}
                position += size
                typed = [k for k, v in chunk.items() if isinstance(v, str) and len(v) > 8]
                if typed and self.rng.random() < 0.3:  # an autosave mid-word, then the full value
                    half = typed[0]
                    self.save({half: chunk[half][: len(chunk[half]) // 2]})
                self.save(chunk)
                time.sleep(self.rng.uniform(0.02, 0.15))  # think time between fields
            if page == self.plan["upload_page"]:
                for name in ("essay-scan.png", "essay.docx"):
                    if not self.time_left():
                        return
                    final = self.upload(name)
                if final != "completed":  # an applicant would upload again; the checks report the row
                    return
        if not self.time_left():
            return
        self.poll_pdf("before submit")
        self.call("POST", "/api/submit", ok=(200,))
        with self.record.lock:
            self.record.submitted.add(self.username)
        self.call("POST", "/api/web-status", json={"web_status": "submitted"})
        self.poll_pdf("after submit")
        with self.record.lock:
            self.record.journeys_done += 1

    def upload(self, name: str) -> None:
        key = self.plan["file_key"]
        presigned = self.call("POST", "/api/presigned-url", json={"answer_key": key}).json()
        fields = presigned["fields"]
        files = {"file": (name, self.files[name], "application/octet-stream")}
        self.call(
            "POST",
            "",
            label="POST S3 upload (moto)",
            url=presigned["url"],
            data=fields,
            files=files,
            headers={"Content-Type": None},
        )
        self.call(
            "POST",
            f"/api/pdf/document-answer/{key}",
            label="POST /api/pdf/document-answer/{key}",
            json={"file_key": fields["key"], "file_name": name},
        )
        # The page polls until the conversion ends, however long that takes; bounded here.
        status = self.poll(f"/api/pdf/document-answer/{key}", "GET /api/pdf/document-answer/{key}", UPLOAD_POLL_S)
        with self.record.lock:
            self.record.uploads.append(
                {
                    "user": self.username,
                    "file": name,
                    "status": status.get("status"),
                    "message": status.get("message", ""),
                }
            )
        return status.get("status")

    def poll(self, path: str, label: str, limit_s: float) -> dict:
        end = time.time() + limit_s
        body = {}
        while time.time() < end:
            body = self.call("GET", path, label=label).json()
            if body.get("status") in ("completed", "failed", "not_answered"):
                return body
            time.sleep(POLL_S)
        return body

    def poll_pdf(self, when: str) -> None:
        self.poll("/api/pdf", "GET /api/pdf", 30)


def run_applicants(
    base_url: str, accounts: list[str], password: str, plan: dict, threads: int, duration: float, seed: int
) -> tuple[Record, float, float]:
    """Run `threads` applicants for `duration` seconds; returns the record and the start/end times."""
    record = Record()
    files = {"essay-scan.png": make_png(), "essay.docx": make_docx()}
    pool = list(accounts)
    pool_lock = threading.Lock()
    start = time.time()
    deadline = start + duration  # no journey starts after it
    hard_deadline = deadline + JOURNEY_GRACE_S  # journeys in flight finish, within this bound

    def next_account() -> str | None:
        with pool_lock:
            return pool.pop() if pool else None

    def worker(index: int) -> None:
        rng = random.Random(seed * 1000 + index)
        time.sleep(rng.uniform(0, min(2.0, duration / 10)))  # a ramp, not a thundering herd
        while time.time() < deadline:
            username = next_account()
            if username is None:
                return
            applicant = Applicant(base_url, username, password, plan, record, files, hard_deadline, rng)
            try:
                applicant.journey()
            except GaveUp:
                pass
            except Exception as exc:  # a client bug must not hide the rest of the run
                with record.lock:
                    record.unexpected.append(
                        {"user": username, "call": "client", "status": 0, "body": repr(exc)[:300], "at": time.time()}
                    )
            finally:
                applicant.http.close()

    pool_threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(threads)]
    for thread in pool_threads:
        thread.start()
    for thread in pool_threads:
        thread.join(timeout=max(1.0, hard_deadline - time.time() + TIMEOUT_S * (RETRIES + 1) + 60))
    return record, start, time.time()
