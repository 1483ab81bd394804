// The number question's input, loaded with the first page that asks one (NumberWidget.jsx): what the
// applicant types, read as a number in the form's language.
//
// What reads as a number (parseNumber): ASCII digits with an optional sign (-, − or +); the
// language's group separator only between groups of three digits ("1,234.5" in English,
// "1 234,5" in French, "1.234,5" in German), any space where the group separator is one; the
// language's decimal separator, and a point or a comma as well where the language does not group
// with it (French takes "1234.5"; English reads "1,5" as no number rather than fifteen); the
// field's currency symbol or code before or after. Anything else reads as no number, and so does a
// number beyond 2^53 - 1 (the server's bound: every whole number up to it is exact).
// It imports nothing the form page has already loaded but React: the form's language and what it
// needs of the page's modules come in its props (NumberWidget.jsx), so that loading it splits no
// shared module off the form page's bundle.
import { useState } from "react";

function format(language, options) {
  try {
    return new Intl.NumberFormat(language, options);
  } catch {
    return new Intl.NumberFormat("en", options);
  }
}

const LARGEST = 2 ** 53 - 1;
const SPACES = /[\s\u00a0\u202f]/u;

/** A stored number as the input shows it to be edited: the language's decimal sign, no groups. */
export function numberInput(value, language) {
  if (typeof value !== "number") return value == null ? "" : String(value);
  return format(language, { useGrouping: false, maximumFractionDigits: 20 }).format(value);
}

/** The field's currency as the language shows it beside a number ({symbol, before}); null for none. */
export function currencyMark(spec, language) {
  if (!spec.currency) return null;
  const parts = format(language, { style: "currency", currency: spec.currency }).formatToParts(1);
  const at = parts.findIndex((part) => part.type === "currency");
  if (at < 0) return null;
  return { symbol: parts[at].value, before: at < parts.findIndex((part) => part.type === "integer") };
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function separators(language) {
  const parts = format(language, {}).formatToParts(12345.6);
  const of = (type) => parts.find((part) => part.type === type)?.value ?? "";
  return { group: of("group"), decimal: of("decimal") || "." };
}

/** What the applicant typed, read in the form's language: a number, or null when it reads as none. */
export function parseNumber(text, spec, language) {
  let typed = String(text ?? "").trim();
  const mark = currencyMark(spec, language);
  for (const unit of [mark?.symbol, spec.currency].filter(Boolean)) {
    if (typed.startsWith(unit)) typed = typed.slice(unit.length).trim();
    else if (typed.endsWith(unit)) typed = typed.slice(0, -unit.length).trim();
  }
  const { group, decimal } = separators(language);
  const spaced = SPACES.test(group);
  const groups = spaced ? "[\\s\\u00a0\\u202f]" : `[${escape(group || ",")}]`;
  const points = [decimal, ...[".", ","].filter((sign) => sign !== group)];
  const point = `[${escape([...new Set(points)].join(""))}]`;
  const shape = new RegExp(
    `^([-\u2212+]?)(?:(\\d{1,3}(?:${groups}\\d{3})+|\\d+)(?:${point}(\\d+))?|${point}(\\d+))$`,
    "u",
  );
  const found = shape.exec(typed);
  if (!found) return null;
  const whole = (found[2] || "0").replace(/\D/g, "");
  const fraction = found[3] ?? found[4] ?? "";
  const number = Number(
    `${found[1] && found[1] !== "+" ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`,
  );
  return Number.isFinite(number) && Math.abs(number) <= LARGEST ? number : null;
}

/**
 * A number typed as the form's language writes it ("1,234.5" in English, "1 234,5" in French;
 * numbers.js). What reads as a number is stored as one; anything else is kept as typed, said wrong
 * by the number message and refused at submit, never lost. A currency shows its symbol beside the box.
 */
export default function NumberInput({ language, tools, ...props }) {
  const { answer, fieldAria, widgetContext } = tools;
  const { id, value, onBlur, onFocus, disabled, readonly, rawErrors, required } = props;
  const { layout } = widgetContext(props);
  const spec = layout.number || {};
  const stored = value ?? "";
  const [typed, setTyped] = useState(() => numberInput(stored, language));
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    // An answer set elsewhere (loaded, cleared) replaces what is shown, unless it is what was typed.
    setSeen(stored);
    const read = parseNumber(typed, spec, language);
    if ((read ?? typed.trim()) !== stored) setTyped(numberInput(stored, language));
  }
  const change = (event) => {
    const text = event.target.value;
    setTyped(text);
    const read = parseNumber(text, spec, language);
    answer(props, text.trim() === "" ? "" : (read ?? text.trim()));
  };
  const unit = currencyMark(spec, language);
  const unitId = `${id}__unit`;
  const aria = fieldAria(id, layout, required, rawErrors);
  if (unit) aria["aria-describedby"] = [unitId, aria["aria-describedby"]].filter(Boolean).join(" ");
  const input = (
    <input
      id={id}
      name={layout.key}
      className="input input-number"
      type="text"
      inputMode={layout.inputmode || "decimal"}
      autoComplete="off"
      value={typed}
      maxLength={layout.max_length}
      placeholder={layout.placeholder}
      disabled={disabled || readonly}
      {...aria}
      onChange={change}
      onBlur={onBlur && (() => onBlur(id, stored))}
      onFocus={onFocus && (() => onFocus(id, stored))}
    />
  );
  if (!unit) return input;
  const mark = (
    <span id={unitId} className="number-unit" title={spec.currency}>
      {unit.symbol}
    </span>
  );
  return (
    <span className="number-field">
      {unit.before && mark}
      {input}
      {!unit.before && mark}
    </span>
  );
}
