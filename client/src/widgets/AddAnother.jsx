import { entryTitle, t } from "../strings/formStrings.js";
import { useId, useRef, useState } from "react";

/**
 * An add-another repeater: entry 1 always, one more per click up to the maximum, each numbered
 * ("School 2") with its own Remove once there are two or more. The count is saved by `onAdd`
 * (the page's call); `onRemove(index, shown)` moves the later entries up, asking first when the
 * entry holds answers, and resolves true once removed. Focus stays in the list: on the new entry
 * after adding, on the entry now in the removed one's place (or the last one) after removing.
 * Visitors see the entries shown but cannot add or remove.
 */
export function AddAnother({ section, count, canAdd, onAdd, onRemove, renderFields }) {
  const [busy, setBusy] = useState(false);
  const list = useRef(null);
  const base = useId();
  const { add_another: repeater, instances } = section;
  const limit = Math.min(repeater.max, instances.length);
  const shown = Math.max(1, Math.min(count || 1, limit));
  const numbered = limit > 1;
  const focusEntry = (index) =>
    setTimeout(() => {
      const titles = list.current?.querySelectorAll(".instance-title") || [];
      titles[Math.min(index, titles.length - 1)]?.focus();
    }, 50);
  const add = async () => {
    setBusy(true);
    try {
      await onAdd(shown + 1);
      focusEntry(shown);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (index) => {
    setBusy(true);
    try {
      if (await onRemove?.(index, shown)) focusEntry(index);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div ref={list} className="add-another" data-add-another={repeater.id}>
      {instances.slice(0, shown).map((instance, index) => (
        <Entry
          key={instance.prefix}
          instance={instance}
          index={index}
          title={instance.title || entryTitle(repeater.entry_label, index + 1)}
          titleId={`${base}-${index}`}
          numbered={numbered}
          removable={canAdd && shown > 1 && Boolean(onRemove)}
          busy={busy}
          onRemove={() => remove(index)}
          renderFields={renderFields}
        />
      ))}
      {canAdd && shown < limit && (
        <button type="button" className="button button-secondary" disabled={busy} onClick={add}>
          {repeater.label}
        </button>
      )}
    </div>
  );
}

/** One entry: numbered (a group with its title and Remove) once the repeater allows two or more. */
function Entry({ instance, index, title, titleId, numbered, removable, busy, onRemove, renderFields }) {
  return (
    <div
      className="instance"
      data-instance={index + 1}
      role={numbered ? "group" : undefined}
      aria-labelledby={numbered ? titleId : undefined}
    >
      {numbered && (
        <div className="instance-head">
          <h3 id={titleId} className="instance-title" tabIndex={-1}>
            {title}
          </h3>
          {removable && (
            <button
              type="button"
              className="button button-small button-secondary"
              disabled={busy}
              aria-label={`${t("entry_remove")} ${title}`}
              onClick={onRemove}
            >
              {t("entry_remove")}
            </button>
          )}
        </div>
      )}
      {renderFields(instance.fields)}
    </div>
  );
}
