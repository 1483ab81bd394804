/** The token in the link's fragment (#token=...), which browsers never send to a server. */
export function tokenFromHash(hash) {
  const match = /(?:^#|&)token=([^&]+)/.exec(hash || "");
  return match ? decodeURIComponent(match[1]) : "";
}

/** "1 Mar 2026, 12:00 UTC" from an ISO-8601 UTC time. */
export function formatTime(iso) {
  if (!iso) return "";
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  const text = moment.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return `${text} UTC`;
}
