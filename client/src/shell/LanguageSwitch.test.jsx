// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LanguageSwitch } from "./LanguageSwitch.jsx";

const form = (languages, language) => ({ languages, settings: { language } });

describe("the language switch", () => {
  afterEach(cleanup);

  it("names each language in its own words and marks the current one", () => {
    render(<LanguageSwitch compiled={form(["en", "fr", "es"], "fr")} />);
    const nav = screen.getByRole("navigation", { name: "Language" });
    const links = [...nav.querySelectorAll("a")];
    expect(links.map((link) => link.textContent)).toEqual(["English", "français", "español"]);
    expect(links.map((link) => link.getAttribute("lang"))).toEqual(["en", "fr", "es"]);
    expect(screen.getByRole("link", { name: "français" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "English" }).getAttribute("aria-current")).toBe("false");
  });

  it("is not shown for a form in one language", () => {
    const { container } = render(<LanguageSwitch compiled={form(["en"], "en")} />);
    expect(container.innerHTML).toBe("");
  });

  it("links to this page in the language, and names a language CLDR does not know by its tag", () => {
    render(<LanguageSwitch compiled={form(["en", "fr", "qaa"], "en")} />);
    expect(screen.getByRole("link", { name: "français" }).getAttribute("href")).toBe("?lang=fr");
    expect(screen.getByRole("link", { name: "qaa" }).getAttribute("href")).toBe("?lang=qaa");
  });
});
