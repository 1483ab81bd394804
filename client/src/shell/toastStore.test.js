import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastStore, isSwipeDismiss } from "./toastStore.js";

describe("toasts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps a success toast 5 s and an error toast 300 s", () => {
    const store = createToastStore();
    store.success("Saved", "Your answers have been saved.");
    store.error("Login Card Error", "The email address or password is incorrect.");
    expect(store.get().map((t) => t.duration)).toEqual([5000, 300000]);
    vi.advanceTimersByTime(5000);
    expect(store.get().map((t) => t.title)).toEqual(["Login Card Error"]);
    vi.advanceTimersByTime(295000);
    expect(store.get()).toEqual([]);
  });

  it("dismisses on request and tells subscribers", () => {
    const store = createToastStore();
    const seen = [];
    store.subscribe((toasts) => seen.push(toasts.length));
    const id = store.error("X", "y");
    store.dismiss(id);
    expect(store.get()).toEqual([]);
    expect(seen).toEqual([1, 0]);
  });

  it("shows the same toast once", () => {
    const store = createToastStore();
    store.error("X", "y");
    store.error("X", "y");
    expect(store.get()).toHaveLength(1);
  });

  it("a swipe of 50 px dismisses, a shorter one does not", () => {
    expect(isSwipeDismiss(49)).toBe(false);
    expect(isSwipeDismiss(50)).toBe(true);
    expect(isSwipeDismiss(-80)).toBe(true);
  });
});
