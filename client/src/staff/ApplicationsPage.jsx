// The list itself: the search (reference, name or e-mail), a status filter, one page of rows from the
// server, and the pages. The query lives in the address (?q=&status=&page=) so reload and Back work.
import { useCallback, useEffect, useRef, useState } from "react";
import * as api from "./api.js";
import { formatTime } from "./format.js";

const STATUS_LABELS = {
  none: "Not started",
  started: "Draft (started)",
  validating: "Draft (validating)",
  submitted: "Submitted",
};
const PDF_POLL_MS = 1000;
const PDF_MAX_POLLS = 180;

export function queryFromLocation(search) {
  const params = new URLSearchParams(search);
  const page = Number.parseInt(params.get("page") || "1", 10);
  const status = params.get("status");
  return {
    q: params.get("q") || "",
    status: ["submitted", "draft"].includes(status) ? status : "all",
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

function locationOf({ q, status, page }) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (status !== "all") params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return `${window.location.pathname}${text ? `?${text}` : ""}`;
}

export function ApplicationsPage({ onSignedOut }) {
  const [query, setQuery] = useState(() => queryFromLocation(window.location.search));
  const [result, setResult] = useState(null);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");

  useEffect(() => {
    const back = () => setQuery(queryFromLocation(window.location.search));
    window.addEventListener("popstate", back);
    return () => window.removeEventListener("popstate", back);
  }, []);

  useEffect(() => {
    let current = true;
    setError("");
    api.listApplications(query).then(
      // The page with the query it answers, so a caption never describes rows of another search.
      (page) => current && setResult({ ...page, query }),
      (failure) => {
        if (!current) return;
        if (failure.status === 401) onSignedOut(failure.message);
        else setError(failure.message);
      },
    );
    return () => {
      current = false;
    };
  }, [query, onSignedOut]);

  const go = useCallback((next) => {
    window.history.pushState(null, "", locationOf(next));
    setQuery(next);
  }, []);

  const download = usePdfDownload(setNotice, onSignedOut);

  return (
    <>
      <h1>Applications</h1>
      <SearchForm query={query} onSearch={(q, status) => go({ q, status, page: 1 })} />
      <p className="staff-notice" role="status" aria-live="polite">
        {notice}
      </p>
      {error && (
        <p className="staff-alert" role="alert">
          {error}
        </p>
      )}
      {result && <Results result={result} query={result.query} onDownload={download} />}
      {result && result.pages > 1 && <Pages result={result} onPage={(page) => go({ ...query, page })} />}
    </>
  );
}

function SearchForm({ query, onSearch }) {
  const [text, setText] = useState(query.q);
  const [status, setStatus] = useState(query.status);
  useEffect(() => {
    setText(query.q);
    setStatus(query.status);
  }, [query.q, query.status]);
  return (
    <form
      className="staff-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim(), status);
      }}
    >
      <div className="staff-field">
        <label htmlFor="staff-q">Search by reference, name or e-mail</label>
        <input
          id="staff-q"
          type="search"
          value={text}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="staff-field">
        <label htmlFor="staff-status">Status</label>
        <select id="staff-status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="all">All</option>
          <option value="submitted">Submitted</option>
          <option value="draft">Drafts</option>
        </select>
      </div>
      <button type="submit" className="staff-button">
        Search
      </button>
    </form>
  );
}

function Results({ result, query, onDownload }) {
  const { items, total } = result;
  if (!items.length) {
    return (
      <p className="staff-muted">
        {query.q ? `No application matches “${query.q}”.` : "No applications yet."}
      </p>
    );
  }
  return (
    <table className="staff-table">
      <caption>
        {total} application{total === 1 ? "" : "s"}
        {query.q ? ` matching “${query.q}”` : ""}
      </caption>
      <thead>
        <tr>
          <th scope="col">Reference</th>
          <th scope="col">Name</th>
          <th scope="col">E-mail</th>
          <th scope="col">Status</th>
          <th scope="col">Submitted</th>
          <th scope="col">Version</th>
          <th scope="col">
            <span className="staff-visually-hidden">Open</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <Row key={item.id} item={item} onDownload={onDownload} />
        ))}
      </tbody>
    </table>
  );
}

function Row({ item, onDownload }) {
  const who = item.reference || item.name || item.email;
  return (
    <tr>
      <th scope="row" data-label="Reference">
        {item.reference || <span className="staff-muted">–</span>}
      </th>
      <td data-label="Name">{item.name || <span className="staff-muted">(no name yet)</span>}</td>
      <td data-label="E-mail">{item.email}</td>
      <td data-label="Status">{STATUS_LABELS[item.status] || item.status}</td>
      <td data-label="Submitted">{item.submitted_at ? formatTime(item.submitted_at) : "–"}</td>
      <td data-label="Version">
        {item.definition_version ? (
          <code title={item.definition_version}>{item.definition_version.slice(0, 8)}</code>
        ) : (
          "–"
        )}
      </td>
      <td className="staff-actions">
        <div className="staff-actions-inner">
          <a
            className="staff-button staff-button-quiet"
            href={api.printViewUrl(item.id)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Print view of ${who} (opens in a new tab)`}
          >
            Print view
          </a>
          <button
            type="button"
            className="staff-button staff-button-quiet"
            aria-label={`PDF of ${who}`}
            onClick={() => onDownload(item.id, who)}
          >
            PDF
          </button>
        </div>
      </td>
    </tr>
  );
}

function Pages({ result, onPage }) {
  const { page, pages } = result;
  return (
    <nav className="staff-pages" aria-label="Pages">
      <button type="button" className="staff-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-current="page">
        Page {Math.min(page, pages)} of {pages}
      </span>
      <button
        type="button"
        className="staff-button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** Ask for an application's PDF, poll while it renders, then download it (the page stays). */
function usePdfDownload(setNotice, onSignedOut) {
  const busy = useRef(new Set());
  return useCallback(
    async (id, who) => {
      if (busy.current.has(id)) return;
      busy.current.add(id);
      setNotice(`Preparing the PDF of ${who}…`);
      try {
        for (let poll = 0; poll < PDF_MAX_POLLS; poll += 1) {
          const status = await api.pdfStatus(id);
          if (status.status === "completed" && status.url) {
            setNotice(`The PDF of ${who} is downloading.`);
            window.location.assign(status.url);
            return;
          }
          if (status.status === "failed") throw new api.StaffApiError(status.message || api.UNEXPECTED, 500);
          await new Promise((resolve) => setTimeout(resolve, PDF_POLL_MS));
        }
        throw new api.StaffApiError(`The PDF of ${who} is taking too long. Please try again later.`, 504);
      } catch (error) {
        if (error.status === 401) onSignedOut(error.message);
        else setNotice(error.message);
      } finally {
        busy.current.delete(id);
      }
    },
    [setNotice, onSignedOut],
  );
}
