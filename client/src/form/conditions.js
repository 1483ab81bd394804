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

/**
 * The evaluator of one answer snapshot: the instance is prepared once, not per check, and every
 * reader of the same snapshot (layout, field templates) shares its results.
 */
const evaluators = new WeakMap();
export function conditionsFor(answers) {
  let evaluate = evaluators.get(answers);
  if (!evaluate) {
    const instance = prepareInstance(answers);
    const results = new Map();
    evaluate = (schema) => {
      if (!schema) return true;
      let result = results.get(schema);
      if (result === undefined) results.set(schema, (result = holds(schema, instance)));
      return result;
    };
    evaluators.set(answers, evaluate);
  }
  return evaluate;
}
