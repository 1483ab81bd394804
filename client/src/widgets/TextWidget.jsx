import { answer, fieldAria, useTypedValue, widgetContext } from "./common.js";

/** A one-line text input; `type` is text or email. */
export function TextWidget(props) {
  const value = useTypedValue(props);
  const { id, onBlur, onFocus, disabled, readonly, rawErrors, required } = props;
  const { layout } = widgetContext(props);
  const type = props.inputType ?? "text";
  return (
    <input
      id={id}
      name={layout.key}
      className="input"
      type={type}
      inputMode={layout.inputmode || (type === "email" ? "email" : undefined)}
      autoComplete={type === "email" ? "email" : "off"}
      value={value ?? ""}
      maxLength={layout.max_length}
      placeholder={layout.placeholder}
      disabled={disabled || readonly}
      {...fieldAria(id, layout, required, rawErrors)}
      onChange={(event) => answer(props, event.target.value)}
      onBlur={onBlur && ((event) => onBlur(id, event.target.value))}
      onFocus={onFocus && ((event) => onFocus(id, event.target.value))}
    />
  );
}

/** The text field type: one line of typed text (the input shows it itself as it is typed). */
export const fieldType = { name: "text", Widget: TextWidget, typedText: true };
