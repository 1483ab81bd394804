// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { InfoModals } from "./InfoModals.jsx";
import { Content } from "./Content.jsx";

afterEach(cleanup);
const COMPILED = {
  modals: {
    help: { title: "Technical Help", body: "Write to [help@example.edu](mailto:help@example.edu)." },
    privacy: { title: "Privacy", body: "**What we collect.** Your answers." },
  },
};

describe("Help and Privacy modals", () => {
  it("open from their buttons with the compiled title and markdown body, and close", () => {
    render(<InfoModals compiled={COMPILED} />);
    fireEvent.click(screen.getByRole("button", { name: "Technical Help" }));
    const dialog = screen.getByRole("dialog", { name: "Technical Help" });
    expect(dialog.querySelector("a[href='mailto:help@example.edu']")).toBeTruthy();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Privacy" }));
    expect(screen.getByRole("dialog", { name: "Privacy" }).querySelector("strong").textContent).toBe(
      "What we collect.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("Content", () => {
  it("renders the block's markdown", () => {
    render(<Content layout={{ text: "Send scores: **ACT 0772**." }} />);
    expect(screen.getByText("ACT 0772").tagName).toBe("STRONG");
  });
});
