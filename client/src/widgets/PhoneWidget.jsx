import { answer, fieldAria, widgetContext } from "./common.js";

/** Digits typed into a mask such as "(###) ###-####": each # takes one digit, extra digits are dropped. */
export function formatPhone(mask, text) {
  const digits = String(text ?? "")
    .replace(/\D/g, "")
    .slice(0, (mask.match(/#/g) || []).length);
  if (!digits) return "";
  let out = "";
  let used = 0;
  for (const char of mask) {
    if (used === digits.length) break;
    if (char === "#") out += digits[used++];
    else out += char;
  }
  return out;
}

/** A masked phone input (digits only, formatted as the compiled mask); international numbers are free. */
export function PhoneWidget(props) {
  const { id, value, disabled, readonly, rawErrors, required } = props;
  const { layout } = widgetContext(props);
  const mask = layout.phone?.international ? null : layout.phone?.mask;
  return (
    <input
      id={id}
      name={layout.key}
      className="input input-phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={mask ? mask.replace(/#/g, "_") : undefined}
      value={value ?? ""}
      maxLength={mask ? mask.length : layout.max_length}
      disabled={disabled || readonly}
      {...fieldAria(id, layout, required, rawErrors)}
      onChange={(event) => answer(props, mask ? formatPhone(mask, event.target.value) : event.target.value)}
    />
  );
}

/** The phone field type: a number typed through its mask. */
export const fieldType = { name: "phone", Widget: PhoneWidget };
