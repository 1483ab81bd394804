// @vitest-environment jsdom
// A large page drawn in parts: the first screen at once, the rest in the frames after; a link to a
// question, focusing one and printing draw the rest at once; a small page is drawn whole.
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { DRAW_AT_ONCE, FIRST_PART, PageSections, pageParts } from "./PageSections.jsx";
import { focusQuestion } from "./PageActions.jsx";

afterEach(cleanup);

/** `count` sections of `size` text questions each (keys s<n>_q<m>). */
function sections(count, size, extra = {}) {
  return Array.from({ length: count }, (_, n) => ({
    id: `s${n + 1}`,
    title: `Section ${n + 1}`,
    fields: Array.from({ length: size }, (_, m) => ({ key: `s${n + 1}_q${m + 1}`, widget: "text" })),
    ...extra[n + 1],
  }));
}

function drawSection(section) {
  return (
    <section key={section.id} className="form-section">
      {section.fields.map((field) => (
        <div key={field.key} id={field.key} className="field">
          <input aria-label={field.key} />
        </div>
      ))}
    </section>
  );
}

function renderSections(list, route = "/page") {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <PageSections sections={list} answers={{}} renderSection={drawSection} />
    </MemoryRouter>,
  );
}

const drawnSections = () => document.querySelectorAll(".form-section").length;
const busy = () => document.querySelector(".page-sections").getAttribute("aria-busy");

describe("pageParts", () => {
  it("keeps a page of up to DRAW_AT_ONCE shown questions in one part", () => {
    expect(pageParts(sections(DRAW_AT_ONCE / 4, 4), {})).toEqual([DRAW_AT_ONCE / 4]);
  });

  it("splits a larger page: the first part fills the first screen, every section in order once", () => {
    const list = sections(20, 7);
    const ends = pageParts(list, {});
    expect(ends.length).toBeGreaterThan(2);
    expect(ends[0] * 7).toBeGreaterThanOrEqual(FIRST_PART);
    expect(ends[0] * 7).toBeLessThan(FIRST_PART + 7);
    expect(ends.at(-1)).toBe(20);
    expect([...ends].sort((a, b) => a - b)).toEqual(ends);
  });

  it("does not count a hidden section: it draws nothing", () => {
    const hidden = { required: ["mode"], properties: { mode: { const: "a" } } };
    const list = sections(20, 7, { 1: { visible_when: hidden }, 2: { visible_when: hidden } });
    // Sections 1 and 2 hidden: the first part reaches FIRST_PART questions with sections 3 to 5.
    expect(pageParts(list, {})[0]).toBe(2 + Math.ceil(FIRST_PART / 7));
  });
});

describe("PageSections", () => {
  it("draws a small page whole in the first render, not busy", () => {
    renderSections(sections(4, 6));
    expect(drawnSections()).toBe(4);
    expect(busy()).toBeNull();
  });

  it("draws a large page's first part first, busy, then the rest in the frames after", async () => {
    const list = sections(20, 7);
    renderSections(list);
    const first = pageParts(list, {})[0];
    expect(drawnSections()).toBe(first);
    expect(busy()).toBe("true");
    await waitFor(() => expect(drawnSections()).toBe(20), { timeout: 3000 });
    expect(busy()).toBeNull();
  });

  it("draws the whole page at once when the location names a question (the summary's links)", () => {
    renderSections(sections(20, 7), "/page#s20_q7");
    expect(drawnSections()).toBe(20);
    expect(document.getElementById("s20_q7")).not.toBeNull();
  });

  it("focusing a question not drawn yet draws the rest first", () => {
    renderSections(sections(20, 7));
    expect(document.getElementById("s13_q2")).toBeNull();
    act(() => {
      expect(focusQuestion("s13_q2")).toBe(true);
    });
    expect(document.activeElement).toBe(document.getElementById("s13_q2").querySelector("input"));
    expect(drawnSections()).toBe(20);
  });

  it("printing draws the whole page", () => {
    renderSections(sections(20, 7));
    act(() => {
      window.dispatchEvent(new Event("beforeprint"));
    });
    expect(drawnSections()).toBe(20);
    expect(busy()).toBeNull();
  });
});
