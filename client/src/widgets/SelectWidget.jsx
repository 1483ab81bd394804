import { describedBy, labelOf, optionList, widgetContext } from "./common.js";

/** A dropdown over a compiled option list; the chosen label is stored in the `_desc` companion. */
export function SelectWidget(props) {
  const { runtime, layout } = widgetContext(props);
  const options = props.optionsOverride ?? optionList(runtime.compiled, layout.options);
  return <SelectControl {...props} options={options} />;
}

export function SelectControl(props) {
  const { id, value, onChange, disabled, readonly, rawErrors, required, options } = props;
  const { runtime, layout } = widgetContext(props);
  const change = (event) => {
    const next = event.target.value;
    if (layout.desc_key) runtime.patch({ [layout.desc_key]: next ? labelOf(options, next) : "" });
    onChange(next);
  };
  return (
    <select
      id={id}
      name={layout.key}
      className="input select"
      value={value ?? ""}
      disabled={disabled || readonly}
      aria-required={required || undefined}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={describedBy(id, layout, rawErrors)}
      onChange={change}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
