"""The compiled form: what a tenant's definition compiles to (pipeline.py), served to the browser as
JSON and used by the server to validate answers and work out what is hidden. Its identity is
`content_id(data)`: the form's ETag and its definition version's id.
"""

import datetime as dt
import hashlib
import json
from dataclasses import dataclass, field

from engine.definition.compile.words import apply_words
from engine.definition.retention import Retention
from engine.definition.validation import validate_answers, validate_instance
from engine.definition.visibility import Visibility


@dataclass
class CompiledForm:
    data: dict
    json_bytes: bytes = b""
    etag: str = ""
    tab_defaults: dict = field(default_factory=dict)
    _validators: dict = field(default_factory=dict, repr=False)
    _visibility: Visibility | None = field(default=None, repr=False)
    _reference_visibility: Visibility | None = field(default=None, repr=False)
    # Where submitted applications are sent (definition/delivery.py): the deployment's, not the
    # form's, so it is neither in `data` (published) nor in the etag.
    delivery: list = field(default_factory=list)
    # How long applicants' data is kept (definition/retention.py), None when the tenant sets none.
    retention: Retention | None = None
    # What `formengine validate` warns about (definition/check/advice.py); the form works without fixing them.
    warnings: list = field(default_factory=list, repr=False)
    _languages: dict = field(default_factory=dict, repr=False)

    def __post_init__(self):
        self.json_bytes = json.dumps(self.data, separators=(",", ":"), ensure_ascii=False).encode()
        self.etag = content_id(self.data)
        self.tab_defaults = {group: spec["default"] for group, spec in self.data["tabs"].items()}

    @property
    def data_model(self) -> dict:
        return self.data["data_model"]

    @property
    def visibility(self) -> Visibility:
        """The hiding rules, compiled once: what is hidden, what a save clears."""
        if self._visibility is None:
            self._visibility = Visibility(self.data)
        return self._visibility

    @property
    def reference_visibility(self) -> Visibility:
        """The same rules evaluated by the jsonschema library (the golden cases run both)."""
        if self._reference_visibility is None:
            self._reference_visibility = Visibility(self.data, reference=True)
        return self._reference_visibility

    def in_language(self, language: str | None) -> "CompiledForm":
        """The form as it is served to an applicant reading `language`: that language's words put in,
        no other language's table sent. A language the tenant does not offer reads the default."""
        tables = self.data.get("words")
        if not tables:
            return self
        chosen = language if language in tables else None
        served = self._languages.get(chosen)
        if served is None:
            data = {key: value for key, value in self.data.items() if key != "words"}
            if chosen is not None:
                data = apply_words(data, tables[chosen])
                data["settings"] = {**data["settings"], "language": chosen}
            served = self._languages[chosen] = CompiledForm(data, delivery=self.delivery)
            # Named by the version it is a view of (the version's id for the default language).
            served.etag = self.etag if chosen is None else f"{self.etag}-{chosen}"
        return served

    # {key: [messages]} for the answers, {} when valid (validation.validate_answers, with this form).
    validate = validate_answers

    def page_validator(self, route: str, today: dt.date):
        """The page schema compiled to Python, once per page and day (date rules move with today)."""
        key = (route, today)
        validator = self._validators.get(key)
        if validator is None:
            from engine.definition.compile.codegen import Unsupported, compile_validator

            schema = next(p["schema"] for p in self.data["pages"] if p["route"] == route)
            try:
                validator = compile_validator(schema, today)
            except Unsupported:

                def validator(instance, schema=schema):
                    return validate_instance(schema, instance, today)

            if len(self._validators) > 64:
                self._validators.clear()
            self._validators[key] = validator
        return validator

    def summary(self) -> dict:
        pages = self.data["pages"]
        return {
            "tenant": self.data["tenant"]["id"],
            "pages": len(pages),
            "sections": sum(len(p["sections"]) for p in pages),
            "keys": len(self.data["data_model"]),
            "rules": sum(len(p["schema"].get("allOf", [])) for p in pages),
            "option_lists": len(self.data["options"]),
        }


def content_id(data: dict) -> str:
    """The compiled form's identity: a hash of its canonical JSON (keys sorted) less the day it was
    compiled on, so the same definition compiled on another day, or read back from a database that
    reorders keys, is the same version. It is the form's ETag and its definition version's id."""
    content = {key: value for key, value in data.items() if key != "compiled_on"}
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()[:32]
