/**
 * Run `callback` when the main thread is idle (at the latest after `timeout` ms), so work that can
 * wait (loading what the first paint did not need, validating after a keystroke) never delays a
 * paint. Returns a function that cancels it.
 */
export function whenIdle(callback, timeout = 3000) {
  if (typeof window !== "undefined" && typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(callback, Math.min(timeout, 500)); // no idle callbacks (Safari): a short wait
  return () => clearTimeout(id);
}
