import { mark, questionOf, reviewChoice, Row } from "./readout.jsx";
import { answer, fieldAria, labelOf, optionList, widgetContext } from "./common.js";

/** Radio buttons over a compiled option list (without its empty "--" option); stores `_desc` too. */
export function RadioWidget(props) {
  const { id, value, disabled, readonly, rawErrors, required } = props;
  const { runtime, layout } = widgetContext(props);
  const options = optionList(runtime.compiled, layout.options).filter((option) => option.value !== "");
  const choose = (next) => {
    answer(props, next, layout.desc_key ? { [layout.desc_key]: labelOf(options, next) } : null);
  };
  return (
    <div
      id={id}
      className="radio-group"
      role="radiogroup"
      aria-labelledby={`${id}__label`}
      {...fieldAria(id, layout, required, rawErrors)}
    >
      {options.map((option, index) => (
        <label key={option.value} className="choice">
          <input
            type="radio"
            id={index === 0 ? `${id}__first` : undefined}
            name={layout.key}
            value={option.value}
            checked={value === option.value}
            disabled={disabled || readonly}
            onChange={() => choose(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

/** The radio field type: a group of options named by the question's label; prints every option. */
export const fieldType = {
  name: "radio",
  Widget: RadioWidget,
  label: "group",
  review: reviewChoice,
  print(layout, value, { compiled }) {
    const options = optionList(compiled, layout.options).filter((option) => option.value !== "");
    return (
      <Row label={questionOf(layout)}>
        {options.map((option) => (
          <div key={option.value}>
            {mark(value === option.value)} {option.label}
          </div>
        ))}
      </Row>
    );
  },
};
