"""A small tenant in two versions, for the diff and draft-migration tests: version 2 is what an
author publishes after version 1 (a field removed, one renamed, a label changed, an option
removed, a repeater shortened, a tab dropped)."""

from pathlib import Path

from engine.definition import CompiledForm, load_and_compile

TENANT = """\
schema_version: 1
id: versions
name: Versions College
default_route: /about
settings: {support_email: help@versions.example, admissions_email: office@versions.example}
pages: [pages/about.yaml]
options: options/
"""

OPTIONS = {
    "options/yes_no.yaml": 'options:\n  - {value: "Y", label: "Yes"}\n  - {value: "N", label: "No"}\n',
    "options/plans.yaml": (
        "options:\n  - {value: ED, label: Early Decision}\n  - {value: EA, label: Early Action}\n"
        "  - {value: RD, label: Regular Decision}\n"
    ),
}

V1 = """\
route: /about
title: About You
nav_label: About You
sections:
  - id: identity
    fields:
      - {key: first_name, type: text, label: First Name, required: true}
      - {key: nickname, type: text, label: Nickname}
      - {key: gpa, type: text, label: GPA}
      - {key: plan, type: select, options: plans, label: Application plan}
      - {key: citizen, type: radio, options: yes_no, label: Are you a citizen?}
      - {key: motto, type: text, label: Motto, max_length: 40}
      - {key: cv, type: file, label: Your CV}
      - {key: portfolio, type: file, label: Portfolio}
      - type: check_group
        label: Interests
        items: [{key: likes_art, label: Art}, {key: likes_music, label: Music}]
  - id: schools
    add_another: {id: schools, max: 3, prefixes: [hs_, hs_2_, hs_3_]}
    fields:
      - {key: school, type: text, label: School}
  - id: essay
    tabs:
      id: essay_mode
      default: typed
      options:
        - id: typed
          label: Type it
          fields: [{key: essay, type: textarea, label: Essay}]
        - id: spoken
          label: Record it
          fields: [{key: essay_link, type: text, label: Recording link}]
"""

V2 = """\
route: /about
title: About You
nav_label: About You
sections:
  - id: identity
    fields:
      - {key: first_name, type: text, label: Given Name, required: true}
      - {key: grade_average, type: text, label: Grade average, renamed_from: gpa}
      - {key: plan, type: select, options: [{value: EA, label: Early Action}, {value: RD, label: Regular}], label: Plan}
      - {key: citizenship, type: radio, options: yes_no, label: Are you a citizen?, renamed_from: [citizen, national]}
      - {key: motto, type: text, label: Motto, max_length: 10}
      - {key: resume, type: file, label: Your CV, renamed_from: cv}
      - {key: phone, type: text, label: Phone}
      - type: check_group
        label: Interests
        items: [{key: likes_art, label: Art}, {key: likes_dance, label: Dance, renamed_from: likes_music}]
  - id: schools
    add_another: {id: schools, max: 2, prefixes: [hs_, hs_2_]}
    fields:
      - {key: school_name, type: text, label: School, renamed_from: school}
  - id: essay
    tabs:
      id: essay_mode
      default: typed
      options:
        - id: typed
          label: Type it
          fields: [{key: essay, type: textarea, label: Essay}]
        - id: drawn
          label: Draw it
          fields: [{key: essay_sketch, type: text, label: Sketch link}]
"""


def write(folder: Path, page: str) -> Path:
    files = {"tenant.yaml": TENANT, "pages/about.yaml": page, **OPTIONS}
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder


def compiled(folder: Path, page: str) -> CompiledForm:
    return load_and_compile(write(folder, page))
