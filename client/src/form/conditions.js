// The browser's one condition evaluator. A condition is compiled by the engine to JSON Schema
// (engine/definition/compile/conditions.py to_schema) and the shipped interpreter (validation/interpret.js)
// decides it against a prepared instance (validation/instance.js prepareInstance); the layout, the
// field templates, the review, the print view and the hiding rules (visibility.js) all ask here.
// The golden condition cases (tests/golden/conditions.json) run it; the server's twin is
// engine/definition/visibility.py condition_check.
import { makeInterpreter } from "./validation/interpret.js";
import { prepareInstance } from "./validation/instance.js";

// Conditions hold no date keyword (to_schema emits none), so one interpreter serves every day.
const { holds } = makeInterpreter("2000-01-01");

/** A compiled condition against a prepared instance: true when it holds (no condition: true). */
export function conditionHolds(schema, instance) {
  return !schema || holds(schema, instance);
}

// Keywords of a condition's root that read no answer.
const READ_NOTHING = new Set(["$schema", "x-messages", "description", "title", "type"]);

/** The answer keys a compiled condition reads (added to `into`); false when it may read any. */
export function readKeys(schema, into) {
  if (!schema || typeof schema !== "object") return true;
  for (const [keyword, spec] of Object.entries(schema)) {
    if (keyword === "required") for (const key of spec) into.add(key);
    else if (keyword === "properties") for (const key of Object.keys(spec)) into.add(key);
    else if (keyword === "allOf" || keyword === "anyOf") {
      if (!spec.every((sub) => readKeys(sub, into))) return false;
    } else if (keyword === "not" || keyword === "if" || keyword === "then") {
      if (!readKeys(spec, into)) return false;
    } else if (!READ_NOTHING.has(keyword)) return false;
  }
  return true;
}

const readsOf = new WeakMap();
/** The keys a condition reads, once per condition: an array, or null when it may read any. */
function keysOf(schema) {
  let keys = readsOf.get(schema);
  if (keys === undefined) {
    const into = new Set();
    keys = readKeys(schema, into) ? [...into] : null;
    readsOf.set(schema, keys);
  }
  return keys;
}

export const filled = (value) => value !== "" && value !== null && value !== undefined;

/**
 * The evaluator of one answer snapshot: every reader of the same snapshot (layout, field templates)
 * shares its results. Its instance holds only the answers the conditions asked so far read (a large
 * form's keystroke does not copy every answer), or all of them once a condition may read any.
 */
const evaluators = new WeakMap();
export function conditionsFor(answers) {
  let evaluate = evaluators.get(answers);
  if (!evaluate) {
    const source = answers || {};
    const instance = {};
    const copied = new Set();
    let whole = false;
    const results = new Map();
    evaluate = (schema) => {
      if (!schema) return true;
      let result = results.get(schema);
      if (result !== undefined) return result;
      const keys = whole ? [] : keysOf(schema);
      if (keys === null) {
        Object.assign(instance, prepareInstance(source));
        whole = true;
      } else {
        for (const key of keys) {
          if (copied.has(key)) continue;
          copied.add(key);
          if (Object.prototype.hasOwnProperty.call(source, key) && filled(source[key]))
            instance[key] = source[key];
        }
      }
      results.set(schema, (result = holds(schema, instance)));
      return result;
    };
    evaluators.set(answers, evaluate);
  }
  return evaluate;
}
