// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Completion } from "./Completion.jsx";
import { ServicesContext } from "./services.js";

afterEach(cleanup);

function showCompletion(compiled) {
  const app = {
    compiled,
    snapshot: { reference: "IU-2026-000123", web_status: "submitted", submitted_at: "2026-11-26T14:05:00Z" },
    answerStore: { get: () => ({}) },
  };
  render(
    <ServicesContext.Provider value={{ toast: { error: () => {} } }}>
      <MemoryRouter>
        <Completion app={app} onLogout={() => {}} />
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
}

describe("the completion page", () => {
  it("keeps the language switch in its header, as every other page does", () => {
    showCompletion({
      tenant: { name: "Test College" },
      languages: ["en", "es"],
      settings: { language: "es" },
    });
    const nav = screen.getByRole("navigation", { name: "Language" });
    expect([...nav.querySelectorAll("a")].map((link) => link.textContent)).toEqual(["English", "español"]);
    expect(screen.getByRole("link", { name: "español" }).getAttribute("aria-current")).toBe("page");
  });

  it("shows no switch for a form in one language", () => {
    showCompletion({ tenant: { name: "Test College" }, languages: ["en"], settings: { language: "en" } });
    expect(screen.queryByRole("navigation", { name: "Language" })).toBeNull();
  });
});
