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
  // In the print view's list of questions (a <dl>), a row holds only terms and definitions.
  print: (layout) => (
    <div className="print-row print-text">
      <dd>
        <Markdown text={layout.text} />
      </dd>
    </div>
  ),
};
