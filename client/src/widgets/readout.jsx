// How an answer reads back, shared by the field types' descriptors: a row of the review before the
// final submit ({key, label, value}) and a row of the staff print view (<Row>, [X] / [ ] marks).
import { labelOf, optionList } from "./common.js";
import { t } from "../strings/formStrings.js";

export const isAnswered = (value) => value !== undefined && value !== null && value !== "" && value !== false;

/** A selection in the print view: [X] or [ ]. */
export const mark = (on) => t(on ? "selected" : "not_selected");

/** One row of the print view: the question's label, then what it holds. */
export function Row({ label, children }) {
  return (
    <div className="print-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** How the review and the print view name a question: its review_label where the on-screen label is a prompt. */
export const questionOf = (layout) => layout.review_label ?? layout.label;

/** One review row of a keyed layout. */
export const reviewRow = (layout, value) => ({ key: layout.key, label: questionOf(layout), value });

/** The option list a choice reads from now (a conditional dropdown's follows its controller). */
function choiceList(layout, answers) {
  return layout.options_by
    ? layout.options_by.options[answers[layout.options_by.controller] ?? ""]
    : layout.options;
}

/** The chosen option's label: its label in the list, in the language the form is read in, else
 * its `_desc` answer (written in the language it was chosen in; the only label of a looked-up value
 * the list does not hold). */
function chosenLabel(layout, listId, compiled, answers) {
  return (
    labelOf(optionList(compiled, listId), answers[layout.key]) ||
    (layout.desc_key && answers[layout.desc_key])
  );
}

/** A choice (radio, dropdown) in the review: the chosen option's label (or its `_desc` answer). */
export function reviewChoice(layout, { compiled, answers }) {
  const value = answers[layout.key];
  if (!isAnswered(value)) return [];
  const label = chosenLabel(layout, choiceList(layout, answers), compiled, answers) || value;
  return [reviewRow(layout, String(label))];
}

/** A dropdown in the print view: [X] and the chosen option (or the stored value), or [ ]; nothing without a list. */
export function printSelect(layout, value, { compiled, answers }) {
  const listId = choiceList(layout, answers);
  if (!listId) return null;
  // A value no longer among the options (an option removed since it was chosen) prints as stored.
  const label = chosenLabel(layout, listId, compiled, answers) || value;
  return <Row label={questionOf(layout)}>{value ? `${mark(true)} ${label}` : mark(false)}</Row>;
}
