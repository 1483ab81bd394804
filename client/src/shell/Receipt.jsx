import { PdfDownload } from "../form/PdfDownload.jsx";
import { t } from "../widgets/formStrings.js";

// The application's status as the applicant reads it.
const STATUS_TEXT = {
  none: "status_not_started",
  started: "status_in_progress",
  validating: "status_in_progress",
  submitted: "status_submitted",
};

/** A submission time (ISO-8601 UTC) in the reader's own words and time zone, or "". */
export function formatSubmitted(iso, locale = undefined) {
  const when = iso ? new Date(iso) : null;
  if (!when || Number.isNaN(when.getTime())) return "";
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(when);
}

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
            <dd className="receipt-reference">{snapshot.reference}</dd>
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
