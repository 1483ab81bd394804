import MarkdownToJsx from "markdown-to-jsx";

// Markdown from the compiled form (section texts, content blocks, modals): links open normally,
// no raw HTML is rendered.
const OPTIONS = { disableParsingRawHTML: true, forceWrapper: true, wrapper: "div" };

export function Markdown({ text, className }) {
  if (!text) return null;
  return (
    <div className={className ? `markdown ${className}` : "markdown"}>
      <MarkdownToJsx options={OPTIONS}>{text}</MarkdownToJsx>
    </div>
  );
}
