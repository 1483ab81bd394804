"""text: one line of text."""

from engine.fieldtypes.base import FieldType


class Text(FieldType):
    name = "text"
    default_max_length = 45
    storage_limit = 1000
    long_answer_hint = "use type: textarea for long answers"
    counts_words = True
    compares_numbers = True  # digits typed as text ("12", "3.5") compare as numbers


TYPE = Text()
