import { afterEach, describe, expect, it } from "vitest";
import { applyFormSettings } from "../strings/formSettings.js";
import { applyTexts } from "../strings/strings.js";
import { formatSubmitted } from "./Receipt.jsx";

const TZ = process.env.TZ;
afterEach(() => {
  applyTexts(undefined);
  applyFormSettings(undefined);
  process.env.TZ = TZ;
});

describe("the submission time on the receipt", () => {
  it("reads in the tenant's time zone and date style, whatever the reader's zone", () => {
    applyFormSettings({ time_zone: "America/Chicago", date_style: "long" });
    process.env.TZ = "Asia/Kolkata";
    expect(formatSubmitted("2026-03-01T01:05:00Z")).toBe("February 28, 2026 at 7:05 PM CST");
    applyFormSettings({ time_zone: "America/Chicago", date_style: "medium" });
    expect(formatSubmitted("2026-07-01T19:30:00Z")).toBe("Jul 1, 2026 at 2:30 PM CDT");
  });

  it("is in UTC when the tenant names no time zone", () => {
    expect(formatSubmitted("2026-03-01T14:05:00Z")).toBe("March 1, 2026 at 2:05 PM UTC");
  });

  it("is the tenant's words when it rewords the joining text", () => {
    applyFormSettings({ language: "fr", time_zone: "Europe/Paris" });
    applyTexts({ date_time_zone: "le {date} à {time} ({zone})" });
    expect(formatSubmitted("2026-03-01T14:05:00Z")).toBe("le 1 mars 2026 à 15:05 (UTC+1)");
  });

  it("is empty for no time or a broken one", () => {
    expect(formatSubmitted(null)).toBe("");
    expect(formatSubmitted("not a time")).toBe("");
  });
});
