// What is hidden and what a save clears: the browser's twin of engine/definition/visibility.py,
// reading the same compiled hiding rules (compiled.visibility). The golden cases in
// tests/golden/*/visibility run both, so the browser clears exactly what the server clears.
//
// - hiddenKeys / visibleAnswers: the answered keys the rules hide, cascades included (clearing a
//   controller can hide what it controls, so the rules run until nothing more goes).
// - settle(stored, patch): what a save stores. On top of the hidden keys, a conditional dropdown
//   (and its _desc) goes when the save changes its controller without setting the dropdown too,
//   and when it holds a value its controller's current list does not allow.
//
// A keystroke changes one answer of many (a large form holds over a thousand): the model keeps the
// settled instance of the last answers it was asked about, and a new question works from it. Only
// the answers that differ are written into it, and only the rules that read them (an index from
// each rule's condition to the answer keys it reads), or that hide them, are checked again; then the
// rules that read what those removed, pass after pass, as the whole run would. The result (and its
// order) is the whole run's: in the settled instance every rule holds or has none of its keys, so a
// rule that reads nothing that changed finds nothing in any pass.
import { conditionHolds, filled, readKeys } from "./conditions.js";
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
  model = {
    rules: spec.rules,
    dropdowns,
    tabDefaults: tabDefaults(compiled),
    countLimits,
    ...ruleIndex(spec.rules),
  };
  models.set(compiled, model);
  return model;
}

/** {readers: key -> rules reading it, owners: key -> rules hiding it, always: rules reading any}. */
function ruleIndex(rules) {
  const readers = new Map();
  const owners = new Map();
  const always = [];
  const add = (map, key, index) => {
    const list = map.get(key);
    if (list) list.push(index);
    else map.set(key, [index]);
  };
  rules.forEach((rule, index) => {
    const reads = new Set();
    if (readKeys(rule.when, reads)) for (const key of reads) add(readers, key, index);
    else always.push(index);
    for (const key of rule.keys) add(owners, key, index);
  });
  return { readers, owners, always };
}

function instanceOf(model, answers, { tabs, addAnother } = {}) {
  return prepareInstance(answers, tabs, model.tabDefaults, addAnother, model.countLimits);
}

const own = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

function sameExtras(a, b) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => own(b, key) && a[key] === b[key]);
}

/**
 * The instance of `answers` overlaid with `patch` (a patch's "" removes), worked from the model's
 * last settled instance: {instance, changed} with the keys that differ from it, or changed null when
 * the instance is new (no last one, or other tab choices or entry counts). When `answers` is the
 * object the last question was about (answer maps are replaced, never changed in place), only the
 * two patches' keys and the keys the last question removed are compared: the save right after
 * "what would this clear" compares a few keys, not every answer. The instance becomes the model's
 * last one: the caller settles it and records what it removed (`settled`) before anything else asks.
 */
function currentInstance(model, answers, patch, options = {}) {
  const extras = instanceOf(model, null, options);
  const last = model.last;
  const source = answers || {};
  if (!last || !sameExtras(last.extras, extras)) {
    const merged = patch ? { ...source, ...patch } : source;
    const instance = instanceOf(model, merged, options);
    model.last = { instance, extras, source, patch, removed: [] };
    return { instance, changed: null };
  }
  const { instance } = last;
  const changed = [];
  const put = (key, value) => {
    if (filled(value)) {
      if (instance[key] !== value || !own(instance, key)) {
        instance[key] = value;
        changed.push(key);
      }
    } else if (own(instance, key)) {
      delete instance[key];
      changed.push(key);
    }
  };
  const valueOf = (key) => (patch && own(patch, key) ? patch[key] : source[key]);
  if (last.source === source) {
    for (const key of Object.keys(last.patch || {})) put(key, valueOf(key));
    for (const key of last.removed) put(key, valueOf(key));
    if (patch) for (const key of Object.keys(patch)) put(key, patch[key]);
  } else {
    for (const key of Object.keys(source)) if (!patch || !own(patch, key)) put(key, source[key]);
    if (patch) for (const key of Object.keys(patch)) put(key, patch[key]);
    for (const key of Object.keys(instance)) {
      if (own(source, key) || (patch && own(patch, key)) || own(extras, key)) continue;
      delete instance[key];
      changed.push(key);
    }
  }
  last.source = source;
  last.patch = patch;
  last.removed = [];
  return { instance, changed };
}

/** What the question about the last instance removed from it (the next one puts them back first). */
function settled(model, removed) {
  model.last.removed = [...removed];
  return removed;
}

/**
 * Remove what the rules hide (and, given today, dropdown values not allowed) until stable, checking
 * only the rules that read or hide `changed` keys (all of them when changed is null).
 */
function settleFrom(model, instance, changed, today) {
  if (changed === null) return untilSettled(model, instance, today);
  const pending = new Set(model.always);
  const reread = (key) => {
    for (const index of model.readers.get(key) || []) pending.add(index);
  };
  for (const key of changed) {
    reread(key);
    for (const index of model.owners.get(key) || []) pending.add(index);
  }
  const cleared = [];
  for (;;) {
    const found = [];
    for (const index of [...pending].sort((a, b) => a - b)) {
      const rule = model.rules[index];
      if (!conditionHolds(rule.when, instance))
        for (const key of rule.keys) if (key in instance) found.push(key);
    }
    if (today !== undefined) found.push(...notAllowed(model, instance, today));
    const dropped = drop(instance, found);
    if (!dropped.length) return cleared;
    cleared.push(...dropped);
    pending.clear();
    for (const index of model.always) pending.add(index);
    dropped.forEach(reread);
  }
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
  return hiddenWith(compiled, answers, null, options);
}

/** The answered keys the rules hide once `patch` is over `answers` (neither is changed). */
export function hiddenWith(compiled, answers, patch, options) {
  const model = modelOf(compiled);
  return keepingLast(model, () => {
    const { instance, changed } = currentInstance(model, answers, patch, options);
    return settled(model, settleFrom(model, instance, changed));
  });
}

/** `work()`, forgetting the last instance if it stops half way (the next question starts afresh). */
function keepingLast(model, work) {
  try {
    return work();
  } catch (error) {
    model.last = null;
    throw error;
  }
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
  const answerAfter = (key) => (own(patch, key) ? patch[key] : stored[key]) ?? "";
  const cleared = keepingLast(model, () => {
    const { instance, changed } = currentInstance(model, stored, patch, options);
    const out = [];
    for (const dropdown of model.dropdowns) {
      const { controller } = dropdown;
      const moved = controller in patch && answerOf(stored, controller) !== answerAfter(controller);
      if (moved && !(dropdown.key in patch)) {
        const dropped = drop(instance, [dropdown.key, dropdown.desc_key]);
        out.push(...dropped);
        changed?.push(...dropped);
      }
    }
    out.push(...settleFrom(model, instance, changed, options.today ?? new Date()));
    return settled(model, out);
  });
  const removed = cleared.filter((key) => (own(patch, key) ? patch[key] !== "" : key in stored));
  const changes = { ...patch };
  for (const key of removed) changes[key] = "";
  return {
    // The stored answers after the save, made only when asked for (a keystroke's save does not).
    get answers() {
      const merged = { ...stored };
      for (const [key, value] of Object.entries(changes)) {
        if (value === "") delete merged[key];
        else merged[key] = value;
      }
      return merged;
    },
    changes,
    cleared: removed,
  };
}
