// Where each page of the application stands, for the navigation: not started, in progress,
// complete (every question the page always asks is answered and no answer on it has a problem) or
// has errors (while validating).
// Read from the compiled form only: the page's keys (data_model) and its required questions.

const statusCache = new WeakMap();

/** The keys a page's questions always ask for: required, shown whatever is answered. */
function alwaysRequired(page) {
  const keys = [];
  for (const section of page.sections || []) {
    if (section.visible_when) continue;
    const fields = section.fields ?? section.instances?.[0]?.fields ?? [];
    for (const field of fields) {
      if (field.visible_when) continue;
      const parts = field.parts ? Object.values(field.parts) : [field];
      for (const part of parts) if (part.key && part.required && !part.visible_when) keys.push(part.key);
    }
  }
  return keys;
}

function pageKeys(compiled) {
  let byPage = statusCache.get(compiled);
  if (byPage) return byPage;
  byPage = {};
  for (const page of compiled.pages) byPage[page.route] = { keys: [], required: alwaysRequired(page) };
  for (const [key, spec] of Object.entries(compiled.data_model || {})) {
    if (spec.field === "desc" || !byPage[spec.page]) continue;
    byPage[spec.page].keys.push(key);
  }
  statusCache.set(compiled, byPage);
  return byPage;
}

const answered = (value) => value !== undefined && value !== null && value !== "" && value !== false;

/**
 * "not_started" | "in_progress" | "complete" | "has_errors" for the page at `route`. `errors`: the
 * errors shown while validating. `problems`: the answers' problems now ({key: [messages]}), so a
 * page whose answers break a rule (an under-18 birth date, a 4-digit ZIP) is never "complete".
 */
export function pageStatus(compiled, route, answers, errors = {}, problems = {}) {
  const page = pageKeys(compiled)[route];
  if (!page) return "not_started";
  // No errors (the usual case while typing): no look-up per key of the page.
  const some = (map) => !!map && Object.keys(map).length > 0 && page.keys.some((key) => map[key]?.length);
  if (some(errors)) return "has_errors";
  if (!page.keys.some((key) => answered(answers[key]))) return "not_started";
  return !some(problems) && page.required.every((key) => answered(answers[key])) ? "complete" : "in_progress";
}
