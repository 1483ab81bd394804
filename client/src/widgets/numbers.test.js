// The shared golden cases for numbers (tests/golden/numbers.json): how a stored number reads, run
// against the browser's Intl here and against the server's Babel by pytest
// (tests/unit/fieldtypes/test_number.py); how typed text reads as a number (the browser's alone).
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { applyFormSettings } from "../strings/formSettings.js";
import { numberInput, parseNumber } from "./NumberInput.jsx";
import { numberText } from "./numbers.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const CASES = JSON.parse(readFileSync(resolve(ROOT, "tests/golden/numbers.json"), "utf-8"));

afterEach(() => applyFormSettings(undefined));

describe("numbers as the form's language writes them (golden cases)", () => {
  it.each(CASES.display.map((golden) => [golden.name, golden]))("%s", (_name, golden) => {
    expect(numberText(golden.value, golden.field, { language: golden.language })).toBe(golden.expect);
  });
});

describe("typed text read as a number in the form's language (golden cases)", () => {
  it.each(CASES.typed.map((golden) => [golden.name, golden]))("%s", (_name, golden) => {
    expect(parseNumber(golden.text, golden.field, golden.language)).toBe(golden.expect);
  });
});

describe("a number shown to be edited", () => {
  it("has the language's decimal sign and no groups, so that it reads back as itself", () => {
    for (const language of ["en", "fr", "de"]) {
      const shown = numberInput(1234567.25, language);
      expect(parseNumber(shown, {}, language)).toBe(1234567.25);
    }
    expect(numberInput(1234.5, "fr")).toBe("1234,5");
  });

  it("reads back in the served form's language when no settings are given", () => {
    applyFormSettings({ language: "fr" });
    expect(numberText(1234.5, {})).toBe("1\u00a0234,5");
  });
});
