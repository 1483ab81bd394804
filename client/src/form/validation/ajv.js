// The same validation with ajv 8. Ajv generates code (it needs 'unsafe-eval'), so this module is
// not part of the shipped bundle: it is a second reference that the golden cases and
// scripts/bench_validate.py run against the interpreter and the server.
import Ajv2020 from "ajv/dist/2020.js";
import { addKeywords, limitYear } from "./keywords.js";
import { todayKey, validateAnswers } from "./validate.js";

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
  if (!validate) byDay.set(key, (validate = ajvFor(key).compile(schema)));
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
  if (error.keyword === "fe_year")
    message = message.replace("{year}", String(limitYear(today, error.schema)));
  return message;
}

export function validateInstanceAjv(schema, instance, today) {
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

export function validateAnswersAjv(compiled, answers, options = {}) {
  return validateAnswers(compiled, answers, options, validateInstanceAjv);
}
