import { answer, describedBy, widgetContext } from "./common.js";

/** One checkbox with its label beside it; the answer is true or false. */
export function CheckboxWidget(props) {
  const { id, value, disabled, readonly, rawErrors, required } = props;
  const { layout } = widgetContext(props);
  return (
    <label className="choice checkbox" htmlFor={id}>
      <input
        id={id}
        name={layout.key}
        type="checkbox"
        checked={value === true}
        disabled={disabled || readonly}
        aria-required={required || undefined}
        aria-invalid={rawErrors?.length ? true : undefined}
        aria-describedby={describedBy(id, layout, rawErrors)}
        onChange={(event) => answer(props, event.target.checked)}
      />
      <span>
        {layout.label}
        {required && (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </span>
    </label>
  );
}
