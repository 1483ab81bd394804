// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { applyFormSettings } from "../strings/formSettings.js";
import { answer, fieldAria, widgetContext } from "./common.js";
import NumberInput from "./NumberInput.jsx";
import { NumberWidget, fieldType } from "./NumberWidget.jsx";
import { renderWidget } from "./testing.jsx";

afterEach(() => {
  cleanup();
  applyFormSettings(undefined);
});

const AMOUNT = { key: "amount", label: "Amount", number: { currency: "USD", min: 500, step: 50 } };
const inputProps = (language = "en") => ({ language, tools: { answer, fieldAria, widgetContext } });
const typeIn = (text) => fireEvent.change(screen.getByRole("textbox"), { target: { value: text } });

describe("NumberWidget", () => {
  it("loads its input with the first page that asks for a number", async () => {
    renderWidget(NumberWidget, { layout: AMOUNT, value: 2500 });
    await waitFor(() => expect(screen.getByRole("textbox").value).toBe("2500"));
    expect(screen.getByText("$")).toBeTruthy();
  });

  it("stores what reads as a number as a number, and other text as typed", () => {
    const { patches } = renderWidget(NumberInput, {
      layout: { key: "count", label: "Count" },
      value: "",
      props: inputProps(),
    });
    typeIn("1,234.5");
    typeIn("12abc");
    typeIn("  ");
    expect(patches).toEqual([{ count: 1234.5 }, { count: "12abc" }, { count: "" }]);
  });

  it("reads the form's language: a French comma is the decimal sign", () => {
    const { patches } = renderWidget(NumberInput, {
      layout: { key: "count", label: "Count" },
      value: "",
      props: inputProps("fr"),
    });
    typeIn("1 234,5");
    expect(patches).toEqual([{ count: 1234.5 }]);
  });

  it("shows a stored amount to edit, with the currency's symbol beside it", () => {
    const { container } = renderWidget(NumberInput, { layout: AMOUNT, value: 2500, props: inputProps() });
    const input = screen.getByRole("textbox");
    expect(input.value).toBe("2500");
    expect(input.getAttribute("inputmode")).toBe("decimal");
    const unit = container.querySelector(".number-unit");
    expect(unit.textContent).toBe("$");
    expect(input.getAttribute("aria-describedby")).toContain(unit.id);
  });

  it("keeps what the applicant typed when it is the stored number, and takes an answer set elsewhere", () => {
    const { rerender } = renderWidget(NumberInput, { layout: AMOUNT, value: "", props: inputProps() });
    typeIn("$2,500");
    rerender(2500);
    expect(screen.getByRole("textbox").value).toBe("$2,500");
    rerender(700);
    expect(screen.getByRole("textbox").value).toBe("700");
    rerender("");
    expect(screen.getByRole("textbox").value).toBe("");
  });

  it("reads back in the review and the print view as the language writes money", () => {
    const compiled = { settings: { language: "en" } };
    expect(fieldType.review(AMOUNT, { answers: { amount: 2500 }, compiled })).toEqual([
      { key: "amount", label: "Amount", value: "$2,500" },
    ]);
    expect(fieldType.review(AMOUNT, { answers: { amount: 0 }, compiled })[0].value).toBe("$0");
    expect(fieldType.review(AMOUNT, { answers: {}, compiled })).toEqual([]);
    const french = { settings: { language: "fr" } };
    expect(fieldType.review(AMOUNT, { answers: { amount: 2500 }, compiled: french })[0].value).toBe(
      "2\u00a0500\u00a0$US",
    );
  });

  it("prints for staff as the language writes money, and an unanswered one as nothing", () => {
    const compiled = { settings: { language: "en" } };
    const { container, rerender } = render(fieldType.print(AMOUNT, 2500, { compiled }));
    expect(container.textContent).toBe("Amount$2,500");
    rerender(fieldType.print(AMOUNT, undefined, { compiled }));
    expect(container.querySelector(".print-value").textContent).toBe("");
  });
});
