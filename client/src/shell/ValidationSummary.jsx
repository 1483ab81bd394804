import { forwardRef } from "react";

/** Every field label of a compiled page, by answer key. */
export function fieldLabels(page) {
  const labels = {};
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    if (typeof node.key === "string" && typeof node.label === "string" && !labels[node.key])
      labels[node.key] = node.label;
    Object.values(node).forEach(visit);
  };
  visit(page.sections);
  return labels;
}

/** The errors grouped by page, in page order: [{page, items: [{key, label, messages}]}]. */
export function groupErrors(compiled, errors) {
  const routeOf = (key) => compiled.data_model?.[key]?.page;
  return compiled.pages
    .map((page) => {
      const labels = fieldLabels(page);
      const items = Object.entries(errors)
        .filter(
          ([key, messages]) =>
            messages?.length &&
            (routeOf(key) ?? compiled.pages.find((p) => p.schema?.properties?.[key])?.route) === page.route,
        )
        .map(([key, messages]) => ({ key, label: labels[key] || key, messages }));
      return { page, items };
    })
    .filter((group) => group.items.length);
}

/** The validation summary (shown while validating): tenant title and text, items linking to page#question. */
export const ValidationSummary = forwardRef(function ValidationSummary({ compiled, errors, onGo }, ref) {
  const groups = groupErrors(compiled, errors);
  if (!groups.length) return null;
  const { title, text } = compiled.settings?.validation_summary || {};
  return (
    <section className="summary" aria-labelledby="summary-title" role="region">
      <h2 id="summary-title" ref={ref} tabIndex={-1}>
        {title}
      </h2>
      {text && <p>{text}</p>}
      {groups.map(({ page, items }) => (
        <div key={page.route} className="summary-group">
          <h3>{page.title}</h3>
          <ul>
            {items.map((item) => (
              <li key={item.key}>
                <a
                  href={`${page.route}#${item.key}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onGo(page.route, item.key);
                  }}
                >
                  {item.label}
                </a>
                {item.messages[0] !== item.label && (
                  <span className="summary-message">: {item.messages[0]}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
});
