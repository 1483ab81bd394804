// The shared Markdown cases (tests/golden/markdown.json), run against the browser's renderer: its
// React elements, read back as the cases' blocks. The PDF's renderer passes the same cases
// (tests/unit/pdf/test_markdown.py).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { blocks } from "./markdown.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const CASES = JSON.parse(readFileSync(join(ROOT, "tests", "golden", "markdown.json"), "utf8"));
const INLINE_TAGS = { strong: "b", em: "i" };

const childrenOf = (element) => [element.props.children].flat(Infinity);

/** Inline content as the cases write it: text (adjacent pieces joined) and {b|i|code|a} nodes. */
function inlineOf(children) {
  const out = [];
  for (const child of children) {
    let piece = child;
    if (typeof child !== "string") {
      const { type, props } = child;
      if (type === "code") piece = { code: props.children };
      else if (type === "a") piece = { a: inlineOf(childrenOf(child)), href: props.href };
      else piece = { [INLINE_TAGS[type]]: inlineOf(childrenOf(child)) };
    }
    if (typeof piece === "string" && typeof out.at(-1) === "string") out[out.length - 1] += piece;
    else if (piece !== "") out.push(piece);
  }
  return out;
}

function blockOf(element) {
  if (element.type === "ul" || element.type === "ol")
    return { [element.type]: childrenOf(element).map((item) => inlineOf(childrenOf(item))) };
  return { [element.type]: inlineOf(childrenOf(element)) };
}

describe("the Markdown golden cases in the browser", () => {
  test("are there", () => expect(CASES.length).toBeGreaterThan(20));

  test.each(CASES.map((c) => [c.name, c]))("%s", (_, { markdown, expect: expected }) => {
    expect(blocks(markdown).map(blockOf)).toEqual(expected);
  });
});
