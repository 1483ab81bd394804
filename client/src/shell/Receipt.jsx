import { PdfDownload } from "../form/PdfDownload.jsx";
import { t } from "../strings/formStrings.js";

// The application's status as the applicant reads it.
const STATUS_TEXT = {
  none: "status_not_started",
  started: "status_in_progress",
  validating: "status_in_progress",
  submitted: "status_submitted",
};

/** A moment (ISO-8601) in the tenant's words (`date_time`, `month_<n>`), in the reader's time zone:
 * "26 November 2026 at 14:05 UTC+1"; "" for no moment. */
export function formatSubmitted(iso) {
  const when = iso ? new Date(iso) : null;
  if (!when || Number.isNaN(when.getTime())) return "";
  const east = -when.getTimezoneOffset();
  const hours = Math.floor(Math.abs(east) / 60);
  const minutes = Math.abs(east) % 60;
  const offset = east
    ? `${east > 0 ? "+" : "-"}${hours}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""}`
    : "";
  const pad = (n) => String(n).padStart(2, "0");
  return t("date_time", {
    day: when.getDate(),
    month: t(`month_${when.getMonth() + 1}`),
    year: when.getFullYear(),
    time: `${pad(when.getHours())}:${pad(when.getMinutes())}`,
    offset,
  });
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
