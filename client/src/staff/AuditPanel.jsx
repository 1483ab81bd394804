// The audit trail, for administrators: who did what to which application, when and from where.
import { useEffect, useState } from "react";
import * as api from "./api.js";
import { formatTime } from "./format.js";

// Every action engine/audit/service.py records has its words here (tests/unit/test_audit_words.py).
const ACTIONS = {
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in",
  sign_out: "Signed out",
  list: "Listed applications",
  print_view: "Opened the print view",
  pdf_download: "Downloaded the PDF",
  export: "Exported",
  export_download: "Downloaded an export",
  export_refused: "Refused a repeated export",
  delivery_status: "Looked at deliveries",
  delivery_retry: "Retried deliveries",
  role_change: "Changed roles",
  staff_added: "Added a staff member",
  staff_disabled: "Disabled a staff member",
  token_use: "Token used",
  token_created: "Made a token",
  token_revoked: "Revoked tokens",
  forbidden: "Refused (role)",
  erase: "Erased an applicant",
  retention_delete: "Deleted (retention)",
  deadline_extended: "Extended the deadline",
};

export function AuditPanel({ onSignedOut }) {
  const [filter, setFilter] = useState({ reference: "", staff: "" });
  const [entries, setEntries] = useState(null);
  const [error, setError] = useState("");

  useEffect(() => {
    let current = true;
    api.auditEntries(filter).then(
      (page) => current && setEntries(page.items),
      (failure) => {
        if (!current) return;
        if (failure.status === 401) onSignedOut(failure.message);
        else setError(failure.message);
      },
    );
    return () => {
      current = false;
    };
  }, [filter, onSignedOut]);

  return (
    <section className="staff-panel" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit trail</h2>
      <AuditFilter onFilter={setFilter} />
      {error && (
        <p className="staff-alert" role="alert">
          {error}
        </p>
      )}
      {entries && !entries.length && <p className="staff-muted">Nothing recorded matches.</p>}
      {entries && entries.length > 0 && <AuditTable entries={entries} />}
    </section>
  );
}

function AuditFilter({ onFilter }) {
  const [draft, setDraft] = useState({ reference: "", staff: "" });
  return (
    <form
      className="staff-search"
      onSubmit={(event) => {
        event.preventDefault();
        onFilter({ reference: draft.reference.trim(), staff: draft.staff.trim() });
      }}
    >
      <div className="staff-field">
        <label htmlFor="audit-reference">Application reference</label>
        <input
          id="audit-reference"
          value={draft.reference}
          onChange={(event) => setDraft({ ...draft, reference: event.target.value })}
        />
      </div>
      <div className="staff-field">
        <label htmlFor="audit-staff">Staff e-mail</label>
        <input
          id="audit-staff"
          type="email"
          value={draft.staff}
          onChange={(event) => setDraft({ ...draft, staff: event.target.value })}
        />
      </div>
      <button type="submit" className="staff-button">
        Show
      </button>
    </form>
  );
}

function AuditTable({ entries }) {
  return (
    <table className="staff-table staff-audit">
      <caption>The latest {entries.length} entries, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">Application</th>
          <th scope="col">From</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td data-label="When">{formatTime(entry.at)}</td>
            <td data-label="Who">
              {entry.actor.kind === "token" ? `Token: ${entry.actor.label}` : entry.actor.label}
            </td>
            <td data-label="What">{ACTIONS[entry.action] || entry.action}</td>
            <td data-label="Application">
              {entry.reference || (entry.application_id ? `Draft ${entry.application_id}` : "–")}
            </td>
            <td data-label="From">{entry.ip || "–"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
