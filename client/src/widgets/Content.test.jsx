// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Content } from "./Content.jsx";

afterEach(cleanup);

describe("Content", () => {
  it("renders the block's markdown", () => {
    render(<Content layout={{ text: "Send scores: **ACT 0772**." }} />);
    expect(screen.getByText("ACT 0772").tagName).toBe("STRONG");
  });
});
