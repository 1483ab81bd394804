// Answers are never lost: a visitor's answers, and a logged-in user's answers the server has not
// confirmed yet, are kept in localStorage until they are sent (they survive a reload or a dropped
// connection). Keys are per username so two accounts on one browser never mix.
export const VISITOR_KEY = "formengine.visitorAnswers";
export const PENDING_KEY = "formengine.pendingAnswers";

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

export const loadVisitorAnswers = () => read(VISITOR_KEY, {});
export const saveVisitorAnswers = (answers) => write(VISITOR_KEY, answers);
export function clearVisitorAnswers() {
  try {
    storage()?.removeItem(VISITOR_KEY);
  } catch {
    /* ignore */
  }
}

export const loadPending = (username) => (username ? read(PENDING_KEY, {})[username] || {} : {});

export function addPending(username, partial) {
  if (!username) return;
  const all = read(PENDING_KEY, {});
  all[username] = { ...(all[username] || {}), ...partial };
  write(PENDING_KEY, all);
}

/** Forget the keys the server now has (only where the value is still the one sent). */
export function removePending(username, sent) {
  if (!username) return;
  const all = read(PENDING_KEY, {});
  const mine = { ...(all[username] || {}) };
  for (const [key, value] of Object.entries(sent)) {
    if (JSON.stringify(mine[key]) === JSON.stringify(value)) delete mine[key];
  }
  if (Object.keys(mine).length) all[username] = mine;
  else delete all[username];
  write(PENDING_KEY, all);
}
