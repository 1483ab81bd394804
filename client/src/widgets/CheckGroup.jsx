import { mark, questionOf, Row } from "./readout.jsx";

/**
 * A check group: one fieldset whose legend is the group's label, holding one checkbox per item
 * (each item is its own boolean answer key, rendered by RJSF with the checkbox widget).
 */
export function CheckGroup({ layout, children }) {
  return (
    <fieldset className="field check-group">
      <legend className="label">{layout.label}</legend>
      <div className="check-group-items">{children}</div>
    </fieldset>
  );
}

/** The check group field type: its items are checkboxes; it reads as one row of the checked items. */
export const fieldType = {
  name: "check_group",
  keyedLayouts: (layout) => layout.items.map((item) => ({ ...item, widget: "checkbox", group: layout })),
  place: (layout, { slot }) => (
    <CheckGroup key={layout.id} layout={layout}>
      {layout.items.map((item) => slot(item.key))}
    </CheckGroup>
  ),
  review(layout, { answers }) {
    const checked = layout.items.filter((item) => answers[item.key] === true);
    if (!checked.length) return [];
    return [
      { key: checked[0].key, label: questionOf(layout), value: checked.map((item) => item.label).join(", ") },
    ];
  },
  print: (layout, value, { answers }) => (
    <Row label={questionOf(layout)}>
      {layout.items.map((item) => (
        <div key={item.key}>
          {mark(answers[item.key] === true)} {item.label}
        </div>
      ))}
    </Row>
  ),
};
