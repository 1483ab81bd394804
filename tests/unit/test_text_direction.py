"""engine/i18n/direction.py: which way a language is written, read from CLDR rather than a list."""

import pytest

from engine.i18n.direction import direction


@pytest.mark.parametrize("tag", ["ar", "he", "fa", "ur", "ar-EG", "fa-AF", "ps", "ckb", "az-Arab", "ar-XB", "iw"])
def test_right_to_left_languages_and_their_regions_and_pseudo_regions(tag):
    assert direction(tag) == "rtl"


@pytest.mark.parametrize("tag", ["en", "fr", "es-MX", "az-Latn", "zh-Hant-TW", "en-XA", "xx", "", None, "--"])
def test_left_to_right_and_unknown_languages(tag):
    assert direction(tag) == "ltr"
