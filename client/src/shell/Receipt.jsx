import { PdfDownload } from "../form/PdfDownload.jsx";
import { t } from "../strings/formStrings.js";
import { momentText } from "../widgets/moments.js";

// The application's status as the applicant reads it.
export const STATUS_TEXT = {
  none: "status_not_started",
  started: "status_in_progress",
  validating: "status_in_progress",
  submitted: "status_submitted",
};

/** A moment (ISO-8601) as the receipt writes it: the date in the tenant's date style, the time in
 * the tenant's time zone with its abbreviation ("November 26, 2026 at 8:05 AM CST"); "" for none. */
export const formatSubmitted = (iso) => momentText(iso);

/**
 * What the applicant keeps of a submission: the reference, when it was submitted and the PDF that
 * was sent (the completion page and the account menu's "My application").
 */
export function Receipt({ snapshot, toastError, statusLine = false }) {
  const submitted = formatSubmitted(snapshot.submitted_at);
  const status = t(STATUS_TEXT[snapshot.web_status || "none"] ?? "status_in_progress");
  return (
    <div className="receipt">
      <dl className="receipt-facts">
        {statusLine && (
          <div>
            <dt>{t("receipt_status")}</dt>
            <dd>{status}</dd>
          </div>
        )}
        {snapshot.reference && (
          <div>
            <dt>{t("receipt_reference")}</dt>
            <dd className="receipt-reference">
              <bdi>{snapshot.reference}</bdi>
            </dd>
          </div>
        )}
        {submitted && (
          <div>
            <dt>{t("receipt_submitted")}</dt>
            <dd>
              <time dateTime={snapshot.submitted_at}>{submitted}</time>
            </dd>
          </div>
        )}
      </dl>
      <PdfDownload
        toastError={toastError}
        label={snapshot.web_status === "submitted" ? t("pdf_download_submitted") : t("pdf_download")}
      />
    </div>
  );
}
