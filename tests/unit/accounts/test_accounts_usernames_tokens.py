import re

import pytest

from engine.accounts import tokens
from engine.accounts.messages import human_wait
from engine.accounts.usernames import normalise_username


@pytest.mark.parametrize(
    "raw, stored",
    [
        ("Ada@Example.COM", "ada@example.com"),
        ("  ada@example.com ", "ada@example.com"),
        ("first.last+tag@sub.example.co.uk", "first.last+tag@sub.example.co.uk"),
        ("o'brien@example.ie", "o'brien@example.ie"),
        ("x@xn--80ak6aa92e.com", "x@xn--80ak6aa92e.com"),
    ],
)
def test_valid_addresses_are_normalised(raw, stored):
    assert normalise_username(raw) == stored


@pytest.mark.parametrize(
    "raw",
    [
        None,
        5,
        ["a@b.co"],
        "",
        "plain",
        "a@b",
        "@b.co",
        "a@",
        "a@@b.co",
        "a..b@c.co",
        ".a@b.co",
        "a.@b.co",
        "a@-b.co",
        "a@b-.co",
        "a@b..co",
        "a@b.co.",
        "a b@c.co",
        "ada@exаmple.com",
        "ada＠example.com",
        "ada@example.com\n",
        "ada\x00@example.com",
        "ada\u200b@example.com",
        "x" * 65 + "@b.co",
        "a@" + "b" * 250 + ".co",
        "a" * 1_000_000,
    ],
)
def test_invalid_addresses_are_refused(raw):
    assert normalise_username(raw) is None


def test_codes_are_six_digits_and_vary():
    codes = {tokens.new_code() for _ in range(200)}
    assert all(re.fullmatch(r"\d{6}", code) for code in codes)
    assert len(codes) > 190


def test_code_hash_is_keyed_by_secret_and_account():
    assert tokens.code_hash(b"k", 1, "123456") != tokens.code_hash(b"k", 2, "123456")
    assert tokens.code_hash(b"k", 1, "123456") != tokens.code_hash(b"other", 1, "123456")
    assert tokens.code_hash(b"k", 1, "123456") == tokens.code_hash(b"k", 1, "123456")


def test_tokens_have_at_least_128_bits():
    token = tokens.new_token()
    assert len(token) >= 43  # 32 bytes, URL-safe base64
    assert tokens.token_hash(token) != token and len(tokens.token_hash(token)) == 64


@pytest.mark.parametrize(
    "seconds, text",
    [
        (0, "1 second"),
        (1, "1 second"),
        (59, "59 seconds"),
        (60, "1 minute"),
        (61, "2 minutes"),
        (900, "15 minutes"),
        (3600, "1 hour"),
        (86400, "24 hours"),
    ],
)
def test_human_wait(seconds, text):
    assert human_wait(seconds) == text
