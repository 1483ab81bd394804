// The staff list's search: reference, name or e-mail; words in the answers (a city, a school, a
// country); status, definition version and the days submitted between. A plain form: every field
// labelled, Tab moves through them, Enter or the button searches, "Clear" empties every filter.
import { useEffect, useState } from "react";

import { languageName } from "./format.js";

export const EMPTY_QUERY = {
  q: "",
  answers: "",
  status: "all",
  version: "",
  from: "",
  to: "",
  language: "",
  page: 1,
};
const TEXT_KEYS = ["q", "answers", "version", "from", "to", "language"];
const TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list's query from the address (?q=&answers=&status=&version=&from=&to=&page=). */
export function queryFromLocation(search) {
  const params = new URLSearchParams(search);
  const page = Number.parseInt(params.get("page") || "1", 10);
  const status = params.get("status");
  const day = (name) => (DAY.test(params.get(name) || "") ? params.get(name) : "");
  return {
    q: params.get("q") || "",
    answers: params.get("answers") || "",
    status: ["submitted", "draft"].includes(status) ? status : "all",
    version: params.get("version") || "",
    from: day("from"),
    to: day("to"),
    language: TAG.test(params.get("language") || "") ? params.get("language") : "",
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The address of a query: only what differs from the empty one. */
export function searchOf(query) {
  const params = new URLSearchParams();
  for (const key of TEXT_KEYS) if (query[key]) params.set(key, query[key]);
  if (query.status !== "all") params.set("status", query.status);
  if (query.page > 1) params.set("page", String(query.page));
  return params.toString();
}

/** What a caption says the rows match ("answers: toronto, submitted from 2026-03-01"), or "". */
export function describe(query) {
  const parts = [];
  if (query.q) parts.push(`“${query.q}”`);
  if (query.answers) parts.push(`answers with “${query.answers}”`);
  if (query.status !== "all") parts.push(query.status === "draft" ? "drafts" : "submitted");
  if (query.version) parts.push(`version ${query.version}`);
  if (query.from) parts.push(`submitted from ${query.from}`);
  if (query.to) parts.push(`submitted until ${query.to}`);
  if (query.language) parts.push(`in ${languageName(query.language)}`);
  return parts.join(", ");
}

function Field({ id, label, hint, children }) {
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span className="staff-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {children}
    </div>
  );
}

export function SearchForm({ query, onSearch, languages = [] }) {
  const [draft, setDraft] = useState(query);
  useEffect(() => setDraft(query), [query]);
  const change = (key) => (event) => setDraft((current) => ({ ...current, [key]: event.target.value }));
  const text = (key) => ({ value: draft[key], onChange: change(key), maxLength: 200 });
  const submit = (event) => {
    event.preventDefault();
    const trimmed = Object.fromEntries(TEXT_KEYS.map((key) => [key, draft[key].trim()]));
    onSearch({ ...draft, ...trimmed, page: 1 });
  };
  return (
    <form className="staff-search" role="search" aria-label="Applications" onSubmit={submit}>
      <Field id="staff-q" label="Search by reference, name or e-mail">
        <input id="staff-q" type="search" {...text("q")} />
      </Field>
      <Field id="staff-answers" label="Search the answers" hint="A city, a school, a country…">
        <input id="staff-answers" type="search" aria-describedby="staff-answers-hint" {...text("answers")} />
      </Field>
      <Field id="staff-status" label="Status">
        <select id="staff-status" value={draft.status} onChange={change("status")}>
          <option value="all">All</option>
          <option value="submitted">Submitted</option>
          <option value="draft">Drafts</option>
        </select>
      </Field>
      <Field id="staff-version" label="Version" hint="Its first characters">
        <input
          id="staff-version"
          aria-describedby="staff-version-hint"
          spellCheck={false}
          {...text("version")}
        />
      </Field>
      <LanguageFilter languages={languages} value={draft.language} onChange={change("language")} />
      <DateRange draft={draft} change={change} />
      <div className="staff-search-actions">
        <button type="submit" className="staff-button">
          Search
        </button>
        <button
          type="button"
          className="staff-button staff-button-quiet"
          onClick={() => onSearch({ ...EMPTY_QUERY })}
        >
          Clear
        </button>
      </div>
    </form>
  );
}

/** For a form in several languages: the applications in one of them. */
function LanguageFilter({ languages, value, onChange }) {
  if (languages.length < 2) return null;
  return (
    <Field id="staff-language" label="Language">
      <select id="staff-language" value={value} onChange={onChange}>
        <option value="">All</option>
        {languages.map((code) => (
          <option key={code} value={code}>
            {languageName(code)}
          </option>
        ))}
      </select>
    </Field>
  );
}

function DateRange({ draft, change }) {
  return (
    <fieldset className="staff-dates">
      <legend>Submitted between</legend>
      <Field id="staff-from" label="From">
        <input
          id="staff-from"
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={change("from")}
        />
      </Field>
      <Field id="staff-to" label="Until">
        <input
          id="staff-to"
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={change("to")}
        />
      </Field>
    </fieldset>
  );
}
