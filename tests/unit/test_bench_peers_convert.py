"""The peer converter of the large-form benchmark (bench/peers/convert.py): the compiled form's JSON
Schema conditions written in each peer's own idiom, and a condition it cannot write refused by name."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("peers_convert", ROOT / "bench" / "peers" / "convert.py")
convert = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(convert)

EQ = {"required": ["p01_mode"], "properties": {"p01_mode": {"const": "a"}}}
GTE = {"required": ["p01_count"], "properties": {"p01_count": {"fe_compare": {"op": "gte", "target": 5}}}}
IN = {"required": ["kind"], "properties": {"kind": {"enum": ["paid", "other"]}}}


def test_conditions_in_each_idiom():
    both = convert.tree({"allOf": [GTE, {"not": EQ}]})
    assert both == ("all", [("cmp", "p01_count", "gte", 5), ("not", ("eq", "p01_mode", "a"))])
    assert convert.survey_expr(both) == "(({p01_count} notempty and {p01_count} >= 5) and !({p01_mode} = 'a'))"
    assert convert.logic(both) == {
        "and": [
            {"and": [{"!!": {"var": "data.p01_count"}}, {">=": [{"+": {"var": "data.p01_count"}}, 5]}]},
            {"!": {"==": [{"var": "data.p01_mode"}, "a"]}},
        ]
    }
    assert convert.rjsf_if(both) == {
        "allOf": [
            {"required": ["p01_count"], "properties": {"p01_count": {"type": "number", "minimum": 5}}},
            {"not": {"required": ["p01_mode"], "properties": {"p01_mode": {"const": "a"}}}},
        ]
    }


def test_conditions_inside_an_entry_read_the_entry():
    local = convert._localiser("p02e_3_")
    inner = convert.tree({"required": ["p02e_3_kind"], "properties": {"p02e_3_kind": {"enum": ["paid", "other"]}}})
    assert convert.survey_expr(inner, local) == "{panel.kind} anyof ['paid', 'other']"
    assert convert.logic(inner, local) == {"in": [{"var": "row.kind"}, ["paid", "other"]]}
    assert convert.js(inner, local) == '["paid", "other"].includes(row.kind)'


def test_a_field_keeps_only_its_own_condition():
    assert convert.own_part(EQ, EQ) is None
    assert convert.own_part({"allOf": [EQ, IN]}, EQ) == IN
    assert convert.own_part(IN, None) == IN


def test_a_condition_it_cannot_write_is_refused():
    with pytest.raises(ValueError, match="condition not converted"):
        convert.tree({"required": ["k"], "properties": {"k": {"pattern": "^a"}}})
