// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ConditionalSelectWidget } from "./ConditionalSelectWidget.jsx";
import { renderWidget } from "./testing.jsx";

afterEach(cleanup);
const STATE = {
  key: "state",
  desc_key: "state_desc",
  options_by: { controller: "country", options: { USA: "us_states", CAN: "ca_provinces" } },
};

describe("ConditionalSelectWidget", () => {
  it("offers the list of the controller's value", () => {
    renderWidget(ConditionalSelectWidget, { layout: STATE, value: "", answers: { country: "CAN" } });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["--", "Ontario"]);
  });

  it("is hidden when the controller's value has no options, and follows the controller", () => {
    const { runtime, container } = renderWidget(ConditionalSelectWidget, {
      layout: STATE,
      value: "",
      answers: { country: "FRA" },
    });
    expect(container.innerHTML).toBe("");
    act(() => runtime.publish({ country: "USA" }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["--", "California", "Illinois"]);
  });
});
