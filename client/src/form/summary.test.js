import { describe, expect, it } from "vitest";
import { formSummary, pageAt } from "./summary.js";
import { compiledForm } from "../test-fixtures.js";

describe("formSummary", () => {
  it("numbers the pages in the compiled form's order and keeps their nav labels", () => {
    const summary = formSummary(compiledForm);
    expect(summary.tenantName).toBe("Example College");
    expect(summary.pages.map((p) => [p.number, p.navLabel, p.route])).toEqual([
      [1, "About You", "/about"],
      [2, "ACADEMICS", "/education"],
      [3, "FINISH UP", "/final-steps"],
    ]);
  });

  it("uses the declared default route, or the first page when it names no page", () => {
    expect(formSummary(compiledForm).defaultRoute).toBe("/education");
    const stray = { ...compiledForm, tenant: { name: "X", default_route: "/nowhere" } };
    expect(formSummary(stray).defaultRoute).toBe("/about");
  });

  it("falls back to the title when a page has no nav label", () => {
    const form = { tenant: { name: "X" }, pages: [{ route: "/one", title: "One" }] };
    expect(formSummary(form).pages[0]).toEqual({ number: 1, route: "/one", title: "One", navLabel: "One" });
  });

  it("refuses a form without pages", () => {
    expect(() => formSummary({ tenant: { name: "X" }, pages: [] })).toThrow("no pages");
    expect(() => formSummary(null)).toThrow("no pages");
  });
});

describe("pageAt", () => {
  const summary = formSummary(compiledForm);
  it("finds the page for a path, ignoring a trailing slash", () => {
    expect(pageAt(summary, "/final-steps/").navLabel).toBe("FINISH UP");
  });
  it("returns null for an unknown location", () => {
    expect(pageAt(summary, "/elsewhere")).toBeNull();
  });
});
