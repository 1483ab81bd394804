// The "check your answers" review before the final submit: every answered question the form shows,
// page by page and section by section, as it will be sent (an option's label, a document's file
// name). Hidden answers are left out as the server leaves them out of the submission.
import { conditionsFor } from "./conditions.js";
import { keyedLayouts } from "./renderModel.js";
import { visibleAnswers } from "./visibility.js";
import { labelOf, optionList } from "../widgets/common.js";
import { entryTitle, t } from "../widgets/formStrings.js";

const isAnswered = (value) => value !== undefined && value !== null && value !== "" && value !== false;

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

/** One answered keyed layout as a review row {key, label, value}, or null. */
function rowOf(layout, context) {
  const { compiled, answers, documents } = context;
  const value = answers[layout.key];
  switch (layout.widget) {
    case "file_upload": {
      const name = documents?.[layout.key]?.file_name;
      return name ? { key: layout.key, label: layout.label, value: name } : null;
    }
    case "checkbox":
      return value === true ? { key: layout.key, label: layout.label, value: t("review_yes") } : null;
    case "radio":
    case "select":
    case "conditional_select": {
      if (!isAnswered(value)) return null;
      const listId = layout.options_by
        ? layout.options_by.options[answers[layout.options_by.controller] ?? ""]
        : layout.options;
      const label =
        (layout.desc_key && answers[layout.desc_key]) ||
        labelOf(optionList(compiled, listId), value) ||
        value;
      return { key: layout.key, label: layout.label, value: String(label) };
    }
    default:
      return isAnswered(value) ? { key: layout.key, label: layout.label, value: String(value) } : null;
  }
}

/** The rows of one field layout (a block gives one per answered part; a check group one row). */
function rowsOf(field, context) {
  const { answers, holds } = context;
  if (field.visible_when && !holds(field.visible_when)) return [];
  if (field.widget === "content") return [];
  if (field.widget === "check_group") {
    const checked = field.items.filter((item) => answers[item.key] === true);
    if (!checked.length) return [];
    return [{ key: checked[0].key, label: field.label, value: checked.map((item) => item.label).join(", ") }];
  }
  if (field.widget === "school_search") {
    const { search, ceeb } = field.parts;
    const name = answers[search.key];
    const code = ceeb ? answers[ceeb.key] : "";
    const rows = isAnswered(name)
      ? [
          {
            key: search.key,
            label: search.label,
            value: code ? `${name} ${t("service_ceeb", { code: code })}` : String(name),
          },
        ]
      : [];
    for (const [role, part] of Object.entries(field.parts)) {
      if (role === "search" || role === "ceeb") continue;
      rows.push(...rowsOf(part, context));
    }
    return rows;
  }
  if (field.widget === "address") return keyedLayouts(field).flatMap((part) => rowsOf(part, context));
  const row = rowOf(field, context);
  return row ? [row] : [];
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
  const pages = [];
  for (const page of compiled.pages) {
    const sections = [];
    for (const section of page.sections) {
      if (section.visible_when && !holds(section.visible_when)) continue;
      const groups = [];
      if (section.confirm && shown[section.confirm.key] === true) {
        groups.push({
          rows: [{ key: section.confirm.key, label: section.confirm.label, value: t("review_yes") }],
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
