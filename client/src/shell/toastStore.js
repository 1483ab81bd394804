// Toasts: 5000 ms, errors 300000 ms, swipe 50 px to dismiss, F8 focuses them.
export const TOAST_DURATION_MS = 5000;
export const ERROR_TOAST_DURATION_MS = 300000;
export const SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";

export const isSwipeDismiss = (dx) => Math.abs(dx) >= SWIPE_THRESHOLD_PX;

/** A small store: add/dismiss toasts, each removed after its duration; subscribe for changes. */
export function createToastStore() {
  let toasts = [];
  let nextId = 1;
  const timers = new Map();
  const listeners = new Set();
  const emit = () => listeners.forEach((listener) => listener(toasts));

  function dismiss(id) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    const before = toasts.length;
    toasts = toasts.filter((toast) => toast.id !== id);
    if (toasts.length !== before) emit();
  }

  function add({ severity = "success", title, message = "", duration }) {
    const id = nextId++;
    const ms = duration ?? (severity === "error" ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS);
    // The same toast twice in a row (a double click) shows once.
    const same = toasts.find((t) => t.severity === severity && t.title === title && t.message === message);
    if (same) dismiss(same.id);
    toasts = [...toasts, { id, severity, title, message, duration: ms }];
    timers.set(
      id,
      setTimeout(() => dismiss(id), ms),
    );
    emit();
    return id;
  }

  return {
    add,
    dismiss,
    clear() {
      for (const id of [...timers.keys()]) clearTimeout(timers.get(id));
      timers.clear();
      toasts = [];
      emit();
    },
    get: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    error: (title, message) => add({ severity: "error", title, message }),
    success: (title, message) => add({ severity: "success", title, message }),
  };
}
