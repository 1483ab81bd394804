"""Load -> check structure -> check references -> compile: a tenant folder to its CompiledForm.

Pure: no Flask, no database. `load_and_compile(folder)` returns a CompiledForm or raises
DefinitionInvalid with every problem, each as `file:line:col: CODE message`.
"""

import datetime as dt
import json
from pathlib import Path

from engine.definition.catalogue import DEFAULT_TEXTS
from engine.definition.check.advice import check_advice
from engine.definition.check.references import DEFAULT_MAX_LOGINS, check_model
from engine.definition.compile.compiler import Compiler
from engine.definition.compile.hiding import HidingRules
from engine.definition.compile.words import compile_languages
from engine.definition.compiled import CompiledForm
from engine.definition.delivery import check_delivery, compile_delivery
from engine.definition.load.model import ModelBuilder
from engine.definition.load.source import read_source
from engine.definition.problems import DefinitionInvalid, Problem
from engine.definition.retention import check_retention, compile_retention, retention_advice
from engine.definition.translations import entries, languages, read_translations
from engine.definition.window import Window
from engine.fieldtypes.registry import REGISTRY

COMPILED_FORMAT = 1


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
        compile_form = lambda source, model, language: _compile(source, model, today, language)  # noqa: E731
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


def _compile(source, model, today: dt.date, language: str | None = None) -> dict:
    compiler = Compiler(source, model, today, language)
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
