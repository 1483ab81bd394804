import { useEffect } from "react";

/** One form page. The renderer (compiled page -> RJSF) replaces the placeholder body in a later issue. */
export function FormPage({ page, tenantName }) {
  useEffect(() => {
    document.title = tenantName ? `${page.title} – ${tenantName}` : page.title;
  }, [page.title, tenantName]);

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{page.title}</h1>
      <p className="muted">
        Page {page.number}: the questions for this page appear here.
      </p>
    </section>
  );
}
