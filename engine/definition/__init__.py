"""Tenant definitions: load -> check structure -> check references -> compile (pipeline.py), into a
CompiledForm (compiled.py). Pure: no Flask, no database. `load_and_compile(folder)` returns a
CompiledForm or raises DefinitionInvalid with every problem, each as `file:line:col: CODE message`.
"""

from engine.definition.compiled import CompiledForm, content_id
from engine.definition.pipeline import load_and_compile
from engine.definition.problems import DefinitionInvalid, Location, Problem
from engine.definition.validation import validate_answers
from engine.definition.visibility import Settlement, Visibility, evaluate_condition

__all__ = [
    "CompiledForm",
    "DefinitionInvalid",
    "Problem",
    "Location",
    "load_and_compile",
    "content_id",
    "validate_answers",
    "evaluate_condition",
    "Settlement",
    "Visibility",
]
