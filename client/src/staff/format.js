const ROLES = ["reader", "exporter", "administrator"];

/** True when `held` grants what `needed` does (reader < exporter < administrator). */
export function atLeast(held, needed) {
  return ROLES.indexOf(held) >= ROLES.indexOf(needed);
}

/** "1 Mar 2026, 12:00 UTC" from an ISO-8601 UTC time. */
export function formatTime(iso) {
  if (!iso) return "";
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  const text = moment.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return `${text} UTC`;
}

// The staff pages are written in English: a language is named in it ("French").
const STAFF_LANGUAGE = "en";

/** A BCP 47 tag as staff read it ("French"); a tag the browser's CLDR does not know, as written. */
export function languageName(tag) {
  if (!tag) return "";
  try {
    return new Intl.DisplayNames([STAFF_LANGUAGE], { type: "language" }).of(tag) || tag;
  } catch {
    return tag;
  }
}
