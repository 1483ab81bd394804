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
