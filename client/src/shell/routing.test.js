import { describe, expect, it } from "vitest";
import {
  defaultRouteOf,
  deriveWebStatus,
  entryParameters,
  hasIdentityCookie,
  navDestination,
  requiredRedirect,
  routeKind,
  savesLastPage,
  unknownPathTarget,
} from "./routing.js";
import { compiledForm } from "../test-fixtures.js";

const formRoutes = ["/about", "/education", "/final-steps"];
const base = {
  is_logged_in: true,
  has_changed_page: false,
  last_page: null,
  web_status: "started",
  is_service_user: false,
};
const redirect = (pathname, snapshot) =>
  requiredRedirect({ pathname, snapshot: { ...base, ...snapshot }, formRoutes, defaultRoute: "/about" });

describe("routing rules", () => {
  it("knows the auth, completion and form routes; anything else is unknown", () => {
    expect(
      ["/login", "/signup", "/confirm", "/forgot", "/reset"].map((p) => routeKind(p, formRoutes)),
    ).toEqual(Array(5).fill("auth"));
    expect(routeKind("/completion", formRoutes)).toBe("completion");
    expect(routeKind("/education/", formRoutes)).toBe("form");
    expect(routeKind("/nope", formRoutes)).toBe("unknown");
  });

  it("sends an unknown path to the default route keeping the query string", () => {
    expect(unknownPathTarget({ pathname: "/x", search: "?token=abc" }, "/about")).toEqual({
      pathname: "/about",
      search: "?token=abc",
      hash: "",
    });
    expect(defaultRouteOf(compiledForm)).toBe("/education");
    expect(defaultRouteOf({ ...compiledForm, tenant: { default_route: "/gone" } })).toBe("/about");
  });

  it("restores the saved last page while the user has not changed page", () => {
    expect(redirect("/about", { last_page: "/final-steps" })).toBe("/final-steps");
    expect(redirect("/about", { last_page: "/final-steps", has_changed_page: true })).toBeNull();
    expect(redirect("/final-steps", { last_page: "/final-steps" })).toBeNull();
    expect(redirect("/about", { last_page: "/not-a-page" })).toBeNull();
    expect(redirect("/about", { last_page: "/final-steps", is_logged_in: false })).toBeNull();
  });

  it("opens a typed or bookmarked page the user may be on, instead of the saved last page", () => {
    const opened = (pathname, openedAt, snapshot) =>
      requiredRedirect({
        pathname,
        snapshot: { ...base, last_page: "/final-steps", ...snapshot },
        formRoutes,
        defaultRoute: "/about",
        openedAt,
      });
    expect(opened("/education", "/education")).toBeNull();
    // Opened at "/" (or the login card): the last page is restored as before.
    expect(opened("/about", "/")).toBe("/final-steps");
    expect(opened("/about", "/login")).toBe("/final-steps");
    // The typed page still obeys the other rules: submitted goes to /completion.
    expect(opened("/education", "/education", { web_status: "submitted" })).toBe("/completion");
    // Once the user moved off the opened page, it no longer counts.
    expect(opened("/about", "/education")).toBe("/final-steps");
  });

  it("forces /completion once submitted, and /completion goes to the default route before", () => {
    expect(redirect("/about", { web_status: "submitted" })).toBe("/completion");
    expect(redirect("/completion", { web_status: "submitted" })).toBeNull();
    expect(redirect("/completion", { web_status: "validating" })).toBe("/about");
    expect(redirect("/completion", { web_status: null, is_logged_in: false })).toBe("/about");
  });

  it("leaves a service user where the link points", () => {
    expect(
      redirect("/about", { is_service_user: true, web_status: "submitted", last_page: "/education" }),
    ).toBeNull();
  });

  it("saves last_page only while started or validating", () => {
    expect([null, "started", "validating", "submitted"].map(savesLastPage)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it("derives the web status from the number of distinct recognised statuses", () => {
    const entries = (...s) => s.map((web_status) => ({ web_status }));
    expect(deriveWebStatus([])).toBeNull();
    expect(deriveWebStatus(entries("started", "started"))).toBe("started");
    expect(deriveWebStatus(entries("started", "validating", "bogus"))).toBe("validating");
    expect(deriveWebStatus(entries("started", "validating", "submitted"))).toBe("submitted");
  });

  it("counts a user as logged in when a cookie begins with the identity-provider prefix", () => {
    expect(hasIdentityCookie("a=1; formengine-idp-session=1")).toBe(true);
    expect(hasIdentityCookie("formengine-idp-session=1")).toBe(true);
    expect(hasIdentityCookie("a=formengine-idp")).toBe(false);
    expect(hasIdentityCookie("")).toBe(false);
  });

  it("sends a visitor who has answered anything to /signup with the answers", () => {
    expect(navDestination({ isLoggedIn: false, answers: { a: "" }, target: "/education" })).toEqual({
      pathname: "/education",
      state: null,
    });
    expect(navDestination({ isLoggedIn: false, answers: { a: "x" }, target: "/education" })).toEqual({
      pathname: "/signup",
      state: { studentAnswers: { a: "x" } },
    });
    expect(navDestination({ isLoggedIn: true, answers: { a: "x" }, target: "/education" }).pathname).toBe(
      "/education",
    );
  });

  it("reads the token for the entry step", () => {
    expect(entryParameters("?token=t1")).toEqual({ token: "t1" });
    expect(entryParameters("?service_token=s1")).toEqual({ token: null });
  });
});
