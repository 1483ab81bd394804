// The platform's own texts (platform.md sections 4, 8; tenant spec section 8 lists them as the
// platform's). Tenant labels and messages never appear here: they come from the compiled form.
export const STRINGS = {
  use: "Use: ",
  noOptions: "No options",
  loading: "Loading...",
  select: "Select...",
  characterCount: (n, limit) => `Character count: ${n} / ${limit}`,
  schoolOwnEntry: "Enter your school information below.",
  anonymousUpload: "This question can be finished once you have created an account.",
  uploadError: (key) => `Error uploading file for ${key}`,
  addAnotherError: (key) => `Error adding another ${key}`,
  tabsError: (key) => `Error handling tabs for ${key}`,
  deleteTitle: "Delete File",
  deleteText: "Are you sure you want to delete your file?",
  cancel: "Cancel",
  delete: "Delete",
  deleteFile: "Delete file",
  chooseFile: "Choose a file",
  uploading: "Uploading",
  converting: "Converting your file…",
  uploadBusyTitle: "File Upload in Progress",
  uploadBusyText: "Please wait until the file upload has completed.",
  ok: "OK",
  close: "Close",
  documentAttached: "A document is attached.",
  archivedAnswers: "Answers to questions no longer on the form",
  newVersionTitle: "The form was updated",
  newVersion: "Your answers are kept. Please look over the pages again before you submit.",
  ceeb: (code) => `(Ceeb: ${code})`,
  downloadPdf: "Download a PDF copy",
  preparingPdf: "Preparing your PDF…",
  phoneCountry: "Country code",
  dateDay: "Day",
  dateMonth: "Month",
  dateYear: "Year",
  continue: "Continue",
  submit: "Submit Application",
  submitted: "Your application was successfully submitted.",
};

// The compiled form's `texts` (engine/definition/fields.py DEFAULT_TEXTS, overridable per tenant)
// replace the defaults above, so a tenant can reword every widget text in its YAML.
const fill = (template, values) =>
  template.replace(/\{(\w+)\}/g, (match, name) => (name in values ? values[name] : match));
const FROM_TEXTS = {
  use: "autocomplete_use",
  noOptions: "autocomplete_no_options",
  loading: "autocomplete_loading",
  select: "autocomplete_placeholder",
  schoolOwnEntry: "school_own_entry",
  anonymousUpload: "file_anonymous",
  deleteTitle: "file_delete_title",
  deleteText: "file_delete_text",
  cancel: "file_delete_cancel",
  delete: "file_delete_confirm",
  uploadBusyTitle: "file_in_progress_title",
  uploadBusyText: "file_in_progress_text",
  documentAttached: "service_document_attached",
  phoneCountry: "phone_country",
};

export function applyTexts(texts) {
  if (!texts || typeof texts !== "object") return;
  for (const [name, textName] of Object.entries(FROM_TEXTS)) {
    if (typeof texts[textName] === "string") STRINGS[name] = texts[textName];
  }
  const template = (textName, make) => {
    if (typeof texts[textName] === "string") STRINGS[make.name] = make.build(texts[textName]);
  };
  template("character_count", {
    name: "characterCount",
    build: (t) => (count, limit) => fill(t, { count, limit }),
  });
  template("error_upload", { name: "uploadError", build: (t) => (key) => fill(t, { key }) });
  template("error_add_another", { name: "addAnotherError", build: (t) => (key) => fill(t, { key }) });
  template("error_tabs", { name: "tabsError", build: (t) => (key) => fill(t, { key }) });
  template("service_ceeb", { name: "ceeb", build: (t) => (code) => fill(t, { code }) });
}

/** A size in decimal units (1 kB = 1000 bytes), as the spec asks. */
export function decimalSize(bytes) {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1000) return `${bytes} B`;
  const units = ["kB", "MB", "GB"];
  let value = bytes;
  let unit = -1;
  do {
    value /= 1000;
    unit += 1;
  } while (value >= 1000 && unit < units.length - 1);
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
}
