// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TextareaWidget } from "./TextareaWidget.jsx";
import { renderWidget } from "./testing.jsx";

afterEach(cleanup);

describe("TextareaWidget", () => {
  it("shows 'Character count: n / limit' with the compiled limit and rows", () => {
    const { patches, rerender } = renderWidget(TextareaWidget, {
      layout: { key: "essay", max_length: 7000, rows: 12 },
      value: "",
    });
    expect(screen.getByText("Character count: 0 / 7000")).toBeTruthy();
    expect(screen.getByRole("textbox").getAttribute("rows")).toBe("12");
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "héllo 👋" } });
    expect(patches).toEqual([{ essay: "héllo 👋" }]);
    rerender("héllo 👋");
    expect(screen.getByText("Character count: 7 / 7000")).toBeTruthy(); // code points, as the validator counts
  });

  it("counts words against a word limit, as the validator counts them", () => {
    const { rerender } = renderWidget(TextareaWidget, {
      layout: { key: "essay", max_length: 4000, max_words: 500 },
      value: "",
    });
    expect(screen.getByText("Words: 0 / 500")).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "  one\u00a0two\n\nthree " } });
    rerender("  one\u00a0two\n\nthree ");
    expect(screen.getByText("Words: 3 / 500")).toBeTruthy();
  });

  it("says the least number of words when there is no most", () => {
    renderWidget(TextareaWidget, {
      layout: { key: "essay", max_length: 4000, min_words: 50 },
      answers: { essay: "a b" },
      value: "a b",
    });
    expect(screen.getByText("Words: 2 (at least 50)")).toBeTruthy();
  });

  it("defaults to 6 rows", () => {
    renderWidget(TextareaWidget, { layout: { key: "c", max_length: 1500 }, value: "" });
    expect(screen.getByRole("textbox").getAttribute("rows")).toBe("6");
  });
});
