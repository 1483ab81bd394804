import { useState } from "react";

/**
 * An add-another repeater: instance 1 always, one more per click up to the maximum. The count is
 * saved by `onAdd` (the page's call); visitors see the instances shown but cannot add.
 */
export function AddAnother({ section, count, canAdd, onAdd, renderFields }) {
  const [busy, setBusy] = useState(false);
  const { add_another: repeater, instances } = section;
  const shown = Math.max(1, Math.min(count || 1, repeater.max, instances.length));
  const add = async () => {
    setBusy(true);
    try {
      await onAdd(shown + 1);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="add-another" data-add-another={repeater.id}>
      {instances.slice(0, shown).map((instance, index) => (
        <div key={instance.prefix} className="instance" data-instance={index + 1}>
          {renderFields(instance.fields)}
        </div>
      ))}
      {canAdd && shown < Math.min(repeater.max, instances.length) && (
        <button type="button" className="button button-secondary" disabled={busy} onClick={add}>
          {repeater.label}
        </button>
      )}
    </div>
  );
}
