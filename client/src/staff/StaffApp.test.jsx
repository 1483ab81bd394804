// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StaffApp } from "./StaffApp.jsx";
import { queryFromLocation } from "./SearchForm.jsx";
import { atLeast, formatTime } from "./format.js";

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
  dates: { date_style: "long", time_zone: "America/Chicago" },
};
const SESSION = {
  message: "",
  kind: "staff",
  name: "Rita",
  email: "rita@example.edu",
  role: "reader",
  expires_at: "2026-03-08T12:00:00Z",
};
const MEMBER = {
  id: 4,
  email: "rita@example.edu",
  name: "Rita",
  roles: ["reader"],
  local: true,
  last_sign_in_at: null,
  disabled: false,
};
const AUDIT = {
  items: [
    {
      id: 3,
      at: "2026-03-01T12:00:00Z",
      actor: { kind: "staff", id: 1, label: "rita@example.edu" },
      action: "pdf_download",
      application_id: 7,
      reference: "INTL-7K2Q9MXA",
      ip: "10.0.0.5",
      user_agent: "Browser",
      detail: null,
    },
  ],
};

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
  it("signs in with e-mail, password and code, and lists applications", async () => {
    serve([
      [/^GET \/staff\/api\/session$/, () => reply(401, { message: "Sign in as staff to continue." })],
      [/^POST \/staff\/api\/session$/, () => reply(200, SESSION)],
      [/^GET \/staff\/api\/applications/, () => reply(200, PAGE)],
    ]);
    render(<StaffApp />);
    fireEvent.change(await screen.findByLabelText("E-mail address"), {
      target: { value: " rita@example.edu " },
    });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "pw" } });
    fireEvent.change(screen.getByLabelText("Authenticator code"), { target: { value: "123456" } });
    expect(screen.queryByRole("alert")).toBeNull(); // "Sign in" is no error
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Mei Chen")).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === "POST").body)).toEqual({
      email: "rita@example.edu",
      password: "pw",
      code: "123456",
    });
    expect(screen.getByText("27 applications")).toBeTruthy();
    expect(screen.getByRole("cell", { name: "Submitted" })).toBeTruthy();
    // In the form's date style and time zone, as the PDF says it; UTC on hover.
    const submitted = screen.getByText("March 1, 2026 at 6:00 AM CST");
    expect(submitted.getAttribute("title")).toBe("March 1, 2026 at 12:00 PM UTC");
    expect(screen.getByText("Draft (started)")).toBeTruthy();
    expect(screen.getByText("(no name yet)")).toBeTruthy();
    const print = screen.getByRole("link", { name: "Print view of INTL-7K2Q9MXA (opens in a new tab)" });
    expect(print.getAttribute("href")).toBe("/staff/applications/7/print");
    expect(screen.getByText("Page 1 of 2")).toBeTruthy();
    expect(screen.getByText(/rita@example.edu · reader/)).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Export" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Audit trail" })).toBeNull();
  });

  it("offers the institution's sign-in when configured, and ends its session on sign-out", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, hash: "", search: "", pathname: "/staff" });
    let signedIn = true;
    serve([
      [
        /^GET \/staff\/api\/session$/,
        () => (signedIn ? reply(200, SESSION) : reply(401, { message: "Sign in" })),
      ],
      [/^GET \/staff\/api\/applications/, () => reply(200, PAGE)],
      [/^GET \/staff\/api\/sign-in-options$/, () => reply(200, { local: true, oidc: true })],
      [
        /^DELETE \/staff\/api\/session$/,
        () => {
          signedIn = false;
          return reply(200, { message: "Signed out.", logout_url: "https://idp.example/logout?x=1" });
        },
      ],
    ]);
    render(<StaffApp />);
    fireEvent.click(await screen.findByRole("button", { name: "Sign out" }));
    const link = await screen.findByRole("link", { name: "Sign in with your institution’s account" });
    expect(link.getAttribute("href")).toBe("/staff/oidc/login");
    expect(assign).toHaveBeenCalledWith("https://idp.example/logout?x=1");
  });

  it("shows the server's reason when a sign-in is refused", async () => {
    serve([
      [/^GET \/staff\/api\/session$/, () => reply(401, { message: "Sign in as staff to continue." })],
      [/^POST \/staff\/api\/session$/, () => reply(401, { message: "The code was used already." })],
    ]);
    render(<StaffApp />);
    fireEvent.change(await screen.findByLabelText("E-mail address"), { target: { value: "a@b.edu" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "pw" } });
    fireEvent.change(screen.getByLabelText("Authenticator code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The code was used already.");
    expect(screen.getByLabelText("Authenticator code").value).toBe("");
  });

  it("an exporter gets the export links; an administrator the audit trail", async () => {
    serve([
      [/^GET \/staff\/api\/session$/, () => reply(200, { ...SESSION, role: "administrator" })],
      [/^GET \/staff\/api\/applications/, () => reply(200, PAGE)],
      [/^GET \/staff\/api\/audit/, () => reply(200, AUDIT)],
      [/^GET \/staff\/api\/members$/, () => reply(200, { items: [MEMBER] })],
      [
        /^PUT \/staff\/api\/members\/4$/,
        (_url, options) => reply(200, { ...MEMBER, ...JSON.parse(options.body), roles: ["exporter"] }),
      ],
    ]);
    render(<StaffApp />);
    expect(await screen.findByText("Downloaded the PDF")).toBeTruthy();
    fireEvent.change(await screen.findByLabelText("Role of rita@example.edu"), {
      target: { value: "exporter" },
    });
    expect(await screen.findByText("rita@example.edu is now exporter.")).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === "PUT").body)).toEqual({ roles: ["exporter"] });
    expect(screen.getByRole("cell", { name: "INTL-7K2Q9MXA" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "CSV (one row per application)" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Staff e-mail"), { target: { value: " rita@example.edu " } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() =>
      expect(calls.at(-1).url).toBe("/staff/api/audit?reference=&staff=rita%40example.edu&limit=100"),
    );
  });

  it("an exporter runs an export: the worker's progress, then one download", async () => {
    const JOB = { id: 7, done: 0, total: 0, message: null, file_name: null, file_size: null, url: null };
    const states = [
      { ...JOB, state: "running", done: 2, total: 5 },
      {
        ...JOB,
        state: "ready",
        done: 5,
        total: 5,
        file_name: "applications.json",
        url: "/staff/api/exports/7/file",
      },
    ];
    serve([
      [/^GET \/staff\/api\/session$/, () => reply(200, { ...SESSION, role: "exporter" })],
      [/^GET \/staff\/api\/applications/, () => reply(200, PAGE)],
      [/^POST \/staff\/api\/exports$/, () => reply(202, { ...JOB, state: "queued" })],
      [/^GET \/staff\/api\/exports\/7$/, () => reply(200, states.shift())],
    ]);
    render(<StaffApp />);
    fireEvent.change(await screen.findByLabelText("Applications", { selector: "#export-status" }), {
      target: { value: "all" },
    });
    fireEvent.click(screen.getByRole("button", { name: "JSON" }));
    expect(await screen.findByText("Waiting for a worker…")).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === "POST").body)).toEqual({
      format: "json",
      status: "all",
      labels: false,
    });
    expect(screen.getByRole("button", { name: "CSV (one row per application)" }).disabled).toBe(true);
    expect(
      await screen.findByText("Writing the export: 2 of 5 application(s).", {}, { timeout: 3000 }),
    ).toBeTruthy();
    const link = await screen.findByRole("link", { name: "Download applications.json" }, { timeout: 3000 });
    expect(link.getAttribute("href")).toBe("/staff/api/exports/7/file");
    fireEvent.click(link);
    expect(screen.getByText(/^Downloaded\. Each export is downloaded once/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Download applications.json" })).toBeNull();
  });

  it("an administrator erases an applicant after typing the reference again", async () => {
    const REPORT = {
      done: true,
      reference: "INTL-7K2Q9MXA",
      stores: [
        { store: "database", removed: 12, left: [] },
        { store: "storage", removed: 3, left: [] },
      ],
    };
    serve([
      [/^GET \/staff\/api\/session$/, () => reply(200, { ...SESSION, role: "administrator" })],
      [/^GET \/staff\/api\/applications/, () => reply(200, PAGE)],
      [/^GET \/staff\/api\/audit/, () => reply(200, AUDIT)],
      [/^GET \/staff\/api\/members$/, () => reply(200, { items: [MEMBER] })],
      [
        /^POST \/staff\/api\/erasures$/,
        (_url, options) =>
          JSON.parse(options.body).confirm === "INTL-7K2Q9MXA"
            ? reply(200, REPORT)
            : reply(400, {
                message: "Type the reference or e-mail address again, exactly, to confirm the erasure.",
              }),
      ],
    ]);
    render(<StaffApp />);
    fireEvent.change(await screen.findByLabelText("Reference, or e-mail address for a draft"), {
      target: { value: "INTL-7K2Q9MXA" },
    });
    fireEvent.change(screen.getByLabelText("Type it again to confirm"), {
      target: { value: "INTL-7K2Q9MX" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Erase" }));
    expect((await screen.findByRole("alert")).textContent).toContain("exactly");
    fireEvent.change(screen.getByLabelText("Type it again to confirm"), {
      target: { value: "INTL-7K2Q9MXA" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Erase" }));
    expect(await screen.findByText("Erased INTL-7K2Q9MXA from every store.")).toBeTruthy();
    expect(screen.getByText("storage: 3 removed")).toBeTruthy();
    expect(JSON.parse(calls.at(-1).body)).toEqual({ whom: "INTL-7K2Q9MXA", confirm: "INTL-7K2Q9MXA" });
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

  it("filters by words in the answers, version and submission days; Enter searches, Clear empties", async () => {
    serve([
      [/^GET \/staff\/api\/session$/, () => reply(200, SESSION)],
      [/^GET \/staff\/api\/applications/, () => reply(200, PAGE)],
    ]);
    render(<StaffApp />);
    await screen.findByText("Mei Chen");
    const answers = screen.getByRole("searchbox", { name: "Search the answers" });
    expect(answers.getAttribute("aria-describedby")).toBe("staff-answers-hint");
    expect(screen.getByText("A city, a school, a country…").id).toBe("staff-answers-hint");
    fireEvent.change(answers, { target: { value: " Toronto " } });
    fireEvent.change(screen.getByLabelText("Version"), { target: { value: "3f2a9c1e" } });
    const group = screen.getByRole("group", { name: "Submitted between" });
    fireEvent.change(within(group).getByLabelText("From"), { target: { value: "2026-03-01" } });
    fireEvent.change(within(group).getByLabelText("Until"), { target: { value: "2026-03-31" } });
    expect(within(group).getByLabelText("From").getAttribute("max")).toBe("2026-03-31");
    fireEvent.submit(answers.closest("form")); // Enter in any field
    await waitFor(() =>
      expect(calls.at(-1).url).toBe(
        "/staff/api/applications?q=&answers=Toronto&status=all&version=3f2a9c1e" +
          "&submitted_from=2026-03-01&submitted_to=2026-03-31&page=1",
      ),
    );
    expect(window.location.search).toBe("?answers=Toronto&version=3f2a9c1e&from=2026-03-01&to=2026-03-31");
    expect(
      await screen.findByText(
        "27 applications matching answers with “Toronto”, version 3f2a9c1e, " +
          "submitted from 2026-03-01, submitted until 2026-03-31",
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(calls.at(-1).url).toBe("/staff/api/applications?q=&status=all&page=1"));
    expect(window.location.search).toBe("");
    expect(screen.getByRole("searchbox", { name: "Search the answers" }).value).toBe("");
  });

  it("a form in several languages: each row's language in the staff's words, and a filter by it", async () => {
    const several = {
      ...PAGE,
      languages: ["en", "fr"],
      items: [
        { ...PAGE.items[0], language: "fr" },
        { ...PAGE.items[1], language: null },
      ],
    };
    serve([
      [/^GET \/staff\/api\/session$/, () => reply(200, SESSION)],
      [/^GET \/staff\/api\/applications/, () => reply(200, several)],
    ]);
    render(<StaffApp />);
    await screen.findByText("Mei Chen");
    expect(screen.getByRole("columnheader", { name: "Language" })).toBeTruthy();
    const row = screen.getByRole("row", { name: /Mei Chen/ });
    expect(within(row).getByRole("cell", { name: "French" })).toBeTruthy();
    const filter = screen.getByLabelText("Language");
    expect([...filter.options].map((option) => option.textContent)).toEqual(["All", "English", "French"]);
    fireEvent.change(filter, { target: { value: "fr" } });
    fireEvent.submit(filter.closest("form"));
    await waitFor(() =>
      expect(calls.at(-1).url).toBe("/staff/api/applications?q=&status=all&language=fr&page=1"),
    );
    expect(window.location.search).toBe("?language=fr");
    expect(await screen.findByText("27 applications matching in French")).toBeTruthy();
  });

  it("a form in one language shows no language column nor filter", async () => {
    serve([
      [/^GET \/staff\/api\/session$/, () => reply(200, SESSION)],
      [/^GET \/staff\/api\/applications/, () => reply(200, { ...PAGE, languages: ["en"] })],
    ]);
    render(<StaffApp />);
    await screen.findByText("Mei Chen");
    expect(screen.queryByRole("columnheader", { name: "Language" })).toBeNull();
    expect(screen.queryByLabelText("Language")).toBeNull();
  });

  it("a 401 while listing goes back to the sign-in form with the reason", async () => {
    serve([
      [/^GET \/staff\/api\/session$/, () => reply(200, SESSION)],
      [
        /^GET \/staff\/api\/applications/,
        () => reply(401, { message: "Your staff session has ended. Sign in again." }),
      ],
    ]);
    render(<StaffApp />);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Your staff session has ended. Sign in again.",
    );
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
  it("compare roles, read the query from the address, and times in UTC", () => {
    expect(atLeast("administrator", "exporter")).toBe(true);
    expect(atLeast("reader", "exporter")).toBe(false);
    expect(
      queryFromLocation("?q=mei&status=bogus&page=-3&from=yesterday&to=2026-03-01&language=%3Cscript%3E"),
    ).toEqual({
      q: "mei",
      answers: "",
      status: "all",
      version: "",
      from: "",
      to: "2026-03-01",
      language: "",
      page: 1,
    });
    expect(queryFromLocation("?language=pt-BR").language).toBe("pt-BR");
    expect(formatTime("2026-03-01T12:00:00Z")).toBe("1 Mar 2026, 12:00 UTC");
  });
});
