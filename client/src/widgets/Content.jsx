import { Markdown } from "./Markdown.jsx";

/** A content block: markdown text with no answer. */
export function Content({ layout }) {
  return <Markdown text={layout.text} className="content-block" />;
}
