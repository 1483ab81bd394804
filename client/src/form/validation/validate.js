// Client-side answer validation with the compiled page schemas: the same artefact and the same
// result as the server (engine/definition/validation.py), proven by the shared golden cases.
// The schemas are interpreted (interpret.js), never compiled to code, so a strict CSP holds.
import { interpreterFor } from "./interpret.js";
import { prepareInstance, tabDefaults } from "./instance.js";
import { visibleAnswers } from "../visibility.js";

export { prepareInstance, tabDefaults, TAB_KEY_PREFIX } from "./instance.js";
export { todayKey } from "./interpret.js";

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
// Hidden means absent: the answers the hiding rules hide (given the add-another counts and the
// chosen tabs) are left out first, as on the server, so they never produce an error.
export function validateAnswers(
  compiled,
  answers,
  { today, tabs, routes, addAnother } = {},
  validatePage = validateInstance,
) {
  const shown = visibleAnswers(compiled, answers, { tabs, addAnother });
  const instance = prepareInstance(shown, tabs, tabDefaults(compiled));
  const errors = {};
  for (const page of compiled.pages) {
    if (routes && !routes.includes(page.route)) continue;
    merge(errors, validatePage(page.schema, instance, today));
  }
  return errors;
}
