// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AddAnother } from "./AddAnother.jsx";

afterEach(cleanup);
const SECTION = {
  add_another: {
    id: "relatives",
    label: "Add another relative",
    max: 3,
    prefixes: ["relative_", "relative_2_", "relative_3_"],
  },
  instances: ["relative_", "relative_2_", "relative_3_"].map((prefix) => ({
    prefix,
    fields: [{ key: `${prefix}name` }],
  })),
};
const renderFields = (fields) => fields.map((field) => <input key={field.key} aria-label={field.key} />);

describe("AddAnother", () => {
  it("shows the counted instances and one more per click up to the maximum", async () => {
    const onAdd = vi.fn(async () => {});
    const view = render(
      <AddAnother section={SECTION} count={1} canAdd onAdd={onAdd} renderFields={renderFields} />,
    );
    expect(screen.getAllByRole("textbox").length).toBe(1);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Add another relative" })));
    expect(onAdd).toHaveBeenCalledWith(2);
    view.rerender(
      <AddAnother section={SECTION} count={3} canAdd onAdd={onAdd} renderFields={renderFields} />,
    );
    expect(screen.getAllByRole("textbox").map((input) => input.getAttribute("aria-label"))).toEqual([
      "relative_name",
      "relative_2_name",
      "relative_3_name",
    ]);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("visitors cannot add", () => {
    render(
      <AddAnother
        section={SECTION}
        count={undefined}
        canAdd={false}
        onAdd={vi.fn()}
        renderFields={renderFields}
      />,
    );
    expect(screen.getAllByRole("textbox").length).toBe(1);
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("AddAnother entries", () => {
  const numbered = { ...SECTION, add_another: { ...SECTION.add_another, entry_label: "Relative" } };

  it("numbers each entry and offers Remove on each once there are two", async () => {
    const onRemove = vi.fn(async () => true);
    render(
      <AddAnother
        section={numbered}
        count={2}
        canAdd
        onAdd={vi.fn()}
        onRemove={onRemove}
        renderFields={renderFields}
      />,
    );
    expect(screen.getByRole("group", { name: "Relative 1" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Relative 2" })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Remove Relative 2" })));
    expect(onRemove).toHaveBeenCalledWith(1, 2);
  });

  it("a single entry has no Remove, and visitors never do", () => {
    const view = render(
      <AddAnother
        section={numbered}
        count={1}
        canAdd
        onAdd={vi.fn()}
        onRemove={vi.fn()}
        renderFields={renderFields}
      />,
    );
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
    view.rerender(
      <AddAnother
        section={numbered}
        count={2}
        canAdd={false}
        onAdd={vi.fn()}
        onRemove={vi.fn()}
        renderFields={renderFields}
      />,
    );
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
  });
});
