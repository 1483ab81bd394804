// @vitest-environment jsdom
import { act, cleanup, render } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  PENDING_KEY,
  PERSIST_DELAY_MS,
  VISITOR_KEY,
  addPending,
  clearVisitorAnswers,
  createAnswerStore,
  flushAnswerWrites,
  loadPending,
  loadVisitorAnswers,
  removePending,
  saveVisitorAnswers,
  useAnswerStore,
} from "./answerStore.js";

beforeEach(() => {
  flushAnswerWrites();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("answers kept until sent", () => {
  it("keeps unsent answers per user and forgets only what the server confirmed unchanged", () => {
    addPending("a@x.co", { first_name: "Ann", last_name: "Lee" });
    addPending("b@x.co", { first_name: "Bob" });
    addPending("a@x.co", { last_name: "Li" });
    expect(loadPending("a@x.co")).toEqual({ first_name: "Ann", last_name: "Li" });
    removePending("a@x.co", { first_name: "Ann", last_name: "Lee" }); // last_name changed since it was sent
    expect(loadPending("a@x.co")).toEqual({ last_name: "Li" });
    expect(loadPending("b@x.co")).toEqual({ first_name: "Bob" });
  });

  it("keeps a visitor's answers across a reload", () => {
    saveVisitorAnswers({ first_name: "Ann" });
    expect(loadVisitorAnswers()).toEqual({ first_name: "Ann" });
    clearVisitorAnswers();
    expect(loadVisitorAnswers()).toEqual({});
  });
});

describe("batched writes while typing", () => {
  it("writes localStorage once per delay, not once per keystroke", () => {
    vi.useFakeTimers();
    const setItem = vi.spyOn(Storage.prototype, "setItem");
    for (const text of ["A", "Ad", "Ada"]) addPending("a@x.co", { first_name: text });
    for (const text of ["L", "Lo"]) saveVisitorAnswers({ last_name: text });
    expect(setItem).not.toHaveBeenCalled();
    vi.advanceTimersByTime(PERSIST_DELAY_MS);
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(JSON.parse(localStorage.getItem(PENDING_KEY))).toEqual({ "a@x.co": { first_name: "Ada" } });
    expect(JSON.parse(localStorage.getItem(VISITOR_KEY))).toEqual({ last_name: "Lo" });
    setItem.mockRestore();
  });

  it("writes at once when the page is left or hidden", () => {
    vi.useFakeTimers();
    addPending("a@x.co", { first_name: "Ada" });
    window.dispatchEvent(new Event("pagehide"));
    expect(JSON.parse(localStorage.getItem(PENDING_KEY))).toEqual({ "a@x.co": { first_name: "Ada" } });
    saveVisitorAnswers({ first_name: "Bo" });
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    delete document.visibilityState;
    expect(JSON.parse(localStorage.getItem(VISITOR_KEY))).toEqual({ first_name: "Bo" });
  });

  it("a cleared visitor map is not written back by a queued write", () => {
    vi.useFakeTimers();
    saveVisitorAnswers({ first_name: "Ann" });
    clearVisitorAnswers();
    vi.advanceTimersByTime(PERSIST_DELAY_MS);
    expect(localStorage.getItem(VISITOR_KEY)).toBeNull();
  });
});

describe("the answer store", () => {
  it("re-renders a subscriber only when the value it selected changes", () => {
    const store = createAnswerStore({ first_name: "Ann", city: "" });
    const renders = { name: 0, all: 0 };
    function Name() {
      renders.name += 1;
      return useAnswerStore(store, (answers) => answers.first_name);
    }
    function All() {
      renders.all += 1;
      return Object.keys(useAnswerStore(store)).length;
    }
    render(createElement("div", null, createElement(Name), createElement(All)));
    act(() => store.set({ ...store.get(), city: "Lyon" }));
    act(() => store.set({ ...store.get(), city: "Lyons" }));
    expect(renders).toEqual({ name: 1, all: 3 });
    act(() => store.set({ ...store.get(), first_name: "Ada" }));
    expect(renders).toEqual({ name: 2, all: 4 });
    expect(document.body.textContent).toBe("Ada2");
  });
});
