import { createContext, useContext } from "react";
import { formApp, useFormApp } from "./appBridge.js";
import { conditionsFor } from "./conditions.js";
import { layoutShown } from "./renderModel.js";
import { AddAnother } from "../widgets/AddAnother.jsx";
import { Tabs } from "../widgets/Tabs.jsx";
import { Markdown } from "../widgets/Markdown.jsx";
import { fieldType } from "../widgets/registry.js";

/**
 * RJSF's ObjectFieldTemplate for one section (each section is its own small RJSF form, so a
 * keystroke re-renders one section): RJSF renders the section's answer keys (memoised per key);
 * this places them: hidden fields are left out, a condition group shows its first true branch,
 * add-another shows its counted instances, tabs their chosen tab, and a confirm-to-continue
 * section shows its fields once confirmed.
 */
/** What the section shows changed (its signature): re-render the layout through RJSF's memoised fields. */
export const SectionRenderContext = createContext(null);

export function SectionLayout({ properties, registry }) {
  useContext(SectionRenderContext);
  const context = registry.formContext;
  const store = context.formStore ?? formApp();
  const counts = useFormApp((state) => state.addAnother, store);
  const chosenTabs = useFormApp((state) => state.tabs, store);
  const answers = context.answers ?? {};
  const holds = conditionsFor(answers);
  const contents = {};
  for (const property of properties) contents[property.name] = property.content;
  const place = {
    answers,
    holds,
    shown: (layout) => layoutShown(layout, answers, holds),
    slot: (key) => <Slot key={key}>{contents[key]}</Slot>,
  };

  // A field its type places (a block, a group, text) as the type says; else its own answer key.
  const renderFields = (fields) =>
    fields.map((layout, index) => {
      const own = fieldType(layout.widget).place;
      if (own) return own(layout, { ...place, index });
      if (!layoutShown(layout, answers, holds)) return null;
      return place.slot(layout.key);
    });

  return (
    <SectionView
      section={context.section}
      answers={answers}
      holds={holds}
      runtime={context}
      counts={counts}
      chosenTabs={chosenTabs}
      renderFields={renderFields}
    />
  );
}

function Slot({ children }) {
  return children ?? null;
}

function SectionView({ section, answers, holds, runtime, counts, chosenTabs, renderFields }) {
  const bridge = runtime.bridge;
  const titleId = `section-${section.id}-title`;
  let body;
  if (section.add_another) {
    body = (
      <AddAnother
        section={section}
        count={counts?.[section.add_another.id]}
        canAdd={bridge.isLoggedIn && !bridge.readOnly}
        onAdd={(count) => bridge.addAnother(section.add_another.id, count)}
        onRemove={(index, shown) => bridge.removeEntry(section, index, shown)}
        renderFields={renderFields}
      />
    );
  } else if (section.branches) {
    const branch = section.branches.find(
      (candidate) => !candidate.visible_when || holds(candidate.visible_when),
    );
    body = branch ? renderFields(branch.fields) : null;
  } else if (section.tabs) {
    body = (
      <Tabs
        section={section}
        chosen={chosenTabs?.[section.tabs.id]}
        canChoose={bridge.isLoggedIn && !bridge.readOnly}
        onChoose={(tab) => bridge.chooseTab(section.tabs, tab)}
        renderFields={renderFields}
      />
    );
  } else {
    body = renderFields(section.fields || []);
  }
  // A section without a title or text whose questions are all hidden is not an empty card.
  if (isEmpty(body) && !section.title && !section.text && !section.confirm) return null;
  return (
    <section
      id={`section-${section.id}`}
      className="form-section"
      aria-labelledby={section.title ? titleId : undefined}
    >
      {section.title && (
        <h2 id={titleId} className="section-title">
          {section.title}
        </h2>
      )}
      <Markdown text={section.text} className="section-text" />
      {section.confirm ? (
        <Confirm confirm={section.confirm} answers={answers} runtime={runtime}>
          {body}
        </Confirm>
      ) : (
        body
      )}
    </section>
  );
}

const isEmpty = (node) => node == null || node === false || (Array.isArray(node) && node.every(isEmpty));

/** Confirm-to-continue: a button (before text, then after text once clicked) or a checkbox. */
function Confirm({ confirm, answers, runtime, children }) {
  const confirmed = answers[confirm.key] === true;
  const set = (value) => runtime.patch({ [confirm.key]: value });
  if (confirm.kind === "button") {
    if (!confirmed) {
      return (
        <div className="confirm">
          <Markdown text={confirm.before} />
          <button type="button" className="button button-secondary" onClick={() => set(true)}>
            {confirm.label}
          </button>
        </div>
      );
    }
    return (
      <>
        <Markdown text={confirm.after} />
        {children}
      </>
    );
  }
  const id = `confirm-${confirm.key}`;
  return (
    <>
      <div className="field" id={confirm.key}>
        <label className="choice checkbox" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={confirmed}
            onChange={(event) => set(event.target.checked)}
          />
          <span>{confirm.label}</span>
        </label>
      </div>
      {confirmed && (
        <>
          <Markdown text={confirm.after} />
          {children}
        </>
      )}
    </>
  );
}
