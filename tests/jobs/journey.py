"""The browser's side of the document journey, for the job tests."""

import io
import time
from urllib.parse import urlsplit

import requests

FILE_KEY = "essay_file"
UPLOAD_TAB = {"tab_id": "essay_mode", "chosen_tab": "uploaded"}  # where the essay's file question shows


def upload(client, data: bytes, name: str, key: str = FILE_KEY) -> str:
    """The browser's part of the journey: the upload tab (a hidden question takes no file), a
    presigned URL, then a multipart POST to it (fields, then file)."""
    if key == FILE_KEY:
        assert client.put("/api/tabs", json=UPLOAD_TAB).status_code == 200
    response = client.post("/api/presigned-url", json={"answer_key": key})
    assert response.status_code == 200, response.json
    presigned = response.json
    url = presigned["url"]
    if urlsplit(url).path == "/api/storage/upload":  # local backend: the app itself answers
        result = client.post(
            "/api/storage/upload",
            data={**presigned["fields"], "file": (io.BytesIO(data), name)},
            content_type="multipart/form-data",
        )
        assert result.status_code == 204, result.json
    else:
        result = requests.post(url, data=presigned["fields"], files={"file": (name, data)}, timeout=30)
        assert result.status_code in (200, 204), result.text
    return presigned["fields"]["key"]


def poll(client, key: str = FILE_KEY, timeout: float = 60) -> dict:
    """GET the status every 0.2 s until it leaves unprocessed/in_progress (the client polls every 2 s)."""
    deadline = time.monotonic() + timeout
    while True:
        body = client.get(f"/api/pdf/document-answer/{key}").json
        if body["status"] not in ("unprocessed", "in_progress") or time.monotonic() > deadline:
            return body
        time.sleep(0.2)
