// @vitest-environment jsdom
import { cleanup, fireEvent } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DateWidget, storedDate } from "./DateWidget.jsx";
import { renderWidget } from "./testing.jsx";

afterEach(cleanup);

describe("DateWidget", () => {
  it("stores only a complete, valid date; anything else clears the answer", () => {
    expect(storedDate("2008-04-12")).toBe("2008-04-12");
    expect(storedDate("2023-02-29")).toBe("");
    expect(storedDate("2008-4-1")).toBe("");
    expect(storedDate("")).toBe("");
  });

  it("is a date input that stores through the rule", () => {
    const { patches, container } = renderWidget(DateWidget, { layout: { key: "birth_date" }, value: "" });
    const input = container.querySelector("input[type=date]");
    fireEvent.change(input, { target: { value: "2008-04-12" } });
    expect(patches).toEqual([{ birth_date: "2008-04-12" }]);
  });
});
