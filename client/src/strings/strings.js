// The engine's words an applicant reads (buttons, states, prompts, headings): never written in a
// component. Defaults come from the engine's catalogue (engine/definition/texts.yaml, written to
// catalogue.js for the sign-in pages and the shell, formCatalogue.js for the form's own, which
// formStrings.js adds with the form pages); the compiled form's `texts` carry the tenant's wording
// of every id and replace them as soon as the form has arrived (api/client.js applies them).
import { CATALOGUE } from "./catalogue.js";

/**
 * The few words the served page carries in the tenant's wording (engine/app.py: loading the form,
 * failing to), read once at start: they are shown before the compiled form's texts have arrived.
 */
function pageWords() {
  try {
    const words = JSON.parse(document.getElementById("first-words")?.textContent || "null");
    return words && typeof words === "object" ? words : {};
  } catch {
    return {};
  }
}

let tenantTexts = typeof document === "undefined" ? {} : pageWords();

/** The tenant's texts from the compiled form (anything but an object: back to the defaults). */
export function applyTexts(texts) {
  tenantTexts = texts && typeof texts === "object" ? texts : {};
}

// A right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko, ...) or mark (RLM, ALM, RLE, RLO, RLI).
const RIGHT_TO_LEFT =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u{10800}-\u{10fff}\u{1e800}-\u{1efff}\u200f\u061c\u202b\u202e\u2067]/u;
const FSI = "\u2068";
const PDI = "\u2069";
// Texts that write one value (a date and its time), not a sentence: filled as they are, as the
// server writes them (engine/definition/moments.py; tests/golden/dates.json keeps the two equal).
const VALUE_FORMATS = new Set(["date_time_zone", "date_time"]);

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * `text` with its {placeholders} filled from `values` (one nothing fills in is left as written). When
 * the sentence or a value is right to left (ar-XB, Arabic, Hebrew), each value stands between FSI and
 * PDI, isolated: an e-mail address or a number in an Arabic sentence, an Arabic name in an English
 * one, keeps its own order and leaves the sentence's as written. All left to right, nothing is added.
 */
function fillText(text, values, isolate) {
  const value = (name) => (Object.hasOwn(values, name) ? String(values[name]) : null);
  const bidi =
    isolate &&
    (RIGHT_TO_LEFT.test(text) ||
      [...text.matchAll(PLACEHOLDER)].some(([, name]) => RIGHT_TO_LEFT.test(value(name) ?? "")));
  return text.replace(PLACEHOLDER, (match, name) => {
    const filled = value(name);
    if (filled === null) return match;
    return bidi && filled ? `${FSI}${filled}${PDI}` : filled;
  });
}

/** A `t` whose defaults are `more` and then the sign-in catalogue. */
export function textsWith(more) {
  return (id, values) => {
    const text = typeof tenantTexts[id] === "string" ? tenantTexts[id] : (more[id] ?? CATALOGUE[id] ?? id);
    if (!values) return text;
    return fillText(text, values, !VALUE_FORMATS.has(id));
  };
}

/** The text `id`, its {placeholders} filled from `values` (an unknown one is left as written). */
export const t = textsWith({});

/** A size in decimal units (1 kB = 1000 bytes), as the spec asks, in the tenant's words (size_*). */
export function decimalSize(bytes) {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1000) return t("size_bytes", { n: bytes });
  const units = ["size_kilobytes", "size_megabytes", "size_gigabytes"];
  let value = bytes;
  let unit = -1;
  do {
    value /= 1000;
    unit += 1;
  } while (value >= 1000 && unit < units.length - 1);
  return t(units[unit], { n: value >= 100 ? Math.round(value) : Number(value.toFixed(1)) });
}
