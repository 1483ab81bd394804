import { lazy, Suspense } from "react";
import { answer, fieldAria, widgetContext } from "./common.js";
import { languageOf, numberText } from "./numbers.js";
import { isAnswered, questionOf, reviewRow, Row } from "./readout.jsx";

// The input and its reading of typed numbers load with the first page that asks for a number.
const NumberInput = lazy(() => import("./NumberInput.jsx"));
const TOOLS = { answer, fieldAria, widgetContext };

/** A number question's input (NumberInput.jsx); an idle box of the same size while it loads. */
export function NumberWidget(props) {
  return (
    <Suspense fallback={<input id={props.id} className="input input-number" disabled />}>
      <NumberInput
        {...props}
        language={languageOf(widgetContext(props).runtime.compiled?.settings)}
        tools={TOOLS}
      />
    </Suspense>
  );
}

const shown = (layout, value, compiled) => numberText(value, layout.number || {}, compiled?.settings);

/** The number field type: a JSON number, read back in the form's language (money with its symbol). */
export const fieldType = {
  name: "number_input",
  Widget: NumberWidget,
  answer: "number",
  review: (layout, { answers, compiled }) =>
    isAnswered(answers[layout.key]) ? [reviewRow(layout, shown(layout, answers[layout.key], compiled))] : [],
  print: (layout, value, { compiled }) => (
    <Row label={questionOf(layout)}>
      <span className="print-value">{isAnswered(value) ? shown(layout, value, compiled) : ""}</span>
    </Row>
  ),
};
