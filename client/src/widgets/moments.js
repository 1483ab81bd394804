// Dates and times as people read them, from CLDR data (the browser's Intl) for the form's language:
// a date answer in the tenant's `settings.date_style` (long "March 14, 2008", medium "Mar 14, 2008",
// short "3/14/08" in English), a moment in the tenant's `settings.time_zone` with its abbreviation.
// Stored values stay ISO. The server does the same with Babel (engine/definition/moments.py);
// tests/golden/dates.json keeps the two in step. A narrow no-break space (CLDR's, before "PM") is
// written as a plain space on both sides (browsers differ in which of the two they give), and a
// minus in a zone's offset ("UTC−6") as a hyphen.
import { formSettings } from "../strings/formSettings.js";
import { t } from "../strings/formStrings.js";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const STYLES = new Set(["long", "medium", "short"]);
/** How dates read: the settings given (a compiled form's), else the served form's. */
function readingOf(settings) {
  const chosen = settings || formSettings();
  const style = STYLES.has(chosen.date_style) ? chosen.date_style : "long";
  return { language: chosen.language || "en", style, timeZone: chosen.time_zone || "UTC" };
}

function formatter(language, options) {
  try {
    return new Intl.DateTimeFormat(language, options);
  } catch {
    return new Intl.DateTimeFormat("en", { ...options, timeZone: "UTC" }); // an unknown zone or language
  }
}

/** A stored YYYY-MM-DD answer in the form's date style; anything else as it is. */
export function dateText(value, settings) {
  const match = ISO_DATE.exec(value ?? "");
  if (!match) return value ?? "";
  const [year, month, day] = match.slice(1).map(Number);
  const moment = new Date(Date.UTC(year, month - 1, day));
  if (moment.getUTCMonth() !== month - 1 || moment.getUTCDate() !== day) return value;
  moment.setUTCFullYear(year); // years 0-99 are not 1900-1999
  const { language, style } = readingOf(settings);
  return formatter(language, { dateStyle: style, timeZone: "UTC" }).format(moment);
}

/**
 * A moment (ISO-8601) as the `date_time_zone` text: the date in the form's style, the time and the
 * zone's abbreviation, read in `timeZone` (the tenant's time zone by default); "" for no moment.
 */
export function momentText(iso, settings, timeZone) {
  const moment = iso ? new Date(iso) : null;
  if (!moment || Number.isNaN(moment.getTime())) return "";
  const reading = readingOf(settings);
  const zone = timeZone || reading.timeZone;
  const options = { timeZone: zone };
  const date = formatter(reading.language, { ...options, dateStyle: reading.style }).format(moment);
  const time = formatter(reading.language, { ...options, timeStyle: "short" })
    .format(moment)
    .replace(/\u202f/g, " ");
  const parts = formatter(reading.language, { ...options, hour: "numeric", timeZoneName: "short" });
  const name = (
    parts.formatToParts(moment).find((part) => part.type === "timeZoneName")?.value ?? ""
  ).replace(/\u2212/g, "-");
  return t("date_time_zone", { date, time, zone: name });
}
