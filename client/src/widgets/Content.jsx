import { Markdown } from "./Markdown.jsx";

/** A content block: markdown text with no answer. */
export function Content({ layout }) {
  return <Markdown text={layout.text} className="content-block" />;
}

/** The content field type: text on the page and in the print view, nothing in the review. */
export const fieldType = {
  name: "content",
  place: (layout, { index }) => <Content key={`content-${index}`} layout={layout} />,
  review: () => [],
  print: (layout) => (
    <div className="print-row">
      <Markdown text={layout.text} />
    </div>
  ),
};
