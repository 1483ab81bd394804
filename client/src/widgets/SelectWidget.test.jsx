// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SelectWidget } from "./SelectWidget.jsx";
import { renderWidget } from "./testing.jsx";

afterEach(cleanup);

describe("SelectWidget", () => {
  it("lists the compiled options, '--' first, and stores the label in the _desc companion", () => {
    const { patches } = renderWidget(SelectWidget, {
      layout: { key: "country", options: "countries", desc_key: "country_desc" },
      value: "",
    });
    const options = screen.getAllByRole("option").map((option) => option.textContent);
    expect(options).toEqual(["--", "United States", "Canada", "France"]);
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "CAN" } });
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "" } });
    expect(patches).toEqual([
      { country: "CAN", country_desc: "Canada" },
      { country: "", country_desc: "" },
    ]);
  });
});
