import { mark, reviewRow, Row } from "./readout.jsx";
import { t } from "../strings/formStrings.js";
import { answer, fieldAria, widgetContext } from "./common.js";

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
        {...fieldAria(id, layout, required, rawErrors)}
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

/** The checkbox field type: a boolean answer, its label beside it; reads "Yes" when ticked. */
export const fieldType = {
  name: "checkbox",
  Widget: CheckboxWidget,
  answer: "boolean",
  label: "self",
  review: (layout, { answers }) => (answers[layout.key] === true ? [reviewRow(layout, t("review_yes"))] : []),
  print: (layout, value) => (
    <Row label="">
      {mark(value === true)} {layout.label}
    </Row>
  ),
};
