import { afterEach, describe, expect, it } from "vitest";
import { applyTexts } from "../strings/strings.js";
import { formatSubmitted } from "./Receipt.jsx";

const TZ = process.env.TZ;
afterEach(() => {
  applyTexts(undefined);
  process.env.TZ = TZ;
});

describe("the submission time on the receipt", () => {
  it("is written in the catalogue's words in the reader's time zone", () => {
    process.env.TZ = "UTC";
    expect(formatSubmitted("2026-03-01T14:05:00Z")).toBe("1 March 2026 at 14:05 UTC");
    process.env.TZ = "Asia/Kolkata";
    expect(formatSubmitted("2026-03-01T14:05:00Z")).toBe("1 March 2026 at 19:35 UTC+5:30");
    process.env.TZ = "America/New_York";
    expect(formatSubmitted("2026-03-01T01:05:00Z")).toBe("28 February 2026 at 20:05 UTC-5");
  });

  it("is the tenant's words when it rewords the date and the month", () => {
    process.env.TZ = "UTC";
    applyTexts({ date_time: "le {day} {month} {year} à {time} (UTC{offset})", month_3: "mars" });
    expect(formatSubmitted("2026-03-01T14:05:00Z")).toBe("le 1 mars 2026 à 14:05 (UTC)");
  });

  it("is empty for no time or a broken one", () => {
    expect(formatSubmitted(null)).toBe("");
    expect(formatSubmitted("not a time")).toBe("");
  });
});
