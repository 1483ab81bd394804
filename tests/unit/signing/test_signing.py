"""SECRET_KEY checks, the development key, per-purpose keys and rotation (engine/signing.py)."""

import datetime as dt
import os
import secrets
import stat

import pytest

from engine import signing

KEY = secrets.token_urlsafe(48)
OLD_KEY = secrets.token_urlsafe(48)


@pytest.mark.parametrize(
    "key, says",
    [
        (None, "SECRET_KEY is not set"),
        ("", "SECRET_KEY is not set"),
        ("dev-only-secret-change-me", "published placeholder"),
        ("change-me-to-64-random-characters", "published placeholder"),
        ("x" * 31, "shorter than 32 bytes"),
    ],
)
def test_unusable_keys_are_named_with_how_to_make_one(key, says):
    found = signing.problem(key)
    assert says in found
    assert "secrets.token_urlsafe" in found and "docs/deploy.md" in found
    with pytest.raises(signing.SecretKeyRefused, match=says):
        signing.keyring({"SECRET_KEY": key})


def test_a_random_key_of_32_bytes_is_accepted():
    assert signing.problem("é" * 16) is None  # 32 bytes of UTF-8
    assert signing.keyring({"SECRET_KEY": KEY}).current == KEY


def test_the_development_key_is_random_private_and_kept_per_instance_folder(tmp_path):
    first = signing.development_key(tmp_path / "a")
    assert signing.problem(first) is None
    assert signing.development_key(tmp_path / "a") == first
    assert signing.development_key(tmp_path / "b") != first
    mode = os.stat(tmp_path / "a" / signing.DEV_KEY_FILE).st_mode
    assert stat.S_IMODE(mode) == 0o600


def test_a_broken_development_key_file_is_replaced(tmp_path):
    (tmp_path / signing.DEV_KEY_FILE).write_text("short\n")
    assert signing.problem(signing.development_key(tmp_path)) is None


def test_each_purpose_has_its_own_key():
    ring = signing.Keyring(KEY)
    keys = {purpose: ring.key(purpose) for purpose in signing.PURPOSES}
    assert len(set(keys.values())) == len(signing.PURPOSES)
    assert KEY.encode() not in keys.values()
    signature = ring.sign(signing.UPLOAD_POLICY, b"uploads/1/essay_file/abc")
    assert ring.verify(signing.UPLOAD_POLICY, b"uploads/1/essay_file/abc", signature)
    # The same bytes signed for an upload policy are no download link.
    assert not ring.verify(signing.DOWNLOAD_LINK, b"uploads/1/essay_file/abc", signature)
    with pytest.raises(ValueError, match="unknown signing purpose"):
        ring.key("sessions-of-some-other-app")


@pytest.mark.parametrize("signature", [None, 12, "", "\ud800", "é" * 64])
def test_odd_signatures_are_refused_not_raised(signature):
    assert not signing.Keyring(KEY).verify(signing.DOWNLOAD_LINK, b"message", signature)


def test_the_previous_key_verifies_until_its_time_and_never_signs():
    until = dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)
    old_signature = signing.Keyring(OLD_KEY).sign(signing.DOWNLOAD_LINK, b"link")
    rotated = signing.keyring(
        {"SECRET_KEY": KEY, "SECRET_KEY_PREVIOUS": OLD_KEY, "SECRET_KEY_PREVIOUS_UNTIL": until.isoformat()}
    )
    assert rotated.verify(signing.DOWNLOAD_LINK, b"link", old_signature)
    assert rotated.sign(signing.DOWNLOAD_LINK, b"link") == signing.Keyring(KEY).sign(signing.DOWNLOAD_LINK, b"link")
    later = until + dt.timedelta(seconds=1)
    assert rotated.keys(signing.DOWNLOAD_LINK, now=later) == [signing.Keyring(KEY).key(signing.DOWNLOAD_LINK)]
    expired = signing.keyring(
        {"SECRET_KEY": KEY, "SECRET_KEY_PREVIOUS": OLD_KEY, "SECRET_KEY_PREVIOUS_UNTIL": "2001-01-01"}
    )
    assert not expired.verify(signing.DOWNLOAD_LINK, b"link", old_signature)


@pytest.mark.parametrize(
    "settings, says",
    [
        ({"SECRET_KEY_PREVIOUS": OLD_KEY}, "needs SECRET_KEY_PREVIOUS_UNTIL"),
        ({"SECRET_KEY_PREVIOUS": OLD_KEY, "SECRET_KEY_PREVIOUS_UNTIL": "next week"}, "needs SECRET_KEY_PREVIOUS_UNTIL"),
        ({"SECRET_KEY_PREVIOUS": "short", "SECRET_KEY_PREVIOUS_UNTIL": "2030-01-01"}, "SECRET_KEY_PREVIOUS is shorter"),
    ],
)
def test_rotation_settings_are_checked(settings, says):
    with pytest.raises(signing.SecretKeyRefused, match=says):
        signing.keyring({"SECRET_KEY": KEY, **settings})


def test_require_exits_with_the_message_and_no_traceback():
    with pytest.raises(SystemExit) as stopped:
        signing.require({"SECRET_KEY": ""})
    assert "SECRET_KEY is not set" in str(stopped.value.code)
