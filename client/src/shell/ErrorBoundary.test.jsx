// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyTexts } from "../strings/strings.js";
import { ErrorBoundary } from "./ErrorBoundary.jsx";

vi.mock("../api/client.js", async () => {
  const { applyTexts } = await import("../strings/strings.js");
  return {
    fetchCompiledForm: vi.fn(async () => {
      applyTexts({ shell_error_title: "Un problème est survenu.", shell_error_back: "Retour" });
      return { texts: {} };
    }),
  };
});

afterEach(() => {
  cleanup();
  applyTexts(undefined);
});

function Broken() {
  throw new Error("a page's code could not be loaded");
}

describe("the error screen", () => {
  it("is in the tenant's words even when the error came before the form's texts", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(await screen.findByRole("heading", { name: "Un problème est survenu." })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Retour" }).getAttribute("href")).toBe("/");
  });
});
