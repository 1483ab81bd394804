// The list itself: the search and filters (SearchForm), one page of rows from the server, and the
// pages. The query lives in the address (?q=&answers=&status=...&page=) so reload and Back work.
import { useCallback, useEffect, useRef, useState } from "react";
import * as api from "./api.js";
import { DeliveriesPanel, undeliveredText } from "./DeliveriesPanel.jsx";
import { momentText } from "../widgets/moments.js";
import { languageName } from "./format.js";
import { describe, queryFromLocation, SearchForm, searchOf } from "./SearchForm.jsx";

const STATUS_LABELS = {
  none: "Not started",
  started: "Draft (started)",
  validating: "Draft (validating)",
  submitted: "Submitted",
};
const PDF_POLL_MS = 1000;
const PDF_MAX_POLLS = 180;

function locationOf(query) {
  const text = searchOf(query);
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
  const [deliveriesOf, setDeliveriesOf, closeDeliveries] = useOpenedFrom();

  return (
    <>
      <h1>Applications</h1>
      <SearchForm query={query} onSearch={go} languages={result?.languages} />
      <p className="staff-notice" role="status" aria-live="polite">
        {notice}
      </p>
      {error && (
        <p className="staff-alert" role="alert">
          {error}
        </p>
      )}
      {result && (
        <Results result={result} query={result.query} onDownload={download} onDeliveries={setDeliveriesOf} />
      )}
      {result && result.pages > 1 && <Pages result={result} onPage={(page) => go({ ...query, page })} />}
      {deliveriesOf && (
        <DeliveriesPanel
          target={deliveriesOf}
          onClose={closeDeliveries}
          onSignedOut={onSignedOut}
          onRetried={() => setQuery((current) => ({ ...current }))}
        />
      )}
    </>
  );
}

function Results({ result, query, onDownload, onDeliveries }) {
  const { items, total } = result;
  const deliveries = items.some((item) => item.deliveries); // exporters see delivery status
  const languages = (result.languages || []).length > 1; // a form in several languages
  if (!items.length) {
    return (
      <p className="staff-muted">
        {describe(query) ? `No application matches ${describe(query)}.` : "No applications yet."}
      </p>
    );
  }
  return (
    <table className="staff-table">
      <caption>
        {total} application{total === 1 ? "" : "s"}
        {describe(query) ? ` matching ${describe(query)}` : ""}
      </caption>
      <thead>
        <tr>
          <th scope="col">Reference</th>
          <th scope="col">Name</th>
          <th scope="col">E-mail</th>
          <th scope="col">Status</th>
          <th scope="col">Submitted</th>
          <th scope="col">Version</th>
          {languages && <th scope="col">Language</th>}
          {deliveries && <th scope="col">Not delivered</th>}
          <th scope="col">
            <span className="staff-visually-hidden">Open</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <Row
            key={item.id}
            item={item}
            dates={result.dates}
            languages={languages}
            onDownload={onDownload}
            onDeliveries={onDeliveries}
          />
        ))}
      </tbody>
    </table>
  );
}

/** When it was submitted in the form's time zone, as the PDF and the print view say it (UTC on hover). */
function SubmittedAt({ iso, dates }) {
  return (
    <time dateTime={iso} title={momentText(iso, dates, "UTC")}>
      {momentText(iso, dates)}
    </time>
  );
}

function Row({ item, dates, languages, onDownload, onDeliveries }) {
  const who = item.reference || item.name || item.email;
  return (
    <tr>
      <th scope="row" data-label="Reference">
        {item.reference || <span className="staff-muted">–</span>}
      </th>
      <td data-label="Name">{item.name || <span className="staff-muted">(no name yet)</span>}</td>
      <td data-label="E-mail">{item.email}</td>
      <td data-label="Status">{STATUS_LABELS[item.status] || item.status}</td>
      <td data-label="Submitted">
        {item.submitted_at ? <SubmittedAt iso={item.submitted_at} dates={dates} /> : "–"}
      </td>
      <td data-label="Version">
        {item.definition_version ? (
          <code title={item.definition_version}>{item.definition_version.slice(0, 8)}</code>
        ) : (
          "–"
        )}
      </td>
      {languages && <LanguageCell language={item.language} />}
      {item.deliveries && (
        <td data-label="Not delivered" className={undeliveredText(item.deliveries) ? "staff-warning" : ""}>
          {undeliveredText(item.deliveries) || "–"}
        </td>
      )}
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
          {item.deliveries && (
            <button
              type="button"
              className="staff-button staff-button-quiet"
              aria-label={`Deliveries of ${who}`}
              onClick={(event) => onDeliveries({ id: item.id, who, opener: event.currentTarget })}
            >
              Deliveries
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** The language the applicant wrote in, in the staff's words ("French"; its tag on hover). */
function LanguageCell({ language }) {
  return (
    <td data-label="Language">
      {language ? (
        <span title={language}>{languageName(language)}</span>
      ) : (
        <span className="staff-muted">–</span>
      )}
    </td>
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

/** What a row's button opened ({id, who, opener}); closing gives the focus back to the button. */
function useOpenedFrom() {
  const [opened, setOpened] = useState(null);
  const close = () => {
    opened?.opener?.focus();
    setOpened(null);
  };
  return [opened, setOpened, close];
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
