// The instance the compiled schemas read (engine/definition/compile/conditions.py prepare_instance):
// answers without empties, plus each tab group's choice and each add-another button's count.
export const TAB_KEY_PREFIX = "__tab__";
export const COUNT_KEY_PREFIX = "__count__";

/** countLimits: {button: [default, max]}; without it no counts are added. */
export function prepareInstance(answers, tabs, tabDefaults, counts, countLimits) {
  const instance = {};
  const source = answers || {};
  // Keys, not entries: no [key, value] pair per answer (a large form's keystroke prepares an
  // instance of every answer several times; entries made this the page's costliest function).
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (value !== "" && value !== null && value !== undefined) instance[key] = value;
  }
  const chosen = { ...(tabDefaults || {}) };
  for (const [group, tab] of Object.entries(tabs || {})) if (tab) chosen[group] = tab;
  for (const [group, tab] of Object.entries(chosen)) instance[TAB_KEY_PREFIX + group] = tab;
  for (const [button, [fallback, most]] of Object.entries(countLimits || {})) {
    instance[COUNT_KEY_PREFIX + button] = entryCount(counts?.[button], fallback, most);
  }
  return instance;
}

/** A stored add-another count as the form uses it: a whole number from 1 to the button's max. */
export function entryCount(value, fallback, most) {
  const count = Number.isInteger(value) ? value : fallback;
  return Math.max(1, Math.min(count, most));
}

export function tabDefaults(compiled) {
  return Object.fromEntries(Object.entries(compiled.tabs || {}).map(([id, group]) => [id, group.default]));
}
