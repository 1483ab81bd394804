import { useEffect } from "react";
import { conditionsFor } from "../form/conditions.js";
import { keyedLayouts } from "../form/renderModel.js";
import { visibleAnswers } from "../form/visibility.js";
import { Markdown } from "../widgets/Markdown.jsx";
import { entryTitle, t } from "../widgets/formStrings.js";
import { labelOf, optionList } from "../widgets/common.js";
import "./print.css";

const mark = (on) => t(on ? "selected" : "not_selected");

/**
 * The staff print view (?service_token=): the whole application as static text, read-only, in a
 * print style: no buttons, navigation or account menu; selections as [X] and [ ]; a school as its
 * name plus "(Ceeb: code)"; a note where a document is attached.
 */
export function PrintView({ compiled, serviceView }) {
  useEffect(() => {
    document.body.classList.add("print-view");
    return () => document.body.classList.remove("print-view");
  }, []);
  if (!serviceView)
    return (
      <p role="status" className="muted">
        {t("autocomplete_loading")}
      </p>
    );
  // Hidden means absent: what the form's hiding rules hide is never printed (the server leaves it
  // out too; a stale record is settled here the same way).
  const answers = visibleAnswers(compiled, serviceView.answer || {}, {
    tabs: serviceView.tabs,
    addAnother: serviceView.add_another,
  });
  const holds = conditionsFor(answers);
  const context = { compiled, answers, holds, view: serviceView };
  return (
    <article className="print-application" aria-label={compiled.tenant?.name}>
      <p className="print-tenant">{compiled.tenant?.name}</p>
      {compiled.pages.map((page) => (
        <section key={page.route} className="print-page" aria-labelledby={`print-${page.id}`}>
          <h1 id={`print-${page.id}`}>{page.title}</h1>
          {page.sections.map((section) => (
            <PrintSection key={section.id} section={section} context={context} />
          ))}
        </section>
      ))}
      <ArchivedAnswers view={serviceView} />
    </article>
  );
}

/**
 * Answers kept from earlier versions of the form (questions since removed or changed): shown to
 * staff apart from the application's answers, under the label each question had then.
 */
function ArchivedAnswers({ view }) {
  const entries = Object.entries(view.archived_answer || {});
  if (entries.length === 0) return null;
  return (
    <section className="print-page print-archived" aria-labelledby="print-archived">
      <h1 id="print-archived">{t("archived_answers")}</h1>
      <dl className="print-fields">
        {entries.map(([key, entry]) => (
          <Row key={key} label={entry.label || key}>
            <span className="print-value" dir="auto">
              {typeof entry.value === "boolean" ? mark(entry.value) : (entry.value ?? "")}
            </span>
            {entry.document && (
              <span>
                {" "}
                {t("service_document_attached")} ({entry.document.file_name})
              </span>
            )}
          </Row>
        ))}
      </dl>
    </section>
  );
}

/** An entry's title as compiled ("School 2"); a form compiled before titles: the entry name and number. */
const titleOf = (section, instance, number) =>
  instance.title || entryTitle(section.add_another.entry_label, number);

/**
 * The section's groups of fields: one, or for an add-another one per entry printed under its title:
 * entry 1 always (for the section's questions), a later entry only when it holds an answer or a
 * document (an empty one is not there, as in the PDF and the submission).
 */
function printedGroups(section, { holds, answers, view }) {
  if (section.instances) {
    const count = Math.max(1, view.add_another?.[section.add_another.id] ?? 1);
    const printed = section.instances
      .slice(0, count)
      .map((instance, index) => ({ instance, number: index + 1 }))
      .filter(
        ({ instance, number }) =>
          number === 1 ||
          instance.fields
            .flatMap(keyedLayouts)
            .some(
              (layout) =>
                ![undefined, null, "", false].includes(answers[layout.key]) ||
                Boolean(view.document_answer?.[layout.key]),
            ),
      );
    return printed.map(({ instance, number }) => ({
      title: printed.length > 1 ? titleOf(section, instance, number) : null,
      fields: instance.fields,
    }));
  }
  if (section.branches) {
    const branch = section.branches.find(
      (candidate) => !candidate.visible_when || holds(candidate.visible_when),
    );
    return [{ fields: branch?.fields ?? [] }];
  }
  if (section.tabs) {
    const chosen = view.tabs?.[section.tabs.id] || section.tabs.default;
    return [
      { fields: (section.tabs.options.find((tab) => tab.id === chosen) ?? section.tabs.options[0]).fields },
    ];
  }
  return [{ fields: section.fields || [] }];
}

function PrintSection({ section, context }) {
  const { holds, answers } = context;
  if (section.visible_when && !holds(section.visible_when)) return null;
  const confirm = section.confirm;
  const confirmed = !confirm || answers[confirm.key] === true;
  return (
    <section className="print-section">
      {section.title && <h2>{section.title}</h2>}
      <Markdown text={section.text} />
      {confirm && (
        <p className="print-line">
          {mark(confirmed)} {confirm.label}
        </p>
      )}
      {confirmed &&
        printedGroups(section, context).map((group, groupIndex) => (
          <div key={groupIndex} className="print-group">
            {group.title && <h3 className="print-entry">{group.title}</h3>}
            <dl className="print-fields">
              {group.fields.map((layout, index) => (
                <PrintField key={layout.key || layout.id || index} layout={layout} context={context} />
              ))}
            </dl>
          </div>
        ))}
    </section>
  );
}

function Row({ label, children }) {
  return (
    <div className="print-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

// How each widget prints: (layout, value, context) -> the rows; a widget not named prints its value.
const PRINTERS = {
  content: (layout) => (
    <div className="print-row">
      <Markdown text={layout.text} />
    </div>
  ),
  check_group: (layout, value, { answers }) => (
    <Row label={layout.label}>
      {layout.items.map((item) => (
        <div key={item.key}>
          {mark(answers[item.key] === true)} {item.label}
        </div>
      ))}
    </Row>
  ),
  checkbox: (layout, value) => (
    <Row label="">
      {mark(value === true)} {layout.label}
    </Row>
  ),
  radio: (layout, value, { compiled }) => {
    const options = optionList(compiled, layout.options).filter((option) => option.value !== "");
    return (
      <Row label={layout.label}>
        {options.map((option) => (
          <div key={option.value}>
            {mark(value === option.value)} {option.label}
          </div>
        ))}
      </Row>
    );
  },
  select: printSelect,
  conditional_select: printSelect,
  school_search: (layout, value, context) => {
    const { answers } = context;
    const name = answers[layout.parts.search.key];
    const ceeb = layout.parts.ceeb ? answers[layout.parts.ceeb.key] : "";
    const rest = Object.entries(layout.parts).filter(([role]) => role !== "search" && role !== "ceeb");
    return (
      <>
        <Row label={layout.parts.search.label}>
          {name ? `${name}${ceeb ? ` ${t("service_ceeb", { code: ceeb })}` : ""}` : ""}
        </Row>
        {rest.map(([, part]) => (
          <PrintField key={part.key} layout={part} context={context} />
        ))}
      </>
    );
  },
  address: (layout, value, context) => (
    <>
      {keyedLayouts(layout).map((part) => (
        <PrintField key={part.key} layout={part} context={context} />
      ))}
    </>
  ),
  file_upload: (layout, value, { view }) => {
    const document = view.document_answer?.[layout.key];
    return (
      <Row label={layout.label}>
        {document ? `${t("service_document_attached")} (${document.file_name})` : ""}
      </Row>
    );
  },
};

function printSelect(layout, value, { compiled, answers }) {
  const listId = layout.options_by
    ? layout.options_by.options[answers[layout.options_by.controller] ?? ""]
    : layout.options;
  if (!listId) return null;
  const label = (layout.desc_key && answers[layout.desc_key]) || labelOf(optionList(compiled, listId), value);
  return <Row label={layout.label}>{value ? `${mark(true)} ${label}` : mark(false)}</Row>;
}

function PrintField({ layout, context }) {
  const { answers, holds } = context;
  if (layout.visible_when && !holds(layout.visible_when)) return null;
  const value = layout.key ? answers[layout.key] : undefined;
  const print = Object.prototype.hasOwnProperty.call(PRINTERS, layout.widget)
    ? PRINTERS[layout.widget]
    : null;
  if (print) return print(layout, value, context);
  return (
    <Row label={layout.label}>
      {/* dir="auto": a typed answer takes its direction from its first letter (Arabic, Hebrew: right to left), as in the PDF */}
      <span className="print-value" dir="auto">
        {value ?? ""}
      </span>
    </Row>
  );
}
