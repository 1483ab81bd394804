// Exports, for exporters: the same files as `formengine export`, downloaded by the browser.
import { useState } from "react";
import * as api from "./api.js";

const FORMATS = [
  ["csv", "CSV (one row per application)"],
  ["json", "JSON"],
  ["zip", "Zip of PDFs and documents"],
];

export function ExportPanel() {
  const [status, setStatus] = useState("submitted");
  return (
    <section className="staff-panel" aria-labelledby="export-title">
      <h2 id="export-title">Export</h2>
      <div className="staff-field">
        <label htmlFor="export-status">Applications</label>
        <select id="export-status" value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="submitted">Submitted</option>
          <option value="all">All, drafts too</option>
        </select>
      </div>
      <ul className="staff-export-list">
        {FORMATS.map(([format, label]) => (
          <li key={format}>
            <a className="staff-button staff-button-quiet" href={api.exportUrl(format, status)} download>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
