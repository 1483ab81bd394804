// The client snapshot (who is signed in, the last page, the web status) and the server-data cache,
// shared by the auth and form route groups. Data is cached forever and never refetched, until a 401,
// a logout or a login clears it.
import { useSyncExternalStore } from "react";
import { LAST_ACTIVITY_KEY } from "./idle.js";
import { hasIdentityCookie, normalisePath } from "./routing.js";

const readCookie = () => (typeof document === "undefined" ? "" : document.cookie);

function freshSnapshot() {
  return {
    username: null,
    last_page: null,
    is_logged_in: hasIdentityCookie(readCookie()),
    is_service_user: false,
    num_logins: 1,
    has_changed_page: false,
    web_status: null,
    reference: null, // the application's reference and submission time (ISO), once submitted
    submitted_at: null,
    window: null, // the server's word on the application window for this applicant (profile.window)
  };
}

/** The path the browser first loaded: a typed or bookmarked address (a login does not change it). */
export const OPENED_AT = typeof window === "undefined" ? null : normalisePath(window.location.pathname);

let snapshot = freshSnapshot();
const listeners = new Set();
const cache = new Map();

export const getSnapshot = () => snapshot;

export function updateSnapshot(changes) {
  snapshot = { ...snapshot, ...changes };
  listeners.forEach((listener) => listener());
}

export function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useSnapshot = () => useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

/** Re-read the identity cookie (after login, logout or a 401). */
export const refreshLoggedIn = () => updateSnapshot({ is_logged_in: hasIdentityCookie(readCookie()) });

/** A cached call: the first promise is kept (no retries, never stale); a failure is not kept. */
export function cached(key, load) {
  if (!cache.has(key)) {
    const promise = load();
    cache.set(key, promise);
    promise.catch(() => cache.get(key) === promise && cache.delete(key));
  }
  return cache.get(key);
}

export const peekCached = (key) => cache.get(key);

/** Drop cached entries, so the next `cached` call loads them again (a new form version). */
export const forgetCached = (...keys) => keys.forEach((key) => cache.delete(key));

/**
 * Clear cached user data and the snapshot (the compiled form, which is public, stays). Also the
 * idle timer's last activity: a new login must not inherit the previous session's inactivity.
 */
export function clearSession(changes = {}) {
  for (const key of [...cache.keys()]) if (key !== "form") cache.delete(key);
  try {
    globalThis.localStorage?.removeItem(LAST_ACTIVITY_KEY);
  } catch {
    /* no storage */
  }
  snapshot = { ...freshSnapshot(), ...changes };
  listeners.forEach((listener) => listener());
}
