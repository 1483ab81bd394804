import { printSelect, reviewChoice } from "./readout.jsx";
import { answer, fieldAria, labelOf, optionList, widgetContext } from "./common.js";

/** A dropdown over a compiled option list; the chosen label is stored in the `_desc` companion. */
export function SelectWidget(props) {
  const { runtime, layout } = widgetContext(props);
  const choices = optionList(runtime.compiled, layout.options);
  return <SelectControl {...props} choices={choices} />;
}

export function SelectControl(props) {
  const { id, value, disabled, readonly, rawErrors, required, choices } = props;
  const { layout } = widgetContext(props);
  const change = (event) => {
    const next = event.target.value;
    answer(props, next, layout.desc_key ? { [layout.desc_key]: next ? labelOf(choices, next) : "" } : null);
  };
  return (
    <select
      id={id}
      name={layout.key}
      className="input select"
      value={value ?? ""}
      disabled={disabled || readonly}
      {...fieldAria(id, layout, required, rawErrors)}
      onChange={change}
    >
      {choices.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** The select field type: a dropdown; reads as the chosen option's label. */
export const fieldType = { name: "select", Widget: SelectWidget, review: reviewChoice, print: printSelect };
