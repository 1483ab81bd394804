// The answers of the open application, and how they are kept on the device.
//
// createAnswerStore: the answers live outside React (get/set/subscribe), so a keystroke re-renders
// only the components that subscribed to a value it changed (useAnswerStore with a selector), not
// the shell's layout around the page.
//
// Answers are never lost: a visitor's answers, and a logged-in user's answers the server has not
// confirmed yet, are kept in localStorage until they are sent (they survive a reload or a dropped
// connection). Keys are per username so two accounts on one browser never mix. The writes are
// batched (at most one per PERSIST_DELAY_MS while typing) and done at once when the page is hidden
// or left (`pagehide`, `visibilitychange`) and before anything reads the kept answers back.
import { useSyncExternalStore } from "react";

export const VISITOR_KEY = "formengine.visitorAnswers";
export const PENDING_KEY = "formengine.pendingAnswers";
export const PERSIST_DELAY_MS = 300;

/** The answer map of one application: replaced (never mutated) on each change. */
export function createAnswerStore(initial = {}) {
  let answers = initial;
  const listeners = new Set();
  return {
    get: () => answers,
    set(next) {
      if (next === answers) return;
      answers = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const whole = (answers) => answers;

/**
 * Subscribe to the answers, or to what `select` derives from them (a string, a boolean: a value
 * compared with Object.is), so the component re-renders only when that value changes.
 */
export function useAnswerStore(store, select = whole) {
  const read = () => select(store.get());
  return useSyncExternalStore(store.subscribe, read, read);
}

function storage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function read(key, fallback) {
  try {
    const text = storage()?.getItem(key);
    return text ? JSON.parse(text) : fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    storage()?.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

// ---- batched writes ---------------------------------------------------------------------------
// queued.visitor: the latest visitor map (or undefined); queued.pending: {username: partial}.
const queued = { visitor: undefined, pending: {} };
let timer = null;
let listening = false;

/** Write whatever is queued now (also on pagehide / a hidden tab, and before every read). */
export function flushAnswerWrites() {
  clearTimeout(timer);
  timer = null;
  if (queued.visitor !== undefined) {
    write(VISITOR_KEY, queued.visitor);
    queued.visitor = undefined;
  }
  const users = Object.keys(queued.pending);
  if (users.length) {
    const all = read(PENDING_KEY, {});
    for (const username of users) all[username] = { ...(all[username] || {}), ...queued.pending[username] };
    queued.pending = {};
    write(PENDING_KEY, all);
  }
}

function listen() {
  if (listening || typeof window === "undefined") return;
  listening = true;
  window.addEventListener("pagehide", flushAnswerWrites);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushAnswerWrites();
  });
}

function schedule() {
  listen();
  if (!timer) timer = setTimeout(flushAnswerWrites, PERSIST_DELAY_MS);
}

export function loadVisitorAnswers() {
  flushAnswerWrites();
  return read(VISITOR_KEY, {});
}

export function saveVisitorAnswers(answers) {
  queued.visitor = answers;
  schedule();
}

export function clearVisitorAnswers() {
  queued.visitor = undefined;
  try {
    storage()?.removeItem(VISITOR_KEY);
  } catch {
    /* ignore */
  }
}

export function loadPending(username) {
  if (!username) return {};
  flushAnswerWrites();
  return read(PENDING_KEY, {})[username] || {};
}

export function addPending(username, partial) {
  if (!username) return;
  queued.pending[username] = { ...(queued.pending[username] || {}), ...partial };
  schedule();
}

/** Forget the keys the server now has (only where the value is still the one sent). */
export function removePending(username, sent) {
  if (!username) return;
  flushAnswerWrites();
  const all = read(PENDING_KEY, {});
  const mine = { ...(all[username] || {}) };
  for (const [key, value] of Object.entries(sent)) {
    if (JSON.stringify(mine[key]) === JSON.stringify(value)) delete mine[key];
  }
  if (Object.keys(mine).length) all[username] = mine;
  else delete all[username];
  write(PENDING_KEY, all);
}
