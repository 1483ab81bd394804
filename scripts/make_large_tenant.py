"""Writes a large generated tenant: about 1,500 questions over 15 pages, for the large-form
benchmarks (scripts/bench_large.py) and the browser comparison built on it. Deterministic by seed;
never committed as YAML, always generated.

    .venv/bin/python scripts/make_large_tenant.py --seed 1 --out /tmp/large_1 [--answers FILE]
    .venv/bin/python scripts/make_large_tenant.py --seed 1 --out /tmp/bad --break cycle

What it holds (printed as figures when written):
- 15 pages; on each a gate section of controllers (a radio, a number, a region select, a
  checkbox, a date) and eight sections of seven questions, seven of them shown on a condition:
  equals, in, number comparisons (gt, gte, lt), all/any groups, notEquals, and a chain three
  deep (gate -> section -> section -> section, each reading the previous one's choice);
  in each section a question shown on a condition and a question required on one;
- 10 add-another sections (pages 1 to 10) of up to 10 entries, five questions each, with a
  condition and a required-when inside the entry;
- 50 conditional dropdowns, each controlled by its page's region (three lists each);
- 200 option lists, one of 2,000 options (the programme on page 1);
- a tab group on pages 11 to 15; date rules (not after today, at least 16 years ago, not more
  than 100 years ago) on every section's date;
- on the first page, twenty more sections of ten questions (200) shown unless its mode is the third
  choice, so that one change shows or hides 211 questions; in each, five questions shown on a
  comparison with the first page's count, so that 103 conditions read that one field (100 of these
  and three section conditions), one in ten of them changing between a count of 2 and of 25.

`--break cycle` makes two sections of page 2 show on each other's answers (CONDITION_CYCLE);
`--break unreachable` makes every section of the last page depend on a condition no answers can
meet (PAGE_UNREACHABLE). `formengine validate` reports both with their places.

`--answers FILE` writes a complete answer set (every question shown and answered, valid) as
{"answers": {...}, "add_another": {...}, "tabs": {...}} for the benchmarks.
"""

import argparse
import json
import random
import sys
from pathlib import Path

import yaml

PAGES = 15
SECTIONS = 8
REPEATERS = 10
ENTRIES = 10
DROPDOWNS = 50
OPTION_LISTS = 200
PROGRAMMES = 2000
EXTRA_LISTS = 8  # shared lists of the plain selects: 2 + 15 x 2 + 50 x 3 + 10 + 8 = 200 lists
TAB_PAGES = range(11, 16)
BLOCKS = 20  # first-page sections shown unless the mode is "c": 20 x 10 questions
# The comparisons with the first page's count, in turn: all true at the complete answers' 50; the
# fifth changes between 2 and 25, the counts the browser benchmark types (one question in ten).
COUNT_TESTS = [("gte", 1), ("gt", 0), ("lt", 1000), ("lte", 500), ("gte", 20), ("lte", 99), ("gte", 2)]
COUNT_TESTS += [("lt", 9999), ("gt", 1), ("lte", 50)]
REGIONS = ["r1", "r2", "r3", "r4", "r5"]
WORDS = (
    "academic budget campus course degree faculty funding grant household income language "
    "mentor project research residence scholarship school semester study support travel tuition "
    "volunteer work experience award benefit community council district health housing library "
    "museum office partner program record referee region service skill theatre transport unit"
).split()


class Tenant:
    """The tenant as data (dicts and lists), built from one seed."""

    def __init__(self, seed: int, broken: str | None = None):
        self.rng = random.Random(seed)
        self.seed = seed
        self.broken = broken
        self.options: dict[str, list[dict]] = {}
        self.pages: list[dict] = []
        self.answers: dict[str, object] = {}
        self.counts: dict[str, int] = {}
        self.tabs: dict[str, str] = {}
        self.dropdowns = 0
        self.extra_lists = 0

    # --- words and lists -------------------------------------------------------------------

    def words(self, count: int) -> str:
        return " ".join(self.rng.choice(WORDS) for _ in range(count)).capitalize()

    def option_list(self, list_id: str, values: list[str], label: str) -> str:
        self.options[list_id] = [
            {"value": v, "label": f"{label} {n}: {self.words(2)}"} for n, v in enumerate(values, 1)
        ]
        return list_id

    # --- the form --------------------------------------------------------------------------

    def build(self) -> None:
        self.option_list("regions", REGIONS, "Region")
        self.option_list("programmes", [f"prog{n:04d}" for n in range(1, PROGRAMMES + 1)], "Programme")
        for _ in range(EXTRA_LISTS):
            self.extra_list()
        for number in range(1, PAGES + 1):
            self.pages.append(self.page(number))
        assert len(self.options) == OPTION_LISTS, len(self.options)

    def extra_list(self) -> str:
        self.extra_lists += 1
        list_id = f"extra_{self.extra_lists}"
        size = self.rng.randint(4, 12)
        return self.option_list(list_id, [f"e{self.extra_lists}_{n}" for n in range(1, size + 1)], "Choice")

    def page(self, number: int) -> dict:
        k = f"p{number:02d}"
        self.option_list(f"modes_{k}", ["a", "b", "c"], "Mode")
        self.option_list(f"levels_{k}", ["x", "y", "z"], "Level")
        sections = [self.gate(number, k)]
        dropdowns_here = DROPDOWNS // PAGES + (1 if number <= DROPDOWNS % PAGES else 0)
        for index in range(1, SECTIONS + 1):
            sections.append(self.section(number, k, index, index <= dropdowns_here))
        if number == 1:
            sections += [self.block(k, n) for n in range(1, BLOCKS + 1)]
        if number <= REPEATERS:
            sections.append(self.repeater(number, k))
        if number in TAB_PAGES:
            sections.append(self.tab_section(k))
        if self.broken == "cycle" and number == 2:
            # Section 1 now shows on section 2's choice, and section 2 shows on section 1's.
            sections[1]["show_if"] = {"valueKey": f"{k}_s2_choice", "operator": "equals", "target": "x"}
        if self.broken == "unreachable" and number == PAGES:
            never = {
                "all": [
                    {"valueKey": "p01_mode", "operator": "equals", "target": "a"},
                    {"valueKey": "p01_mode", "operator": "equals", "target": "b"},
                ]
            }
            for section in sections:
                written = section.get("show_if")
                section["show_if"] = {"all": [never, written]} if written else never
        return {
            "route": f"/page-{number:02d}",
            "title": f"Part {number}: {self.words(2)}",
            "nav_label": f"Part {number}",
            "sections": sections,
        }

    def gate(self, number: int, k: str) -> dict:
        fields = [
            {
                "key": f"{k}_mode",
                "type": "radio",
                "options": f"modes_{k}",
                "label": f"{self.words(3)}?",
                "required": True,
            },
            {
                "key": f"{k}_count",
                "type": "text",
                "inputmode": "numeric",
                "label": f"How many {self.words(1).lower()} items?",
                "max_length": 4,
                "rules": [{"pattern": "^[0-9]{1,4}$", "message": "Enter a whole number."}],
            },
            {"key": f"{k}_region", "type": "select", "options": "regions", "label": "Region", "required": True},
            {"key": f"{k}_ref", "type": "text", "label": "Reference", "max_length": 20},
            {"key": f"{k}_phone", "type": "text", "inputmode": "tel", "label": "Telephone", "max_length": 20},
            {
                "key": f"{k}_level",
                "type": "radio",
                "options": f"levels_{k}",
                "label": f"{self.words(2)} level",
                "required_if": {"valueKey": f"{k}_mode", "operator": "equals", "target": "a"},
            },
            {"key": f"{k}_flag", "type": "checkbox", "label": f"I have {self.words(2).lower()}."},
            {
                "key": f"{k}_start",
                "type": "date",
                "label": "Start date",
                "rules": [
                    {"not_after": "today", "message": "The start date cannot be in the future."},
                    {"not_before": "today - 100y", "message": "The start date is too far in the past."},
                ],
            },
        ]
        self.answers.update({f"{k}_mode": "a", f"{k}_count": "50", f"{k}_region": "r1", f"{k}_flag": True})
        self.answers.update({f"{k}_ref": f"REF-{number}", f"{k}_phone": "555 0100", f"{k}_level": "y"})
        self.answers[f"{k}_start"] = "2020-01-15"
        if number == 1:
            fields.append(
                {
                    "key": "p01_programme",
                    "type": "select",
                    "options": "programmes",
                    "label": "Programme",
                    "required": True,
                }
            )
            self.answers["p01_programme"] = f"prog{self.rng.randint(1, PROGRAMMES):04d}"
        return {"id": f"{k}_gate", "title": self.words(2), "fields": fields}

    def section_condition(self, k: str, index: int) -> dict | None:
        """Section conditions: equals, a chain three deep, in, all, any, notEquals, gt; the last none."""
        choice = f"{k}_s{index - 1}_choice"
        return [
            {"valueKey": f"{k}_mode", "operator": "equals", "target": "a"},
            {"valueKey": choice, "operator": "equals", "target": "x"},  # depth 2: reads section 1
            {"valueKey": choice, "operator": "in", "target": ["x", "y"]},  # depth 3: reads section 2
            {
                "all": [
                    {"valueKey": f"{k}_count", "operator": "gte", "target": 5},
                    {"valueKey": f"{k}_flag", "operator": "equals", "target": True},
                ]
            },
            {
                "any": [
                    {"valueKey": f"{k}_region", "operator": "in", "target": ["r1", "r2"]},
                    {"valueKey": f"{k}_count", "operator": "lt", "target": 3},
                ]
            },
            {"valueKey": f"{k}_mode", "operator": "notEquals", "target": "c"},
            {"valueKey": f"{k}_count", "operator": "gt", "target": 10},
            None,
        ][index - 1]

    def section(self, number: int, k: str, index: int, dropdown: bool) -> dict:
        s = f"{k}_s{index}"
        choice = f"{s}_choice"
        date_rule = [
            {"not_after": "today", "message": "The date cannot be in the future."},
            {"latest": {"years_ago": 16}, "message": "The date must be at least 16 years ago."},
            {"not_before": "today - 100y", "message": "The date is too far in the past."},
        ][index % 3]
        fields: list[dict] = [
            {"key": choice, "type": "radio", "options": f"levels_{k}", "label": f"{self.words(3)}?", "required": True},
            {
                "key": f"{s}_name",
                "type": "text",
                "label": self.words(2),
                "required_if": {"valueKey": choice, "operator": "in", "target": ["x", "y"]},
            },
            {
                "key": f"{s}_num",
                "type": "text",
                "inputmode": "numeric",
                "label": f"Number of {self.words(1).lower()}",
                "max_length": 6,
                "rules": [{"pattern": "^[0-9]{1,6}$", "message": "Enter a whole number."}],
            },
            {"key": f"{s}_when", "type": "date", "label": f"{self.words(2)} date", "rules": [date_rule]},
        ]
        if index <= 2:
            fields[3]["required_if"] = {"valueKey": choice, "operator": "equals", "target": "x"}
        self.answers.update({choice: "x", f"{s}_name": self.words(2), f"{s}_num": "12"})
        self.answers[f"{s}_when"] = "1990-05-20"
        if dropdown:
            fields.append(self.dropdown(k, s))
        else:
            list_id = f"extra_{self.rng.randint(1, EXTRA_LISTS)}"
            fields.append({"key": f"{s}_pick", "type": "select", "options": list_id, "label": self.words(2)})
            self.answers[f"{s}_pick"] = f"e{list_id.split('_')[1]}_1"
        fields.append(
            {
                "key": f"{s}_note",
                "type": "textarea",
                "label": f"Tell us about {self.words(2).lower()}",
                "max_length": 600,
                "show_if": {"valueKey": choice, "operator": "equals", "target": "x"},
            }
        )
        self.answers[f"{s}_note"] = self.words(12)
        last: dict = {"key": f"{s}_email", "type": "email", "label": "Contact email"}
        if index <= 2:
            last["show_if"] = {"valueKey": f"{s}_num", "operator": "gte", "target": 1}
        fields.append(last)
        self.answers[f"{s}_email"] = f"{s}@example.org"
        section: dict = {"id": s, "title": self.words(3), "fields": fields}
        condition = self.section_condition(k, index)
        if condition is not None:
            section["show_if"] = condition
        return section

    def block(self, k: str, n: int) -> dict:
        """Ten questions shown unless the mode is "c"; five of them also on the page's count."""
        b = f"{k}_b{n:02d}"
        kinds = ["text", "select", "radio", "textarea", "email", "checkbox", "text", "select", "text", "textarea"]
        fields = []
        for q, kind in enumerate(kinds, 1):
            field: dict = {"key": f"{b}_q{q:02d}", "type": kind, "label": self.words(3)}
            if kind == "select":
                list_id = f"extra_{self.rng.randint(1, EXTRA_LISTS)}"
                field["options"] = list_id
                answer: object = f"e{list_id.split('_')[1]}_1"
            elif kind == "radio":
                field["options"] = f"levels_{k}"
                answer = "z"
            elif kind == "checkbox":
                answer = True
            elif kind == "email":
                answer = f"{b}_{q}@example.org"
            else:
                answer = self.words(3)
            if q % 2 == 0:
                op, target = COUNT_TESTS[((n - 1) * 5 + q // 2 - 1) % len(COUNT_TESTS)]
                field["show_if"] = {"valueKey": f"{k}_count", "operator": op, "target": target}
            fields.append(field)
            self.answers[field["key"]] = answer
        return {
            "id": b,
            "title": self.words(3),
            "show_if": {"valueKey": f"{k}_mode", "operator": "notEquals", "target": "c"},
            "fields": fields,
        }

    def dropdown(self, k: str, s: str) -> dict:
        self.dropdowns += 1
        d = self.dropdowns
        regions = ["r1", *self.rng.sample(REGIONS[1:], 2)]
        by = {}
        for region in regions:
            size = self.rng.randint(5, 15)
            by[region] = self.option_list(f"dd{d}_{region}", [f"d{d}{region}_{n}" for n in range(1, size + 1)], "Item")
        self.answers[f"{s}_pick"] = f"d{d}r1_1"
        return {
            "key": f"{s}_pick",
            "type": "conditional_select",
            "label": self.words(2),
            "options_by": {"controller": f"{k}_region", "options": by},
            "required_if": {"valueKey": f"{k}_region", "operator": "in", "target": regions},
        }

    def repeater(self, number: int, k: str) -> dict:
        kinds = self.option_list(f"kinds_{k}", ["paid", "unpaid", "other"], "Kind")
        stem = f"{k}e"
        prefixes = [f"{stem}_"] + [f"{stem}_{n}_" for n in range(2, ENTRIES + 1)]
        for prefix in prefixes:
            self.answers.update({f"{prefix}name": self.words(2), f"{prefix}kind": "other", f"{prefix}amount": "300"})
            self.answers.update({f"{prefix}since": "2015-09-01", f"{prefix}detail": self.words(8)})
        self.counts[f"{k}_entries"] = ENTRIES
        return {
            "id": f"{k}_entries",
            "title": self.words(2),
            "add_another": {
                "id": f"{k}_entries",
                "label": "Add another entry",
                "entry_label": "Entry",
                "max": ENTRIES,
                "prefixes": prefixes,
            },
            "fields": [
                {"key": "name", "type": "text", "label": "Name", "required": True},
                {"key": "kind", "type": "select", "options": kinds, "label": "Kind", "required": True},
                {
                    "key": "amount",
                    "type": "text",
                    "inputmode": "numeric",
                    "label": "Amount",
                    "max_length": 7,
                    "required_if": {"valueKey": "kind", "operator": "in", "target": ["paid", "other"]},
                    "rules": [{"pattern": "^[0-9]{1,7}$", "message": "Enter a whole amount."}],
                },
                {
                    "key": "since",
                    "type": "date",
                    "label": "Since",
                    "rules": [{"not_after": "today", "message": "The date cannot be in the future."}],
                },
                {
                    "key": "detail",
                    "type": "textarea",
                    "label": "Details",
                    "max_length": 600,
                    "show_if": {"valueKey": "kind", "operator": "equals", "target": "other"},
                },
            ],
        }

    def tab_section(self, k: str) -> dict:
        self.tabs[f"{k}_mode_tabs"] = "typed"
        typed = [{"key": f"{k}_t{n}", "type": "text", "label": self.words(2)} for n in range(1, 5)]
        short = [{"key": f"{k}_u{n}", "type": "textarea", "label": self.words(2)} for n in range(1, 5)]
        for n in range(1, 5):
            self.answers[f"{k}_t{n}"] = self.words(2)
        return {
            "id": f"{k}_tabbed",
            "title": self.words(2),
            "tabs": {
                "id": f"{k}_mode_tabs",
                "default": "typed",
                "options": [
                    {"id": "typed", "label": "Short answers", "fields": typed},
                    {"id": "long", "label": "Long answers", "fields": short},
                ],
            },
        }

    # --- output -----------------------------------------------------------------------------

    def tenant_yaml(self) -> dict:
        return {
            "schema_version": 1,
            "id": f"large_{self.seed}",
            "name": f"Generated Large Application (seed {self.seed})",
            "default_route": "/page-01",
            "settings": {
                "support_email": "support@large.example.org",
                "admissions_email": "office@large.example.org",
                "reference_prefix": "LARGE",
                "institution": "Example Large Institution",
                "applicant_name": ["p01_s1_name"],
            },
            "pages": [f"pages/page-{n:02d}.yaml" for n in range(1, PAGES + 1)],
            "options": "options/",
            "retention": {"drafts_days": 180, "submitted_years": 3, "unconfirmed_accounts_days": 30},
        }

    def write(self, out: Path) -> None:
        (out / "pages").mkdir(parents=True, exist_ok=True)
        (out / "options").mkdir(exist_ok=True)
        dump = _dump
        (out / "tenant.yaml").write_text(dump(self.tenant_yaml()))
        for number, page in enumerate(self.pages, start=1):
            (out / "pages" / f"page-{number:02d}.yaml").write_text(dump(page))
        for list_id, items in self.options.items():
            (out / "options" / f"{list_id}.yaml").write_text(dump({"options": items}))

    def answer_set(self) -> dict:
        return {"answers": self.answers, "add_another": self.counts, "tabs": self.tabs}

    def figures(self) -> dict:
        return {
            "pages": len(self.pages),
            "answers": len(self.answers),
            "option_lists": len(self.options),
            "dropdowns": self.dropdowns,
            "repeaters": len(self.counts),
        }


_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml when installed: ten times faster


def _dump(tree: dict) -> str:
    return yaml.dump(tree, Dumper=_DUMPER, sort_keys=False, allow_unicode=True, width=120)


def generate(seed: int, out: Path, broken: str | None = None) -> Tenant:
    tenant = Tenant(seed, broken)
    tenant.build()
    tenant.write(out)
    return tenant


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True, help="the tenant folder to write (created)")
    parser.add_argument("--break", dest="broken", choices=["cycle", "unreachable"], help="write a known mistake")
    parser.add_argument("--answers", type=Path, help="also write a complete answer set as JSON here")
    args = parser.parse_args(argv)
    if args.out.exists() and any(args.out.iterdir()):
        print(f"{args.out} exists and is not empty: choose a new folder", file=sys.stderr)
        return 2
    tenant = generate(args.seed, args.out, args.broken)
    if args.answers:
        args.answers.write_text(json.dumps(tenant.answer_set(), indent=1))
    print(json.dumps(tenant.figures()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
