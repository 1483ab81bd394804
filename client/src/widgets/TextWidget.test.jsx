// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EmailWidget } from "./EmailWidget.jsx";
import { TextWidget } from "./TextWidget.jsx";
import { renderWidget } from "./testing.jsx";

afterEach(cleanup);

describe("TextWidget", () => {
  it("stores what is typed, limited to the compiled max length", () => {
    const { patches } = renderWidget(TextWidget, {
      layout: { key: "first_name", max_length: 45 },
      value: "",
    });
    const input = screen.getByRole("textbox");
    expect(input.getAttribute("maxlength")).toBe("45");
    fireEvent.change(input, { target: { value: "Mei" } });
    expect(patches).toEqual([{ first_name: "Mei" }]);
  });

  it("marks errors for assistive technology", () => {
    renderWidget(TextWidget, {
      layout: { key: "city", help: "Where you live" },
      value: "",
      rawErrors: ["City"],
    });
    const input = screen.getByRole("textbox");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("root_city__help root_city__error");
  });

  it("an email question is an email input", () => {
    renderWidget(EmailWidget, { layout: { key: "counselor_email_address" }, value: "a@b.org" });
    expect(screen.getByRole("textbox").getAttribute("type")).toBe("email");
  });
});
