import { answer, widgetContext } from "./common.js";
import { ownMessage } from "./ownMessage.jsx";

const slots = (mask) => (mask.match(/#/g) || []).length;

/** What the applicant may type into a mask besides digits: its own characters and spaces. */
function maskCharacters(mask) {
  return new Set([...mask.replace(/#/g, ""), " "]);
}

/** Digits and the mask's own characters only, and no more digits than the mask holds. */
function canFit(mask, text) {
  const allowed = maskCharacters(mask);
  return (
    text.replace(/\D/g, "").length <= slots(mask) &&
    [...text].every((char) => /\d/.test(char) || allowed.has(char))
  );
}

/** The digits of the text put into the mask, as far as they go. */
function filled(mask, text) {
  const digits = text.replace(/\D/g, "");
  let out = "";
  let used = 0;
  for (const char of mask) {
    if (used === digits.length) break;
    if (char === "#") out += digits[used++];
    else out += char;
  }
  return out;
}

/**
 * The value a mask such as "(###) ###-####" keeps for what was typed: the digits put into the mask
 * when the text can fit it; otherwise the text exactly as typed, so that nothing is dropped (the
 * field's message then says it does not fit).
 */
export function formatPhone(mask, text) {
  const typed = String(text ?? "");
  return canFit(mask, typed) ? filled(mask, typed) : typed;
}

/** The value is the mask, filled in so far (typing may go on); "" fits. */
export function fitsMask(mask, value) {
  const text = String(value ?? "");
  return canFit(mask, text) && filled(mask, text) === text;
}

/**
 * A masked phone input (digits formatted as the compiled mask; international numbers are free).
 * What does not fit the mask is kept as typed, with the field's message beside it at once.
 */
export function PhoneWidget(props) {
  const { id, value, disabled, readonly, rawErrors, required } = props;
  const { layout } = widgetContext(props);
  const mask = layout.phone?.international ? null : layout.phone?.mask;
  const misfit = Boolean(mask) && !fitsMask(mask, value);
  const { aria, list } = ownMessage({
    id,
    layout,
    required,
    rawErrors,
    message: misfit ? layout.phone?.message : null,
    name: "mask",
  });
  return (
    <>
      <input
        id={id}
        name={layout.key}
        className="input input-phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={mask ? mask.replace(/#/g, "_") : undefined}
        value={value ?? ""}
        maxLength={layout.max_length}
        disabled={disabled || readonly}
        {...aria}
        onChange={(event) => answer(props, mask ? formatPhone(mask, event.target.value) : event.target.value)}
      />
      {list}
    </>
  );
}

/** The phone field type: a number typed through its mask. */
export const fieldType = { name: "phone", Widget: PhoneWidget };
