// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { formatPhone, PhoneWidget } from "./PhoneWidget.jsx";
import { renderWidget } from "./testing.jsx";

afterEach(cleanup);
const MASK = "(###) ###-####";

describe("formatPhone", () => {
  it("puts digits only into the mask, as far as they go", () => {
    expect(formatPhone(MASK, "")).toBe("");
    expect(formatPhone(MASK, "4")).toBe("(4");
    expect(formatPhone(MASK, "4165")).toBe("(416) 5");
    expect(formatPhone(MASK, "a4b1c6-555 0142 99")).toBe("(416) 555-0142");
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

  it("leaves an international number as typed", () => {
    const { patches } = renderWidget(PhoneWidget, {
      layout: { key: "p", phone: { mask: MASK, international: true } },
      value: "",
    });
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "+44 20 7946 0958" } });
    expect(patches).toEqual([{ p: "+44 20 7946 0958" }]);
  });
});
