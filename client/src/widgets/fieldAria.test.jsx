// @vitest-environment jsdom
// Every question input says the same to assistive technology: required, invalid while it has
// errors, described by its help text and its errors (common.js fieldAria).
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CheckboxWidget } from "./CheckboxWidget.jsx";
import { DateWidget } from "./DateWidget.jsx";
import { PhoneWidget } from "./PhoneWidget.jsx";
import { RadioWidget } from "./RadioWidget.jsx";
import { SelectWidget } from "./SelectWidget.jsx";
import { TextWidget } from "./TextWidget.jsx";
import { TextareaWidget } from "./TextareaWidget.jsx";
import { renderWidget } from "./testing.jsx";

const WIDGETS = [
  ["text", TextWidget, {}],
  ["textarea", TextareaWidget, { max_length: 100 }, " root_q__count"],
  ["select", SelectWidget, { options: "countries" }],
  ["radio", RadioWidget, { options: "yes_no" }],
  ["checkbox", CheckboxWidget, { label: "I agree" }],
  ["phone", PhoneWidget, { phone: { mask: "(###) ###-####" } }],
  ["date", DateWidget, {}],
];

function aria(container) {
  const element = container.querySelector("#root_q");
  return ["aria-required", "aria-invalid", "aria-describedby"].map((name) => element.getAttribute(name));
}

describe("the ARIA state of a question's input", () => {
  afterEach(cleanup);

  it.each(WIDGETS)(
    "%s: required, invalid and described by its help and errors",
    (_, Widget, layout, after = "") => {
      const { container } = renderWidget(Widget, {
        layout: { key: "q", required: true, help: "Some help", ...layout },
        value: undefined,
        rawErrors: ["Q is required"],
      });
      const [required, invalid, describedBy] = aria(container);
      if (Widget === DateWidget) {
        // The group is described; each of its parts is required and invalid.
        for (const part of container.querySelectorAll("input, select")) {
          expect([part.getAttribute("aria-required"), part.getAttribute("aria-invalid")]).toEqual([
            "true",
            "true",
          ]);
        }
      } else expect([required, invalid]).toEqual(["true", "true"]);
      expect(describedBy).toBe(`root_q__help root_q__error${after}`);
    },
  );

  it.each(WIDGETS)(
    "%s: none of it on an optional answer without help or errors",
    (_, Widget, layout, after = "") => {
      const { container } = renderWidget(Widget, { layout: { key: "q", ...layout }, value: undefined });
      expect(aria(container)).toEqual([null, null, after.trim() || null]);
    },
  );
});
