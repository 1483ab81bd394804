// The shared golden cases for dates and times (tests/golden/dates.json), run against the browser's
// formatter; pytest runs the same file against the server's (engine/definition/moments.py).
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { applyFormSettings } from "../strings/formSettings.js";
import { dateText, momentText } from "./moments.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const CASES = JSON.parse(readFileSync(resolve(ROOT, "tests/golden/dates.json"), "utf-8"));

afterEach(() => applyFormSettings(undefined));

describe("dates and times as people read them (golden cases)", () => {
  it.each(CASES.map((golden) => [golden.name, golden]))("%s", (_name, golden) => {
    const got = golden.date
      ? dateText(golden.date, golden.settings)
      : momentText(golden.moment, golden.settings);
    expect(got).toBe(golden.expect);
  });
});

describe("the served form's settings", () => {
  it("are what dates follow when none are given", () => {
    applyFormSettings({ language: "en-GB", date_style: "long", time_zone: "Europe/London" });
    expect(dateText("2008-03-14")).toBe("14 March 2008");
    expect(momentText("2026-01-05T09:00:00Z")).toBe("5 January 2026 at 09:00 GMT");
  });

  it("fall back to UTC and English for a zone or language the browser does not know", () => {
    expect(momentText("2026-03-01T14:05:00Z", { time_zone: "Mars/Olympus", language: "en" })).toBe(
      "March 1, 2026 at 2:05 PM UTC",
    );
  });
});
