// What is hidden and what a save clears: the browser's twin of engine/definition/visibility.py,
// reading the same compiled hiding rules (compiled.visibility). The golden cases in
// tests/golden/*/visibility run both, so the browser clears exactly what the server clears.
//
// - hiddenKeys / visibleAnswers: the answered keys the rules hide, cascades included (clearing a
//   controller can hide what it controls, so the rules run until nothing more goes).
// - settle(stored, patch): what a save stores. On top of the hidden keys, a conditional dropdown
//   (and its _desc) goes when the save changes its controller without setting the dropdown too,
//   and when it holds a value its controller's current list does not allow.
import { conditionHolds } from "./conditions.js";
import { prepareInstance, tabDefaults } from "./validation/instance.js";
import { yearOptions } from "./validation/keywords.js";

const models = new WeakMap();

function modelOf(compiled) {
  let model = models.get(compiled);
  if (model) return model;
  const spec = compiled.visibility || { rules: [], dropdowns: [] };
  const countLimits = Object.fromEntries(
    Object.entries(compiled.add_another || {}).map(([id, entry]) => [id, [entry.default ?? 1, entry.max]]),
  );
  const dropdowns = spec.dropdowns.map((dropdown) => ({
    ...dropdown,
    allowed: Object.fromEntries(
      Object.entries(dropdown.allowed).map(([value, allowed]) => [
        value,
        Array.isArray(allowed) ? new Set(allowed) : allowed,
      ]),
    ),
  }));
  model = { rules: spec.rules, dropdowns, tabDefaults: tabDefaults(compiled), countLimits };
  models.set(compiled, model);
  return model;
}

function instanceOf(model, answers, { tabs, addAnother } = {}) {
  return prepareInstance(answers, tabs, model.tabDefaults, addAnother, model.countLimits);
}

function drop(instance, keys) {
  const dropped = [];
  for (const key of keys) {
    if (key in instance) {
      delete instance[key];
      dropped.push(key);
    }
  }
  return dropped;
}

function hiddenNow(model, instance) {
  const out = [];
  for (const rule of model.rules) {
    if (!conditionHolds(rule.when, instance)) for (const key of rule.keys) if (key in instance) out.push(key);
  }
  return out;
}

function notAllowed(model, instance, today) {
  const out = [];
  for (const dropdown of model.dropdowns) {
    const value = instance[dropdown.key];
    if (value === undefined) continue;
    const controller = instance[dropdown.controller];
    const allowed = typeof controller === "string" ? dropdown.allowed[controller] : undefined;
    if (allowed === undefined) continue; // no list for the controller's value: hidden by a rule
    const ok =
      allowed instanceof Set
        ? allowed.has(value)
        : typeof value !== "string" ||
          (allowed.extra || []).includes(value) ||
          yearOptions(today, allowed).includes(value);
    if (!ok) out.push(dropdown.key, dropdown.desc_key);
  }
  return out;
}

/** Remove what the rules hide (and, given today, dropdown values not allowed) until stable. */
function untilSettled(model, instance, today) {
  const cleared = [];
  for (;;) {
    const found = hiddenNow(model, instance);
    if (today !== undefined) found.push(...notAllowed(model, instance, today));
    const dropped = drop(instance, found);
    if (!dropped.length) return cleared;
    cleared.push(...dropped);
  }
}

/** The answered keys that the rules hide; options: {tabs, addAnother}. */
export function hiddenKeys(compiled, answers, options) {
  const model = modelOf(compiled);
  return untilSettled(model, instanceOf(model, answers, options));
}

/** The answers without those the rules hide (the same object when nothing is hidden). */
export function visibleAnswers(compiled, answers, options) {
  const hidden = hiddenKeys(compiled, answers, options);
  if (!hidden.length) return answers;
  const out = { ...answers };
  for (const key of hidden) delete out[key];
  return out;
}

const answerOf = (answers, key) => answers[key] ?? "";

/**
 * What a save stores: {answers, changes, cleared}. `changes` is the patch plus {clearedKey: ""};
 * `cleared` lists the answered keys the rules removed. options: {tabs, addAnother, today}.
 */
export function settle(compiled, stored, patch, options = {}) {
  const model = modelOf(compiled);
  const merged = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === "") delete merged[key];
    else merged[key] = value;
  }
  const instance = instanceOf(model, merged, options);
  const cleared = [];
  for (const dropdown of model.dropdowns) {
    const { controller } = dropdown;
    const changed = controller in patch && answerOf(stored, controller) !== answerOf(merged, controller);
    if (changed && !(dropdown.key in patch))
      cleared.push(...drop(instance, [dropdown.key, dropdown.desc_key]));
  }
  cleared.push(...untilSettled(model, instance, options.today ?? new Date()));
  const removed = cleared.filter((key) => key in merged);
  const changes = { ...patch };
  for (const key of removed) {
    delete merged[key];
    changes[key] = "";
  }
  return { answers: merged, changes, cleared: removed };
}
