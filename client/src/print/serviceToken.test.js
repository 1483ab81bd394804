// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { takeServiceToken, withoutServiceToken } from "./serviceToken.js";

beforeEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("the print view's service token", () => {
  it("is read once, then taken out of the address and its history entry", () => {
    window.history.replaceState({ idx: 0 }, "", "/about?service_token=svc_abc&lang=en#top");
    const before = window.history.length;
    expect(takeServiceToken()).toBe("svc_abc");
    expect(window.location.href).not.toContain("svc_abc");
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      "/about?lang=en#top",
    );
    expect(window.history.length).toBe(before); // replaced, not pushed: no entry holds the token
    expect(window.history.state).toEqual({ idx: 0 }); // the router's own state is kept
  });

  it("is kept for this tab and this path: a reload still opens the print view", () => {
    window.history.replaceState(null, "", "/about?service_token=svc_abc");
    takeServiceToken();
    expect(window.location.search).toBe("");
    expect(takeServiceToken()).toBe("svc_abc");
    window.history.replaceState(null, "", "/education");
    expect(takeServiceToken()).toBe(null); // another page of the form is not a print view
  });

  it("a new link's token replaces the kept one", () => {
    window.history.replaceState(null, "", "/about?service_token=old");
    takeServiceToken();
    window.history.replaceState(null, "", "/about?service_token=new");
    expect(takeServiceToken()).toBe("new");
    expect(takeServiceToken()).toBe("new");
  });

  it("without one anywhere, there is none", () => {
    expect(takeServiceToken()).toBe(null);
    window.sessionStorage.setItem("formengine:service_token", "not json");
    expect(takeServiceToken()).toBe(null);
  });

  it("leaves the rest of the address as it was", () => {
    expect(withoutServiceToken({ pathname: "/a", search: "?service_token=x", hash: "" })).toBe("/a");
    expect(withoutServiceToken({ pathname: "/a", search: "?b=1&service_token=x&c=2", hash: "#h" })).toBe(
      "/a?b=1&c=2#h",
    );
  });
});
