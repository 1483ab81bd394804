import { blocks } from "./markdown.js";

// The one Markdown component: the compiled form's texts (sections, content blocks, help, the footer
// and its modals), rendered as React elements by the one renderer, markdown.js: no raw HTML, only
// safe link targets.
export function Markdown({ text, className }) {
  if (!text) return null;
  return <div className={className ? `markdown ${className}` : "markdown"}>{blocks(text)}</div>;
}
