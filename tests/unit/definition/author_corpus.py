"""A corpus of realistic author mistakes: each case is one small broken tenant (a valid base with
one file replaced), the problem `formengine validate` must report, where, and by which name."""

import textwrap
from dataclasses import dataclass, field

TENANT = """\
schema_version: 1
id: corpus
name: Corpus College Application
default_route: /about
settings: {support_email: help@corpus.example, admissions_email: office@corpus.example}
pages: [pages/about.yaml, pages/education.yaml]
options: options/
"""

OPTIONS = {
    "options/yes_no.yaml": 'options:\n  - {value: "Y", label: "Yes"}\n  - {value: "N", label: "No"}\n',
    "options/countries.yaml": (
        "options:\n  - {value: USA, label: United States}\n  - {value: CAN, label: Canada}\n"
        "  - {value: FRA, label: France}\n"
    ),
    "options/us_states.yaml": "options:\n  - {value: IL, label: Illinois}\n  - {value: NY, label: New York}\n",
}

ABOUT = """\
route: /about
title: About You
nav_label: About You
sections:
  - id: identity
    fields:
      - {key: first_name, type: text, label: First Name, required: true}
      - {key: citizen, type: radio, options: yes_no, label: Are you a citizen?}
      - {key: country, type: select, options: countries, label: Country}
      - {key: state, type: select, options: us_states, label: State}
"""

EDUCATION = """\
route: /education
title: Education
nav_label: Education
sections:
  - id: testing
    fields:
      - {key: sat_taken, type: radio, options: yes_no, label: Have you taken the SAT?}
      - {key: sat_total, type: text, label: SAT Total}
"""


def base_files() -> dict[str, str]:
    return {"tenant.yaml": TENANT, "pages/about.yaml": ABOUT, "pages/education.yaml": EDUCATION, **OPTIONS}


@dataclass
class Mistake:
    name: str
    files: dict[str, str]  # replaced (or added) files, dedented
    code: str
    file: str
    line: int
    place: str
    fragment: str  # in the message
    hint: str = ""  # in the hint
    remove: list[str] = field(default_factory=list)  # files to delete
    severity: str = "error"  # "warning": the tenant still compiles; `validate --strict` fails


def _page(route: str, section: str, fields: str, more: str = "") -> str:
    """A page file: route, title, nav_label, one section (line 5: `- id`, line 7: first field)."""
    title = route.strip("/").title()
    body = textwrap.dedent(fields).strip("\n")
    text = f"route: {route}\ntitle: {title}\nnav_label: {title}\nsections:\n  - id: {section}\n    fields:\n"
    text += textwrap.indent(body, "      ") + "\n"
    return text + more


def education(fields: str, more: str = "") -> dict[str, str]:
    return {"pages/education.yaml": _page("/education", "testing", fields, more)}


def about(fields: str, more: str = "") -> dict[str, str]:
    return {"pages/about.yaml": _page("/about", "identity", fields, more)}


# An add-another appended to the base education page: `- key: details` is on line 13,
# and a property added after it on line 16.
REPEATER = """\
  - id: jobs
    add_another: {id: jobs, max: 3, prefixes: [exp_, exp_2_, exp_3_]}
    fields:
      - {key: role, type: text, label: Role}
      - key: details
        type: textarea
        label: Details
"""

SAT = "- {key: sat_taken, type: radio, options: yes_no, label: Have you taken the SAT?}"
CHECK = "- {key: sat_unsure, type: checkbox, label: I am not sure yet}"
T = "page education > section testing"
A = "page about > section identity"

MISTAKES = [
    # --- operators with the wrong kind of target ------------------------------------------
    Mistake(
        "in with one value instead of a list",
        education(f"""
        {SAT}
        - {{key: sat_total, type: text, label: SAT Total, show_if: {{valueKey: sat_taken, operator: in, target: "Y"}}}}
        """),
        "OPERATOR_TARGET",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total",
        "needs a list",
        "target: [Y]",
    ),
    Mistake(
        "notIn with one value",
        education(f"""
        {SAT}
        - {{key: sat_total, type: text, label: SAT Total, show_if: {{valueKey: sat_taken, operator: notIn, target: "N"}}}}
        """),
        "OPERATOR_TARGET",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total",
        "needs a list",
        "[N]",
    ),
    Mistake(
        "equals with a list",
        education(f"""
        {SAT}
        - {{key: sat_total, type: text, label: SAT Total, show_if: {{valueKey: sat_taken, operator: equals, target: ["Y", "N"]}}}}
        """),
        "OPERATOR_TARGET",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total",
        "one value, not a list",
        "operator: in",
    ),
    Mistake(
        "gt with a word",
        education("""
        - {key: sat_total, type: text, label: SAT Total}
        - {key: sat_essay, type: text, label: SAT Essay, show_if: {valueKey: sat_total, operator: gt, target: high}}
        """),
        "OPERATOR_TARGET",
        "pages/education.yaml",
        8,
        f"{T} > field sat_essay",
        "numbers or dates",
        "a number",
    ),
    Mistake(
        "lt on a checkbox",
        education(f"""
        {CHECK}
        - {{key: sat_total, type: text, label: SAT Total, show_if: {{valueKey: sat_unsure, operator: lt, target: 1}}}}
        """),
        "OPERATOR_TARGET",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total",
        "cannot compare a checkbox",
        "equals",
    ),
    Mistake(
        "answered with a target",
        education(f"""
        {SAT}
        - {{key: sat_total, type: text, label: SAT Total, show_if: {{valueKey: sat_taken, operator: answered, target: "Y"}}}}
        """),
        "OPERATOR_TARGET",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total",
        "takes no target",
        "remove target",
    ),
    Mistake(
        "equals without a target",
        education(f"""
        {SAT}
        - {{key: sat_total, type: text, label: SAT Total, show_if: {{valueKey: sat_taken, operator: equals}}}}
        """),
        "OPERATOR_TARGET",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total",
        "needs a target",
        "add target",
    ),
    Mistake(
        "in with an empty list",
        education(f"""
        {SAT}
        - {{key: sat_total, type: text, label: SAT Total, show_if: {{valueKey: sat_taken, operator: in, target: []}}}}
        """),
        "OPERATOR_TARGET",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total",
        "never true",
        "list the values",
    ),
    # --- targets the controller can never hold --------------------------------------------
    Mistake(
        "the option's label instead of its value",
        education(f"""
        {SAT}
        - {{key: sat_total, type: text, label: SAT Total, show_if: {{valueKey: sat_taken, operator: equals, target: "Yes"}}}}
        """),
        "TARGET_IMPOSSIBLE",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total",
        "can never be 'Yes'",
        "write its value 'Y'",
    ),
    Mistake(
        "a misspelt option value",
        about("""
        - {key: country, type: select, options: countries, label: Country}
        - {key: ssn, type: text, label: Social Security Number, show_if: {valueKey: country, operator: equals, target: USAA}}
        """),
        "TARGET_IMPOSSIBLE",
        "pages/about.yaml",
        8,
        f"{A} > field ssn",
        "can never be 'USAA'",
        "did you mean 'USA'?",
    ),
    Mistake(
        "a list with one impossible value",
        about("""
        - {key: country, type: select, options: countries, label: Country}
        - {key: province, type: text, label: Province, show_if: {valueKey: country, operator: in, target: [USA, Canada]}}
        """),
        "TARGET_IMPOSSIBLE",
        "pages/about.yaml",
        8,
        f"{A} > field province",
        "can never be 'Canada'",
        "write its value 'CAN'",
    ),
    Mistake(
        "a checkbox compared with Y",
        education(f"""
        {CHECK}
        - {{key: sat_total, type: text, label: SAT Total, show_if: {{valueKey: sat_unsure, operator: equals, target: "Y"}}}}
        """),
        "TARGET_IMPOSSIBLE",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total",
        "true or false, never 'Y'",
        "target: true",
    ),
    Mistake(
        "a checkbox compared with quoted true",
        education(f"""
        {CHECK}
        - {{key: sat_total, type: text, label: SAT Total, show_if: {{valueKey: sat_unsure, operator: equals, target: "true"}}}}
        """),
        "TARGET_IMPOSSIBLE",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total",
        "never 'true'",
        "without quotes",
    ),
    Mistake(
        "a target longer than the field allows",
        about("""
        - {key: state_code, type: text, label: State Code, max_length: 2}
        - {key: county, type: text, label: County, show_if: {valueKey: state_code, operator: equals, target: ILL}}
        """),
        "TARGET_IMPOSSIBLE",
        "pages/about.yaml",
        8,
        f"{A} > field county",
        "at most 2 characters",
        "shorten",
    ),
    Mistake(
        "a target the field's pattern refuses",
        education("""
        - {key: sat_total, type: text, label: SAT Total, rules: [{pattern: "^[0-9]{3,4}$", message: Enter your score.}]}
        - {key: sat_essay, type: text, label: SAT Essay, show_if: {valueKey: sat_total, operator: equals, target: high}}
        """),
        "TARGET_IMPOSSIBLE",
        "pages/education.yaml",
        8,
        f"{T} > field sat_essay",
        "must match",
        "accepts",
    ),
    Mistake(
        "a dropdown list for a value its controller never has",
        about("""
        - {key: country, type: select, options: countries, label: Country}
        - key: state
          type: conditional_select
          label: State
          options_by: {controller: country, options: {US: us_states}}
        """),
        "TARGET_IMPOSSIBLE",
        "pages/about.yaml",
        11,
        f"{A} > field state",
        "can never be 'US'",
        "did you mean 'USA'?",
    ),
    # --- conditions that hide themselves --------------------------------------------------
    Mistake(
        "a section shown by a question inside it",
        {
            "pages/about.yaml": """\
route: /about
title: About You
nav_label: About You
sections:
  - id: identity
    fields:
      - {key: first_name, type: text, label: First Name}
  - id: mailing
    show_if: {valueKey: has_mailing, operator: equals, target: "Y"}
    fields:
      - {key: has_mailing, type: radio, options: yes_no, label: Do you have a mailing address?}
      - {key: mailing_line, type: text, label: Mailing Address}
"""
        },
        "CONDITION_SELF",
        "pages/about.yaml",
        9,
        "page about > section mailing",
        "which it hides itself",
        "outside",
    ),
    Mistake(
        "a field shown by its own answer",
        education("""
        - {key: sat_total, type: text, label: SAT Total, show_if: {valueKey: sat_total, operator: answered}}
        """),
        "CONDITION_SELF",
        "pages/education.yaml",
        7,
        f"{T} > field sat_total",
        "which it hides itself",
        "outside",
    ),
    Mistake(
        "a dropdown controlled by itself",
        about("""
        - key: state
          type: conditional_select
          label: State
          options_by: {controller: state, options: {USA: us_states}}
        """),
        "CONDITION_SELF",
        "pages/about.yaml",
        10,
        f"{A} > field state",
        "the dropdown itself",
        "country",
    ),
    Mistake(
        "one_of_required naming the field itself",
        about("""
        - {key: phone_home, type: text, label: Home Phone, rules: [{one_of_required: [phone_home], message: Give a phone.}]}
        """),
        "CONDITION_SELF",
        "pages/about.yaml",
        7,
        f"{A} > field phone_home > rule 1",
        "the field itself",
        "other fields",
    ),
    # --- references to things that do not exist -------------------------------------------
    Mistake(
        "a misspelt valueKey",
        education(f"""
        {SAT}
        - {{key: sat_total, type: text, label: SAT Total, show_if: {{valueKey: sat_taekn, operator: equals, target: "Y"}}}}
        """),
        "REF_UNKNOWN_KEY",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total",
        "'sat_taekn'",
        "did you mean 'sat_taken'?",
    ),
    Mistake(
        "a misspelt controller",
        about("""
        - {key: country, type: select, options: countries, label: Country}
        - key: state
          type: conditional_select
          label: State
          options_by: {controller: contry, options: {USA: us_states}}
        """),
        "REF_UNKNOWN_KEY",
        "pages/about.yaml",
        11,
        f"{A} > field state",
        "controller names 'contry'",
        "did you mean 'country'?",
    ),
    Mistake(
        "a misspelt option list",
        about("""
        - {key: country, type: select, options: countrys, label: Country}
        """),
        "REF_UNKNOWN_OPTIONS",
        "pages/about.yaml",
        7,
        f"{A} > field country",
        "'countrys' does not exist",
        "did you mean 'countries'?",
    ),
    Mistake(
        "a misspelt list in a dropdown's options_by",
        about("""
        - {key: country, type: select, options: countries, label: Country}
        - key: state
          type: conditional_select
          label: State
          options_by: {controller: country, options: {USA: us_state}}
        """),
        "REF_UNKNOWN_OPTIONS",
        "pages/about.yaml",
        11,
        f"{A} > field state",
        "'us_state' does not exist",
        "did you mean 'us_states'?",
    ),
    Mistake(
        "a misspelt key in a section's clears",
        education(
            f"""
        {SAT}
        """,
            """\
  - id: scores
    show_if: {valueKey: sat_taken, operator: equals, target: "Y"}
    clears: [sat_totl]
    fields:
      - {key: sat_total, type: text, label: SAT Total}
""",
        ),
        "REF_UNKNOWN_KEY",
        "pages/education.yaml",
        10,
        "page education > section scores",
        "clears names 'sat_totl'",
        "did you mean 'sat_total'?",
    ),
    Mistake(
        "a misspelt key in a tab's clears",
        {
            "pages/education.yaml": """\
route: /education
title: Education
nav_label: Education
sections:
  - id: essay
    tabs:
      id: essay_mode
      default: typed
      options:
        - {id: typed, label: Type it, clears: [essay_fil], fields: [{key: essay, type: textarea, label: Essay}]}
        - {id: uploaded, label: Upload it, clears: [essay], fields: [{key: essay_file, type: file, label: Essay File}]}
"""
        },
        "REF_UNKNOWN_KEY",
        "pages/education.yaml",
        10,
        "page education > section essay > tabs essay_mode > tab typed",
        "'essay_fil'",
        "did you mean 'essay_file'?",
    ),
    Mistake(
        "a misspelt default tab",
        {
            "pages/education.yaml": """\
route: /education
title: Education
nav_label: Education
sections:
  - id: essay
    tabs:
      id: essay_mode
      default: typd
      options:
        - {id: typed, label: Type it, fields: [{key: essay, type: textarea, label: Essay}]}
        - {id: uploaded, label: Upload it, fields: [{key: essay_file, type: file, label: Essay File}]}
"""
        },
        "REF_UNKNOWN_TAB",
        "pages/education.yaml",
        8,
        "page education > section essay > tabs essay_mode",
        "'typd' is not one of the tabs",
        "did you mean 'typed'?",
    ),
    Mistake(
        "a misspelt name key in the welcome banner",
        {"tenant.yaml": TENANT + "banners:\n  welcome:\n    name_keys: [first_nme]\n"},
        "REF_UNKNOWN_KEY",
        "tenant.yaml",
        10,
        "tenant > banners > welcome",
        "'first_nme'",
        "did you mean 'first_name'?",
    ),
    Mistake(
        "a misspelt default route",
        {"tenant.yaml": TENANT.replace("default_route: /about", "default_route: /abuot")},
        "REF_UNKNOWN_ROUTE",
        "tenant.yaml",
        4,
        "tenant",
        "'/abuot'",
        "did you mean '/about'?",
    ),
    Mistake(
        "a banner link to a page that does not exist",
        {
            "tenant.yaml": TENANT
            + (
                "banners:\n  welcome:\n    anonymous:\n      text: First time here?\n      link: {label: Log in, route: /log-in}\n"
            )
        },
        "REF_UNKNOWN_ROUTE",
        "tenant.yaml",
        12,
        "tenant > banners > welcome > anonymous > link",
        "'/log-in'",
        "did you mean '/login'?",
    ),
    Mistake(
        "a misspelt key in a rule's when",
        education(f"""
        {SAT}
        - key: sat_total
          type: text
          label: SAT Total
          rules: [{{pattern: "^[0-9]+$", message: Digits only., when: {{valueKey: sat_take, operator: equals, target: "Y"}}}}]
        """),
        "REF_UNKNOWN_KEY",
        "pages/education.yaml",
        11,
        f"{T} > field sat_total > rule 1",
        "'sat_take'",
        "did you mean 'sat_taken'?",
    ),
    # --- option lists ----------------------------------------------------------------------
    Mistake(
        "the same value twice in a list",
        {
            "options/countries.yaml": (
                "options:\n  - {value: USA, label: United States}\n  - {value: CAN, label: Canada}\n  - {value: USA, label: America}\n"
            )
        },
        "DUPLICATE_OPTION",
        "options/countries.yaml",
        4,
        "option list countries > option 'USA'",
        "also option 1's value",
        "its own value",
    ),
    Mistake(
        "the same label twice in a list",
        {
            "options/countries.yaml": (
                "options:\n  - {value: USA, label: United States}\n  - {value: US, label: United States}\n"
            )
        },
        "DUPLICATE_OPTION",
        "options/countries.yaml",
        3,
        "option list countries > option 'US'",
        "also option 1's label",
        "its own label",
    ),
    Mistake(
        "the same value twice in an inline list",
        about("""
        - key: contact_time
          type: radio
          label: When may we call?
          options: [{value: AM, label: Morning}, {value: PM, label: Afternoon}, {value: AM, label: Evening}]
        """),
        "DUPLICATE_OPTION",
        "pages/about.yaml",
        10,
        f"{A} > field contact_time > options > option 'AM'",
        "also option 1's value",
        "its own value",
    ),
    Mistake(
        "an empty option value",
        {"options/yes_no.yaml": 'options:\n  - {value: "", label: "Not sure"}\n  - {value: "Y", label: "Yes"}\n'},
        "BAD_OPTION",
        "options/yes_no.yaml",
        2,
        "option list yes_no > option ''",
        "empty",
        "'--'",
    ),
    Mistake(
        "an option list with no options",
        {"options/us_states.yaml": "options: []\n"},
        "EMPTY",
        "options/us_states.yaml",
        1,
        "option list us_states > options",
        "empty",
        "fill it in",
    ),
    # --- impossible bounds -------------------------------------------------------------------
    Mistake(
        "min_length above max_length",
        about("""
        - {key: zip, type: text, label: ZIP Code, max_length: 5, rules: [{min_length: 9, message: Enter the ZIP+4.}]}
        """),
        "IMPOSSIBLE_BOUND",
        "pages/about.yaml",
        7,
        f"{A} > field zip > rule 1",
        "no answer can pass",
        "raise max_length",
    ),
    Mistake(
        "a max length beyond what a text field holds",
        about("""
        - {key: biography, type: text, label: Biography, max_length: 5000}
        """),
        "IMPOSSIBLE_BOUND",
        "pages/about.yaml",
        7,
        f"{A} > field biography",
        "more than a text answer can hold",
        "textarea",
    ),
    Mistake(
        "a max length on a checkbox",
        about("""
        - {key: agree, type: checkbox, label: I agree, max_length: 5}
        """),
        "RULE_NOT_APPLICABLE",
        "pages/about.yaml",
        7,
        f"{A} > field agree",
        "does not apply to a checkbox",
        "remove",
    ),
    Mistake(
        "a negative age",
        about("""
        - key: birth_date
          type: date
          label: Date of Birth
          rules: [{latest: {years_ago: -13}, message: You must be 13.}]
        """),
        "IMPOSSIBLE_BOUND",
        "pages/about.yaml",
        10,
        f"{A} > field birth_date > rule 1",
        "in the future",
        "today + 13y",
    ),
    Mistake(
        "an earliest date after the latest",
        about("""
        - key: birth_date
          type: date
          label: Date of Birth
          rules:
            - {earliest: {years_ago: 10}, message: Too old.}
            - {latest: {years_ago: 13}, message: You must be 13.}
        """),
        "IMPOSSIBLE_BOUND",
        "pages/about.yaml",
        12,
        f"{A} > field birth_date",
        "no date can pass",
        "swap",
    ),
    Mistake(
        "not_before after not_after",
        education("""
        - key: test_date
          type: date
          label: Test Date
          rules:
            - {not_before: today, message: Give a future date.}
            - {not_after: today - 1y, message: Give a date within a year.}
        """),
        "IMPOSSIBLE_BOUND",
        "pages/education.yaml",
        12,
        f"{T} > field test_date",
        "no date can pass",
        "swap",
    ),
    Mistake(
        "a relative date the engine cannot read",
        about("""
        - key: birth_date
          type: date
          label: Date of Birth
          rules: [{not_after: today minus 16 years, message: You must be 16.}]
        """),
        "BAD_DATE",
        "pages/about.yaml",
        10,
        f"{A} > field birth_date > rule 1",
        "not a date the engine can read",
        "today - 16y",
    ),
    Mistake(
        "min_year after max_year",
        about("""
        - key: move_date
          type: date
          label: Moving Date
          rules:
            - {min_year: {years_from_now: 2}, message: Too early.}
            - {max_year: {years_from_now: -2}, message: Too late.}
        """),
        "IMPOSSIBLE_BOUND",
        "pages/about.yaml",
        12,
        f"{A} > field move_date > rule 2",
        "no year can pass",
        "swap",
    ),
    Mistake(
        "an add-another that allows no entry",
        {
            "pages/education.yaml": """\
route: /education
title: Education
nav_label: Education
sections:
  - id: tests
    add_another: {id: tests, max: 0, prefixes: [test_]}
    fields:
      - {key: name, type: text, label: Test Name}
"""
        },
        "IMPOSSIBLE_BOUND",
        "pages/education.yaml",
        6,
        "page education > section tests > add-another tests > max",
        "too small",
        "cannot be negative or zero",
    ),
    Mistake(
        "an add-another above the maximum of 10",
        {
            "pages/education.yaml": """\
route: /education
title: Education
nav_label: Education
sections:
  - id: tests
    add_another: {id: tests, max: 12, prefixes: [t_, t_2_, t_3_, t_4_, t_5_, t_6_, t_7_, t_8_, t_9_, t_10_, t_11_, t_12_]}
    fields:
      - {key: name, type: text, label: Test Name}
"""
        },
        "ADD_ANOTHER_MAX",
        "pages/education.yaml",
        6,
        "page education > section tests > add-another tests",
        "at most 10 entries",
        "10 or fewer",
    ),
    Mistake(
        "prefixes that skip a number",
        {
            "pages/education.yaml": """\
route: /education
title: Education
nav_label: Education
sections:
  - id: tests
    add_another: {id: tests, max: 3, prefixes: [test_, test_2_, test_4_]}
    fields:
      - {key: name, type: text, label: Test Name}
"""
        },
        "PREFIX_MISMATCH",
        "pages/education.yaml",
        6,
        "page education > section tests > add-another tests",
        "'test_4_' does not follow",
        "'test_3_'",
    ),
    Mistake(
        "an idle prompt longer than the timeout",
        {
            "tenant.yaml": TENANT.replace(
                "admissions_email: office@corpus.example}",
                "admissions_email: office@corpus.example,\n  idle: {timeout_ms: 60000, prompt_ms: 900000}}",
            )
        },
        "IMPOSSIBLE_BOUND",
        "tenant.yaml",
        6,
        "tenant > settings > idle",
        "prompt",
        "smaller than timeout_ms",
    ),
    # --- rules that cannot apply -----------------------------------------------------------
    Mistake(
        "a date rule on a text field",
        about("""
        - key: birth_date
          type: text
          label: Date of Birth
          rules: [{not_after: today - 13y, message: You must be 13.}]
        """),
        "RULE_NOT_APPLICABLE",
        "pages/about.yaml",
        10,
        f"{A} > field birth_date > rule 1",
        "compares dates, but this is a text",
        "type: date",
    ),
    Mistake(
        "must_be_true on a radio",
        about("""
        - {key: agree, type: radio, options: yes_no, label: Do you agree?, must_be_true: You must agree.}
        """),
        "RULE_NOT_APPLICABLE",
        "pages/about.yaml",
        7,
        f"{A} > field agree",
        "applies to checkboxes",
        "type: checkbox",
    ),
    Mistake(
        "a pattern on a checkbox",
        about("""
        - {key: agree, type: checkbox, label: I agree, rules: [{pattern: "^Y$", message: Agree.}]}
        """),
        "RULE_NOT_APPLICABLE",
        "pages/about.yaml",
        7,
        f"{A} > field agree > rule 1",
        "cannot apply to a checkbox",
        "remove",
    ),
    # --- patterns ------------------------------------------------------------------------------
    Mistake(
        "a character set never closed",
        education("""
        - {key: sat_total, type: text, label: SAT Total, rules: [{pattern: "^[0-9{3,4}$", message: Digits.}]}
        """),
        "BAD_PATTERN",
        "pages/education.yaml",
        7,
        f"{T} > field sat_total > rule 1",
        "never closed with ']'",
        "escape",
    ),
    Mistake(
        "a repeat sign with nothing to repeat",
        about("""
        - {key: phone, type: text, label: Phone, rules: [{pattern: "^+1[0-9]{10}$", message: Give +1 and 10 digits.}]}
        """),
        "BAD_PATTERN",
        "pages/about.yaml",
        7,
        f"{A} > field phone > rule 1",
        "nothing before it to repeat",
        "escape",
    ),
    Mistake(
        "a Python-only named group",
        about("""
        - {key: zip, type: text, label: ZIP, rules: [{pattern: "^(?P<zip>[0-9]{5})$", message: Five digits.}]}
        """),
        "BAD_PATTERN",
        "pages/about.yaml",
        7,
        f"{A} > field zip > rule 1",
        "would not work in the browser",
        "Python and JavaScript",
    ),
    Mistake(
        "an escape the browser refuses",
        about("""
        - {key: zip, type: text, label: ZIP, rules: [{pattern: "^[0-9]{5}\\\\-[0-9]{4}$", message: ZIP+4.}]}
        """),
        "BAD_PATTERN",
        "pages/about.yaml",
        7,
        f"{A} > field zip > rule 1",
        "'\\-' is not an escape JavaScript knows",
        "without the backslash",
    ),
    # --- empty files, pages, sections ----------------------------------------------------------
    Mistake(
        "an empty page file",
        {"pages/education.yaml": ""},
        "EMPTY_FILE",
        "pages/education.yaml",
        1,
        "page file education",
        "empty",
        "tenant.yaml:6",
    ),
    Mistake(
        "an empty option list file",
        {"options/us_states.yaml": "# to do\n"},
        "EMPTY_FILE",
        "options/us_states.yaml",
        1,
        "option list us_states",
        "empty",
        "remove the file",
    ),
    Mistake(
        "a page without sections",
        {"pages/education.yaml": "route: /education\ntitle: Education\nnav_label: Education\nsections: []\n"},
        "EMPTY",
        "pages/education.yaml",
        4,
        "page education > sections",
        "empty",
        "fill it in",
    ),
    Mistake(
        "a section without fields",
        {
            "pages/education.yaml": (
                "route: /education\ntitle: Education\nnav_label: Education\nsections:\n  - id: testing\n    fields: []\n"
            )
        },
        "EMPTY",
        "pages/education.yaml",
        6,
        "page education > section testing > fields",
        "empty",
        "fill it in",
    ),
    Mistake(
        "an empty content file",
        {
            "pages/education.yaml": (
                "route: /education\ntitle: Education\nnav_label: Education\nsections:\n  - id: testing\n    text: {file: content/testing.md}\n"
                "    fields:\n      - {key: sat_total, type: text, label: SAT Total}\n"
            ),
            "content/testing.md": "",
        },
        "EMPTY_FILE",
        "pages/education.yaml",
        6,
        "content file testing",
        "empty",
        "write",
    ),
    # --- branches, tabs, confirm -----------------------------------------------------------------
    Mistake(
        "a fallback branch before another branch",
        {
            "pages/about.yaml": """\
route: /about
title: About You
nav_label: About You
sections:
  - id: identity
    fields:
      - {key: citizen, type: radio, options: yes_no, label: Are you a citizen?}
  - id: status
    branches:
      - id: otherwise
        fields: [{key: visa, type: text, label: Visa Type}]
      - id: citizen
        show_if: {valueKey: citizen, operator: equals, target: "Y"}
        fields: [{key: passport, type: text, label: Passport Number}]
"""
        },
        "BRANCH_UNREACHABLE",
        "pages/about.yaml",
        12,
        "page about > section status > branch citizen",
        "never can",
        "last",
    ),
    Mistake(
        "two branches with the same condition",
        {
            "pages/about.yaml": """\
route: /about
title: About You
nav_label: About You
sections:
  - id: identity
    fields:
      - {key: citizen, type: radio, options: yes_no, label: Are you a citizen?}
  - id: status
    branches:
      - id: citizen
        show_if: {valueKey: citizen, operator: equals, target: "Y"}
        fields: [{key: passport, type: text, label: Passport Number}]
      - id: citizen_abroad
        show_if: {valueKey: citizen, operator: equals, target: "Y"}
        fields: [{key: consulate, type: text, label: Consulate}]
"""
        },
        "BRANCH_UNREACHABLE",
        "pages/about.yaml",
        14,
        "page about > section status > branch citizen_abroad",
        "same show_if",
        "merge",
    ),
    Mistake(
        "a tab that clears its own answer",
        {
            "pages/education.yaml": """\
route: /education
title: Education
nav_label: Education
sections:
  - id: essay
    tabs:
      id: essay_mode
      default: typed
      options:
        - {id: typed, label: Type it, clears: [essay], fields: [{key: essay, type: textarea, label: Essay}]}
        - {id: uploaded, label: Upload it, clears: [essay], fields: [{key: essay_file, type: file, label: Essay File}]}
"""
        },
        "TAB_CLEARS_OWN",
        "pages/education.yaml",
        10,
        "page education > section essay > tab typed",
        "which the tab itself asks for",
        "other tabs",
    ),
    Mistake(
        "a confirm key that is also a field's key",
        education(
            """
        - {key: sat_total, type: text, label: SAT Total}
        """,
            """\
  - id: review
    confirm: {kind: checkbox, key: sat_total, label: I have checked my scores}
    fields:
      - {key: sat_note, type: text, label: Note}
""",
        ),
        "DUPLICATE_KEY",
        "pages/education.yaml",
        9,
        "page education > section review",
        "also the answer key of",
        "its own key",
    ),
    # --- shape mistakes, named by ids ----------------------------------------------------------
    Mistake(
        "a misspelt property",
        about("""
        - {key: first_name, type: text, lable: First Name}
        """),
        "UNKNOWN_PROPERTY",
        "pages/about.yaml",
        7,
        f"{A} > field first_name",
        "'lable' is not a property",
        "did you mean 'label'?",
    ),
    Mistake(
        "a misspelt field type",
        about("""
        - {key: first_name, type: txt, label: First Name}
        """),
        "UNKNOWN_FIELD_TYPE",
        "pages/about.yaml",
        7,
        f"{A} > field first_name > type",
        "'txt' is not allowed",
        "did you mean 'text'?",
    ),
    Mistake(
        "a misspelt operator",
        education(f"""
        {SAT}
        - {{key: sat_total, type: text, label: SAT Total, show_if: {{valueKey: sat_taken, operator: equal, target: "Y"}}}}
        """),
        "BAD_VALUE",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total > show_if > operator",
        "'equal' is not allowed",
        "did you mean 'equals'?",
    ),
    Mistake(
        "an age written in words",
        about("""
        - key: birth_date
          type: date
          label: Date of Birth
          rules: [{latest: {years_ago: thirteen}, message: You must be 13.}]
        """),
        "WRONG_TYPE",
        "pages/about.yaml",
        10,
        f"{A} > field birth_date > rule 1 > latest > years_ago",
        "a whole number",
        "without quotes",
    ),
    Mistake(
        "the same key on two pages",
        education("""
        - {key: first_name, type: text, label: First Name of Your Counselor}
        """),
        "DUPLICATE_KEY",
        "pages/education.yaml",
        7,
        f"{T} > field first_name",
        "already used by page about > section identity > field first_name",
        "unique",
    ),
    Mistake(
        "two sections with one id",
        education(
            """
        - {key: sat_total, type: text, label: SAT Total}
        """,
            """\
  - id: testing
    fields:
      - {key: act_total, type: text, label: ACT Total}
""",
        ),
        "DUPLICATE_ID",
        "pages/education.yaml",
        8,
        "page education > section testing",
        "used twice on this page",
        "own id",
    ),
    # --- renamed_from: where a draft's earlier answers go -------------------------------------
    Mistake(
        "renamed_from naming a key still in use",
        education(f"""
        {SAT}
        - {{key: sat_score, type: text, label: SAT Score, renamed_from: sat_taken}}
        """),
        "RENAME_KEY_IN_USE",
        "pages/education.yaml",
        8,
        f"{T} > field sat_score",
        "'sat_taken' is still an answer key",
        "remove the field 'sat_taken'",
    ),
    Mistake(
        "two fields claiming one old key",
        education(f"""
        {SAT}
        - {{key: sat_score, type: text, label: SAT Score, renamed_from: sat_total}}
        - {{key: sat_result, type: text, label: SAT Result, renamed_from: [sat_old, sat_total]}}
        """),
        "RENAME_CLAIMED_TWICE",
        "pages/education.yaml",
        9,
        f"{T} > field sat_result",
        "'sat_total' is also claimed by page education > section testing > field sat_score",
        "on the one field",
    ),
    Mistake(
        "renamed_from forming a chain",
        education(f"""
        {SAT}
        - {{key: sat_total, type: text, label: SAT Total, renamed_from: sat_score}}
        - {{key: sat_final, type: text, label: SAT Final, renamed_from: sat_total}}
        """),
        "RENAME_CHAIN",
        "pages/education.yaml",
        9,
        f"{T} > field sat_final",
        "itself renamed from 'sat_score'",
        "renamed_from: [sat_total, sat_score]",
    ),
    Mistake(
        "renamed_from forming a loop",
        education(f"""
        {SAT}
        - {{key: sat_total, type: text, label: SAT Total, renamed_from: sat_score}}
        - {{key: sat_score, type: text, label: SAT Score, renamed_from: sat_total}}
        """),
        "RENAME_LOOP",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total",
        "and back",
        "newer field only",
    ),
    Mistake(
        "renamed_from naming the field's own key",
        education(f"""
        {SAT}
        - {{key: sat_total, type: text, label: SAT Total, renamed_from: [sat_score, sat_total]}}
        """),
        "RENAME_LOOP",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total",
        "own key 'sat_total'",
        "remove renamed_from",
    ),
    Mistake(
        "renamed_from written as a label",
        education(f"""
        {SAT}
        - {{key: sat_total, type: text, label: SAT Total, renamed_from: SAT Score}}
        """),
        "AMBIGUOUS",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total > renamed_from",
        "an earlier answer key",
        "docs/authoring.md",
    ),
    # --- corrected messages ---------------------------------------------------------------
    Mistake(
        "a number written as a word",
        education("""
        - key: sat_total
          type: text
          label: SAT Total
          rules:
            - {earliest: {years_ago: eighteen}}
        """),
        "WRONG_TYPE",
        "pages/education.yaml",
        11,
        f"{T} > field sat_total > rule 1 > earliest > years_ago",
        "a whole number",
        "write a number without quotes",
    ),
    Mistake(
        "a section with both fields and branches",
        {
            "pages/education.yaml": _page(
                "/education",
                "testing",
                "- {key: sat_total, type: text, label: SAT Total}",
                "    branches:\n"
                "      - {id: took, fields: [{key: sat_math, type: text, label: SAT Math}]}\n"
                "      - {id: other, fields: [{key: act_total, type: text, label: ACT Total}]}\n",
            )
        },
        "AMBIGUOUS",
        "pages/education.yaml",
        8,
        T,
        "both fields and branches",
        "a section of its own",
    ),
    Mistake(
        "options written where a conditional_select needs options_by",
        about("""
        - {key: country, type: select, options: countries, label: Country}
        - {key: state, type: conditional_select, label: State, options: us_states}
        """),
        "MISSING_PROPERTY",
        "pages/about.yaml",
        8,
        f"{A} > field state",
        "the conditional_select 'state' needs 'options_by', and 'options' is written instead",
        "options_by: {controller:",
    ),
    # --- warnings: the form works, but not as the author meant ------------------------------
    Mistake(
        "an option list that no field uses",
        {"options/ca_provinces.yaml": "options:\n  - {value: ON, label: Ontario}\n"},
        "UNUSED_OPTIONS",
        "options/ca_provinces.yaml",
        1,
        "option list ca_provinces",
        "no field uses the option list 'ca_provinces'",
        "options: ca_provinces",
        severity="warning",
    ),
    Mistake(
        "a condition in an add-another naming entry 1's key",
        {"pages/education.yaml": EDUCATION + REPEATER + "        show_if: {valueKey: exp_role, operator: answered}\n"},
        "ENTRY_KEY",
        "pages/education.yaml",
        16,
        "page education > section jobs > field exp_details",
        "names 'exp_role', the answer of entry 1 only",
        "write 'role'",
        severity="warning",
    ),
    Mistake(
        "a rule in an add-another naming entry 2's key",
        {
            "pages/education.yaml": EDUCATION
            + REPEATER
            + "        rules: [{min_length: 20, when: {valueKey: exp_2_role, operator: answered}}]\n"
        },
        "ENTRY_KEY",
        "pages/education.yaml",
        16,
        "page education > section jobs > field exp_details > rule 1",
        "the rule's when names 'exp_2_role', the answer of entry 2 only",
        "(exp_role, exp_2_role, ...)",
        severity="warning",
    ),
    Mistake(
        "a phone labelled international with the national mask",
        about("""
        - {key: cell, type: phone, label: International Cell Phone}
        """),
        "NATIONAL_MASK",
        "pages/about.yaml",
        7,
        f"{A} > field cell",
        "the phone 'cell' says international, but its mask '(###) ###-####' holds only national numbers",
        "type: international_phone",
        severity="warning",
    ),
    Mistake(
        "a misspelt placeholder in a modal",
        {"tenant.yaml": TENANT + "modals:\n  help: {title: Help, body: 'Write to {support_mail}.'}\n"},
        "UNKNOWN_PLACEHOLDER",
        "tenant.yaml",
        9,
        "tenant > modals > help > body",
        "{support_mail}",
        "did you mean 'support_email'?",
        severity="warning",
    ),
    Mistake(
        "a placeholder in a message that fills in another",
        {"tenant.yaml": TENANT + "messages:\n  max_length: 'At most {max} characters.'\n"},
        "UNKNOWN_PLACEHOLDER",
        "tenant.yaml",
        9,
        "tenant > messages > max_length",
        "{max}",
        "placeholders filled in here: {limit}",
        severity="warning",
    ),
    Mistake(
        "a misspelt placeholder in an e-mail text",
        {"tenant.yaml": TENANT + "texts:\n  mail_password_reset_body: 'Open {reset_link} ({public_url}).'\n"},
        "UNKNOWN_PLACEHOLDER",
        "tenant.yaml",
        9,
        "tenant > texts > mail_password_reset_body",
        "{reset_link}",
        "did you mean 'reset_url'?",
        severity="warning",
    ),
    Mistake(
        "a placeholder in a field's label",
        education(f"""
        {SAT}
        - {{key: sat_total, type: text, label: "Your {{test}} total"}}
        """),
        "UNKNOWN_PLACEHOLDER",
        "pages/education.yaml",
        8,
        f"{T} > field sat_total > label",
        "{test}",
        "write the words themselves",
        severity="warning",
    ),
    # --- banners that can never show --------------------------------------------------------
    Mistake(
        "a returning banner with max_logins 1",
        {
            "tenant.yaml": TENANT
            + "banners:\n  welcome:\n    max_logins: 1\n    first_login: {title: Welcome, text: Hello.}\n"
            + "    returning: {title: Welcome back, text: Again.}\n"
        },
        "BANNER_NEVER_SHOWN",
        "tenant.yaml",
        12,
        "tenant > banners > welcome > returning",
        "the returning banner never shows",
        "max_logins: 2",
    ),
    Mistake(
        "a welcome banner with max_logins 0",
        {"tenant.yaml": TENANT + "banners:\n  welcome:\n    max_logins: 0\n    first_login: {text: Hello.}\n"},
        "IMPOSSIBLE_BOUND",
        "tenant.yaml",
        10,
        "tenant > banners > welcome > max_logins",
        "0 is too small",
        "use 1 or more",
    ),
]

# --- settings: a time zone that is no IANA name ----------------------------------------------
MISTAKES.append(
    Mistake(
        "a misspelt time zone",
        {"tenant.yaml": TENANT.replace("office@corpus.example}", "office@corpus.example, time_zone: Europe/Londn}")},
        "UNKNOWN_TIME_ZONE",
        "tenant.yaml",
        5,
        "tenant > settings",
        "'Europe/Londn' is not an IANA time zone name",
        "did you mean 'Europe/London'?",
    )
)

# --- settings: an application window, and date rules that time will make impossible -----------


def _with_window(window: str) -> str:
    return TENANT.replace("office@corpus.example}", f"office@corpus.example, window: {window}}}")


_TEST_DATE = "- key: test_date\n  type: date\n  label: Test Date\n  rules:\n"
MISTAKES.extend(
    [
        Mistake(
            "a window that closes before it opens",
            {"tenant.yaml": _with_window("{opens: 2027-03-31T17:00, closes: 2027-03-01T09:00}")},
            "IMPOSSIBLE_BOUND",
            "tenant.yaml",
            5,
            "tenant > settings > window",
            "the window closes (2027-03-01T09:00) before it opens (2027-03-31T17:00)",
            "swap opens and closes",
        ),
        Mistake(
            "a date rule whose fixed bound has passed (the time bomb gone off)",
            education(
                _TEST_DATE
                + "    - {not_before: today, message: Give today's date.}\n"
                + "    - {not_after: 2000-03-31, message: Applications closed on 31 March.}\n"
            ),
            "IMPOSSIBLE_BOUND",
            "pages/education.yaml",
            12,
            f"{T} > field test_date",
            "no date can pass: it must be on or after today and on or before 2000-03-31 (already so today",
            "settings.window",
            severity="warning",
        ),
        Mistake(
            "a date rule that becomes impossible before the window closes (a time bomb)",
            {
                "tenant.yaml": _with_window("{opens: 2098-12-01T09:00, closes: 2099-01-31T17:00}"),
                **education(
                    _TEST_DATE
                    + "    - {not_before: today, message: Give today's date.}\n"
                    + "    - {not_after: 2098-12-31, message: Applications closed on 31 December.}\n"
                ),
            },
            "IMPOSSIBLE_BOUND",
            "pages/education.yaml",
            12,
            f"{T} > field test_date",
            "from 2099-01-01 (before the window closes) no date can pass",
            "close the form with settings.window",
            severity="warning",
        ),
    ]
)

# --- word limits ------------------------------------------------------------------------------
MISTAKES.extend(
    [
        Mistake(
            "max_words below min_words",
            about("""
            - key: essay
              type: textarea
              label: Essay
              rules:
                - {min_words: 300, message: Write at least 300 words.}
                - {max_words: 250, message: Write at most 250 words.}
            """),
            "IMPOSSIBLE_BOUND",
            "pages/about.yaml",
            12,
            f"{A} > field essay",
            "min_words 300 is more than max_words 250",
            "swap them",
        ),
        Mistake(
            "a word limit on a date",
            about("""
            - key: start
              type: date
              label: Start Date
              rules: [{max_words: 3, message: Too long.}]
            """),
            "RULE_NOT_APPLICABLE",
            "pages/about.yaml",
            10,
            f"{A} > field start",
            "max_words counts the words of a text, but this is a date",
            "text or textarea",
        ),
        Mistake(
            "more words than the field has room for",
            about("""
            - key: motto
              type: text
              label: Motto
              max_length: 20
              rules: [{min_words: 20, message: Twenty words.}]
            """),
            "IMPOSSIBLE_BOUND",
            "pages/about.yaml",
            11,
            f"{A} > field motto",
            "min_words 20 cannot fit in max_length 20",
            "raise max_length",
        ),
    ]
)

# --- numbers ------------------------------------------------------------------------------------
MISTAKES.extend(
    [
        Mistake(
            "a number whose min is over its max",
            about("""
            - key: amount
              type: number
              label: Amount
              min: 500
              max: 100
            """),
            "IMPOSSIBLE_BOUND",
            "pages/about.yaml",
            11,
            f"{A} > field amount",
            "min 500 is more than max 100",
            "swap them",
        ),
        Mistake(
            "a number whose step is not positive",
            about("""
            - key: amount
              type: number
              label: Amount
              step: 0
            """),
            "IMPOSSIBLE_BOUND",
            "pages/about.yaml",
            10,
            f"{A} > field amount",
            "step 0 is not positive",
            "use a step above 0",
        ),
        Mistake(
            "a number compared with equals, which compares text",
            about("""
            - {key: amount, type: number, label: Amount}
            - {key: why, type: text, label: Why?, show_if: {valueKey: amount, operator: equals, target: 0}}
            """),
            "TARGET_IMPOSSIBLE",
            "pages/about.yaml",
            8,
            f"{A} > field why",
            "'amount' is a number question, and equals compares text",
            "compare a number with lt, lte, gt or gte",
        ),
        Mistake(
            "a pattern on a number",
            about("""
            - key: amount
              type: number
              label: Amount
              rules: [{pattern: "^[0-9]+$", message: Digits only.}]
            """),
            "RULE_NOT_APPLICABLE",
            "pages/about.yaml",
            10,
            f"{A} > field amount > rule 1",
            "pattern reads text, but a number answer is a number",
            "use min, max, step or integer",
        ),
    ]
)

# --- the applicant's name as alternatives ------------------------------------------------------
_NAME_ANY = "office@corpus.example, applicant_name: {any: [[first_name, last_name], [org_name]]}}"
MISTAKES.extend(
    [
        Mistake(
            "an applicant_name alternative naming a key the form does not have",
            {"tenant.yaml": TENANT.replace("office@corpus.example}", _NAME_ANY)},
            "REF_UNKNOWN_KEY",
            "tenant.yaml",
            5,
            "tenant > settings",
            "applicant_name names 'last_name'",
            "",
        ),
        Mistake(
            "applicant_name alternatives none of which is ever required",
            {
                "tenant.yaml": TENANT.replace(
                    "office@corpus.example}", "office@corpus.example, applicant_name: {any: [[citizen], [country]]}}"
                )
            },
            "NAME_NEVER_REQUIRED",
            "tenant.yaml",
            5,
            "tenant > settings > applicant_name",
            "no applicant_name alternative has all its questions required",
            "required_if",
            severity="warning",
        ),
    ]
)

# --- comparisons with another answer ------------------------------------------------------------
MISTAKES.extend(
    [
        Mistake(
            "a date compared with a text answer",
            about("""
            - {key: start_note, type: text, label: When do you start?}
            - key: end_date
              type: date
              label: End Date
              rules: [{not_before: {answer: start_note}}]
            """),
            "COMPARE_TYPE_MISMATCH",
            "pages/about.yaml",
            11,
            f"{A} > field end_date > rule 1",
            "a text question, whose answers are not dates",
            "name a question whose answer is a date",
        ),
        Mistake(
            "a comparison with a misspelt key",
            about("""
            - {key: start_date, type: date, label: Start Date}
            - key: end_date
              type: date
              label: End Date
              rules: [{not_before: {answer: start_dat}}]
            """),
            "REF_UNKNOWN_KEY",
            "pages/about.yaml",
            11,
            f"{A} > field end_date > rule 1",
            "compares with 'start_dat', which is no answer key",
            "did you mean 'start_date'?",
        ),
        Mistake(
            "a number compared with a date",
            about("""
            - {key: start_date, type: date, label: Start Date}
            - key: amount
              type: text
              label: Amount
              rules: [{max: {answer: start_date}}]
            """),
            "COMPARE_TYPE_MISMATCH",
            "pages/about.yaml",
            11,
            f"{A} > field amount > rule 1",
            "a date question, whose answers are not numbers",
            "name a question whose answer is a number",
        ),
        Mistake(
            "a count of entries of a misspelt add-another",
            {
                "pages/education.yaml": EDUCATION
                + "      - key: team_size\n        type: text\n        label: Team Size\n"
                + "        rules: [{min: {entries: job}}]\n"
                + REPEATER
            },
            "REF_UNKNOWN_ADD_ANOTHER",
            "pages/education.yaml",
            12,
            f"{T} > field team_size > rule 1",
            "counts the entries of 'job', which is no add-another",
            "did you mean 'jobs'?",
        ),
        Mistake(
            "min against another answer on a date question",
            about("""
            - {key: amount, type: text, label: Amount}
            - key: paid_on
              type: date
              label: Paid On
              rules: [{min: {answer: amount}}]
            """),
            "RULE_NOT_APPLICABLE",
            "pages/about.yaml",
            11,
            f"{A} > field paid_on > rule 1",
            "min compares numbers, but this is a date",
            "answer is a number",
        ),
    ]
)

# --- conditions comparing two answers -------------------------------------------------------------
MISTAKES.extend(
    [
        Mistake(
            "equals with another answer as its target",
            about("""
            - {key: start_date, type: date, label: Start Date}
            - key: end_date
              type: date
              label: End Date
              show_if: {valueKey: start_date, operator: equals, target: {answer: first_name}}
            """),
            "OPERATOR_TARGET",
            "pages/about.yaml",
            11,
            f"{A} > field end_date",
            "target {answer: first_name} works with lt, lte, gt and gte",
            "use lt, lte, gt or gte",
        ),
        Mistake(
            "a condition comparing a date with a text answer",
            about("""
            - {key: first_name, type: text, label: First Name}
            - {key: start_date, type: date, label: Start Date}
            - key: end_note
              type: text
              label: Why so late?
              show_if: {valueKey: start_date, operator: gt, target: {answer: first_name}}
            """),
            "COMPARE_TYPE_MISMATCH",
            "pages/about.yaml",
            12,
            f"{A} > field end_note",
            "not both dates or both numbers",
            "compare a date with a date",
        ),
        Mistake(
            "a condition comparing with a misspelt answer key",
            about("""
            - {key: start_date, type: date, label: Start Date}
            - key: end_note
              type: text
              label: Why so late?
              show_if: {valueKey: start_date, operator: gt, target: {answer: start_dat}}
            """),
            "REF_UNKNOWN_KEY",
            "pages/about.yaml",
            11,
            f"{A} > field end_note",
            "names 'start_dat'",
            "did you mean 'start_date'?",
        ),
    ]
)

# --- files kept as they are ---------------------------------------------------------------
MISTAKES.extend(
    [
        Mistake(
            "a file question keeping a program",
            about("""
            - {key: budget_file, type: file, label: Budget, file: {keep: [xlsx, exe]}}
            """),
            "EXECUTABLE_FILE_KIND",
            "pages/about.yaml",
            7,
            f"{A} > field budget_file > file > keep 2",
            "'exe' files can run code or carry macros",
            "keep only these kinds: xlsx, ods, odt, csv, txt",
        ),
        Mistake(
            "a file question keeping macro workbooks",
            about("""
            - {key: budget_file, type: file, label: Budget, file: {keep: [xlsm]}}
            """),
            "EXECUTABLE_FILE_KIND",
            "pages/about.yaml",
            7,
            f"{A} > field budget_file > file > keep 1",
            "'xlsm' files can run code or carry macros",
            "refused when it holds macros",
        ),
        Mistake(
            "a file question keeping a kind the engine does not know",
            about("""
            - {key: budget_file, type: file, label: Budget, file: {keep: [xslx]}}
            """),
            "UNKNOWN_FILE_KIND",
            "pages/about.yaml",
            7,
            f"{A} > field budget_file > file > keep 1",
            "'xslx' is not a kind a question can keep",
            "did you mean 'xlsx'?",
        ),
    ]
)
