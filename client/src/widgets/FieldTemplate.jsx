import { useSyncExternalStore } from "react";
import { conditionsFor } from "../form/conditions.js";
import { Markdown } from "./Markdown.jsx";
import { errorId, helpId, widgetContext } from "./common.js";
import { fieldType } from "./registry.js";

const NO_SUBSCRIBE = () => () => {};

/** Required now: always, or while its condition holds (only those questions follow the answers). */
function useRequired(runtime, layout) {
  const conditional = Boolean(layout.required_when) && !layout.required;
  const read = () =>
    Boolean(layout.required || (conditional && conditionsFor(runtime.answers ?? {})(layout.required_when)));
  return useSyncExternalStore(
    conditional && runtime.subscribe ? runtime.subscribe : NO_SUBSCRIBE,
    read,
    read,
  );
}

/**
 * One question: its label (or legend for a radio group), the widget, help text and the errors.
 * The wrapper's id is the answer key, so `page#key` links (the validation summary) can find it.
 */
export function FieldTemplate(props) {
  const { id, children, rawErrors, uiSchema } = props;
  if (id === "root" || !uiSchema?.["ui:options"]?.layout) return children;
  const { layout, runtime } = widgetContext({ options: uiSchema["ui:options"], registry: props.registry });
  return (
    <Question id={id} layout={layout} runtime={runtime} rawErrors={rawErrors} widget={uiSchema["ui:widget"]}>
      {children}
    </Question>
  );
}

function Question({ id, layout, runtime, rawErrors, widget, children }) {
  const required = useRequired(runtime, layout);
  const errors = rawErrors?.filter(Boolean) ?? [];
  const marker = required ? (
    <span className="required" aria-hidden="true">
      {" "}
      *
    </span>
  ) : null;
  // A widget of several controls, each labelled itself, is named as a group by the question's
  // label; a widget that labels itself (a checkbox's label sits beside it) has none here.
  const labelling = fieldType(widget).label;
  let label = null;
  if (labelling === "group")
    label = (
      <p id={`${id}__label`} className="label">
        {layout.label}
        {marker}
      </p>
    );
  else if (labelling !== "self")
    label = (
      <label htmlFor={id} className="label">
        {layout.label}
        {marker}
      </label>
    );
  return (
    <div id={layout.key} className={errors.length ? "field field-invalid" : "field"} data-key={layout.key}>
      {label}
      {layout.help && <Markdown text={layout.help} className="help" />}
      {layout.help && (
        <span id={helpId(id)} hidden>
          {layout.help}
        </span>
      )}
      {children}
      {errors.length > 0 && (
        <ul id={errorId(id)} className="field-errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
