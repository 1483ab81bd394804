// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Content, fieldType } from "./Content.jsx";

afterEach(cleanup);

describe("Content", () => {
  it("renders the block's markdown", () => {
    render(<Content layout={{ text: "Send scores: **ACT 0772**." }} />);
    expect(screen.getByText("ACT 0772").tagName).toBe("STRONG");
  });

  it("prints as a definition in the print view's list, never a bare paragraph in it", () => {
    const { container } = render(<dl>{fieldType.print({ text: "Send scores." })}</dl>);
    const row = container.querySelector("dl > .print-row");
    expect([...row.children].map((child) => child.tagName)).toEqual(["DD"]);
    expect(row.textContent).toBe("Send scores.");
  });
});
