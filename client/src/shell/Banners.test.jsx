// @vitest-environment jsdom
// What a banner shows of what its tenant wrote (title, text, link) and nothing more.
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { BannerBody, DatedBanners } from "./Banners.jsx";

afterEach(cleanup);

const inRouter = (node) => render(<MemoryRouter>{node}</MemoryRouter>);

describe("banners as the tenant writes them", () => {
  it("shows a dated banner's title and link", () => {
    const banner = {
      id: "deadline",
      title: "Deadline soon",
      text: "Apply by March 1.",
      link: { label: "Start your application", route: "/about" },
      tone: "urgent",
    };
    inRouter(<DatedBanners banners={[banner]} />);
    const note = screen.getByRole("note", { name: "Deadline soon" });
    expect(note.textContent).toContain("Apply by March 1.");
    expect(screen.getByRole("heading", { name: "Deadline soon" }).tagName).toBe("H2");
    expect(screen.getByRole("link", { name: "Start your application" }).getAttribute("href")).toBe("/about");
  });

  it("shows no heading, empty or not, for a banner without a title", () => {
    inRouter(
      <>
        <DatedBanners banners={[{ id: "plain", text: "Offices closed on Friday." }]} />
        <BannerBody banner={{ text: "Welcome back." }} titleId="welcome-title" />
      </>,
    );
    expect(screen.queryByRole("heading")).toBeNull();
    expect(screen.getByRole("note").textContent).toBe("Offices closed on Friday.");
    expect(screen.queryByRole("link")).toBeNull();
  });
});
