// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RadioWidget } from "./RadioWidget.jsx";
import { renderWidget } from "./testing.jsx";

afterEach(cleanup);

describe("RadioWidget", () => {
  it("offers the options without '--' and stores the chosen label in _desc", () => {
    const { patches } = renderWidget(RadioWidget, {
      layout: { key: "conviction", options: "yes_no", desc_key: "conviction_desc" },
      value: "",
    });
    expect(screen.getAllByRole("radio").map((radio) => radio.value)).toEqual(["Y", "N"]);
    fireEvent.click(screen.getByLabelText("No"));
    expect(patches).toEqual([{ conviction: "N", conviction_desc: "No" }]);
  });

  it("shows the stored choice", () => {
    renderWidget(RadioWidget, { layout: { key: "c", options: "yes_no" }, value: "Y" });
    expect(screen.getByLabelText("Yes").checked).toBe(true);
  });
});
