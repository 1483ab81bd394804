// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PrintView } from "./PrintView.jsx";
import { compiledTenant } from "../form/testCompiled.js";

afterEach(cleanup);
const compiled = compiledTenant("intl_undergrad");

describe("PrintView", () => {
  it("shows the application read-only: [X] and [ ], the school with its CEEB code, the document note", () => {
    const view = {
      answer: {
        first_name: "Mei",
        gender: "W",
        gender_desc: "Woman",
        conviction: "N",
        race_asian: true,
        hs_name: "Lincoln Heights High School",
        hs_ceeb: "059903",
      },
      add_another: { high_schools: 1 },
      document_answer: { essay_file: { file_name: "essay.docx", file_size: 36669 } },
      tabs: { essay_mode: "uploaded" },
    };
    const { container } = render(<PrintView compiled={compiled} serviceView={view} />);
    const text = container.textContent;
    expect(text).toContain("Mei");
    expect(text).toContain("[X] Woman");
    expect(text).toContain("[ ] Yes");
    expect(text).toContain("[X] No");
    expect(text).toContain("[X] Asian");
    expect(text).toContain("Lincoln Heights High School (Ceeb: 059903)");
    expect(text).toContain("A document is attached. (essay.docx)");
    expect(container.querySelectorAll("button, input, select, textarea").length).toBe(0);
    for (const page of compiled.pages) expect(text).toContain(page.title);
    expect(document.body.classList.contains("print-view")).toBe(true);
  });

  it("gives each typed answer its own direction, so Arabic and Hebrew read right to left", () => {
    const view = { answer: { first_name: "王小明", last_name: "محمد عبد الله", middle_name: "דוד כהן" } };
    const { container } = render(<PrintView compiled={compiled} serviceView={view} />);
    const values = [...container.querySelectorAll(".print-value")];
    for (const typed of ["王小明", "محمد عبد الله", "דוד כהן"]) {
      const span = values.find((element) => element.textContent === typed);
      expect(span?.getAttribute("dir")).toBe("auto");
    }
  });
});
