// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Markdown } from "./Markdown.jsx";

afterEach(cleanup);

describe("tenant Markdown", () => {
  it("renders paragraphs, lists, bold and links as elements", () => {
    const { container } = render(
      <Markdown
        text={
          "Intro **bold**.\n\n- **Email:** [help@example.edu](mailto:help@example.edu)\n- two\n\n1. first\n2. second"
        }
      />,
    );
    expect(container.innerHTML).toBe(
      '<div><p>Intro <strong>bold</strong>.</p><ul><li><strong>Email:</strong> <a href="mailto:help@example.edu">help@example.edu</a></li>' +
        "<li>two</li></ul><ol><li>first</li><li>second</li></ol></div>",
    );
  });

  it("keeps HTML as text and drops unsafe link targets", () => {
    const { container } = render(
      <Markdown text={"<img src=x onerror=alert(1)> [x](javascript:alert(1)) [ok](https://example.edu)"} />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelectorAll("a")).toHaveLength(1);
    expect(container.querySelector("a").getAttribute("rel")).toBe("noreferrer");
  });
});
