// Evaluates the compiled page schemas without generating code (no eval, no new Function), so the
// client runs under a strict Content-Security-Policy. It understands exactly the keywords the
// compiler emits and mirrors engine/definition/compile/codegen.py; the shared golden cases run through it,
// through ajv and through both server paths, so none of them can drift.
import {
  answersCompare,
  cmpDates,
  compare,
  dateBound,
  isNumber,
  parseDate,
  stepOk,
  todayParts,
  yearOptions,
} from "./keywords.js";
import { t } from "../../strings/formStrings.js";
import { wordsOk } from "./words.js";

const STRUCTURAL = new Set(["$schema", "x-messages", "description", "title"]);
const has = (object, key) =>
  object !== null && typeof object === "object" && Object.prototype.hasOwnProperty.call(object, key);
const length = (text) => [...text].length;
const patterns = new Map();

function regex(pattern) {
  let compiled = patterns.get(pattern);
  if (!compiled) patterns.set(pattern, (compiled = new RegExp(pattern, "u")));
  return compiled;
}

function sameValue(a, b) {
  return typeof a === typeof b && a === b;
}

export class UnsupportedKeyword extends Error {}

// The keywords that read only the value and their spec.
const VALUE_KEYWORDS = {
  type(spec, value) {
    if (spec === "string") return typeof value === "string";
    if (spec === "boolean") return typeof value === "boolean";
    if (spec === "object") return value !== null && typeof value === "object" && !Array.isArray(value);
    if (spec === "number") return isNumber(value);
    if (spec === "integer") return isNumber(value) && Number.isInteger(value);
    throw new UnsupportedKeyword(`type ${spec}`);
  },
  const: (spec, value) => sameValue(value, spec),
  enum: (spec, value) => spec.some((option) => sameValue(value, option)),
  maxLength: (spec, value) => typeof value !== "string" || length(value) <= spec,
  minLength: (spec, value) => typeof value !== "string" || length(value) >= spec,
  pattern: (spec, value) => typeof value !== "string" || regex(spec).test(value),
  fe_valid_date: (spec, value) =>
    !(
      spec &&
      typeof value === "string" &&
      /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value) &&
      parseDate(value) === null
    ),
  fe_compare: (spec, value) => compare(value, spec.op, spec.target),
  fe_words: wordsOk,
  fe_other: answersCompare, // reads the answer map (the value at the root)
  minimum: (spec, value) => !isNumber(value) || value >= spec,
  maximum: (spec, value) => !isNumber(value) || value <= spec,
  fe_step: stepOk,
};

function isoDay(now) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.y}-${pad(now.m)}-${pad(now.d)}`;
}

// The keywords that also read today's date (`now`).
const DATE_KEYWORDS = {
  fe_date(spec, value, now) {
    const day = parseDate(value);
    if (day === null) return true;
    const order = cmpDates(day, dateBound(now, spec));
    return spec.op === "gte" ? order >= 0 : order <= 0;
  },
  fe_year(spec, value, now) {
    const day = parseDate(value);
    const year = day ? day.y : typeof value === "string" && /^[0-9]+$/.test(value) ? Number(value) : null;
    if (year === null) return true;
    const bound = now.y + spec.years;
    return spec.op === "gte" ? year >= bound : year <= bound;
  },
  fe_years: (spec, value, now) =>
    typeof value !== "string" ||
    (spec.extra || []).includes(value) ||
    yearOptions(isoDay(now), spec).includes(value),
};

export function makeInterpreter(today) {
  const now = todayParts(today);

  function keywordHolds(keyword, spec, value) {
    switch (keyword) {
      case "required":
        return spec.every((k) => has(value, k));
      case "properties":
        return Object.entries(spec).every(([k, sub]) => !has(value, k) || holds(sub, value[k]));
      case "allOf":
        return spec.every((sub) => holds(sub, value));
      case "anyOf":
        return spec.some((sub) => holds(sub, value));
      case "not":
        return !holds(spec, value);
      case "then":
        return true;
      default:
        if (has(VALUE_KEYWORDS, keyword)) return VALUE_KEYWORDS[keyword](spec, value);
        if (has(DATE_KEYWORDS, keyword)) return DATE_KEYWORDS[keyword](spec, value, now);
        throw new UnsupportedKeyword(keyword);
    }
  }

  // True when value satisfies schema (conditions: no messages).
  function holds(schema, value) {
    if (has(schema, "if") && holds(schema.if, value) && has(schema, "then") && !holds(schema.then, value))
      return false;
    for (const [keyword, spec] of Object.entries(schema)) {
      if (STRUCTURAL.has(keyword) || keyword === "if") continue;
      if (!keywordHolds(keyword, spec, value)) return false;
    }
    return true;
  }

  // Adds {key: message} for each failing keyword that carries a message, as the server does.
  function collect(schema, value, key, add) {
    const messages = schema["x-messages"] || {};
    if (has(schema, "if") && holds(schema.if, value)) collect(schema.then || {}, value, key, add);
    for (const [keyword, spec] of Object.entries(schema)) {
      if (STRUCTURAL.has(keyword) || keyword === "if" || keyword === "then") continue;
      if (keyword === "required") {
        for (const k of spec)
          if (!has(value, k)) add(k, messages.required ?? `'${k}' is a required property`);
      } else if (keyword === "properties") {
        for (const [k, sub] of Object.entries(spec)) if (has(value, k)) collect(sub, value[k], k, add);
      } else if (keyword === "allOf") {
        for (const sub of spec) collect(sub, value, key, add);
      } else if (key === null && keyword === "type" && spec === "object") {
        continue;
      } else if (key === null && keyword === "fe_other") {
        if (!answersCompare(spec, value)) add(spec.key, messages.fe_other ?? t("form_invalid_value"));
      } else {
        if (key === null) throw new UnsupportedKeyword(`${keyword} at the root`);
        if (!keywordHolds(keyword, spec, value)) {
          let message = messages[keyword] ?? t("form_invalid_value");
          if (keyword === "fe_year") message = message.replace("{year}", String(now.y + spec.years));
          add(key, message);
        }
      }
    }
  }

  return { holds, collect };
}

export function todayKey(today) {
  if (typeof today === "string") return today;
  const now = today || new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const interpreters = new Map();
/** One interpreter per day (date rules move with today), a few days kept. */
export function interpreterFor(today) {
  const key = todayKey(today);
  let interpreter = interpreters.get(key);
  if (!interpreter) {
    if (interpreters.size > 3) interpreters.clear();
    interpreters.set(key, (interpreter = makeInterpreter(key)));
  }
  return interpreter;
}
