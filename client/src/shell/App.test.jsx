// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "./App.jsx";
import { ApiError } from "../api/errors.js";
import { compiledForm } from "../test-fixtures.js";

afterEach(cleanup);

function Where() {
  return <span data-testid="location">{useLocation().pathname}</span>;
}

function renderApp(loadForm, path = "/about") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App loadForm={loadForm} />
      <Where />
    </MemoryRouter>,
  );
}

function deferred() {
  let resolve, reject;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("App", () => {
  it("shows a loading state, then the tenant name and the numbered page navigation", async () => {
    const pending = deferred();
    renderApp(() => pending.promise);
    expect(screen.getByRole("status").textContent).toContain("Loading");

    await act(async () => pending.resolve(compiledForm));

    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByText("Example College")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Application sections" });
    const items = within(nav).getAllByRole("link");
    expect(items.map((link) => link.textContent)).toEqual(["1About You", "2ACADEMICS", "3FINISH UP"]);
    expect(items.map((link) => link.getAttribute("href"))).toEqual(["/about", "/education", "/final-steps"]);
    expect(items[0].getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("About You");
  });

  it("moves between pages from the navigation", async () => {
    renderApp(async () => compiledForm);
    const academics = await screen.findByRole("link", { name: /ACADEMICS/ });
    fireEvent.click(academics);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Academics");
    expect(screen.getByTestId("location").textContent).toBe("/education");
    expect(academics.getAttribute("aria-current")).toBe("page");
  });

  it("sends an unknown location to the default route", async () => {
    renderApp(async () => compiledForm, "/no-such-page");
    await screen.findByRole("navigation");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/education"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Academics");
  });

  it("shows the server's message when the form cannot be loaded, and tries again on request", async () => {
    const loadForm = vi
      .fn()
      .mockRejectedValueOnce(new ApiError("The form is being updated. Please try again in a minute.", 503))
      .mockResolvedValueOnce(compiledForm);
    renderApp(loadForm);

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The form is being updated. Please try again in a minute.");

    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Example College")).toBeTruthy();
    expect(loadForm).toHaveBeenCalledTimes(2);
  });
});
