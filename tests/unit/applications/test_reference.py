"""Application references: shape, alphabet, randomness."""

from engine.applications.reference import ALPHABET, LENGTH, is_reference, new_reference, prefix_of


def test_a_reference_is_the_prefix_a_dash_and_eight_unambiguous_characters():
    reference = new_reference("INTL")
    prefix, code = reference.split("-")
    assert prefix == "INTL" and len(code) == LENGTH
    assert set(code) <= set(ALPHABET)
    assert not set("01ILOU") & set(ALPHABET)
    assert is_reference(reference)


def test_references_are_drawn_not_counted():
    drawn = {new_reference("APP") for _ in range(2000)}
    assert len(drawn) == 2000
    # every character position uses the whole alphabet, not a counter's few low digits
    assert all(len({reference[4 + i] for reference in drawn}) == len(ALPHABET) for i in range(LENGTH))


def test_the_prefix_comes_from_the_tenant_settings():
    assert prefix_of({"reference_prefix": "SCHOL"}) == "SCHOL"
    assert prefix_of({}) == "APP" and prefix_of(None) == "APP"


def test_is_reference_refuses_lookalikes():
    assert not is_reference("INTL-7K2Q9MX")  # too short
    assert not is_reference("INTL-7K2Q9MXO")  # O is not in the alphabet
    assert not is_reference("intl-7K2Q9MXA")
    assert not is_reference("")
