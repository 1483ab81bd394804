// Client-side answer validation with the compiled page schemas: the same artefact and the same
// result as the server (engine/definition/validation.py), proven by the shared golden cases.
// The schemas are interpreted (interpret.js), never compiled to code, so a strict CSP holds.
import { makeInterpreter } from "./interpret.js";

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

export function todayKey(today) {
  if (typeof today === "string") return today;
  const now = today || new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const interpreters = new Map();
function interpreterFor(today) {
  const key = todayKey(today);
  let interpreter = interpreters.get(key);
  if (!interpreter) {
    if (interpreters.size > 3) interpreters.clear();
    interpreters.set(key, (interpreter = makeInterpreter(key)));
  }
  return interpreter;
}

export function validateInstance(schema, instance, today) {
  const errors = {};
  interpreterFor(today).collect(schema, instance, null, (key, message) => {
    const bucket = (errors[key] ||= []);
    if (!bucket.includes(message)) bucket.push(message);
  });
  return errors;
}

function merge(into, errors) {
  for (const [key, messages] of Object.entries(errors)) {
    const bucket = (into[key] ||= []);
    for (const message of messages) if (!bucket.includes(message)) bucket.push(message);
  }
  return into;
}

// {key: [messages]} for the whole application, or for the given page routes; {} when valid.
export function validateAnswers(
  compiled,
  answers,
  { today, tabs, routes } = {},
  validatePage = validateInstance,
) {
  const instance = prepareInstance(answers, tabs, tabDefaults(compiled));
  const errors = {};
  for (const page of compiled.pages) {
    if (routes && !routes.includes(page.route)) continue;
    merge(errors, validatePage(page.schema, instance, today));
  }
  return errors;
}

// A compiled condition (JSON Schema) against answers: true when it holds.
export function evaluateCondition(conditionSchema, answers, today) {
  return interpreterFor(today).holds(conditionSchema, prepareInstance(answers));
}
