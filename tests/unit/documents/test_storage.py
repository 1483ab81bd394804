"""The local backend: S3-style signed POST policies checked like S3, keys that cannot escape the
folder, signed download links."""

import base64
import io
import json
import secrets

import pytest

from engine import signing
from engine.documents.storage import LocalStorage, PolicyRefused, StorageError, new_key, valid_key


def keyring() -> signing.Keyring:
    return signing.Keyring(secrets.token_urlsafe(48))


@pytest.fixture
def store(tmp_path):
    return LocalStorage(tmp_path / "documents", keyring(), public_url="http://app.example")


def fields_for(store, key="uploads/1/essay_file/abc", max_bytes=1_000_000, expires_in=300):
    return store.presign_upload(key, max_bytes, expires_in)


def test_a_presigned_post_looks_like_s3s(store):
    post = fields_for(store)
    assert post.url == "http://app.example/api/storage/upload"
    assert set(post.fields) == {"key", "policy", "x-amz-algorithm", "x-amz-signature"}
    policy = json.loads(base64.b64decode(post.fields["policy"]))
    assert policy["conditions"] == [{"key": "uploads/1/essay_file/abc"}, ["content-length-range", 1, 1_000_000]]


def test_expiry_is_capped_at_five_minutes(store):
    import time

    post = fields_for(store, expires_in=3600)
    with pytest.raises(PolicyRefused, match="Policy expired"):
        store.check_policy(post.fields, 10, now=time.time() + 301)
    assert store.check_policy(post.fields, 10, now=time.time() + 290) == "uploads/1/essay_file/abc"


@pytest.mark.parametrize(
    "change, message",
    [
        ({"x-amz-signature": "f" * 64}, "signature"),
        ({"key": "uploads/2/essay_file/abc"}, "Policy Condition failed"),
        ({"policy": ""}, "required"),
        ({"policy": "bm90IGpzb24="}, "signature"),
    ],
)
def test_tampering_is_refused(store, change, message):
    with pytest.raises(PolicyRefused, match=message):
        store.check_policy({**fields_for(store).fields, **change}, 10)


def test_a_policy_signed_by_another_secret_is_refused(store, tmp_path):
    other = LocalStorage(tmp_path / "other", keyring())
    with pytest.raises(PolicyRefused, match="signature"):
        store.check_policy(fields_for(other).fields, 10)


@pytest.mark.parametrize("size, status", [(0, 400), (1_000_001, 400)])
def test_the_content_length_range_is_enforced(store, size, status):
    with pytest.raises(PolicyRefused) as refused:
        store.check_policy(fields_for(store).fields, size)
    assert refused.value.status == status


def test_store_read_delete(store):
    key = store.check_policy(fields_for(store).fields, 5)
    assert store.store_upload(key, io.BytesIO(b"hello"), max_bytes=5) == 5
    assert store.size(key) == 5
    assert store.read(key, 3) == b"hell"  # at most max_bytes + 1
    store.delete(key)
    assert store.size(key) is None
    store.delete(key)  # deleting twice is fine
    with pytest.raises(StorageError):
        store.read(key, 10)


def test_an_upload_longer_than_declared_is_not_kept(store):
    key = "uploads/1/essay_file/long"
    with pytest.raises(PolicyRefused):
        store.store_upload(key, io.BytesIO(b"x" * 20), max_bytes=10)
    assert store.size(key) is None


@pytest.mark.parametrize(
    "key",
    [
        "../etc/passwd",
        "uploads/../../etc/passwd",
        "/etc/passwd",
        "uploads/1/a\x00b",
        "uploads",
        "uploads//x",
        "uploads/1/" + "a" * 200,
        "Uploads/1/x",
        "uploads/1/.hidden",
        "uploads/1/x/..",
        42,
        None,
    ],
)
def test_keys_cannot_escape_the_folder(store, key):
    assert not valid_key(key)
    with pytest.raises(StorageError):
        store.read(key, 10)
    assert store.size(key) is None


def test_new_keys_are_unguessable_and_valid():
    keys = {new_key("uploads/7/essay_file") for _ in range(100)}
    assert len(keys) == 100
    assert all(valid_key(k) and k.startswith("uploads/7/essay_file/") for k in keys)


def test_signed_download_links(store):
    import time
    from urllib.parse import parse_qs, urlsplit

    url = store.download_url("applications/1/x.pdf", 60, "application.pdf")
    query = {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}
    store.check_download(query["key"], int(query["expires"]), query["name"], query["signature"])
    with pytest.raises(PolicyRefused):
        store.check_download("applications/2/x.pdf", int(query["expires"]), query["name"], query["signature"])
    with pytest.raises(PolicyRefused):
        store.check_download(query["key"], int(query["expires"]) + 600, query["name"], query["signature"])
    real = time.time
    try:
        time.time = lambda: real() + 61
        with pytest.raises(PolicyRefused, match="expired"):
            store.check_download(query["key"], int(query["expires"]), query["name"], query["signature"])
    finally:
        time.time = real


@pytest.mark.parametrize(
    "change",
    [
        {"x-amz-signature": "\u00fc\U000f4a2f\u00a5"},
        {"x-amz-signature": "\ud800"},
        {"policy": "\udaff\u00e9"},
        {"x-amz-signature": None},
        {"key": None},
    ],
)
def test_hostile_field_values_are_refused_not_crashed(store, change):
    with pytest.raises(PolicyRefused):
        store.check_policy({**fields_for(store).fields, **change}, 10)


def test_a_validly_signed_policy_of_the_wrong_shape_is_refused(store):
    for policy in (
        [1, 2],
        {"expiration": "2099-01-01T00:00:00.000Z", "conditions": [{"key": "a/b"}, ["content-length-range", "1", "x"]]},
    ):
        policy_b64 = base64.b64encode(json.dumps(policy).encode()).decode()
        signature = store.keyring.sign(signing.UPLOAD_POLICY, policy_b64.encode())
        with pytest.raises(PolicyRefused, match="could not be read"):
            store.check_policy({"key": "a/b", "policy": policy_b64, "x-amz-signature": signature}, 10)


def test_hostile_download_signatures_are_refused_not_crashed(store):
    for signature in ("\u00fc\u00a5", "\ud800", ""):
        with pytest.raises(PolicyRefused):
            store.check_download("applications/1/x.pdf", 2**31, "\x14\udaff", signature)
