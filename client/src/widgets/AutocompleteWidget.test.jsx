// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../form/appBridge.js";
import { fieldType as address } from "./AddressBlock.jsx";
import { LOOKUP } from "./AutocompleteWidget.jsx";
import { debounceMaxWait } from "./debounce.js";
import { renderWidget } from "./testing.jsx";

const BLOCK = {
  widget: "address",
  autocomplete: "address",
  parts: {
    search: { key: "address_line_1", max_length: 45 },
    line2: { key: "address_line_2" },
    city: { key: "city" },
    state: {
      key: "state",
      desc_key: "state_desc",
      options_by: { controller: "country", options: { USA: "us_states" } },
    },
    zip: { key: "zip" },
    country: { key: "country", desc_key: "country_desc", options: "countries" },
  },
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderSearch(value = "") {
  return renderWidget(address.Widget, { layout: BLOCK.parts.search, block: BLOCK, value });
}

describe("debounceMaxWait", () => {
  it("runs 200 ms after the last call, but at most 500 ms after the first", () => {
    const fn = vi.fn();
    const debounced = debounceMaxWait(fn, 200, 500);
    debounced("a");
    vi.advanceTimersByTime(150);
    debounced("ab");
    vi.advanceTimersByTime(150);
    expect(fn).not.toHaveBeenCalled();
    for (let i = 0; i < 3; i += 1) {
      debounced(`abc${i}`);
      vi.advanceTimersByTime(60);
    }
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20); // 500 ms after the first call, though calls kept coming
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenLastCalledWith("abc2");
    debounced("x");
    vi.advanceTimersByTime(199);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenLastCalledWith("x");
  });
});

describe("AutocompleteWidget", () => {
  it("asks for at most 5 results after the debounce, showing Loading..., then Use: and the results", async () => {
    const find = vi
      .spyOn(api, "lookupFind")
      .mockResolvedValue([{ id: "a1", text: "120 Main Street", sub_text: "Riverside Bay, CA" }]);
    const { patches, rerender } = renderSearch();
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "120 Ma" } });
    rerender("120 Ma");
    expect(patches).toEqual([{ address_line_1: "120 Ma" }]);
    expect(screen.getByText("Loading...")).toBeTruthy();
    expect(screen.getByRole("combobox").getAttribute("placeholder")).toBe("Select...");
    expect(find).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(LOOKUP.wait));
    expect(find).toHaveBeenCalledWith("address", "120 Ma", 5);
    const options = screen.getAllByRole("option").map((option) => option.textContent);
    expect(options).toEqual(["Use: 120 Ma", "120 Main StreetRiverside Bay, CA"]);
  });

  it("says No options when nothing matches, and falls back silently when the lookup fails", async () => {
    vi.spyOn(api, "lookupFind").mockRejectedValue(new Error("down"));
    const { rerender } = renderSearch();
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "zzz" } });
    rerender("zzz");
    await act(async () => vi.advanceTimersByTime(LOOKUP.wait));
    expect(screen.getByText("No options")).toBeTruthy();
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Use: zzz"]);
  });

  it("a chosen suggestion fills line 1, city, state, ZIP and country (with their labels)", async () => {
    vi.spyOn(api, "lookupFind").mockResolvedValue([{ id: "a1", text: "120 Main Street", sub_text: "" }]);
    const detail = vi.spyOn(api, "lookupDetail").mockResolvedValue({
      id: "a1",
      address_line_1: "120 Main Street",
      city: "Riverside Bay",
      state: "CA",
      zip: "92501",
      country: "USA",
    });
    const { patches, rerender } = renderSearch();
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "120" } });
    rerender("120");
    await act(async () => vi.advanceTimersByTime(LOOKUP.wait));
    await act(async () => fireEvent.click(screen.getByRole("option", { name: /120 Main Street/ })));
    expect(detail).toHaveBeenCalledWith("address", "a1");
    expect(patches.at(-1)).toEqual({
      address_line_1: "120 Main Street",
      city: "Riverside Bay",
      state: "CA",
      state_desc: "California",
      zip: "92501",
      country: "USA",
      country_desc: "United States",
    });
  });

  it("a failed detail lookup keeps the suggestion's text as the answer", async () => {
    vi.spyOn(api, "lookupFind").mockResolvedValue([{ id: "a1", text: "120 Main Street", sub_text: "" }]);
    vi.spyOn(api, "lookupDetail").mockRejectedValue(new Error("down"));
    const { patches, rerender } = renderSearch();
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "120" } });
    rerender("120");
    await act(async () => vi.advanceTimersByTime(LOOKUP.wait));
    await act(async () => fireEvent.click(screen.getByRole("option", { name: /120 Main Street/ })));
    expect(patches.at(-1)).toEqual({ address_line_1: "120 Main Street" });
  });

  it("clearing the line clears every part of the block", () => {
    const { patches } = renderSearch("120 Main Street");
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "" } });
    expect(patches).toEqual([
      {
        address_line_1: "",
        address_line_2: "",
        city: "",
        state: "",
        state_desc: "",
        zip: "",
        country: "",
        country_desc: "",
      },
    ]);
  });
});
