// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StaffApp } from "./StaffApp.jsx";
import { queryFromLocation } from "./ApplicationsPage.jsx";
import { formatTime, tokenFromHash } from "./format.js";

const PAGE = {
  items: [
    {
      id: 7,
      reference: "INTL-7K2Q9MXA",
      name: "Mei Chen",
      email: "mei@example.com",
      status: "submitted",
      submitted_at: "2026-03-01T12:00:00Z",
      updated_at: "2026-03-01T12:00:00Z",
      definition_version: "3f2a9c1e77aa",
    },
    {
      id: 8,
      reference: null,
      name: "",
      email: "ada@example.org",
      status: "started",
      submitted_at: null,
      updated_at: "2026-03-02T09:00:00Z",
      definition_version: null,
    },
  ],
  total: 27,
  page: 1,
  per_page: 25,
  pages: 2,
};
const SESSION = { message: "", name: "Admissions office", expires_at: "2026-03-08T12:00:00Z" };

function reply(status, body) {
  return Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) });
}

let calls;
function serve(routes) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url, options = {}) => {
      calls.push({ url, method: options.method, body: options.body });
      for (const [pattern, answer] of routes) {
        if (pattern.test(`${options.method} ${url}`)) return answer(url, options);
      }
      return reply(404, { message: "Not found." });
    }),
  );
}

beforeEach(() => window.history.replaceState(null, "", "/staff"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the staff page", () => {
  it("signs in with the link's token, takes it out of the address, and lists applications", async () => {
    window.history.replaceState(null, "", "/staff#token=staff_abc");
    serve([
      [/^POST \/staff\/api\/session$/, () => reply(200, SESSION)],
      [/^GET \/staff\/api\/applications/, () => reply(200, PAGE)],
    ]);
    render(<StaffApp />);
    expect(await screen.findByText("Mei Chen")).toBeTruthy();
    expect(window.location.hash).toBe("");
    expect(JSON.parse(calls[0].body)).toEqual({ token: "staff_abc" });
    expect(screen.getByText("27 applications")).toBeTruthy();
    expect(screen.getByRole("cell", { name: "Submitted" })).toBeTruthy();
    expect(screen.getByText("Draft (started)")).toBeTruthy();
    expect(screen.getByText("(no name yet)")).toBeTruthy();
    const print = screen.getByRole("link", { name: "Print view of INTL-7K2Q9MXA (opens in a new tab)" });
    expect(print.getAttribute("href")).toBe("/staff/applications/7/print");
    expect(screen.getByText("Page 1 of 2")).toBeTruthy();
    expect(screen.getByText(/Admissions office/)).toBeTruthy();
  });

  it("shows the server's reason when a token is refused, and the sign-in form", async () => {
    window.history.replaceState(null, "", "/staff#token=staff_old");
    serve([
      [/^POST \/staff\/api\/session$/, () => reply(401, { message: "This staff token has been revoked." })],
    ]);
    render(<StaffApp />);
    expect((await screen.findByRole("alert")).textContent).toBe("This staff token has been revoked.");
    expect(screen.getByLabelText("Staff token")).toBeTruthy();
  });

  it("searches and pages through the server, keeping the query in the address", async () => {
    serve([
      [/^GET \/staff\/api\/session$/, () => reply(200, SESSION)],
      [/^GET \/staff\/api\/applications/, () => reply(200, PAGE)],
    ]);
    render(<StaffApp />);
    await screen.findByText("Mei Chen");
    fireEvent.change(screen.getByLabelText("Search by reference, name or e-mail"), {
      target: { value: " chen " },
    });
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "submitted" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(calls.at(-1).url).toBe("/staff/api/applications?q=chen&status=submitted&page=1"),
    );
    expect(window.location.search).toBe("?q=chen&status=submitted");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() =>
      expect(calls.at(-1).url).toBe("/staff/api/applications?q=chen&status=submitted&page=2"),
    );
  });

  it("a 401 while listing goes back to the sign-in form with the reason", async () => {
    serve([
      [/^GET \/staff\/api\/session$/, () => reply(200, SESSION)],
      [
        /^GET \/staff\/api\/applications/,
        () => reply(401, { message: "This staff token expired on 2026-03-08." }),
      ],
    ]);
    render(<StaffApp />);
    expect((await screen.findByRole("alert")).textContent).toBe("This staff token expired on 2026-03-08.");
  });

  it("the PDF button polls until the PDF is ready, then downloads it", async () => {
    let polls = 0;
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, hash: "", search: "", pathname: "/staff" });
    serve([
      [/^GET \/staff\/api\/session$/, () => reply(200, SESSION)],
      [/^GET \/staff\/api\/applications\?/, () => reply(200, PAGE)],
      [
        /^GET \/staff\/api\/applications\/7\/pdf$/,
        () =>
          reply(
            200,
            (polls += 1) < 2
              ? { status: "in_progress", url: "", message: "" }
              : { status: "completed", url: "/dl/7.pdf", message: "" },
          ),
      ],
    ]);
    render(<StaffApp />);
    fireEvent.click(await screen.findByRole("button", { name: "PDF of INTL-7K2Q9MXA" }));
    expect((await screen.findByRole("status")).textContent).toContain("Preparing the PDF of INTL-7K2Q9MXA");
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/dl/7.pdf"), { timeout: 3000 });
  });
});

describe("helpers", () => {
  it("read the token from the fragment, the query from the address, and times in UTC", () => {
    expect(tokenFromHash("#token=staff_a%2Bb")).toBe("staff_a+b");
    expect(tokenFromHash("#other=1")).toBe("");
    expect(queryFromLocation("?q=mei&status=bogus&page=-3")).toEqual({ q: "mei", status: "all", page: 1 });
    expect(formatTime("2026-03-01T12:00:00Z")).toBe("1 Mar 2026, 12:00 UTC");
  });
});
