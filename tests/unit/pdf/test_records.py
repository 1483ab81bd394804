"""records.py: what makes a PDF current."""

import datetime as dt
from types import SimpleNamespace

from engine.pdf.records import fingerprint


def _application(**record):
    return SimpleNamespace(answers={"first_name": "Mei"}, add_another={}, tabs={}, **record)


def test_a_drafts_pdf_is_not_the_submissions_even_with_the_same_answers():
    """The record's header (reference, submitted time) is part of what the PDF shows."""
    draft = fingerprint(_application(reference=None, submitted_at=None), [], "v1")
    submitted = _application(reference="INTL-7K2Q9MXA", submitted_at=dt.datetime(2026, 3, 1, 14, 5))
    assert fingerprint(submitted, [], "v1") != draft
    assert fingerprint(_application(reference=None, submitted_at=None), [], "v1") == draft
