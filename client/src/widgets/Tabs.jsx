import { useId } from "react";

/**
 * Tabs: only the chosen tab's questions are shown (and kept). Visitors see only the default tab.
 * `onChoose` runs the switch (blocked while a file is uploading; it deletes the tab's file, saves
 * the choice and clears the listed answers).
 */
export function Tabs({ section, chosen, canChoose, onChoose, renderFields }) {
  const base = useId();
  const { tabs } = section;
  const current = canChoose ? chosen || tabs.default : tabs.default;
  const option = tabs.options.find((tab) => tab.id === current) ?? tabs.options[0];
  const tabId = (tab) => `${base}-tab-${tab.id}`;
  const keyDown = (event, index) => {
    // The arrow towards the line's end goes to the next tab: the left one on a right-to-left page.
    const ahead = event.currentTarget.closest("[dir]")?.dir === "rtl" ? "ArrowLeft" : "ArrowRight";
    const back = ahead === "ArrowRight" ? "ArrowLeft" : "ArrowRight";
    const step = event.key === ahead ? 1 : event.key === back ? -1 : 0;
    if (!step) return;
    const next = tabs.options[(index + step + tabs.options.length) % tabs.options.length];
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <div className="tabs" data-tabs={tabs.id}>
      {canChoose && (
        <div role="tablist" className="tab-list" aria-label={section.title}>
          {tabs.options.map((tab, index) => (
            <button
              key={tab.id}
              id={tabId(tab)}
              type="button"
              role="tab"
              className="tab"
              aria-selected={tab.id === option.id}
              aria-controls={`${base}-panel`}
              tabIndex={tab.id === option.id ? 0 : -1}
              onClick={() => tab.id !== option.id && onChoose(tab)}
              onKeyDown={(event) => keyDown(event, index)}
            >
              {tab.label}
            </button>
          ))}
        </div>
      )}
      <div
        id={`${base}-panel`}
        role={canChoose ? "tabpanel" : undefined}
        aria-labelledby={canChoose ? tabId(option) : undefined}
        className="tab-panel"
      >
        {renderFields(option.fields)}
      </div>
    </div>
  );
}
