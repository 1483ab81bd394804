// The print view's service token: read from the address (?service_token=) once, kept for this tab
// (sessionStorage, so a reload still shows the print view) and taken out of the address at once,
// so it stays neither in the address bar, nor in the history, nor in a link copied from the page.
const KEY = "formengine:service_token";

function kept(storage) {
  try {
    return JSON.parse(storage?.getItem(KEY) || "null");
  } catch {
    return null; // no storage, or not ours
  }
}

function keep(storage, value) {
  try {
    storage?.setItem(KEY, JSON.stringify(value));
  } catch {
    /* no storage: the token lives as long as the page */
  }
}

/** The address without its service_token parameter (path, the other parameters, the fragment). */
export function withoutServiceToken(location) {
  const params = new URLSearchParams(location.search);
  params.delete("service_token");
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ""}${location.hash}`;
}

/**
 * This page's service token, or null: the address's (kept, then taken out of the address) or the
 * one kept for this path in this tab.
 */
export function takeServiceToken(win = globalThis.window) {
  if (!win) return null;
  const { location, history } = win;
  const storage = win.sessionStorage;
  const fromAddress = new URLSearchParams(location.search).get("service_token");
  if (fromAddress) {
    keep(storage, { path: location.pathname, token: fromAddress });
    history.replaceState(history.state, "", withoutServiceToken(location));
    return fromAddress;
  }
  const found = kept(storage);
  return found && found.path === location.pathname && typeof found.token === "string" ? found.token : null;
}
