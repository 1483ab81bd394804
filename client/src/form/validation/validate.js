// Client-side answer validation with the compiled page schemas: the same artefact and the same
// result as the server (engine/definition/validation.py), proven by the shared golden cases.
import Ajv2020 from "ajv/dist/2020.js";
import { addKeywords, limitYear } from "./keywords.js";

export const TAB_KEY_PREFIX = "__tab__";

export function prepareInstance(answers, tabs, tabDefaults) {
  const instance = {};
  for (const [key, value] of Object.entries(answers || {})) {
    if (value !== "" && value !== null && value !== undefined) instance[key] = value;
  }
  const chosen = { ...(tabDefaults || {}) };
  for (const [group, tab] of Object.entries(tabs || {})) if (tab) chosen[group] = tab;
  for (const [group, tab] of Object.entries(chosen)) instance[TAB_KEY_PREFIX + group] = tab;
  return instance;
}

export function tabDefaults(compiled) {
  return Object.fromEntries(Object.entries(compiled.tabs || {}).map(([id, group]) => [id, group.default]));
}

function todayKey(today) {
  if (typeof today === "string") return today;
  const now = today || new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// One ajv per day (relative date rules move with today), each compiling each schema once.
const ajvByDay = new Map();
function ajvFor(today) {
  const key = todayKey(today);
  let ajv = ajvByDay.get(key);
  if (!ajv) {
    ajv = new Ajv2020({ allErrors: true, strict: false, verbose: true, validateFormats: false });
    addKeywords(ajv, key);
    if (ajvByDay.size > 3) ajvByDay.clear();
    ajvByDay.set(key, ajv);
  }
  return ajv;
}

const compiledSchemas = new WeakMap();
export function compileSchema(schema, today) {
  const key = todayKey(today);
  let byDay = compiledSchemas.get(schema);
  if (!byDay) compiledSchemas.set(schema, (byDay = new Map()));
  let validate = byDay.get(key);
  if (!validate) {
    validate = ajvFor(key).compile(schema);
    byDay.set(key, validate);
  }
  return validate;
}

function errorKey(error) {
  if (error.keyword === "required") return error.params.missingProperty;
  const path = error.instancePath.split("/").filter(Boolean);
  return path.length ? path[0].replace(/~1/g, "/").replace(/~0/g, "~") : null;
}

function errorMessage(error, today) {
  const messages = (error.parentSchema && error.parentSchema["x-messages"]) || {};
  let message = messages[error.keyword];
  if (message === undefined) return null; // structural keywords (if, allOf...) carry no message of their own
  if (error.keyword === "fe_year" && message.includes("{year}")) {
    message = message.replace("{year}", String(limitYear(today, error.schema)));
  }
  return message;
}

export function validateInstance(schema, instance, today) {
  const validate = compileSchema(schema, today);
  const errors = {};
  if (validate(instance)) return errors;
  for (const error of validate.errors) {
    const key = errorKey(error);
    const message = errorMessage(error, todayKey(today));
    if (key === null || message === null) continue;
    const bucket = (errors[key] ||= []);
    if (!bucket.includes(message)) bucket.push(message);
  }
  return errors;
}

// {key: [messages]} for the whole application, or for the given page routes; {} when valid.
export function validateAnswers(compiled, answers, { today, tabs, routes } = {}) {
  const instance = prepareInstance(answers, tabs, tabDefaults(compiled));
  const errors = {};
  for (const page of compiled.pages) {
    if (routes && !routes.includes(page.route)) continue;
    for (const [key, messages] of Object.entries(validateInstance(page.schema, instance, today))) {
      const bucket = (errors[key] ||= []);
      for (const message of messages) if (!bucket.includes(message)) bucket.push(message);
    }
  }
  return errors;
}

// A compiled condition (JSON Schema) against answers: true when it holds.
export function evaluateCondition(conditionSchema, answers, today) {
  return compileSchema(conditionSchema, today)(prepareInstance(answers));
}
