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
  ceeb: (code) => `(Ceeb: ${code})`,
  downloadPdf: "Download a PDF copy",
  preparingPdf: "Preparing your PDF…",
  continue: "Continue",
  submit: "Submit Application",
  submitted: "Your application was successfully submitted.",
};

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
