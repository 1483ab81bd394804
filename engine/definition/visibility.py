"""What is hidden and what a save clears: one pure function of the compiled form's hiding rules
(engine/definition/compile/hiding.py), the answers, the add-another counts and the chosen tabs.

The server applies it at every save, validation, submit, print view and PDF; the browser runs its
twin (client/src/form/visibility.js); the golden cases in tests/golden/*/visibility run both.

- `hidden_keys` / `visible_answers`: the answered keys that the rules hide, cascades included
  (clearing a controller can hide what it controls, so the rules run until nothing more goes).
- `settle(stored, patch)`: what a save stores. On top of the hidden keys, a conditional dropdown
  (and its `_desc`) goes when the save changes its controller without setting the dropdown too,
  and when it holds a value its controller's current list does not allow.
"""

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from engine.definition.compile.codegen import compile_condition, compile_hider
from engine.definition.compile.conditions import prepare_instance
from engine.definition.validation import in_year_options, validator_class
from engine.fieldtypes.registry import holds_document

ANSWERED = "ANSWERED"  # a file question's answer while its converted document exists
_NO_DATE = dt.date(2000, 1, 1)  # what the date keywords would read: conditions hold none


@dataclass(frozen=True)
class Settlement:
    answers: dict  # the answer map to store
    changes: dict  # the save's own changes plus {cleared key: ""}: what to merge into the stored map
    cleared: list[str]  # answered keys the rules removed, sent in this save or stored before


def condition_check(condition: dict, reference: bool = False) -> Callable[[dict], bool]:
    """The server's one condition evaluator: a compiled condition (conditions.to_schema) as a test
    of a prepared instance (conditions.prepare_instance). The generated Python of
    codegen.compile_condition, or with `reference` the jsonschema library interpreting the schema;
    the golden cases run both on every condition case and assert that they agree."""
    if reference:
        return validator_class(_NO_DATE)(condition).is_valid  # conditions hold no date keyword
    return compile_condition(condition)


def evaluate_condition(condition: dict, answers: dict, reference: bool = False) -> bool:
    """A compiled condition against an answer map (prepared here: empty answers are absent)."""
    return condition_check(condition, reference)(prepare_instance(answers))


def condition_reads(schema) -> set[str]:
    """The instance keys a compiled condition reads."""
    keys: set[str] = set()
    if isinstance(schema, dict):
        keys.update(schema.get("required", ()))
        keys.update(schema.get("properties", {}))
        for name in ("allOf", "anyOf"):
            for sub in schema.get(name, ()):
                keys |= condition_reads(sub)
        if "not" in schema:
            keys |= condition_reads(schema["not"])
    return keys


class Visibility:
    def __init__(self, data: dict, reference: bool = False):
        spec = data["visibility"]
        self.rules = spec["rules"]
        self.dropdowns = [
            {
                **dropdown,
                "allowed": {
                    value: frozenset(allowed) if isinstance(allowed, list) else allowed
                    for value, allowed in dropdown["allowed"].items()
                },
            }
            for dropdown in spec["dropdowns"]
        ]
        self.tab_defaults = {group: tabs["default"] for group, tabs in data["tabs"].items()}
        self.count_limits = {button: (entry["default"], entry["max"]) for button, entry in data["add_another"].items()}
        governed = {key for rule in self.rules for key in rule["keys"]}
        governing = {key for rule in self.rules for key in condition_reads(rule["when"])}
        for dropdown in self.dropdowns:
            governed |= {dropdown["key"], dropdown["desc_key"]}
            governing.add(dropdown["controller"])
        self.governed = frozenset(governed)  # keys a rule may hide or clear
        # A save that writes none of these keys cannot hide, show or change anything.
        self.relevant = frozenset(governed | governing)
        self.file_keys = frozenset(k for k, spec in data["data_model"].items() if holds_document(spec.get("field")))
        # The keys whose answers can decide whether a file question is hidden: the file keys, what
        # the rules hiding them read, what the rules hiding those read, and so on (a cascade).
        self.file_inputs = _inputs_of(self.rules, self.file_keys)
        pairs = [(rule["when"], rule["keys"]) for rule in self.rules]
        self._reference = reference
        self._hider = _reference_hider(pairs) if reference else compile_hider(pairs)
        self._hider_all = _reference_hider(pairs, False) if reference else compile_hider(pairs, present_only=False)
        self._conditions: dict[int, tuple[dict, Callable[[dict], bool]]] = {}

    def holds(self, condition: dict | None, instance: dict) -> bool:
        """A layout node's `visible_when` against a prepared instance (see `instance`): the print
        view and the PDF decide with it which headings and texts to show."""
        if not condition:
            return True
        cached = self._conditions.get(id(condition))
        if cached is None or cached[0] is not condition:
            cached = self._conditions[id(condition)] = (condition, condition_check(condition, self._reference))
        return cached[1](instance)

    def instance(self, answers: dict, counts: dict | None, tabs: dict | None) -> dict:
        return prepare_instance(answers, tabs, self.tab_defaults, counts, self.count_limits)

    def touches(self, patch: dict) -> bool:
        """Can this save change what the rules decide? (It writes a key they read or hide.)"""
        return not self.relevant.isdisjoint(patch)

    # -- hidden means absent -------------------------------------------------------------------
    def hidden_keys(self, answers: dict, counts: dict | None = None, tabs: dict | None = None) -> list[str]:
        """The answered keys that the rules hide, in the order the rules find them."""
        return self._until_settled(self.instance(answers, counts, tabs), None)

    def all_hidden(self, answers: dict, counts: dict | None = None, tabs: dict | None = None) -> set[str]:
        """Every key the rules hide in this state, answered or not (after the hidden answers go)."""
        instance = self.instance(answers, counts, tabs)
        self._until_settled(instance, None)
        return set(self._hider_all(instance))

    def visible_answers(self, answers: dict, counts: dict | None = None, tabs: dict | None = None) -> dict:
        hidden = set(self.hidden_keys(answers, counts, tabs))
        return {key: value for key, value in answers.items() if key not in hidden} if hidden else answers

    # -- documents: a document is its file question's answer (the ANSWERED marker) ----------------
    def may_change_files(self, changed) -> bool:
        """Can two answer maps that differ only in the `changed` keys (same counts and tabs) differ
        in which file questions the rules hide? False lets a save skip `hidden_files` twice."""
        return not self.file_inputs.isdisjoint(changed)

    def hidden_files(self, answers: dict, counts: dict | None = None, tabs: dict | None = None) -> set[str]:
        """The file questions the rules hide in this state, whether their marker is stored or not
        (a conversion may still be running)."""
        return set(self.file_keys & self.all_hidden(answers, counts, tabs)) if self.file_keys else set()

    def visible_record(self, answers: dict, documents: dict, counts=None, tabs=None) -> tuple[dict, dict]:
        """The answers and documents the rules keep: what the print view and the PDF show."""
        shown = self.visible_answers({**answers, **dict.fromkeys(documents, ANSWERED)}, counts, tabs)
        return (
            {key: value for key, value in answers.items() if key in shown},
            {key: document for key, document in documents.items() if key in shown},
        )

    # -- what a save stores ----------------------------------------------------------------------
    def settle(
        self,
        stored: dict,
        patch: dict,
        counts: dict | None = None,
        tabs: dict | None = None,
        today: dt.date | None = None,
    ) -> Settlement:
        merged = merge(stored, patch)
        instance = self.instance(merged, counts, tabs)
        cleared = []
        for dropdown in self.dropdowns:
            controller = dropdown["controller"]
            changed = controller in patch and _answer(stored, controller) != _answer(merged, controller)
            if changed and dropdown["key"] not in patch:
                cleared.extend(_drop(instance, (dropdown["key"], dropdown["desc_key"])))
        cleared.extend(self._until_settled(instance, today or dt.date.today()))
        cleared = [key for key in cleared if key in merged]
        if not cleared:
            return Settlement(merged, dict(patch), [])
        for key in cleared:
            merged.pop(key, None)
        return Settlement(merged, {**patch, **dict.fromkeys(cleared, "")}, cleared)

    def _until_settled(self, instance: dict, today: dt.date | None) -> list[str]:
        """Remove what the rules hide (and, given today, dropdown values not allowed) until stable."""
        cleared: list[str] = []
        while True:
            found = self._hider(instance)
            if today is not None:
                found += self._not_allowed(instance, today)
            found = _drop(instance, found)
            if not found:
                return cleared
            cleared.extend(found)

    def _not_allowed(self, instance: dict, today: dt.date) -> list[str]:
        out: list[str] = []
        for dropdown in self.dropdowns:
            value = instance.get(dropdown["key"])
            if value is None:
                continue
            allowed = dropdown["allowed"].get(instance.get(dropdown["controller"]))
            if allowed is None:
                continue  # no list for the controller's value: the dropdown is hidden (a rule)
            ok = in_year_options(value, today, allowed) if isinstance(allowed, dict) else value in allowed
            if not ok:
                out.extend((dropdown["key"], dropdown["desc_key"]))
        return out


def _inputs_of(rules: list[dict], keys: frozenset[str]) -> frozenset[str]:
    """`keys` and every key that the rules hiding them read, transitively."""
    reads: dict[str, set[str]] = {}
    for rule in rules:
        read = condition_reads(rule["when"])
        for key in rule["keys"]:
            reads.setdefault(key, set()).update(read)
    found, todo = set(keys), list(keys)
    while todo:
        for key in reads.get(todo.pop(), ()):
            if key not in found:
                found.add(key)
                todo.append(key)
    return frozenset(found)


def merge(stored: dict, changes: dict) -> dict:
    """The stored map with the changes applied: an empty string removes a key."""
    merged = dict(stored)
    for key, value in changes.items():
        if value == "":
            merged.pop(key, None)
        else:
            merged[key] = value
    return merged


def _answer(answers: dict, key: str):
    value = answers.get(key, "")
    return "" if value is None else value


def _drop(instance: dict, keys) -> list[str]:
    dropped = []
    for key in keys:
        if key in instance:
            del instance[key]
            dropped.append(key)
    return dropped


def _reference_hider(pairs, present_only: bool = True):
    """The same rules evaluated by the jsonschema library: the golden cases run both."""
    checks = [(condition_check(when, reference=True), keys) for when, keys in pairs]

    def hidden(instance: dict) -> list[str]:
        return [
            key for check, keys in checks if not check(instance) for key in keys if key in instance or not present_only
        ]

    return hidden
