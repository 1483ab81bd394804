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

/**
 * A later entry's message without its entry name ("School 2: Required." -> "Required."): the
 * line's label already names the entry, and the name is said once.
 */
function unnamedMessage(compiled, key, message) {
  const entry = compiled.data_model?.[key]?.entry;
  const format = compiled.messages?.in_entry;
  if (!entry || !format || !format.includes("{message}")) return message;
  const [before, after] = format.split("{message}").map((part) => part.replace("{entry}", entry));
  const named = message.startsWith(before) && message.endsWith(after);
  return named && message.length >= before.length + after.length
    ? message.slice(before.length, message.length - after.length)
    : message;
}

/** A label followed by a colon and its message, without its own closing punctuation ("…project.:"). */
export function beforeColon(label) {
  return label.replace(/[\s.:;,!?\u2026]+$/u, "");
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
        .map(([key, messages]) => ({
          key,
          label: namedLabel(compiled, key, labels[key] || key),
          messages,
          message: unnamedMessage(compiled, key, messages[0]),
          plainLabel: labels[key] || key,
        }));
      return { page, items };
    })
    .filter((group) => group.items.length);
}

/** A line says its message after the label unless the message is the label itself. */
export const saysMessage = (item) => item.messages[0] !== item.label && item.message !== item.plainLabel;

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
                  {saysMessage(item) ? beforeColon(item.label) : item.label}
                </a>
                {saysMessage(item) && <span className="summary-message">: {item.message}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
