import { blocks } from "./markdown.js";

// Markdown from the compiled form (section texts, content blocks, modals), rendered as React
// elements by the small renderer in markdown.js: no raw HTML, only safe link targets.
export function Markdown({ text, className }) {
  if (!text) return null;
  return <div className={className ? `markdown ${className}` : "markdown"}>{blocks(text)}</div>;
}
