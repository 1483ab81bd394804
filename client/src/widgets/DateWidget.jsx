import { parseDate } from "../form/validation/keywords.js";
import { answer, describedBy, widgetContext } from "./common.js";

/** The stored value: a real YYYY-MM-DD date, else "" (an incomplete or impossible date is cleared). */
export function storedDate(text) {
  return parseDate(text) ? text : "";
}

/** A date input: the browser's date control; only a complete, valid date is stored. */
export function DateWidget(props) {
  const { id, value, disabled, readonly, rawErrors, required } = props;
  const { layout } = widgetContext(props);
  return (
    <input
      id={id}
      name={layout.key}
      className="input input-date"
      type="date"
      value={value ?? ""}
      min="1000-01-01"
      max="9999-12-31"
      disabled={disabled || readonly}
      aria-required={required || undefined}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={describedBy(id, layout, rawErrors)}
      onChange={(event) => answer(props, storedDate(event.target.value))}
    />
  );
}
