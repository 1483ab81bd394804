// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../form/appBridge.js";
import { LOOKUP } from "./AutocompleteWidget.jsx";
import { SchoolSearchBlock, fieldType as schoolSearch } from "./SchoolSearchBlock.jsx";
import { fillFromRecord } from "./lookupFill.js";
import { COMPILED, renderWidget } from "./testing.jsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
const BLOCK = {
  id: "high_school",
  widget: "school_search",
  parts: {
    search: { key: "hs_name" },
    ceeb: { key: "hs_ceeb" },
    line1: { key: "hs_address_line_1" },
    city: { key: "hs_city" },
    state: { key: "hs_state", options: "us_states", desc_key: "hs_state_desc" },
    zip: { key: "hs_zip" },
    country: { key: "hs_country", options: "countries", desc_key: "hs_country_desc" },
  },
};
const parts = [<p key="s">search</p>, <p key="c">city</p>];

describe("SchoolSearchBlock", () => {
  it("says 'Enter your school information below.' for the applicant's own entry (a name, no CEEB code)", () => {
    render(
      <SchoolSearchBlock layout={BLOCK} answers={{ hs_name: "My School" }}>
        {parts}
      </SchoolSearchBlock>,
    );
    expect(screen.getByText("Enter your school information below.")).toBeTruthy();
  });

  it("says nothing for a school chosen from the search", () => {
    render(
      <SchoolSearchBlock layout={BLOCK} answers={{ hs_name: "Lincoln", hs_ceeb: "059903" }}>
        {parts}
      </SchoolSearchBlock>,
    );
    expect(screen.queryByText("Enter your school information below.")).toBeNull();
  });

  it("a chosen school fills the name, CEEB code and address; unknown list values stay empty", () => {
    const record = {
      name: "Lincoln Heights High School",
      ceeb: "059903",
      address_line_1: "800 Summit Avenue",
      city: "Riverside Bay",
      state: "ZZ",
      zip: "92501",
      country: "USA",
    };
    expect(fillFromRecord(COMPILED, BLOCK, record, "name")).toEqual({
      hs_name: "Lincoln Heights High School",
      hs_ceeb: "059903",
      hs_address_line_1: "800 Summit Avenue",
      hs_city: "Riverside Bay",
      hs_state: "",
      hs_state_desc: "",
      hs_zip: "92501",
      hs_country: "USA",
      hs_country_desc: "United States",
    });
  });

  it("the school's search line: a chosen school puts its name (not its street) in the search part", async () => {
    vi.useFakeTimers();
    vi.spyOn(api, "lookupFind").mockResolvedValue([{ id: "s1", text: "Lincoln Heights High School" }]);
    vi.spyOn(api, "lookupDetail").mockResolvedValue({
      name: "Lincoln Heights High School",
      ceeb: "059903",
      address_line_1: "800 Summit Avenue",
    });
    const { patches, rerender } = renderWidget(schoolSearch.Widget, {
      layout: BLOCK.parts.search,
      block: { ...BLOCK, autocomplete: "school" },
    });
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "Linc" } });
    rerender("Linc");
    await act(async () => vi.advanceTimersByTime(LOOKUP.wait));
    await act(async () => fireEvent.click(screen.getByRole("option", { name: /Lincoln Heights/ })));
    expect(patches.at(-1)).toMatchObject({
      hs_name: "Lincoln Heights High School",
      hs_ceeb: "059903",
      hs_address_line_1: "800 Summit Avenue",
    });
  });
});
