// Erasure, for administrators: an applicant named by reference (or e-mail address, for a draft),
// confirmed by typing it again, erased from every store; the answer lists each store. Recorded.
import { useState } from "react";
import * as api from "./api.js";

export function ErasurePanel({ onSignedOut }) {
  const [draft, setDraft] = useState({ whom: "", confirm: "" });
  const [report, setReport] = useState(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    setError("");
    setReport(null);
    try {
      setReport(await api.erase(draft));
      setDraft({ whom: "", confirm: "" });
    } catch (failure) {
      if (failure.status === 401) onSignedOut(failure.message);
      else setError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="staff-panel" aria-labelledby="erasure-title">
      <h2 id="erasure-title">Erase an applicant</h2>
      <p className="staff-muted">
        Removes the answers, documents, PDF, e-mails, account and sessions for good. The audit trail and a
        record that it was erased stay.
      </p>
      <form className="staff-search" onSubmit={submit}>
        <div className="staff-field">
          <label htmlFor="erasure-whom">Reference, or e-mail address for a draft</label>
          <input
            id="erasure-whom"
            value={draft.whom}
            onChange={(event) => setDraft({ ...draft, whom: event.target.value })}
          />
        </div>
        <div className="staff-field">
          <label htmlFor="erasure-confirm">Type it again to confirm</label>
          <input
            id="erasure-confirm"
            value={draft.confirm}
            autoComplete="off"
            onChange={(event) => setDraft({ ...draft, confirm: event.target.value })}
          />
        </div>
        <button type="submit" className="staff-button" disabled={busy || !draft.whom.trim()}>
          Erase
        </button>
      </form>
      {error && (
        <p className="staff-alert" role="alert">
          {error}
        </p>
      )}
      {report && <ErasureReport report={report} />}
    </section>
  );
}

function ErasureReport({ report }) {
  return (
    <div role="status">
      <p className={report.done ? "staff-notice" : "staff-alert"}>
        {report.done
          ? `Erased${report.reference ? ` ${report.reference}` : ""} from every store.`
          : "Not every store could be cleared. Erase it again later: what is left will be retried."}
      </p>
      <ul>
        {report.stores.map((store) => (
          <li key={store.store}>
            {store.store}: {store.removed} removed
            {store.left.length ? `, ${store.left.length} left` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}
