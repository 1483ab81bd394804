"""Compiles a page schema into Python source, once per schema and day, the way ajv compiles it
to JavaScript. It understands exactly the keywords the compiler emits; anything else raises
Unsupported and the caller falls back to the jsonschema reference implementation. The golden
cases run through both, so the fast path can never drift from the reference.
"""

import datetime as dt
import operator
import re

from engine.definition.dates import bound_date
from engine.definition.validation import (
    DATE_PATTERN,
    answer_year,
    answers_compare,
    as_number,
    is_number,
    limit_year,
    parse_date,
    step_ok,
    within,
    words_ok,
    year_options,
)


class Unsupported(Exception):
    pass


STRUCTURAL = {"$schema", "x-messages", "description", "title"}
INLINE_TYPES = (str, bool, int)  # constants whose repr is their literal
OPERATORS = {"lt": operator.lt, "lte": operator.le, "gt": operator.gt, "gte": operator.ge}
TYPE_CHECKS = {
    "string": "isinstance({v}, str)",
    "boolean": "isinstance({v}, bool)",
    "object": "isinstance({v}, dict)",
    "number": "_is_number({v})",
    # JSON Schema's integer: a number with no fraction (1.0 is one, as jsonschema and the browser read it)
    "integer": "(_is_number({v}) and float({v}).is_integer())",
}


class _Generator:
    def __init__(self, today: dt.date):
        self.today = today
        self.constants: dict[str, object] = {}
        self.lines: list[str] = []
        self._counter = 0

    def constant(self, value) -> str:
        name = f"_c{len(self.constants)}"
        self.constants[name] = value
        return name

    def temp(self) -> str:
        self._counter += 1
        return f"_v{self._counter}"

    # -- boolean expressions (conditions) ------------------------------------------------------
    def check(self, schema: dict, var: str) -> str:
        parts = []
        for keyword, value in schema.items():
            if keyword in STRUCTURAL:
                continue
            parts.append(self.keyword_check(keyword, value, var))
        return "(" + " and ".join(parts) + ")" if parts else "True"

    def keyword_check(self, keyword: str, value, var: str) -> str:
        write = _CHECKS.get(keyword)
        if write is None:
            raise Unsupported(keyword)
        return write(self, value, var)

    def _properties(self, value: dict, var: str) -> str:
        parts = [f"({key!r} not in {var} or {self.check(sub, f'{var}[{key!r}]')})" for key, sub in value.items()]
        return "(" + " and ".join(parts) + ")" if parts else "True"

    def _const(self, value, var: str) -> str:
        if type(value) in INLINE_TYPES:  # _same, written out: no call per check
            return f"(type({var}) is {type(value).__name__} and {var} == {value!r})"
        return f"_same({var}, {self.constant(value)})"

    def _pattern(self, value: str, var: str) -> str:
        return f"(not isinstance({var}, str) or {self.constant(re.compile(value))}.search({var}) is not None)"

    def _date(self, value: dict, var: str) -> str:
        bound = self.constant(bound_date(self.today, value))
        return f"_date_ok({var}, {bound}, {value['op']!r})"

    def _year(self, value: dict, var: str) -> str:
        return f"_year_ok({var}, {limit_year(self.today, value)}, {value['op']!r})"

    def _years(self, value: dict, var: str) -> str:
        allowed = frozenset(year_options(self.today, value)) | frozenset(value.get("extra", ()))
        return f"(not isinstance({var}, str) or {var} in {self.constant(allowed)})"

    def _compare(self, value: dict, var: str) -> str:
        target = value["target"]
        operator_, right = self.constant(OPERATORS[value["op"]]), self.constant(as_number(target))
        return f"_compare_to({var}, {operator_}, {self.constant(target)}, {right})"

    # -- error-collecting statements -------------------------------------------------------------
    def emit(self, line: str, depth: int) -> None:
        self.lines.append("    " * depth + line)

    def errors(self, schema: dict, var: str, key: str | None, depth: int) -> None:
        messages = schema.get("x-messages", {})
        if "if" in schema:
            self.emit(f"if {self.check(schema['if'], var)}:", depth)
            start = len(self.lines)
            self.errors(schema.get("then", {}), var, key, depth + 1)
            if len(self.lines) == start:
                self.emit("pass", depth + 1)
        for keyword, value in schema.items():
            if keyword in STRUCTURAL or keyword in ("if", "then"):
                continue
            if keyword == "required":
                for required_key in value:
                    message = messages.get("required", f"'{required_key}' is a required property")
                    self.emit(f"if {required_key!r} not in {var}: _add({required_key!r}, {message!r})", depth)
            elif keyword == "properties":
                for prop, sub in value.items():
                    temp = self.temp()
                    self.emit(f"{temp} = {var}.get({prop!r}, _MISSING)", depth)
                    self.emit(f"if {temp} is not _MISSING:", depth)
                    start = len(self.lines)
                    self.errors(sub, temp, prop, depth + 1)
                    if len(self.lines) == start:
                        self.emit("pass", depth + 1)
            elif keyword == "allOf":
                for sub in value:
                    self.errors(sub, var, key, depth)
            elif key is None and keyword == "type" and value == "object":
                continue  # the answer map is always an object
            elif key is None and keyword == "fe_other":  # reads the answer map; the error is value["key"]'s
                message = messages.get(keyword, "Invalid value.")
                self.emit(
                    f"if not {self.keyword_check(keyword, value, var)}: _add({value['key']!r}, {message!r})", depth
                )
            else:
                if key is None:
                    raise Unsupported(f"{keyword} at the root")
                message = messages.get(keyword, "Invalid value.")
                if keyword == "fe_year" and "{year}" in message:
                    message = message.replace("{year}", str(limit_year(self.today, value)))
                self.emit(f"if not {self.keyword_check(keyword, value, var)}: _add({key!r}, {message!r})", depth)


def _unsupported(what: str):
    def refuse(_generator, _value, _var):
        raise Unsupported(what)

    return refuse


def _joined(operator_: str):
    return lambda g, value, var: "(" + f" {operator_} ".join(g.check(sub, var) for sub in value) + ")"


def _number_only(sign: str):
    return lambda g, value, var: f"(not _is_number({var}) or {var} {sign} {g.constant(value)})"


# keyword -> (generator, value, variable) -> a Python expression that holds when the value passes it
_CHECKS = {
    "required": lambda g, value, var: "(" + " and ".join(f"{k!r} in {var}" for k in value) + ")",
    "properties": _Generator._properties,
    "allOf": _joined("and"),
    "anyOf": _joined("or"),
    "not": lambda g, value, var: f"(not {g.check(value, var)})",
    "if": _unsupported("if inside a condition"),
    "then": lambda g, value, var: "True",
    "type": lambda g, value, var: TYPE_CHECKS[value].format(v=var),
    "const": _Generator._const,
    "enum": lambda g, value, var: f"_in_enum({var}, {g.constant(tuple(value))})",
    "maxLength": lambda g, value, var: f"(not isinstance({var}, str) or len({var}) <= {int(value)})",
    "minLength": lambda g, value, var: f"(not isinstance({var}, str) or len({var}) >= {int(value)})",
    "pattern": _Generator._pattern,
    "fe_valid_date": lambda g, value, var: f"_valid_date({var})" if value else "True",
    "fe_date": _Generator._date,
    "fe_year": _Generator._year,
    "fe_years": _Generator._years,
    "minimum": _number_only(">="),
    "maximum": _number_only("<="),
    "fe_step": lambda g, value, var: f"_step_ok({var}, {g.constant(value['step'])}, {g.constant(value['base'])})",
    "fe_words": lambda g, value, var: f"_words_ok({var}, {value['op']!r}, {int(value['count'])})",
    "fe_other": lambda g, value, var: f"_answers_compare({g.constant(dict(value))}, {var})",
    "fe_compare": _Generator._compare,
}


_MISSING = object()


def _same(value, constant) -> bool:
    return type(value) is type(constant) and value == constant


def _in_enum(value, options) -> bool:
    return any(type(value) is type(option) and value == option for option in options)


def _valid_date(value) -> bool:
    return not (isinstance(value, str) and DATE_PATTERN.match(value) and parse_date(value) is None)


def _date_ok(value, bound: dt.date, op: str) -> bool:
    day = parse_date(value)
    return day is None or within(day, bound, op)


def _year_ok(value, bound: int, op: str) -> bool:
    year = answer_year(value)
    return year is None or within(year, bound, op)


def _compare_to(value, operator_, target, right) -> bool:
    """validation.compare with the target's number (`right`) and the operator found once, at compile time."""
    left = as_number(value)
    if left is None or right is None:
        return operator_(str(value), str(target))
    return operator_(left, right)


_HELPERS = {
    "_MISSING": _MISSING,
    "_same": _same,
    "_in_enum": _in_enum,
    "_valid_date": _valid_date,
    "_date_ok": _date_ok,
    "_year_ok": _year_ok,
    "_words_ok": words_ok,
    "_is_number": is_number,
    "_step_ok": step_ok,
    "_compare_to": _compare_to,
    "_answers_compare": answers_compare,
}


def compile_hider(rules: list[tuple[dict, list[str]]], present_only: bool = True):
    """A function instance -> [keys that a failing rule hides], for rules [(condition schema, keys)]:
    the compiled form of evaluating each condition with jsonschema. With present_only, only the
    keys the instance holds. Conditions hold no date keyword (conditions.to_schema emits none)."""
    generator = _Generator(dt.date(2000, 1, 1))
    lines = ["def hidden(instance):", "    out = []"]
    for when, keys in rules:
        lines.append(f"    if not {generator.check(when, 'instance')}:")
        if present_only:  # written out key by key: no generator per failing rule
            lines.extend(f"        if {key!r} in instance: out.append({key!r})" for key in keys)
        else:
            lines.append(f"        out.extend({generator.constant(tuple(keys))})")
    lines.append("    return out")
    namespace = {**_HELPERS, **generator.constants}
    exec(compile("\n".join(lines) + "\n", "<compiled hiding rules>", "exec"), namespace)  # our own generated code
    return namespace["hidden"]


def compile_condition(schema: dict):
    """A function instance -> bool: does the instance satisfy a compiled condition?"""
    generator = _Generator(dt.date(2000, 1, 1))  # conditions hold no date keyword
    source = f"def holds(instance):\n    return {generator.check(schema, 'instance')}\n"
    namespace = {**_HELPERS, **generator.constants}
    exec(compile(source, "<compiled condition>", "exec"), namespace)  # our own generated code
    return namespace["holds"]


def compile_validator(schema: dict, today: dt.date):
    """A function instance -> {key: [messages]} equivalent to validation.validate_instance."""
    generator = _Generator(today)
    generator.errors(schema, "instance", None, 1)
    source = (
        "def validate(instance):\n    errors = {}\n    def _add(key, message):\n"
        "        bucket = errors.setdefault(key, [])\n        if message not in bucket: bucket.append(message)\n"
    )
    source += "\n".join(generator.lines) + "\n    return errors\n"
    namespace = {**_HELPERS, **generator.constants}
    exec(compile(source, "<compiled page schema>", "exec"), namespace)  # our own generated code
    return namespace["validate"]
