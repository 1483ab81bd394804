// A small markdown renderer for the compiled form's texts (section texts, content blocks, modals,
// confirm texts): paragraphs, headings, bullet and numbered lists, **bold**, *italic*, `code`,
// [links](url) and backslash escapes. The PDF reads the same dialect (engine/pdf/markdown.py): both
// pass the cases of tests/golden/markdown.json. It builds React elements (never HTML strings), so no markup from a definition can
// inject anything. It stands in for markdown-to-jsx (the build aliases RJSF's import to it), which
// is about a quarter of a form page's JavaScript.
import { createElement, Fragment } from "react";

const SAFE_URL = /^(https?:|mailto:|tel:|\/|#)/i;
// A backslash before ASCII punctuation makes it text: the character is held as a private-use code
// point while the text is parsed (so no pattern sees it) and given back in every piece of text.
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
const HELD = /[\ue000-\ue07f]/g;
const hold = (text) => text.replace(ESCAPED, (_, char) => String.fromCharCode(0xe000 + char.charCodeAt(0)));
const giveBack = (text) => text.replace(HELD, (char) => String.fromCharCode(char.charCodeAt(0) - 0xe000));
const INLINE =
  /(\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\))/;

export function inline(text, keyPrefix = "i") {
  const out = [];
  let rest = text;
  let index = 0;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      out.push(giveBack(rest));
      break;
    }
    if (match.index) out.push(giveBack(rest.slice(0, match.index)));
    const key = `${keyPrefix}${index++}`;
    const [whole, , bold1, bold2, em1, em2, code, linkText, href] = match;
    if (bold1 || bold2) out.push(createElement("strong", { key }, inline(bold1 || bold2, `${key}-`)));
    else if (em1 || em2) out.push(createElement("em", { key }, inline(em1 || em2, `${key}-`)));
    else if (code) out.push(createElement("code", { key }, giveBack(code)));
    else if (SAFE_URL.test(giveBack(href))) {
      const external = /^https?:/i.test(href);
      out.push(
        createElement(
          "a",
          {
            key,
            href: giveBack(href),
            ...(external ? { target: "_blank", rel: "noopener noreferrer" } : {}),
          },
          inline(linkText, `${key}-`),
        ),
      );
    } else out.push(giveBack(linkText));
    rest = rest.slice(match.index + whole.length);
  }
  return out;
}

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const HEADING = /^(#{1,6})\s+(.*)$/;

/** Markdown text -> an array of block elements. */
export function blocks(text) {
  const lines = hold(String(text ?? ""))
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const out = [];
  let paragraph = [];
  let list = null;
  const flushParagraph = () => {
    if (paragraph.length)
      out.push(createElement("p", { key: `p${out.length}` }, inline(paragraph.join(" "), `p${out.length}-`)));
    paragraph = [];
  };
  const flushList = () => {
    if (list) {
      const tag = list.ordered ? "ol" : "ul";
      out.push(
        createElement(
          tag,
          { key: `l${out.length}` },
          list.items.map((item, i) => createElement("li", { key: i }, inline(item, `l${out.length}-${i}-`))),
        ),
      );
    }
    list = null;
  };
  for (const line of lines) {
    const bullet = BULLET.exec(line);
    const numbered = !bullet && NUMBERED.exec(line);
    const heading = HEADING.exec(line);
    if (!line.trim()) {
      flushParagraph();
      flushList();
    } else if (bullet || numbered) {
      flushParagraph();
      const ordered = Boolean(numbered);
      if (list && list.ordered !== ordered) flushList();
      if (!list) list = { ordered, items: [] };
      list.items.push((bullet || numbered)[1]);
    } else if (heading) {
      flushParagraph();
      flushList();
      out.push(
        createElement(
          `h${Math.min(6, heading[1].length + 2)}`,
          { key: `h${out.length}` },
          inline(heading[2], `h${out.length}-`),
        ),
      );
    } else if (list && /^\s{2,}\S/.test(line)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      flushList();
      paragraph.push(line.trim());
    }
  }
  flushParagraph();
  flushList();
  return out;
}

/** The component, with the same name and props as markdown-to-jsx's (children: the text). */
export function Markdown({ children, options }) {
  const content = blocks(typeof children === "string" ? children : String(children ?? ""));
  const wrapper = options?.wrapper === null ? Fragment : options?.wrapper || "div";
  return createElement(wrapper, null, ...content);
}

export default Markdown;
