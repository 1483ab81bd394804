// Numbers as people write and read them in the form's language, from CLDR data (the browser's Intl).
// How a stored number reads (review, print view) matches the server's Babel
// (engine/fieldtypes/number.py number_text); tests/golden/numbers.json keeps the two in step. CLDR's
// narrow no-break space (French groups) is written as a no-break space on both sides.
// How typed text reads as a number: NumberInput.jsx (loaded with the first page that asks for one).
import { formSettings } from "../strings/formSettings.js";

const MOST_DECIMALS = 10;

export const languageOf = (settings) => (settings || formSettings()).language || "en";

function format(language, options) {
  try {
    return new Intl.NumberFormat(language, options);
  } catch {
    return new Intl.NumberFormat("en", options);
  }
}

/** The fraction digits a number is written with (0.05 -> 2, 1e-7 -> 7). */
function decimals(number) {
  const [digits, exponent] = String(number).split("e");
  const fraction = (digits.split(".")[1] || "").length;
  return Math.max(0, fraction - Number(exponent || 0));
}

/** [least, most] fraction digits: none for whole numbers; the currency's own for money (none when it
 * goes in whole steps: "$1,500"; more if the step has more); else as typed (number.py fraction_digits). */
function fractionDigits(spec) {
  if (spec.integer) return [0, 0];
  if (spec.currency) {
    const own = format("en", { style: "currency", currency: spec.currency }).resolvedOptions()
      .maximumFractionDigits;
    const stepDigits = spec.step != null ? decimals(spec.step) : 0;
    return [spec.step != null && stepDigits === 0 ? 0 : own, Math.max(own, stepDigits)];
  }
  return [0, MOST_DECIMALS];
}

/** A stored number as the form's language writes it (money with its symbol); anything else as it is. */
export function numberText(value, spec = {}, settings) {
  if (typeof value !== "number" || !Number.isFinite(value)) return value == null ? "" : String(value);
  const [least, most] = fractionDigits(spec);
  const options = { minimumFractionDigits: least, maximumFractionDigits: most };
  if (spec.currency) Object.assign(options, { style: "currency", currency: spec.currency });
  return format(languageOf(settings), options)
    .format(value)
    .replace(/\u202f/g, "\u00a0");
}
