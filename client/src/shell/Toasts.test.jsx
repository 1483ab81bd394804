// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastStore } from "./toastStore.js";
import { ToastViewport } from "./Toasts.jsx";

afterEach(cleanup);

describe("the toast viewport", () => {
  let store;
  beforeEach(() => {
    vi.useFakeTimers();
    store = createToastStore();
    render(<ToastViewport store={store} />);
  });
  afterEach(() => vi.useRealTimers());

  it("announces errors as alerts and others as status, and removes them after their time", () => {
    act(() => {
      store.error("Login Card Error", "The email address or password is incorrect.");
      store.success("Success", "Your account has been confirmed. Please log in.");
    });
    expect(screen.getByRole("alert").textContent).toContain("Login Card Error");
    expect(screen.getByRole("status").textContent).toContain("Your account has been confirmed.");
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("alert")).toBeTruthy();
    act(() => vi.advanceTimersByTime(295000));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("F8 moves focus to the notifications", () => {
    fireEvent.keyDown(window, { key: "F8" });
    expect(document.activeElement.getAttribute("aria-label")).toBe("Notifications (F8)");
  });

  it("closes with its button, and with a swipe of 50 px but not 30 px", () => {
    act(() => store.error("A", "first"));
    fireEvent.click(screen.getByRole("button", { name: "Close: A" }));
    expect(store.get()).toEqual([]);

    act(() => store.error("B", "second"));
    const toast = screen.getByRole("alert");
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerUp(toast, { clientX: 130 });
    expect(store.get()).toHaveLength(1);
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerUp(toast, { clientX: 150 });
    expect(store.get()).toEqual([]);
  });
});
