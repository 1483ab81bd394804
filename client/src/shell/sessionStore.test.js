// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { LAST_ACTIVITY_KEY } from "./idle.js";
import {
  cached,
  clearSession,
  getSnapshot,
  peekCached,
  refreshLoggedIn,
  updateSnapshot,
} from "./sessionStore.js";

describe("the session store", () => {
  it("caches a call forever, forgets a failure, and keeps only the public form on clear", async () => {
    const load = vi.fn(async () => ({ answer: {} }));
    await cached("profile", load);
    await cached("profile", load);
    expect(load).toHaveBeenCalledTimes(1);
    await cached("form", async () => ({ pages: [] }));
    await expect(cached("tabs", async () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    await Promise.resolve();
    expect(peekCached("tabs")).toBeUndefined();
    clearSession();
    expect(peekCached("profile")).toBeUndefined();
    expect(peekCached("form")).toBeDefined();
  });

  it("a login or logout starts the snapshot afresh and forgets the last activity", () => {
    updateSnapshot({ username: "a@b.co", has_changed_page: true, web_status: "started" });
    localStorage.setItem(LAST_ACTIVITY_KEY, "1");
    clearSession();
    expect(getSnapshot()).toMatchObject({
      username: null,
      has_changed_page: false,
      web_status: null,
      num_logins: 1,
    });
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBeNull();
  });

  it("reads the logged-in state from the identity cookie", () => {
    document.cookie = "formengine-idp-session=1; path=/";
    refreshLoggedIn();
    expect(getSnapshot().is_logged_in).toBe(true);
    document.cookie = "formengine-idp-session=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT";
    refreshLoggedIn();
    expect(getSnapshot().is_logged_in).toBe(false);
  });
});
