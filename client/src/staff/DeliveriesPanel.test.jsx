// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StaffApp } from "./StaffApp.jsx";
import { undeliveredText } from "./DeliveriesPanel.jsx";

const ROW = {
  id: 7,
  reference: "INTL-7K2Q9MXA",
  name: "Mei Chen",
  email: "mei@example.com",
  status: "submitted",
  submitted_at: "2026-03-01T12:00:00Z",
  updated_at: "2026-03-01T12:00:00Z",
  definition_version: "3f2a9c1e77aa",
};
const SESSION = {
  message: "",
  kind: "staff",
  name: "Eve",
  email: "eve@example.edu",
  expires_at: "2026-03-08T12:00:00Z",
};
const DELIVERIES = [
  {
    kind: "webhook",
    target: "https://sis.example.edu/hook",
    state: "failed",
    attempts: 8,
    last_error: "HTTP 503",
    next_attempt_at: null,
    delivered_at: null,
  },
  {
    kind: "email",
    target: "admissions@example.edu",
    state: "delivered",
    attempts: 1,
    last_error: null,
    next_attempt_at: null,
    delivered_at: "2026-03-01T12:01:00Z",
  },
];

const reply = (status, body) =>
  Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) });
let calls;

function serve(role, deliveries) {
  calls = [];
  let failed = 1;
  vi.stubGlobal(
    "fetch",
    vi.fn((url, options = {}) => {
      calls.push(`${options.method} ${url}`);
      if (url === "/staff/api/session") return reply(200, { ...SESSION, role });
      if (url.startsWith("/staff/api/applications?")) {
        const row = { ...ROW, deliveries: deliveries && { failed, pending: 1 - failed } };
        return reply(200, { items: [row], total: 1, page: 1, per_page: 25, pages: 1 });
      }
      if (url === "/staff/api/applications/7/deliveries" && options.method === "POST") {
        failed = 0;
        return reply(200, { message: "1 delivery(ies) queued again." });
      }
      if (url === "/staff/api/applications/7/deliveries") return reply(200, { items: DELIVERIES });
      return reply(404, { message: "Not found." });
    }),
  );
}

beforeEach(() => window.history.replaceState(null, "", "/staff"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("deliveries on the staff page", () => {
  it("an exporter sees what was not delivered, opens the deliveries and sends them again", async () => {
    serve("exporter", true);
    render(<StaffApp />);
    expect(await screen.findByRole("cell", { name: "1 failed" })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Not delivered" })).toBeTruthy();
    const opener = screen.getByRole("button", { name: "Deliveries of INTL-7K2Q9MXA" });
    fireEvent.click(opener);
    const heading = await screen.findByRole("heading", { name: "Deliveries of INTL-7K2Q9MXA" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((await screen.findByText(/HTTP 503/)).textContent).toContain("HTTP 503");
    expect(screen.getByText("Failed")).toBeTruthy();
    expect(screen.getByText("Delivered")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send again" }));
    expect(await screen.findByText("1 delivery(ies) queued again.")).toBeTruthy();
    expect(await screen.findByRole("cell", { name: "1 pending" })).toBeTruthy(); // the list asked again
    expect(calls).toContain("POST /staff/api/applications/7/deliveries");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("heading", { name: "Deliveries of INTL-7K2Q9MXA" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Deliveries of INTL-7K2Q9MXA" }));
  });

  it("a reader sees no delivery column and no deliveries button", async () => {
    serve("reader", false);
    render(<StaffApp />);
    await screen.findByText("Mei Chen");
    expect(screen.queryByRole("columnheader", { name: "Not delivered" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Deliveries of/ })).toBeNull();
  });

  it("says what is left to deliver in a few words", () => {
    expect(undeliveredText({ failed: 2, pending: 1 })).toBe("2 failed, 1 pending");
    expect(undeliveredText({ failed: 0, pending: 0 })).toBe("");
    expect(undeliveredText(null)).toBe("");
  });
});
