import { useEffect, useId, useRef } from "react";

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

/** A later add-another entry's question named by its entry ("School 2: City"), as its messages are. */
function namedLabel(compiled, key, label) {
  const entry = compiled.data_model?.[key]?.entry;
  const format = compiled.messages?.in_entry;
  return entry && format ? format.replace("{entry}", entry).replace("{message}", label) : label;
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
        .map(([key, messages]) => ({ key, label: namedLabel(compiled, key, labels[key] || key), messages }));
      return { page, items };
    })
    .filter((group) => group.items.length);
}

/**
 * The validation summary (shown while validating): tenant title and text, items linking to
 * page#question. When `focusRequest.current` is set (a submit found errors) it takes focus as soon
 * as it shows, so a screen reader announces its title and text; the request is then spent.
 */
export function ValidationSummary({ compiled, errors, onGo, focusRequest }) {
  const groups = groupErrors(compiled, errors);
  const box = useRef(null);
  const textId = useId();
  const shown = groups.length > 0;
  useEffect(() => {
    if (!shown || !focusRequest?.current || !box.current) return;
    focusRequest.current = false;
    box.current.focus({ preventScroll: true });
    box.current.scrollIntoView?.({ block: "start" });
  });
  if (!shown) return null;
  const { title, text } = compiled.settings?.validation_summary || {};
  return (
    <section
      ref={box}
      className="summary"
      aria-labelledby="summary-title"
      aria-describedby={text ? textId : undefined}
      role="region"
      tabIndex={-1}
    >
      <h2 id="summary-title">{title}</h2>
      {text && <p id={textId}>{text}</p>}
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
}
