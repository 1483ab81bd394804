import { t } from "../strings/formStrings.js";
import { useEffect, useRef, useState } from "react";
import { reviewPages } from "./review.js";

/**
 * "Check your answers": the answers as they will be sent, by page and section, each with a Change
 * link to its question; "Submit application" sends them. `onChange(route, key)` leaves the review.
 */
export function Review({ compiled, answers, tabs, addAnother, documents, onChange, onBack, onConfirm }) {
  const heading = useRef(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    heading.current?.focus();
    window.scrollTo?.(0, 0);
  }, []);
  const pages = reviewPages(compiled, answers, { tabs, addAnother, documents });
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="form-page review" aria-labelledby="review-title">
      <h1 id="review-title" ref={heading} tabIndex={-1}>
        {t("review_title")}
      </h1>
      <p>{t("review_intro")}</p>
      {pages.map(({ page, sections }) => (
        <ReviewPage key={page.route} page={page} sections={sections} onChange={onChange} />
      ))}
      <div className="page-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={confirm}
        >
          {t("review_confirm")}
        </button>
        <button type="button" className="button button-secondary" onClick={onBack}>
          {t("review_back")}
        </button>
      </div>
    </section>
  );
}

/** One page's answers, by section and group, each row with its Change link. */
function ReviewPage({ page, sections, onChange }) {
  return (
    <section className="review-page" aria-labelledby={`review-${page.id}`}>
      <h2 id={`review-${page.id}`}>{page.title}</h2>
      {sections.map((section) => (
        <div key={section.id} className="review-section">
          {section.title && <h3>{section.title}</h3>}
          {section.groups.map((group, index) => (
            <div key={group.title || index} className="review-group">
              {group.title && <h4>{group.title}</h4>}
              <dl className="review-list">
                {group.rows.map((row) => (
                  <ReviewRow key={row.key} route={page.route} row={row} onChange={onChange} />
                ))}
              </dl>
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}

function ReviewRow({ route, row, onChange }) {
  return (
    <div className="review-row">
      <dt>{row.label}</dt>
      {/* A date reads in the form's style; its stored value stays machine-readable beside it. */}
      <dd dir="auto">{row.dateTime ? <time dateTime={row.dateTime}>{row.value}</time> : row.value}</dd>
      <dd className="review-change">
        <a
          href={`${route}#${row.key}`}
          aria-label={`${t("review_change")} ${row.label}`}
          onClick={(event) => {
            event.preventDefault();
            onChange(route, row.key);
          }}
        >
          {t("review_change")}
        </a>
      </dd>
    </div>
  );
}
