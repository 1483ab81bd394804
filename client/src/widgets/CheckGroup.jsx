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
