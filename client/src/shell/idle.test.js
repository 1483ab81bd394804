import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IdleTimer, LAST_ACTIVITY_KEY } from "./idle.js";

function memoryStorage() {
  const data = new Map();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => data.set(k, String(v)),
    removeItem: (k) => data.delete(k),
  };
}

describe("the idle timer", () => {
  let onPrompt, onTimeout, storage, timer;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-01-01T10:00:00Z") });
    onPrompt = vi.fn();
    onTimeout = vi.fn();
    storage = memoryStorage();
    timer = new IdleTimer({ onPrompt, onTimeout, storage });
  });
  afterEach(() => {
    timer.stop();
    vi.useRealTimers();
  });

  it("prompts 60 s before 15 minutes and times out at 15 minutes", () => {
    timer.start();
    vi.advanceTimersByTime(840000 - 1);
    expect(onPrompt).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onPrompt).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(59999);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(onPrompt).toHaveBeenCalledTimes(1);
  });

  it("activity restarts the period, but not while the prompt is showing", () => {
    timer.start();
    vi.advanceTimersByTime(600000);
    timer.activity();
    vi.advanceTimersByTime(600000);
    expect(onPrompt).not.toHaveBeenCalled();
    vi.advanceTimersByTime(240000);
    expect(onPrompt).toHaveBeenCalledTimes(1);
    timer.activity(); // a mouse move does not answer the prompt
    vi.advanceTimersByTime(60000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it("staying logged in starts a fresh period", () => {
    timer.start();
    vi.advanceTimersByTime(850000);
    expect(onPrompt).toHaveBeenCalledTimes(1);
    timer.stayActive();
    vi.advanceTimersByTime(839999);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(onPrompt).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(onPrompt).toHaveBeenCalledTimes(2);
  });

  it("times out on return after 15 minutes away even if the timers were asleep", () => {
    timer.start();
    vi.setSystemTime(Date.now() + 900000); // the clock jumps, no timer fired
    expect(timer.check()).toBe(true);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it("times out at start when the stored last activity is 15 minutes old (a reload after being away)", () => {
    storage.setItem(LAST_ACTIVITY_KEY, Date.now() - 900000);
    timer.start();
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(storage.getItem(LAST_ACTIVITY_KEY)).toBeNull();
  });

  it("is off when stopped (not logged in)", () => {
    timer.start();
    timer.stop();
    vi.advanceTimersByTime(2000000);
    expect(onPrompt).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
    expect(timer.check()).toBe(false);
  });

  it("honours a shortened setting", () => {
    timer = new IdleTimer({ timeoutMs: 60000, promptMs: 50000, onPrompt, onTimeout, storage });
    timer.start();
    vi.advanceTimersByTime(10000);
    expect(onPrompt).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(50000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});
