// The small Markdown subset tenant texts use (paragraphs, - and 1. lists, **bold**, [links](url)),
// rendered as React elements: no HTML from the tenant reaches the page.
const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
const SAFE_URL = /^(https?:|mailto:|tel:|\/)/i;

function inline(text, keyBase) {
  const parts = [];
  let last = 0;
  let match;
  INLINE.lastIndex = 0;
  while ((match = INLINE.exec(text))) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const key = `${keyBase}-${match.index}`;
    if (match[1] !== undefined) parts.push(<strong key={key}>{match[1]}</strong>);
    else if (SAFE_URL.test(match[3])) {
      const external = /^https?:/i.test(match[3]);
      parts.push(
        <a key={key} href={match[3]} {...(external ? { target: "_blank", rel: "noreferrer" } : {})}>
          {match[2]}
        </a>,
      );
    } else parts.push(match[2]);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function Markdown({ text = "", className }) {
  const blocks = String(text)
    .trim()
    .split(/\n\s*\n/);
  return (
    <div className={className}>
      {blocks.map((block, index) => {
        const lines = block
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean);
        if (lines.length && lines.every((line) => /^[-*] /.test(line))) {
          return (
            <ul key={index}>
              {lines.map((line, i) => (
                <li key={i}>{inline(line.slice(2), `${index}-${i}`)}</li>
              ))}
            </ul>
          );
        }
        if (lines.length && lines.every((line) => /^\d+\. /.test(line))) {
          return (
            <ol key={index}>
              {lines.map((line, i) => (
                <li key={i}>{inline(line.replace(/^\d+\. /, ""), `${index}-${i}`)}</li>
              ))}
            </ol>
          );
        }
        return <p key={index}>{inline(lines.join(" "), String(index))}</p>;
      })}
    </div>
  );
}
