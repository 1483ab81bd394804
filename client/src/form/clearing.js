// What a change would clear, named for the applicant before it happens: a tab switch, an answer
// that hides questions with answers, fewer add-another entries. The keys come from the same hiding
// rules the save applies (visibility.js); the names from the compiled form's labels.
import { keyedLayouts, sectionFieldLists } from "./renderModel.js";
import { hiddenWith } from "./visibility.js";
import { isAnswered } from "../widgets/readout.jsx";

const labelMaps = new WeakMap();

/** {answerKey: label} for every keyed question of the form (a check group's items by their own label). */
function labelsOf(compiled) {
  let labels = labelMaps.get(compiled);
  if (labels) return labels;
  labels = {};
  for (const page of compiled.pages)
    for (const section of page.sections) {
      if (section.confirm) labels[section.confirm.key] = section.confirm.label;
      for (const fields of sectionFieldLists(section))
        for (const field of fields)
          for (const layout of keyedLayouts(field))
            if (!(layout.key in labels)) labels[layout.key] = layout.label || field.label || layout.key;
    }
  labelMaps.set(compiled, labels);
  return labels;
}

/**
 * The questions a change would clear, as [{key, label}]: the answered keys the hiding rules hide
 * once `patch` is applied under `options` ({tabs, addAnother}), and the documents among `fileKeys`
 * that go too. Companion keys (an option's `_desc`) are not questions and are not named.
 */
export function wouldClear(compiled, answers, patch, options, { documents = {}, fileKeys = [] } = {}) {
  const labels = labelsOf(compiled);
  const keys = new Set(
    hiddenWith(compiled, answers, patch, options).filter(
      (key) => isAnswered(answers[key]) && !(key in patch),
    ),
  );
  for (const key of fileKeys) if (documents[key]) keys.add(key);
  return [...keys]
    .filter((key) => key in labels)
    .map((key) => ({
      key,
      label: documents[key]?.file_name ? `${labels[key]} (${documents[key].file_name})` : labels[key],
    }));
}
