"""Checks of a loaded definition: names that point at nothing (references), lists and layout
(layout), rules no answer can meet (rules), comparisons between answers (comparisons), conditions
that wait on each other and pages that can never show (reach), forms that quietly misbehave
(meaning) — all errors —
and the warnings of a form that works but likely not as its author meant (advice)."""
