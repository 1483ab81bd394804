// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CheckboxWidget } from "./CheckboxWidget.jsx";
import { renderWidget } from "./testing.jsx";

afterEach(cleanup);

describe("CheckboxWidget", () => {
  it("is labelled by the question and stores true or false", () => {
    const { patches, rerender } = renderWidget(CheckboxWidget, {
      layout: { key: "legal_agree", label: "I certify", required: true },
      value: undefined,
    });
    const box = screen.getByLabelText(/I certify/);
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    rerender(true);
    fireEvent.click(screen.getByLabelText(/I certify/));
    expect(patches).toEqual([{ legal_agree: true }, { legal_agree: false }]);
  });
});
