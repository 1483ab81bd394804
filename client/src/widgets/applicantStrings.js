// The platform's texts for checking, sending and keeping an application (the review, the receipt,
// the question before clearing, add-another entries, the navigation's status, upload guidance).
// Kept apart from strings.js, which every page loads (the API client applies the tenant's texts to
// it): these load with the form pages only, and the sign-in pages stay within their size budget.
export const APPLICANT_STRINGS = {
  fileRules: (types, size, limit) =>
    `Allowed file types: ${types}. Maximum size: ${size}. File name: at most ${limit} characters.`,
  reviewTitle: "Check your answers",
  reviewIntro:
    "This is what will be sent. Check each answer; once you submit, the application can no longer be changed.",
  reviewChange: "Change",
  reviewConfirm: "Submit application",
  reviewBack: "Back to the form",
  reviewYes: "Yes",
  entryTitle: (label, number) => `${label || "Entry"} ${number}`,
  receiptReference: "Your reference",
  receiptSubmitted: "Submitted",
  receiptKeep: "Keep this reference: quote it whenever you contact us about your application.",
  downloadSubmittedPdf: "Download the submitted application (PDF)",
  myApplication: "My application",
  removeEntry: "Remove",
  pageStatus: {
    not_started: "Not started",
    in_progress: "In progress",
    complete: "Complete",
    has_errors: "Has errors",
  },
  clearTitle: "Clear these answers?",
  clearText: "This change will clear the answers below. They cannot be brought back.",
  clearConfirm: "Clear answers",
  clearCancel: "Keep my answers",
  applicationStatus: "Status",
  statusNames: {
    none: "Not started",
    started: "In progress",
    validating: "In progress",
    submitted: "Submitted",
  },
};
