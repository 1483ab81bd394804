// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { InternationalPhoneWidget, typedCallingCode, withCallingCode } from "./InternationalPhoneWidget.jsx";
import { COMPILED, renderWidget } from "./testing.jsx";

afterEach(cleanup);
const CODES = COMPILED.calling_codes;
const LAYOUT = { key: "applicant_phone", label: "Phone", max_length: 30 };

describe("calling codes", () => {
  it("finds the code a typed number begins with", () => {
    expect(typedCallingCode(CODES, "+44 20 7946 0958")).toBe("44");
    expect(typedCallingCode(CODES, "+1 (555) 010-0100")).toBe("1");
    expect(typedCallingCode(CODES, "+6834002")).toBe("683");
    expect(typedCallingCode(CODES, "020 7946 0958")).toBe("");
    expect(typedCallingCode(CODES, "+99")).toBe("");
  });

  it("puts a chosen code in front of the number, replacing the one typed", () => {
    expect(withCallingCode(CODES, "", "44")).toBe("+44 ");
    expect(withCallingCode(CODES, "20 7946 0958", "44")).toBe("+44 20 7946 0958");
    expect(withCallingCode(CODES, "+1 555 010 0100", "44")).toBe("+44 555 010 0100");
    expect(withCallingCode(CODES, "+44 20 7946 0958", "")).toBe("20 7946 0958");
  });
});

describe("InternationalPhoneWidget", () => {
  it("stores the number exactly as typed", () => {
    const { patches } = renderWidget(InternationalPhoneWidget, { layout: LAYOUT, value: "" });
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "+44 (0)20 7946-0958" } });
    expect(patches).toEqual([{ applicant_phone: "+44 (0)20 7946-0958" }]);
    expect(screen.getByRole("textbox").getAttribute("type")).toBe("tel");
  });

  it("shows the country of the typed code, named with its code", () => {
    renderWidget(InternationalPhoneWidget, { layout: LAYOUT, value: "+44 20 7946 0958" });
    const country = screen.getByRole("combobox", { name: "Phone: Country code" });
    expect(country.value).toBe("GB");
    expect(country.selectedOptions[0].textContent).toBe("United Kingdom (+44)");
  });

  it("choosing a country puts its code in front; a country sharing the code stays chosen", () => {
    const view = renderWidget(InternationalPhoneWidget, { layout: LAYOUT, value: "555 010 0100" });
    const country = screen.getByRole("combobox", { name: "Phone: Country code" });
    fireEvent.change(country, { target: { value: "CA" } });
    expect(view.patches).toEqual([{ applicant_phone: "+1 555 010 0100" }]);
    view.rerender("+1 555 010 0100");
    expect(country.value).toBe("CA");
    view.rerender("+44 555 010 0100");
    expect(country.value).toBe("GB");
  });

  it("trims spaces around the number when the applicant leaves it", () => {
    const { patches } = renderWidget(InternationalPhoneWidget, {
      layout: LAYOUT,
      value: "+44 20 7946 0958 ",
    });
    fireEvent.blur(screen.getByRole("textbox"));
    expect(patches).toEqual([{ applicant_phone: "+44 20 7946 0958" }]);
  });
});
