// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { applyTexts } from "../strings/strings.js";
import { DateWidget, dateParts, impossibleDate, joinedDate } from "./DateWidget.jsx";
import { renderWidget } from "./testing.jsx";

afterEach(() => {
  cleanup();
  applyTexts(undefined);
});

const parts = () => ({
  day: screen.getByRole("textbox", { name: "Day" }),
  month: screen.getByRole("combobox", { name: "Month" }),
  year: screen.getByRole("textbox", { name: "Year" }),
});

describe("DateWidget", () => {
  it("knows a written date that names no day", () => {
    expect(impossibleDate("2008-04-12")).toBe(false);
    expect(impossibleDate("2023-02-29")).toBe(true);
    expect(impossibleDate("2008-02-31")).toBe(true);
    expect(impossibleDate("2024-02-29")).toBe(false);
    expect(impossibleDate("")).toBe(false);
  });

  it("joins day, month and year into the stored YYYY-MM-DD, and splits it back", () => {
    expect(joinedDate({ day: "3", month: "04", year: "2025" })).toBe("2025-04-03");
    expect(joinedDate({ day: " 12 ", month: "11", year: "2008" })).toBe("2008-11-12");
    expect(joinedDate({ day: "29", month: "02", year: "2023" })).toBe("2023-02-29"); // kept, said wrong
    expect(joinedDate({ day: "3", month: "", year: "2025" })).toBe("");
    expect(joinedDate({ day: "3", month: "04", year: "25" })).toBe("");
    expect(joinedDate({ day: "3", month: "04", year: "0999" })).toBe("");
    expect(dateParts("2025-04-03")).toEqual({ day: "3", month: "04", year: "2025" });
    expect(dateParts("2023-02-29")).toEqual({ day: "29", month: "02", year: "2023" });
    expect(dateParts("2023-2-9")).toEqual({ day: "", month: "", year: "" });
  });

  it("asks for the day, the month by name and the year, never a numeric date to be read either way", () => {
    const { container } = renderWidget(DateWidget, { layout: { key: "birth_date" }, value: "2025-04-03" });
    const { day, month, year } = parts();
    expect([day.value, month.value, year.value]).toEqual(["3", "04", "2025"]);
    expect(month.selectedOptions[0].textContent).toBe("April");
    expect([...month.options].map((option) => option.textContent).slice(1, 4)).toEqual([
      "January",
      "February",
      "March",
    ]);
    expect(container.querySelector("input[type=date]")).toBeNull();
    expect(screen.getByRole("group").getAttribute("aria-labelledby")).toBe("root_birth_date__label");
  });

  it("names the months in the tenant's words", () => {
    applyTexts({ month_4: "avril", month_5: "mai" });
    renderWidget(DateWidget, { layout: { key: "birth_date" }, value: "2025-04-03" });
    const { month } = parts();
    expect(month.selectedOptions[0].textContent).toBe("avril");
    expect([...month.options].map((option) => option.textContent).slice(3, 6)).toEqual([
      "March",
      "avril",
      "mai",
    ]);
  });

  it("keeps 31 February on screen and in the answer, with the date message at once", () => {
    const layout = { key: "birth_date", date_message: "Please enter a valid date." };
    const { patches, rerender } = renderWidget(DateWidget, { layout, value: "2008-02-12" });
    const { day, month, year } = parts();
    fireEvent.change(day, { target: { value: "31" } });
    expect(patches.at(-1)).toEqual({ birth_date: "2008-02-31" });
    rerender("2008-02-31");
    expect([day.value, month.value, year.value]).toEqual(["31", "02", "2008"]);
    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid date.");
    expect(day.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(day, { target: { value: "28" } });
    rerender("2008-02-28");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("stores the date once all three parts make one, and clears it when they stop making one", () => {
    const { patches, rerender } = renderWidget(DateWidget, { layout: { key: "birth_date" }, value: "" });
    const { day, month, year } = parts();
    fireEvent.change(day, { target: { value: "12" } });
    fireEvent.change(month, { target: { value: "04" } });
    expect(patches).toEqual([]); // unfinished: nothing to store yet
    fireEvent.change(year, { target: { value: "2008" } });
    expect(patches).toEqual([{ birth_date: "2008-04-12" }]);
    rerender("2008-04-12");
    fireEvent.change(year, { target: { value: "20" } });
    expect(patches.at(-1)).toEqual({ birth_date: "" });
    rerender("");
    // The unfinished entry stays on screen while the answer is empty.
    expect([day.value, month.value, year.value]).toEqual(["12", "04", "20"]);
  });

  it("shows an answer set elsewhere: loaded, or cleared by the form's rules", () => {
    const { rerender } = renderWidget(DateWidget, { layout: { key: "birth_date" }, value: "" });
    rerender("1999-12-31");
    const { day, month, year } = parts();
    expect([day.value, month.value, year.value]).toEqual(["31", "12", "1999"]);
    rerender("");
    expect([day.value, month.value, year.value]).toEqual(["", "", ""]);
  });

  it("marks each part invalid and required with the question", () => {
    renderWidget(DateWidget, {
      layout: { key: "birth_date", required: true },
      value: "",
      rawErrors: ["You must be 13 years or older to apply."],
    });
    for (const control of Object.values(parts())) {
      expect(control.getAttribute("aria-invalid")).toBe("true");
      expect(control.getAttribute("aria-required")).toBe("true");
    }
    expect(screen.getByRole("group").getAttribute("aria-describedby")).toBe("root_birth_date__error");
  });
});
