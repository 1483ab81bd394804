// The "check your answers" review before the final submit: every answered question the form shows,
// page by page and section by section, as it will be sent (an option's label, a document's file
// name). Hidden answers are left out as the server leaves them out of the submission.
import { conditionsFor } from "./conditions.js";
import { visibleAnswers } from "./visibility.js";
import { entryTitle, t } from "../strings/formStrings.js";
import { isAnswered, questionOf, reviewRow } from "../widgets/readout.jsx";
import { fieldType } from "../widgets/registry.js";

/** The fields a section shows now (the chosen tab, the holding branch, the counted entries). */
function shownGroups(section, { holds, tabs, addAnother }) {
  if (section.instances) {
    const count = Math.max(1, Math.min(addAnother?.[section.add_another.id] ?? 1, section.instances.length));
    return section.instances.slice(0, count).map((instance, index) => ({
      title: instance.title || entryTitle(section.add_another.entry_label, index + 1),
      fields: instance.fields,
    }));
  }
  if (section.branches) {
    const branch = section.branches.find(
      (candidate) => !candidate.visible_when || holds(candidate.visible_when),
    );
    return branch ? [{ fields: branch.fields }] : [];
  }
  if (section.tabs) {
    const chosen = tabs?.[section.tabs.id] || section.tabs.default;
    const option = section.tabs.options.find((tab) => tab.id === chosen) ?? section.tabs.options[0];
    return [{ fields: option.fields }];
  }
  return [{ fields: section.fields || [] }];
}

/** The rows of one field layout: its type's own (a block one per answered part), else its answer. */
function rowsOf(field, context) {
  if (field.visible_when && !context.holds(field.visible_when)) return [];
  const review = fieldType(field.widget).review;
  if (review) return review(field, context);
  const value = context.answers[field.key];
  return isAnswered(value) ? [reviewRow(field, String(value))] : [];
}

/**
 * The review: [{page, sections: [{id, title, groups: [{title, rows: [{key, label, value}]}]}]}],
 * only what is answered (pages and sections with nothing answered are left out).
 * options: {tabs, addAnother, documents} (documents: {key: {file_name}}).
 */
export function reviewPages(compiled, answers, { tabs, addAnother, documents } = {}) {
  const shown = visibleAnswers(compiled, answers, { tabs, addAnother });
  const holds = conditionsFor(shown);
  const context = { compiled, answers: shown, holds, documents, tabs, addAnother };
  context.rowsOf = (field) => rowsOf(field, context);
  const pages = [];
  for (const page of compiled.pages) {
    const sections = [];
    for (const section of page.sections) {
      if (section.visible_when && !holds(section.visible_when)) continue;
      const groups = [];
      if (section.confirm && shown[section.confirm.key] === true) {
        groups.push({
          rows: [
            {
              key: section.confirm.key,
              label: questionOf(section.confirm),
              value: t("review_yes"),
            },
          ],
        });
      }
      if (!section.confirm || shown[section.confirm.key] === true) {
        for (const group of shownGroups(section, context)) {
          const rows = group.fields.flatMap((field) => rowsOf(field, context));
          if (rows.length) groups.push({ title: group.title, rows });
        }
      }
      if (groups.length) sections.push({ id: section.id, title: section.title, groups });
    }
    if (sections.length) pages.push({ page, sections });
  }
  return pages;
}
