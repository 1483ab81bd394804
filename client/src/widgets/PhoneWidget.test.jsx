// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { formatPhone, PhoneWidget } from "./PhoneWidget.jsx";
import { renderWidget } from "./testing.jsx";

afterEach(cleanup);
const MASK = "(###) ###-####";

describe("formatPhone", () => {
  it("puts digits into the mask, as far as they go", () => {
    expect(formatPhone(MASK, "")).toBe("");
    expect(formatPhone(MASK, "4")).toBe("(4");
    expect(formatPhone(MASK, "4165")).toBe("(416) 5");
  });

  it("keeps what does not fit exactly as typed", () => {
    expect(formatPhone(MASK, "a4b1c6-555 0142 99")).toBe("a4b1c6-555 0142 99");
    expect(formatPhone(MASK, "+234 803 555 0123")).toBe("+234 803 555 0123");
  });
});

describe("PhoneWidget", () => {
  it("stores the masked value", () => {
    const { patches } = renderWidget(PhoneWidget, {
      layout: { key: "phone_home", phone: { mask: MASK } },
      value: "",
    });
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "416555014" } });
    expect(patches).toEqual([{ phone_home: "(416) 555-014" }]);
    expect(screen.getByRole("textbox").getAttribute("type")).toBe("tel");
  });

  it("keeps a number beyond the mask and says the field's message at once", () => {
    const message = "Please enter a valid phone number.";
    const layout = { key: "phone_home", phone: { mask: MASK, message } };
    const { patches } = renderWidget(PhoneWidget, { layout, value: "" });
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "+234 803 555 0123" } });
    expect(patches).toEqual([{ phone_home: "+234 803 555 0123" }]);
    cleanup();
    renderWidget(PhoneWidget, { layout, value: "+234 803 555 0123" });
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(screen.getByRole("textbox").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("textbox").value).toBe("+234 803 555 0123");
  });

  it("says nothing while the mask is being filled in", () => {
    const layout = { key: "p", phone: { mask: MASK, message: "Bad." } };
    renderWidget(PhoneWidget, { layout, value: "(416) 55" });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("textbox").getAttribute("aria-invalid")).toBeNull();
  });

  it("leaves an international number as typed", () => {
    const { patches } = renderWidget(PhoneWidget, {
      layout: { key: "p", phone: { mask: MASK, international: true } },
      value: "",
    });
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "+44 20 7946 0958" } });
    expect(patches).toEqual([{ p: "+44 20 7946 0958" }]);
  });
});
