import { PdfDownload } from "../form/PdfDownload.jsx";
import { STRINGS } from "../widgets/strings.js";
import { APPLICANT_STRINGS } from "../widgets/applicantStrings.js";

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
  const status = APPLICANT_STRINGS.statusNames[snapshot.web_status || "none"] ?? snapshot.web_status;
  return (
    <div className="receipt">
      <dl className="receipt-facts">
        {statusLine && (
          <div>
            <dt>{APPLICANT_STRINGS.applicationStatus}</dt>
            <dd>{status}</dd>
          </div>
        )}
        {snapshot.reference && (
          <div>
            <dt>{APPLICANT_STRINGS.receiptReference}</dt>
            <dd className="receipt-reference">{snapshot.reference}</dd>
          </div>
        )}
        {submitted && (
          <div>
            <dt>{APPLICANT_STRINGS.receiptSubmitted}</dt>
            <dd>
              <time dateTime={snapshot.submitted_at}>{submitted}</time>
            </dd>
          </div>
        )}
      </dl>
      <PdfDownload
        toastError={toastError}
        label={
          snapshot.web_status === "submitted" ? APPLICANT_STRINGS.downloadSubmittedPdf : STRINGS.downloadPdf
        }
      />
    </div>
  );
}
