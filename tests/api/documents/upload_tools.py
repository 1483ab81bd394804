"""The browser's side of the upload journey, for the documents API tests."""

import io
from urllib.parse import urlsplit

FILE_KEY = "essay_file"


def presign(client, key=FILE_KEY):
    response = client.post("/api/presigned-url", json={"answer_key": key})
    assert response.status_code == 200, response.json
    return response.json


def upload(client, presigned, data: bytes, name="essay.pdf", **overrides):
    """POST the presigned fields then the file, as a browser would (fields first, file last)."""
    fields = {**presigned["fields"], **overrides}
    path = urlsplit(presigned["url"]).path
    return client.post(path, data={**fields, "file": (io.BytesIO(data), name)}, content_type="multipart/form-data")


def upload_file(client, data: bytes, name="essay.pdf", key=FILE_KEY) -> str:
    presigned = presign(client, key)
    response = upload(client, presigned, data, name)
    assert response.status_code == 204, response.json
    return presigned["fields"]["key"]
