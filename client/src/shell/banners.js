// Which banners show (the tenant's `banners:`): the welcome variant and the date-windowed ones.
// {name} is the first answered key of the tenant's banners.welcome.name_keys (welcomeName).

export function fillName(text, name) {
  if (!text) return text;
  return name ? text.replaceAll("{name}", name) : text.replace(/,?\s*\{name\}/g, "");
}

/** The name the welcome banner uses: the first answered of the tenant's name keys, else "". */
export function welcomeName(banners, answers) {
  const keys = banners?.welcome?.name_keys || [];
  return keys.map((key) => String(answers?.[key] || "").trim()).find(Boolean) || "";
}

/**
 * The welcome banner for this applicant, or null. `applying` is the window's state (windowState):
 * outside the window an application not yet submitted gets the tenant's not_open / closed variant
 * (none when the tenant wrote none), never a variant that invites to save answers.
 */
export function welcomeBanner(banners, snapshot, name, applying = "open") {
  const welcome = banners?.welcome;
  if (!welcome) return null;
  let variant = null;
  if (snapshot.web_status === "submitted") variant = "submitted";
  else if (applying !== "open") variant = applying;
  else if (!snapshot.is_logged_in) variant = "anonymous";
  // max_logins counts the logins that see it: 1 is the first login only (the compiled form gives
  // the default; a form compiled before it did meant the same 2).
  else if (!snapshot.has_changed_page && snapshot.num_logins <= (welcome.max_logins ?? 2)) {
    variant = snapshot.num_logins <= 1 ? "first_login" : "returning";
  }
  const banner = variant && welcome[variant];
  if (!banner) return null;
  return { ...banner, variant, title: fillName(banner.title, name), text: fillName(banner.text, name) };
}

const isoDay = (date) => {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** The dated banners whose window (both days included) holds today. */
export function datedBanners(banners, today = new Date()) {
  const day = typeof today === "string" ? today : isoDay(today);
  return (banners?.dated || []).filter(
    (banner) => (!banner.from || banner.from <= day) && (!banner.to || day <= banner.to),
  );
}

/**
 * The application window for the form's shell: "open", "not_open" or "closed". The server's word
 * for a signed-in applicant (it knows an extended deadline); else the compiled form's instants
 * (UTC, the close with its grace) against this browser's clock.
 */
export function windowState(window, serverState, now = new Date()) {
  if (serverState) return serverState;
  if (!window) return "open";
  if (window.opens && now < new Date(window.opens)) return "not_open";
  if (window.closes && now >= new Date(window.closes)) return "closed";
  return "open";
}
