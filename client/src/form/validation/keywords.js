// The compiled form's custom keywords, implemented exactly as engine/definition/validation.py does.
import { wordsOk } from "./words.js";

const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const NUMBER = /^\s*-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)\s*$/;

/** A JSON number (a finite one: JSON has no other). */
export const isNumber = (value) => typeof value === "number" && Number.isFinite(value);

/** A number is base plus a whole number of steps, to within a billionth of a step (validation.py step_ok). */
export function stepOk(spec, value) {
  if (!isNumber(value)) return true;
  const steps = (value - spec.base) / spec.step;
  return Math.abs(steps - Math.round(steps)) <= 1e-9;
}

export function parseDate(value) {
  if (typeof value !== "string" || !DATE.test(value)) return null;
  const [y, m, d] = value.split("-").map(Number);
  if (y < 1 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  date.setUTCFullYear(y); // years below 100 are not shifted to 19xx
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return { y, m, d };
}

export function todayParts(today) {
  if (typeof today === "string") return parseDate(today);
  const now = today || new Date();
  return { y: now.getFullYear(), m: now.getMonth() + 1, d: now.getDate() };
}

function daysInMonth(y, m) {
  const date = new Date(Date.UTC(2000, m, 0));
  date.setUTCFullYear(y, m, 0); // day 0 of the next month: the last day of this one
  return date.getUTCDate();
}

/** Years, then months (the day kept, or the month's last day), then days: engine/definition/dates.py shift. */
export function shiftDate(day, years = 0, months = 0, days = 0) {
  const total = (day.y + years) * 12 + (day.m - 1) + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12 + 1;
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(y, m - 1, Math.min(day.d, daysInMonth(y, m)) + days);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

/** A date rule's bound on `now`: a fixed {date}, or today shifted by {years, months, days}. */
export function dateBound(now, spec) {
  if (spec.date) return parseDate(spec.date);
  return shiftDate(now, spec.years || 0, spec.months || 0, spec.days || 0);
}

export function cmpDates(a, b) {
  return a.y - b.y || a.m - b.m || a.d - b.d;
}

function asNumber(value) {
  if (typeof value === "boolean") return null;
  if (typeof value === "number") return value;
  if (typeof value === "string" && NUMBER.test(value)) return parseFloat(value);
  return null;
}

export function compare(value, op, target) {
  let left = asNumber(value);
  let right = asNumber(target);
  if (left === null || right === null) {
    left = pyStr(value);
    right = pyStr(target);
  }
  switch (op) {
    case "lt":
      return left < right;
    case "lte":
      return left <= right;
    case "gt":
      return left > right;
    default:
      return left >= right;
  }
}

const ORDER = { lt: (a, b) => a < b, lte: (a, b) => a <= b, gt: (a, b) => a > b, gte: (a, b) => a >= b };

/**
 * One answer compared with another (engine/definition/validation.py other_ok). As a rule (kind
 * day or number), both read as dates or as numbers, and an empty or unreadable side means the
 * comparison does not apply; in a condition (kind value), as compare() does.
 */
export function otherOk(value, other, op, kind) {
  if (kind === "value") return compare(value, op, other); // in a condition: numbers as numbers, else text
  let left;
  let right;
  if (kind === "day") {
    const a = parseDate(value);
    const b = parseDate(other);
    if (a === null || b === null) return true;
    left = cmpDates(a, b);
    right = 0;
  } else {
    left = asNumber(value);
    right = asNumber(other);
    if (left === null || right === null) return true;
  }
  return ORDER[op](left, right);
}

const own = (object, key) => (Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined);

/**
 * The add-another entries holding any answer ({prefixes, keys}): the ones a submission keeps.
 * Entries beyond the section's count are hidden, so absent from a validated instance.
 */
export function filledEntries(instance, { prefixes, keys }) {
  const answered = (key) => own(instance, key) !== undefined && own(instance, key) !== false;
  return prefixes.filter((prefix) => keys.some((key) => answered(prefix + key))).length;
}

/** fe_other on a prepared instance (the answer map): {key, op, other, as} or {key, op, entries}. */
export function answersCompare(spec, instance) {
  if (instance === null || typeof instance !== "object") return true;
  if (spec.entries)
    return otherOk(own(instance, spec.key), filledEntries(instance, spec.entries), spec.op, "number");
  return otherOk(own(instance, spec.key), own(instance, spec.other), spec.op, spec.as);
}

// Text comparison as the server does it: str(True) is "True" in Python.
function pyStr(value) {
  if (value === true) return "True";
  if (value === false) return "False";
  if (value === null || value === undefined) return "None";
  return String(value);
}

export function limitYear(today, spec) {
  return todayParts(today).y + spec.years;
}

export function addKeywords(ajv, today) {
  const now = todayParts(today);
  ajv.addKeyword({
    keyword: "fe_valid_date",
    schemaType: "boolean",
    validate: (enabled, value) =>
      !(enabled && typeof value === "string" && DATE.test(value) && parseDate(value) === null),
  });
  ajv.addKeyword({
    keyword: "fe_date",
    schemaType: "object",
    validate: (spec, value) => {
      const day = parseDate(value);
      if (day === null) return true;
      const order = cmpDates(day, dateBound(now, spec));
      return spec.op === "gte" ? order >= 0 : order <= 0;
    },
  });
  ajv.addKeyword({
    keyword: "fe_year",
    schemaType: "object",
    validate: (spec, value) => {
      const day = parseDate(value);
      const year = day ? day.y : typeof value === "string" && /^[0-9]+$/.test(value) ? Number(value) : null;
      if (year === null) return true;
      const bound = now.y + spec.years;
      return spec.op === "gte" ? year >= bound : year <= bound;
    },
  });
  ajv.addKeyword({ keyword: "fe_words", schemaType: "object", validate: wordsOk });
  ajv.addKeyword({ keyword: "fe_step", schemaType: "object", validate: stepOk });
  ajv.addKeyword({
    keyword: "fe_compare",
    schemaType: "object",
    validate: (spec, value) => compare(value, spec.op, spec.target),
  });
  // On the answer map: the error is the compared answer's (spec.key), as on the server.
  const feOther = (spec, instance, parentSchema) => {
    if (answersCompare(spec, instance)) return true;
    feOther.errors = [{ keyword: "fe_other", instancePath: `/${spec.key}`, params: {}, parentSchema }];
    return false;
  };
  ajv.addKeyword({ keyword: "fe_other", schemaType: "object", errors: true, validate: feOther });
  ajv.addKeyword({ keyword: "x-messages", schemaType: "object" });
  addYearListKeyword(ajv, today);
}

// A year list as served on `today` (engine/definition/validation.py year_options).
export function yearOptions(today, spec) {
  const start = (spec.start_year || todayParts(today).y) + (spec.offset || 0);
  const step = spec.direction === "past" ? -1 : 1;
  return Array.from({ length: spec.num_years }, (_, i) => String(start + step * i));
}

export function addYearListKeyword(ajv, today) {
  ajv.addKeyword({
    keyword: "fe_years",
    schemaType: "object",
    validate: (spec, value) =>
      typeof value !== "string" ||
      (spec.extra || []).includes(value) ||
      yearOptions(today, spec).includes(value),
  });
}
