// The form pages' words (formCatalogue.js): loaded with the form, so the sign-in pages stay small.
import { CATALOGUE } from "./formCatalogue.js";
import { textsWith } from "./strings.js";

/** The text `id` (the form's catalogue, then the sign-in one), {placeholders} filled from `values`. */
export const t = textsWith(CATALOGUE);

/** The title of an add-another entry: "School 2" (the section's entry_label, numbered). */
export const entryTitle = (label, number) =>
  t("entry_title", { label: label || t("entry_default_label"), number });
