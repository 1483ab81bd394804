// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Markdown } from "./Markdown.jsx";
import { Markdown as Shim } from "./markdown.js";

afterEach(cleanup);

describe("the form's markdown", () => {
  it("renders paragraphs, lists, emphasis, code and safe links as elements", () => {
    const text =
      "Intro with **bold**, *em* and `code`.\nSame paragraph.\n\n- one\n- [two](mailto:a@b.org)\n\n1. first\n2. second\n\n## Heading";
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelectorAll("p").length).toBe(1);
    expect(container.querySelector("p").textContent).toBe("Intro with bold, em and code. Same paragraph.");
    expect(container.querySelector("strong").textContent).toBe("bold");
    expect(container.querySelector("em").textContent).toBe("em");
    expect(container.querySelectorAll("ul li").length).toBe(2);
    expect(container.querySelector("ul a").getAttribute("href")).toBe("mailto:a@b.org");
    expect(container.querySelectorAll("ol li").length).toBe(2);
    expect(container.querySelector("h4").textContent).toBe("Heading");
  });

  it("never renders HTML or unsafe link targets", () => {
    const { container } = render(<Markdown text={"<img src=x onerror=alert(1)> [x](javascript:alert(1))"} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("a")).toBeNull();
    expect(container.textContent).toContain("<img src=x onerror=alert(1)>");
  });

  it("renders the tenant's footer and modal texts: paragraphs, lists, bold and links as elements", () => {
    const { container } = render(
      <Markdown
        text={
          "Intro **bold**.\n\n- **Email:** [help@example.edu](mailto:help@example.edu)\n- two\n\n1. first\n2. second"
        }
      />,
    );
    expect(container.innerHTML).toBe(
      '<div class="markdown"><p>Intro <strong>bold</strong>.</p><ul><li><strong>Email:</strong> ' +
        '<a href="mailto:help@example.edu">help@example.edu</a></li>' +
        "<li>two</li></ul><ol><li>first</li><li>second</li></ol></div>",
    );
  });

  it("opens outside links in a new tab without giving them this page", () => {
    const { container } = render(<Markdown text="[ok](https://example.edu) and [x](javascript:alert(1))" />);
    expect(container.querySelectorAll("a")).toHaveLength(1);
    expect(container.querySelector("a").getAttribute("target")).toBe("_blank");
    expect(container.querySelector("a").getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("stands in for markdown-to-jsx's component (children, options.wrapper)", () => {
    const { container } = render(<Shim options={{ wrapper: "section" }}>{"Hello **you**"}</Shim>);
    expect(container.querySelector("section strong").textContent).toBe("you");
  });
});
