// The idle-session timer of a signed-in applicant: a prompt `promptMs` before `timeoutMs` of
// inactivity, then a timeout. The last activity is kept in localStorage so that coming back after
// the limit (a sleeping laptop, a reload, another tab) also times out.
export const IDLE_TIMEOUT_MS = 900000;
export const IDLE_PROMPT_MS = 60000;
export const LAST_ACTIVITY_KEY = "formengine.lastActivity";
const ACTIVITY_THROTTLE_MS = 1000;

export class IdleTimer {
  constructor({
    timeoutMs = IDLE_TIMEOUT_MS,
    promptMs = IDLE_PROMPT_MS,
    onPrompt,
    onTimeout,
    now = () => Date.now(),
    storage,
  } = {}) {
    this.timeoutMs = timeoutMs;
    this.promptMs = Math.min(promptMs, timeoutMs);
    this.onPrompt = onPrompt || (() => {});
    this.onTimeout = onTimeout || (() => {});
    this.now = now;
    this.storage = storage === undefined ? safeStorage() : storage;
    this.timer = null;
    this.prompting = false;
    this.running = false;
    this.lastActivity = 0;
  }

  /** Start (logged in). Times out at once when the last recorded activity is too long ago. */
  start() {
    this.running = true;
    const stored = Number(this.storage?.getItem(LAST_ACTIVITY_KEY));
    if (stored && this.now() - stored >= this.timeoutMs) return this.timeout();
    this.record(this.now());
    this.schedule();
  }

  stop() {
    this.running = false;
    this.prompting = false;
    clearTimeout(this.timer);
    this.timer = null;
  }

  /** User activity (pointer, keys, scroll). Ignored while the prompt asks for an answer. */
  activity() {
    if (!this.running || this.prompting) return;
    const now = this.now();
    if (now - this.lastActivity < ACTIVITY_THROTTLE_MS) return;
    if (this.check()) return;
    this.record(now);
    this.schedule();
  }

  /** The user chose to stay: a fresh period. */
  stayActive() {
    if (!this.running) return;
    this.prompting = false;
    this.record(this.now());
    this.schedule();
  }

  /** On return (visibility, focus): time out when away for the whole limit. True when it did. */
  check() {
    if (!this.running) return false;
    const last = Math.max(this.lastActivity, Number(this.storage?.getItem(LAST_ACTIVITY_KEY)) || 0);
    if (this.now() - last >= this.timeoutMs) {
      this.timeout();
      return true;
    }
    return false;
  }

  record(time) {
    this.lastActivity = time;
    try {
      this.storage?.setItem(LAST_ACTIVITY_KEY, String(time));
    } catch {
      /* storage full or blocked: the in-memory time still works */
    }
  }

  schedule() {
    clearTimeout(this.timer);
    const left = this.lastActivity + this.timeoutMs - this.now();
    const untilPrompt = left - this.promptMs;
    if (untilPrompt > 0) {
      this.timer = setTimeout(() => this.schedule(), untilPrompt);
    } else if (left > 0) {
      if (!this.prompting) {
        this.prompting = true;
        this.onPrompt();
      }
      this.timer = setTimeout(() => this.schedule(), left);
    } else {
      this.timeout();
    }
  }

  timeout() {
    this.stop();
    try {
      this.storage?.removeItem(LAST_ACTIVITY_KEY);
    } catch {
      /* ignore */
    }
    this.onTimeout();
  }
}

function safeStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
