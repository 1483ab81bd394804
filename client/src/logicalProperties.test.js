// The applicant's pages, the print view included (as staff open it too), and the staff pages mirror
// when the page reads right to left (its <html dir="rtl">, from the form's language): their CSS places
// and spaces things by the line's start and end (margin-inline-start, inset-inline-end, text-align:
// start, float: inline-end), never by left and right. Every sheet under src/ is read, so a new one is too.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SHEETS = readdirSync(fileURLToPath(new URL(".", import.meta.url)), { recursive: true })
  .filter((name) => name.endsWith(".css"))
  .map((name) => name.split("\\").join("/"))
  .sort();
const PHYSICAL =
  /^\s*(?:(?:margin|padding|border)-(?:left|right)(?:-\w+)?|left|right)\s*:|(?:float|clear):\s*(?:left|right)|text-align:\s*(?:left|right)|(?:margin|padding):\s*\S+\s+\S+\s+\S+\s+\S+\s*;/;

describe("the applicant's and the staff's CSS is in logical properties", () => {
  it("reads the applicant's, the print view's and the staff's sheets", () => {
    expect(SHEETS).toEqual(
      expect.arrayContaining(["styles.css", "form/form.css", "print/print.css", "staff/staff.css"]),
    );
  });

  for (const sheet of SHEETS) {
    it(`${sheet} names no left or right`, () => {
      const text = readFileSync(fileURLToPath(new URL(sheet, import.meta.url)), "utf8");
      // A rule for one direction's pages ([dir="rtl"] ...) may name a side: it knows which it is.
      const lines = text.split("\n").filter((line) => !line.trim().startsWith("/*"));
      const blocks = text.split("}").filter((block) => !block.includes('[dir="rtl"]'));
      const found = blocks
        .flatMap((block) => block.split("\n"))
        .filter((line) => lines.includes(line) && PHYSICAL.test(line));
      expect(found).toEqual([]);
    });
  }
});
