// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Tabs } from "./Tabs.jsx";

afterEach(cleanup);
const SECTION = {
  title: "Essay",
  tabs: {
    id: "essay_mode",
    default: "typed",
    options: [
      { id: "typed", label: "Type your response", clears: ["essay_file"], fields: [{ key: "essay" }] },
      { id: "uploaded", label: "Upload your response", clears: ["essay"], fields: [{ key: "essay_file" }] },
    ],
  },
};
const renderFields = (fields) => fields.map((field) => <p key={field.key}>{field.key}</p>);

describe("Tabs", () => {
  it("shows the chosen tab's questions and asks to switch", () => {
    const onChoose = vi.fn();
    render(
      <Tabs section={SECTION} chosen="uploaded" canChoose onChoose={onChoose} renderFields={renderFields} />,
    );
    expect(screen.getByRole("tab", { name: "Upload your response" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    expect(screen.getByRole("tabpanel").textContent).toBe("essay_file");
    fireEvent.click(screen.getByRole("tab", { name: "Type your response" }));
    expect(onChoose).toHaveBeenCalledWith(SECTION.tabs.options[0]);
  });

  it("visitors see only the default tab", () => {
    render(
      <Tabs
        section={SECTION}
        chosen="uploaded"
        canChoose={false}
        onChoose={vi.fn()}
        renderFields={renderFields}
      />,
    );
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.getByText("essay")).toBeTruthy();
  });

  it("the arrow towards the line's end focuses the next tab, the left one on a right-to-left page", () => {
    const three = {
      ...SECTION,
      tabs: {
        ...SECTION.tabs,
        options: [...SECTION.tabs.options, { id: "later", label: "Later", fields: [] }],
      },
    };
    for (const [dir, next] of [
      ["ltr", "ArrowRight"],
      ["rtl", "ArrowLeft"],
    ]) {
      render(
        <div dir={dir}>
          <Tabs section={three} chosen="typed" canChoose onChoose={vi.fn()} renderFields={renderFields} />
        </div>,
      );
      const tabs = screen.getAllByRole("tab");
      fireEvent.keyDown(tabs[0], { key: next });
      expect(document.activeElement, dir).toBe(tabs[1]);
      fireEvent.keyDown(tabs[1], { key: next === "ArrowLeft" ? "ArrowRight" : "ArrowLeft" });
      expect(document.activeElement, dir).toBe(tabs[0]);
      cleanup();
    }
  });
});
