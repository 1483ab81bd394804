"""Tenant definitions: load -> check structure -> check references -> compile.

Pure: no Flask, no database. `load_and_compile(folder)` returns a CompiledForm or raises
DefinitionInvalid with every problem, each as `file:line:col: CODE message`.
"""

import datetime as dt
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from engine.definition.advice import check_advice
from engine.definition.catalogue import DEFAULT_TEXTS
from engine.definition.checks import DEFAULT_MAX_LOGINS, check_model
from engine.definition.compiler import Compiler
from engine.definition.delivery import check_delivery, compile_delivery
from engine.definition.hiding import HidingRules
from engine.definition.model import ModelBuilder
from engine.definition.problems import DefinitionInvalid, Location, Problem
from engine.definition.retention import Retention, check_retention, compile_retention, retention_advice
from engine.definition.source import read_source
from engine.definition.translations import entries, languages, read_translations
from engine.definition.validation import validate_answers, validate_instance
from engine.definition.visibility import Settlement, Visibility, evaluate_condition
from engine.definition.window import Window
from engine.definition.words import apply_words, compile_languages
from engine.fieldtypes.registry import REGISTRY

COMPILED_FORMAT = 1

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
    # What `formengine validate` warns about (definition/advice.py); the form works without fixing them.
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
            from engine.definition.codegen import Unsupported, compile_validator

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


def load_and_compile(folder: str | Path, today: dt.date | None = None) -> CompiledForm:
    today = today or dt.date.today()
    problems: list[Problem] = []
    source = read_source(Path(folder), problems)
    if source is None or problems:
        raise DefinitionInvalid(_sorted(problems))
    builder = ModelBuilder(problems)
    for _, page in source.pages:
        builder.add_page(page)
    check_model(builder.model, source, problems)
    check_delivery(source.tenant, problems)
    check_retention(source.tenant, problems)
    advice = check_advice(builder.model, source) + retention_advice(source.tenant)
    translations = read_translations(source, problems, advice)
    # A check of meaning may warn (a date rule that time will make impossible): kept apart.
    warnings = _sorted(advice + [p for p in problems if p.severity == "warning"])
    problems = [p for p in problems if p.severity != "warning"]
    if problems:
        raise DefinitionInvalid(_sorted(problems), warnings)
    data = _compile(source, builder.model, today)
    tenant_languages = languages(source.tenant)
    if len(tenant_languages) > 1:
        compile_form = lambda source, model: _compile(source, model, today)  # noqa: E731
        tables = compile_languages(source, entries(source), translations, data, compile_form)
        data["settings"]["language"] = tenant_languages[0]
        data.update(languages=tenant_languages, words=tables)
    compiled = CompiledForm(data, delivery=compile_delivery(source.tenant), retention=compile_retention(source.tenant))
    compiled.warnings = warnings
    return compiled


def _sorted(problems: list[Problem]) -> list[Problem]:
    unique = list(dict.fromkeys(problems))
    return sorted(unique, key=lambda p: (p.location.file, p.location.line, p.location.col))


def _banners(tenant) -> dict:
    banners = json.loads(json.dumps(tenant.get("banners") or {}))
    if "welcome" in banners:
        banners["welcome"].setdefault("max_logins", DEFAULT_MAX_LOGINS)
    return banners


def _pages(compiler, source) -> list:
    pages = []
    for number, (_, page) in enumerate(source.pages, start=1):
        route = page["route"]
        sections = compiler.sections_layout(route, page)
        pages.append(
            {
                "id": route.strip("/"),
                "route": route,
                "number": number,
                "title": page["title"],
                "nav_label": page["nav_label"],
                **({"text": compiler._markdown(page["text"])} if "text" in page else {}),
                "sections": sections,
                "schema": compiler.page_schema(route),
                "ui_schema": compiler.ui_schema(route),
            }
        )
    return pages


def _add_another(model) -> dict:
    return {
        rid: {
            "page": r.page,
            "max": r.spec["max"],
            "prefixes": list(r.spec["prefixes"]),
            "keys": r.base_keys,
            "default": 1,
        }
        for rid, r in model.repeaters.items()
    }


def _tabs(model) -> dict:
    return {
        gid: {
            "page": g.page,
            "default": g.spec["default"],
            "tabs": {tab["id"]: {"keys": g.tab_keys[tab["id"]], "clears": g.clears(tab)} for tab in g.spec["options"]},
        }
        for gid, g in model.tabs.items()
    }


def _types_data(model) -> dict:
    """What the form's field types add to it (each type once, in the order the form first uses it)."""
    data: dict = {}
    for name in dict.fromkeys(use.type for use in model.uses):
        data.update(REGISTRY[name].form_data())
    return data


def _window(settings) -> dict:
    """The window's instants in UTC for the browser (closes with the grace): the form says "not open
    yet" or "closed" before the server is asked; the server's word (the profile) wins."""
    window = Window.of(settings)
    if window is None:
        return {}
    moments = {"opens": window.opens, "closes": window.closes + window.grace if window.closes else None}
    return {"window": {name: f"{moment.isoformat()}Z" for name, moment in moments.items() if moment}}


def _compile(source, model, today: dt.date) -> dict:
    compiler = Compiler(source, model, today)
    tenant = source.tenant
    pages = _pages(compiler, source)
    modals = {
        name: {"title": modal["title"], "body": compiler._markdown(modal["body"])}
        for name, modal in (tenant.get("modals") or {}).items()
    }
    footer = dict(tenant.get("footer") or {})
    if "text" in footer:
        footer["text"] = compiler._markdown(footer["text"])
    return {
        "format": COMPILED_FORMAT,
        "schema_version": tenant["schema_version"],
        "tenant": {"id": tenant["id"], "name": tenant["name"], "default_route": tenant["default_route"]},
        "settings": json.loads(json.dumps(tenant["settings"])),
        "modals": modals,
        "footer": footer,
        "banners": _banners(tenant),
        "messages": compiler.messages,
        "texts": {**DEFAULT_TEXTS, **dict(tenant.get("texts") or {})},
        "pages": pages,
        "options": compiler.options,
        "data_model": compiler.data_model(),
        "add_another": _add_another(model),
        "tabs": _tabs(model),
        "visibility": HidingRules(model, source, compiler.options).build(),
        **_types_data(model),
        **_window(tenant.get("settings")),
        "compiled_on": today.isoformat(),
    }
