import { useEffect } from "react";
import { conditionsFor } from "../form/conditions.js";
import { keyedLayouts } from "../form/renderModel.js";
import { visibleAnswers } from "../form/visibility.js";
import { Markdown } from "../widgets/Markdown.jsx";
import { entryTitle, t } from "../strings/formStrings.js";
import { mark, questionOf, Row } from "../widgets/readout.jsx";
import { momentText } from "../widgets/moments.js";
import { fieldType } from "../widgets/registry.js";
import { STATUS_TEXT } from "../shell/Receipt.jsx";
import "./print.css";

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
  context.printField = (layout) => <PrintField key={layout.key} layout={layout} context={context} />;
  return (
    <article
      className="print-application"
      aria-label={compiled.tenant?.name}
      lang={compiled.settings?.language}
    >
      <RecordHeader compiled={compiled} view={serviceView} />
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
 * Whose application this is and which: the institution, the form's title, the applicant's name and
 * e-mail, the reference, the status, when it was submitted (the tenant's time zone, then UTC), the
 * definition version, and a link that opens each converted document (it lives as long as the
 * print-view token; following it gives a fresh short-lived download). The PDF opens the same way.
 */
function RecordHeader({ compiled, view }) {
  const settings = compiled.settings || {};
  const applicant = view.applicant || {};
  // A submission time is the record's word on it, as in the staff list (its web status may lag).
  const status = applicant.submitted_at ? "submitted" : applicant.status;
  const submitted = applicant.submitted_at ? (
    <time dateTime={applicant.submitted_at}>
      {t("record_submitted_at", {
        local: momentText(applicant.submitted_at, settings),
        utc: momentText(applicant.submitted_at, settings, "UTC"),
      })}
    </time>
  ) : (
    t("record_not_submitted")
  );
  const facts = [
    ["record_reference", applicant.reference, "print-reference"],
    ["record_applicant", applicant.name],
    ["record_email", applicant.email],
    ["record_status", status && t(STATUS_TEXT[status] ?? "status_in_progress")],
    ["record_submitted", submitted],
    ["record_version", view.definition_version],
    ["languages", view.language_name], // the applicant's language, named in the one read
  ].filter(([, value]) => value);
  const documents = Object.entries(view.document_links || {});
  return (
    <header className="print-record">
      <ReadIn view={view} />
      {settings.institution && <p className="print-institution">{settings.institution}</p>}
      <p className="print-tenant">{compiled.tenant?.name}</p>
      <dl className="print-record-facts">
        {facts.map(([label, value, className]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd className={className} dir="auto">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {documents.length > 0 && (
        <div className="print-documents">
          <p className="print-documents-title">{t("record_documents")}</p>
          <ul>
            {documents.map(([key, href]) => (
              <li key={key}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {t("record_open_document", { file_name: view.document_answer?.[key]?.file_name || key })}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </header>
  );
}

/**
 * Staff read the print view in the form's default language; a link reads it in the applicant's, and
 * back (`read_in`: the page again with ?print_language=, the token kept for this tab), named in the
 * language it leads to and marked with its `lang`. Not printed.
 */
function ReadIn({ view: { read_in: other } }) {
  return (
    other && (
      <a href={`?print_language=${other.language}`} lang={other.language}>
        {other.name}
      </a>
    )
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
          {mark(confirmed)} {questionOf(confirm)}
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

/** One field as its type prints it (a type without its own way prints its answer). */
function PrintField({ layout, context }) {
  const { answers, holds } = context;
  if (layout.visible_when && !holds(layout.visible_when)) return null;
  const value = layout.key ? answers[layout.key] : undefined;
  const print = fieldType(layout.widget).print;
  if (print) return print(layout, value, context);
  return (
    <Row label={questionOf(layout)}>
      {/* dir="auto": a typed answer takes its direction from its first letter (Arabic, Hebrew: right to left), as in the PDF */}
      <span className="print-value" dir="auto">
        {value ?? ""}
      </span>
    </Row>
  );
}
