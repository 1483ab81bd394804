// Exports, for exporters: the same files as `formengine export`, written by a worker while the page
// shows its progress, then downloaded once (the link is the asker's, for an hour).
import { useEffect, useState } from "react";
import * as api from "./api.js";

const FORMATS = [
  ["csv", "CSV (one row per application)"],
  ["json", "JSON"],
  ["zip", "Zip of PDFs and documents"],
];
const POLL_MS = 1000;
const WORKING = new Set(["queued", "running"]);
const SAY = {
  queued: "Waiting for a worker…",
  failed: "The export could not be written. Try again; if it fails again, the worker's log says why.",
  taken: "Downloaded. Each export is downloaded once: run it again for another copy.",
  expired: "The link has ended. Run the export again.",
};

/** The export asked for, polled while a worker writes it. */
function useExportJob() {
  const [job, setJob] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => {
    if (!job || !WORKING.has(job.state)) return undefined;
    const timer = setTimeout(async () => {
      try {
        setJob(await api.exportState(job.id));
      } catch (failure) {
        setError(failure.message);
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job]);
  const start = async (format, status) => {
    setError("");
    try {
      setJob(await api.startExport({ format, status }));
    } catch (failure) {
      setError(failure.message);
    }
  };
  return { job, setJob, error, start };
}

export function ExportPanel() {
  const [status, setStatus] = useState("submitted");
  const { job, setJob, error, start } = useExportJob();
  const working = Boolean(job && WORKING.has(job.state));
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
            <button
              type="button"
              className="staff-button staff-button-quiet"
              disabled={working}
              onClick={() => start(format, status)}
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
      {job && <ExportJob job={job} onTaken={() => setJob({ ...job, state: "taken", url: null })} />}
      {error && (
        <p className="staff-alert" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The export's progress, its one download, or what became of it. */
function ExportJob({ job, onTaken }) {
  return (
    <div className="staff-export-job" role="status">
      {job.state === "running" && (
        <p>
          Writing the export: {job.done} of {job.total} application(s).
        </p>
      )}
      {SAY[job.state] && <p>{SAY[job.state]}</p>}
      {WORKING.has(job.state) && <progress max={job.total || 1} value={job.total ? job.done : undefined} />}
      {job.state === "ready" && (
        <p>
          <a className="staff-button" href={job.url} download onClick={onTaken}>
            Download {job.file_name}
          </a>{" "}
          (once, within the hour)
        </p>
      )}
    </div>
  );
}
