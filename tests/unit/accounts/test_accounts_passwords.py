import pytest

from engine.accounts import passwords
from engine.accounts.passwords import (
    SPECIAL_CHARACTERS,
    dummy_verify,
    hash_password,
    is_common,
    password_problems,
    verify_password,
)

SPECIAL = f"Password must contain at least one special character ({SPECIAL_CHARACTERS})."


@pytest.mark.parametrize("password", ["Correct-Horse-9", "Tr0ub4dor&3xyz", "a B c D 1 2 3 !", "Zz9" + "!" * 9])
def test_good_passwords_pass(password):
    assert password_problems(password) == []


def test_every_special_character_counts():
    for special in SPECIAL_CHARACTERS:
        assert password_problems(f"Xkcdplumber1{special}") == [], special


def test_space_is_not_a_special_character():
    assert password_problems("Abcdefgh ij1") == [SPECIAL]


@pytest.mark.parametrize("password", ["\tTabbed-Pass-1", "Newline-Pass-1\n", "\u00a0Nbsp-Pass-1"])
def test_any_leading_or_trailing_whitespace_is_refused(password):
    assert "Password must not begin or end with a space." in password_problems(password)


def test_non_ascii_letters_do_not_count_as_upper_or_lower_case():
    assert password_problems("ÄÖÜÄÖÜÄÖÜ-12") == [
        "Password must contain at least one uppercase letter.",
        "Password must contain at least one lowercase letter.",
    ]


def test_length_limits():
    assert password_problems("Aa1!" * 2) == ["Password must be at least 12 characters long."]
    assert password_problems("Aa1!" * 3) == []
    assert password_problems("Aa1!" * 65) == ["Password must be at most 256 characters long."]


def test_match_rule_only_when_asked():
    assert password_problems("Correct-Horse-9", "other") == []
    assert password_problems("Correct-Horse-9", "other", check_match=True) == ["Passwords must match."]
    assert password_problems("Correct-Horse-9", "Correct-Horse-9", check_match=True) == []


@pytest.mark.parametrize(
    "password",
    [
        "Password123!",
        "P@ssw0rd2024!",
        "Welcome2024!!",
        "!Qwerty123456",
        "M1ch3ll3!2024",
        "Iloveyou-2025",
        "Football#1234",
        "LetMeIn-12345!",
        "Harrypotter-7",
    ],
)
def test_common_passwords_and_dressed_up_variants_are_refused(password):
    assert is_common(password)
    assert password_problems(password) == ["This password is too common. Please choose one that is harder to guess."]


def test_the_list_holds_a_few_hundred_entries():
    assert len(passwords.common_passwords()) >= 400
    assert "password" in passwords.common_passwords()


def test_argon2id_with_the_owasp_parameters():
    stored = hash_password("Correct-Horse-9")
    assert stored.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    assert verify_password(stored, "Correct-Horse-9")
    assert not verify_password(stored, "Correct-Horse-8")
    assert not verify_password("not a hash", "Correct-Horse-9")
    assert hash_password("Correct-Horse-9") != stored  # salted
    dummy_verify("anything")


def test_rules_for_the_client_match_the_checks():
    rules = passwords.rules_for_client()
    assert rules["special_characters"] == SPECIAL_CHARACTERS
    assert [rule["id"] for rule in rules["rules"]] == [rule_id for rule_id, _check in passwords.PASSWORD_RULES]
    assert rules["rules"][0]["message"] == "Password must be at least 12 characters long."
    assert rules["rules"][4]["message"] == SPECIAL
    assert rules["match_message"] == "Passwords must match."


def test_a_lone_surrogate_is_refused_not_a_crash():
    assert password_problems("Correct-Horse-9\ud800") == ["Password contains characters that are not valid text."]
    assert not verify_password(hash_password("Correct-Horse-9"), "Correct-Horse-9\ud800")
    dummy_verify("\ud800")


def test_student_answers_field_refuses_unstorable_text():
    import marshmallow as ma

    from engine.accounts.schemas import SignupSchema

    base = {"username": "ada@example.com", "password": "Correct-Horse-9"}
    for answers in ({"k": "\ud800"}, {"\udfff": "x"}, {"k": ["ok", "\ud800"]}):
        with pytest.raises(ma.ValidationError):
            SignupSchema().load({**base, "studentAnswers": answers})
    assert SignupSchema().load({**base, "studentAnswers": {"k": "é", "n": 1, "l": ["a"]}})["studentAnswers"]
