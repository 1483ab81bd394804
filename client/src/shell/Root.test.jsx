// @vitest-environment jsdom
// The shell's routing rules and the submit flow with the API and the validator replaced by fakes.
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../api/client.js", () => ({
  configureApi: vi.fn(),
  setUnauthorizedHandler: vi.fn(),
  loadTransport: vi.fn(async () => ({})),
  fetchCompiledForm: vi.fn(),
  fetchProfile: vi.fn(),
  fetchTabs: vi.fn(async () => ({})),
  fetchAddAnother: vi.fn(async () => ({})),
  postWebStatus: vi.fn(async () => ({ message: "Status saved." })),
  saveLastPage: vi.fn(async () => ({ message: "Your place has been saved." })),
  saveAnswersCall: vi.fn(async () => ({ message: "Your answers have been saved." })),
  postValidations: vi.fn(async () => ({ message: "Validation results saved." })),
  submitApplicationCall: vi.fn(async () => ({
    message: "Your application was successfully submitted.",
    reference: "INTL-7K2Q9MXA",
    submitted_at: "2026-03-01T14:05:00Z",
  })),
  logout: vi.fn(async () => ({ message: "You have been logged out." })),
  deleteAccount: vi.fn(),
  personalDataState: vi.fn(),
  askPersonalData: vi.fn(),
  fetchTemporaryAnswer: vi.fn(),
  fetchServiceView: vi.fn(),
  // the form's own calls (form/appBridge.js hands them to the widgets)
  putTabs: vi.fn(),
  putAddAnother: vi.fn(),
  documentAnswers: vi.fn(async () => ({})),
  presign: vi.fn(),
  startConversion: vi.fn(),
  conversionStatus: vi.fn(),
  deleteConversion: vi.fn(),
  deleteDocumentAnswer: vi.fn(),
  applicationPdf: vi.fn(),
  lookupFind: vi.fn(),
  lookupDetail: vi.fn(),
}));
vi.mock("../form/validation/validate.js", () => ({ validateAnswers: vi.fn(() => ({})) }));
// How often the shell's navigation renders (it must not follow the answers), and how often it works
// out a page's status.
const renders = vi.hoisted(() => ({ nav: 0, status: 0 }));
vi.mock("./pageStatus.js", async (importOriginal) => {
  const { pageStatus } = await importOriginal();
  return {
    pageStatus: (...args) => {
      renders.status += 1;
      return pageStatus(...args);
    },
  };
});
vi.mock("./Nav.jsx", async (importOriginal) => {
  const { Nav } = await importOriginal();
  return {
    Nav: (props) => {
      renders.nav += 1;
      return Nav(props);
    },
  };
});
vi.mock("../form/FormPage.jsx", async () => {
  const { useAnswers, useApp } = await import("./AppContext.jsx");
  return {
    FormPage: function FakePage({ page }) {
      const app = useApp();
      const firstName = useAnswers((answers) => answers.first_name ?? "");
      return (
        <div>
          <h1>{page.title}</h1>
          <input
            aria-label="First name"
            value={firstName}
            onChange={(event) => app.updateAnswers({ first_name: event.target.value })}
          />
          <button type="button" onClick={() => app.updateAnswers({ first_name: "Ada" })}>
            type
          </button>
          <button
            type="button"
            onClick={async () => {
              const outcome = await app.submitApplication();
              if (outcome === "review") document.title = "review shown";
            }}
          >
            submit
          </button>
          <button type="button" onClick={() => app.submitApplication({ confirmed: true })}>
            confirm
          </button>
          <button
            type="button"
            onClick={() => app.setLeaveHook(async () => app.updateAnswers({ first_name: "Tidied" }))}
          >
            tidy on leave
          </button>
        </div>
      );
    },
  };
});

const api = await import("../api/client.js");
const { validateAnswers } = await import("../form/validation/validate.js");
const { Root } = await import("./Root.jsx");
const { cached, clearSession, peekCached } = await import("./sessionStore.js");
const { flushAnswerWrites } = await import("./answerStore.js");
const { compiledForm } = await import("../test-fixtures.js");

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}
const where = () => screen.getByTestId("where").textContent;
const state = () => JSON.parse(screen.getByTestId("where").dataset.state);

function renderAt(path) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Root />
      <Where />
    </MemoryRouter>,
  );
}

const profile = (changes = {}) => ({
  answer: {},
  document_answer: {},
  username: "ada@example.edu",
  last_page: null,
  successful_login: [{}],
  web_status: [],
  ...changes,
});
const statuses = (...names) => names.map((web_status) => ({ web_status }));

function logInCookie(on) {
  document.cookie = on
    ? "formengine-idp-session=1; path=/"
    : "formengine-idp-session=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT";
  clearSession();
}

beforeEach(() => {
  flushAnswerWrites(); // a queued write of the previous test lands before the storage is cleared
  localStorage.clear();
  vi.clearAllMocks();
  api.fetchCompiledForm.mockResolvedValue({
    ...compiledForm,
    settings: {
      ...compiledForm.settings,
      validation_summary: { title: "We're missing some information!", text: "Fix them." },
    },
    data_model: { first_name: { page: "/about" } },
    banners: {
      welcome: { name_keys: ["first_name"], anonymous: { title: "Hello {name}", text: "Look around." } },
    },
  });
  validateAnswers.mockReturnValue({});
});
afterEach(() => {
  cleanup();
  logInCookie(false);
});

describe("routing rules in the shell", () => {
  it("sends an unknown path to the default route keeping the query string", async () => {
    logInCookie(false);
    renderAt("/nowhere?ref=mail");
    await waitFor(() => expect(where()).toBe("/education?ref=mail"));
  });

  it("starts a logged-in user with no status, and restores the saved last page", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(profile({ last_page: "/final-steps" }));
    renderAt("/education");
    await waitFor(() => expect(where()).toBe("/final-steps"));
    await waitFor(() => expect(api.postWebStatus).toHaveBeenCalledWith("started"));
  });

  it("says on every page that applications are closed when the server says so, and not when open", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(profile({ last_page: "/education", window: "closed" }));
    renderAt("/education");
    expect(await screen.findByText(/Applications are closed\./)).toBeTruthy();
    cleanup();
    clearSession();
    api.fetchProfile.mockResolvedValue(profile({ last_page: "/education", window: "open" }));
    renderAt("/education");
    await waitFor(() => expect(where()).toBe("/education"));
    await waitFor(() => expect(api.fetchProfile).toHaveBeenCalled());
    expect(screen.queryByText(/Applications are/)).toBeNull();
  });

  it("tells a visitor that applications are not open yet from the compiled form's window", async () => {
    logInCookie(false);
    // The compiled form is cached for the whole session (as in the browser): set it there.
    const form = await (peekCached("form") ?? cached("form", api.fetchCompiledForm));
    form.window = { opens: "2999-01-01T00:00:00Z" };
    try {
      renderAt("/education");
      expect(await screen.findByText(/Applications are not open yet\./)).toBeTruthy();
    } finally {
      delete form.window;
    }
  });

  it("forces /completion once submitted; /completion goes to the default route before", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(
      profile({ web_status: statuses("started", "validating", "submitted") }),
    );
    renderAt("/about");
    await waitFor(() => expect(where()).toBe("/completion"));
    cleanup();
    clearSession();
    api.fetchProfile.mockResolvedValue(profile({ web_status: statuses("started") }));
    renderAt("/completion");
    await waitFor(() => expect(where()).toBe("/education"));
  });

  it("sends a visitor who has answered something from the navigation to /signup with the answers", async () => {
    logInCookie(false);
    renderAt("/about");
    fireEvent.click(await screen.findByRole("button", { name: "type" }));
    fireEvent.click(screen.getByRole("link", { name: /ACADEMICS/ }));
    await waitFor(() => expect(where()).toBe("/signup"));
    expect(state()).toEqual({ studentAnswers: { first_name: "Ada" } });
  });

  it("a move whose save fails says so and stays on the page with the answer kept", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(profile({ web_status: statuses("started") }));
    const down = Object.assign(new Error("Service Unavailable"), { status: 503 });
    api.saveAnswersCall.mockRejectedValue(down);
    try {
      renderAt("/about");
      fireEvent.click(await screen.findByRole("button", { name: "type" }));
      fireEvent.click(screen.getByRole("link", { name: /ACADEMICS/ }));
      expect(await screen.findByText("Save Error")).toBeTruthy();
      expect(
        screen.getByText(
          "Your latest answers could not be saved yet. Please check your connection and try again.",
        ),
      ).toBeTruthy();
      expect(where()).toBe("/about");
      expect(screen.getByLabelText("First name").value).toBe("Ada");
    } finally {
      api.saveAnswersCall.mockImplementation(async () => ({ message: "Your answers have been saved." }));
    }
  });

  it("a move runs the page's leave hook first, so what it tidies is saved before the page is left", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(profile({ web_status: statuses("started") }));
    renderAt("/about");
    fireEvent.click(await screen.findByRole("button", { name: "type" }));
    fireEvent.click(screen.getByRole("button", { name: "tidy on leave" }));
    fireEvent.click(screen.getByRole("link", { name: /ACADEMICS/ }));
    await waitFor(() => expect(where()).toBe("/education"));
    expect(api.saveAnswersCall).toHaveBeenLastCalledWith({ first_name: "Tidied" });
  });

  it("a move draws the navigation again without working out every page's status again", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(profile({ web_status: statuses("started") }));
    renderAt("/about");
    await screen.findByRole("button", { name: "type" });
    const nav = renders.nav;
    const worked = renders.status;
    fireEvent.click(screen.getByRole("link", { name: /ACADEMICS/ }));
    await waitFor(() => expect(where()).toBe("/education"));
    expect(screen.getByRole("link", { name: /ACADEMICS/ }).getAttribute("aria-current")).toBe("page");
    expect(renders.nav).toBeGreaterThan(nav);
    expect(renders.status).toBe(worked);
  });

  it("a 401 clears the session and goes to /login with the message", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(profile());
    renderAt("/about");
    await screen.findByRole("heading", { level: 1, name: "About You" });
    const handler = api.setUnauthorizedHandler.mock.calls.at(-1)[0];
    act(() => handler(new Error("401")));
    await waitFor(() => expect(where()).toBe("/login"));
    expect(state().errorMessage).toBe("Your session is invalid. Please clear your cookies and login again.");
  });
});

describe("typing", () => {
  it("a request that answers 401 while the user logs out does not turn the logout into a session error", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(profile());
    let finishLogout;
    api.logout.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          finishLogout = resolve;
        }),
    );
    renderAt("/about");
    await screen.findByRole("heading", { level: 1, name: "About You" });
    const handler = api.setUnauthorizedHandler.mock.calls.at(-1)[0];
    fireEvent.click(screen.getByRole("button", { name: /account/i }));
    fireEvent.click(await screen.findByRole("button", { name: "Log Out" }));
    await waitFor(() => expect(api.logout).toHaveBeenCalled());
    act(() => handler(new Error("401"))); // a save sent before the logout, answered after it
    logInCookie(false);
    await act(async () => finishLogout({ message: "You have been logged out." }));
    act(() => handler(new Error("401"))); // and one answered after the logout
    await waitFor(() => expect(where()).toBe("/login"));
    expect(state()).toEqual({ successMessage: "You have been logged out.", successTitle: "Logged Out" });
  });

  it("a logout the server answers with 401 shows the session error", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(profile());
    const { UnauthorizedError } = await import("../api/errors.js");
    api.logout.mockRejectedValueOnce(
      new UnauthorizedError("Your session is invalid. Please clear your cookies and login again."),
    );
    renderAt("/about");
    await screen.findByRole("heading", { level: 1, name: "About You" });
    fireEvent.click(screen.getByRole("button", { name: /account/i }));
    fireEvent.click(await screen.findByRole("button", { name: "Log Out" }));
    await waitFor(() => expect(where()).toBe("/login"));
    expect(state().errorTitle).toBe("Session Error");
  });

  it("a draft's applicant deletes the account with the password and a confirmation", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(profile());
    const { ApiError } = await import("../api/errors.js");
    api.deleteAccount.mockRejectedValueOnce(
      new ApiError("That password is not right. Your account was not deleted.", 400),
    );
    api.deleteAccount.mockResolvedValueOnce({
      message: "Your account and your unfinished application have been deleted.",
    });
    api.logout.mockClear();
    renderAt("/about");
    await screen.findByRole("heading", { level: 1, name: "About You" });
    fireEvent.click(screen.getByRole("button", { name: /account/i }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }));
    fireEvent.change(screen.getByLabelText("Your password"), { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /will be deleted/ }));
    fireEvent.click(screen.getByRole("button", { name: "Delete my account for good" }));
    expect((await screen.findByRole("alert")).textContent).toContain("not right");
    fireEvent.change(screen.getByLabelText("Your password"), { target: { value: "Correct-Horse-9" } });
    fireEvent.click(screen.getByRole("button", { name: "Delete my account for good" }));
    await waitFor(() => expect(where()).toBe("/login"));
    expect(state()).toEqual({
      successMessage: "Your account and your unfinished application have been deleted.",
      successTitle: "Account deleted",
    });
    expect(api.deleteAccount).toHaveBeenLastCalledWith({ password: "Correct-Horse-9", confirm: true });
    expect(api.logout).not.toHaveBeenCalled();
  });

  it("an applicant asks for their data with the password, sees it prepared, then gets the link", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(profile());
    const { ApiError } = await import("../api/errors.js");
    const copy = { id: 3, done: 0, total: 0, url: null };
    api.personalDataState.mockResolvedValueOnce({ ...copy, id: null, state: "none" });
    api.askPersonalData.mockRejectedValueOnce(new ApiError("That password is not right.", 400));
    api.askPersonalData.mockResolvedValueOnce({ ...copy, state: "queued" });
    api.personalDataState.mockResolvedValueOnce({ ...copy, state: "running", done: 2, total: 5 });
    api.personalDataState.mockResolvedValue({
      ...copy,
      state: "ready",
      done: 5,
      total: 5,
      url: "/api/account/data/3/file",
    });
    renderAt("/about");
    await screen.findByRole("heading", { level: 1, name: "About You" });
    fireEvent.click(screen.getByRole("button", { name: /account/i }));
    fireEvent.click(await screen.findByRole("button", { name: "Download my data" }));
    const password = await screen.findByLabelText("Your password");
    fireEvent.change(password, { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Prepare my data" }));
    expect((await screen.findByRole("alert")).textContent).toBe("That password is not right.");
    fireEvent.change(password, { target: { value: "Correct-Horse-9" } });
    fireEvent.click(screen.getByRole("button", { name: "Prepare my data" }));
    expect(await screen.findByText("Preparing your data: 2 of 5 steps done.")).toBeTruthy();
    const link = await screen.findByRole("link", { name: "Download my data (zip)" }, { timeout: 3000 });
    expect(link.getAttribute("href")).toBe("/api/account/data/3/file");
    expect(api.askPersonalData).toHaveBeenLastCalledWith({ password: "Correct-Horse-9" });
  });

  it("re-renders the page and the welcome banner's name, not the shell's navigation around them", async () => {
    logInCookie(false);
    renderAt("/about");
    const input = await screen.findByRole("textbox", { name: "First name" });
    const before = renders.nav;
    for (const text of ["A", "Ad", "Ada"]) fireEvent.change(input, { target: { value: text } });
    expect(input.value).toBe("Ada");
    expect(document.getElementById("welcome-title").textContent).toBe("Hello Ada");
    expect(renders.nav).toBe(before);
  });

  /** A validating applicant on /about whose only missing answer is the first name: the summary shows. */
  async function openAboutWhileValidating() {
    logInCookie(true);
    validateAnswers.mockImplementation((compiled, answers) =>
      answers.first_name ? {} : { first_name: ["First Name"] },
    );
    api.fetchProfile.mockResolvedValue(profile({ web_status: statuses("started", "validating") }));
    renderAt("/about");
    expect(await screen.findByRole("region", { name: "We're missing some information!" })).toBeTruthy();
  }

  it("while validating, validates after the keystroke (not inside it) and updates the summary", async () => {
    await openAboutWhileValidating();
    const calls = validateAnswers.mock.calls.length;
    fireEvent.change(screen.getByRole("textbox", { name: "First name" }), { target: { value: "A" } });
    await act(async () => {}); // the keystroke's render, effects and promise callbacks: no validation yet
    expect(validateAnswers.mock.calls.length).toBe(calls);
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "We're missing some information!" })).toBeNull(),
    );
    expect(validateAnswers.mock.calls.at(-1)[1].first_name).toBe("A");
  });

  it("while validating, a fast typist's keystrokes are validated once, after the pause", async () => {
    await openAboutWhileValidating();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const calls = validateAnswers.mock.calls.length;
      const input = screen.getByRole("textbox", { name: "First name" });
      for (const value of ["A", "Ad", "Ada", "Ada ", "Ada L", "Ada Lo"]) {
        fireEvent.change(input, { target: { value } });
        await act(async () => vi.advanceTimersByTime(80)); // a key every 80 ms: 480 ms of typing
      }
      expect(validateAnswers.mock.calls.length).toBe(calls);
      await act(async () => vi.advanceTimersByTime(1000));
      expect(validateAnswers.mock.calls.length).toBe(calls + 1);
      expect(validateAnswers.mock.calls.at(-1)[1].first_name).toBe("Ada Lo");
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "We're missing some information!" })).toBeNull(),
    );
  });
});

describe("the submit flow", () => {
  it("moves started to validating, validates, submits, posts submitted and shows the completion page", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(
      profile({ web_status: statuses("started"), answer: { first_name: "Ada" } }),
    );
    renderAt("/final-steps");
    // Nothing blocks it: the answers are shown for review first, nothing is sent yet.
    fireEvent.click(await screen.findByRole("button", { name: "submit" }));
    await waitFor(() => expect(document.title).toBe("review shown"));
    expect(api.submitApplicationCall).not.toHaveBeenCalled();
    expect(where()).toBe("/final-steps");
    fireEvent.click(screen.getByRole("button", { name: "confirm" }));
    await waitFor(() => expect(where()).toBe("/completion"));
    expect(api.saveAnswersCall).toHaveBeenCalledWith({ first_name: "Ada" });
    expect(api.postWebStatus.mock.calls.map((c) => c[0])).toEqual(["validating", "submitted"]);
    expect(api.submitApplicationCall).toHaveBeenCalledTimes(1);
    expect(state()).toEqual({ successMessage: "Your application was successfully submitted." });
    expect(await screen.findByText("Your application was successfully submitted.")).toBeTruthy();
    // The receipt: the reference and the time it was submitted.
    expect(screen.getByText("INTL-7K2Q9MXA")).toBeTruthy();
    expect(document.querySelector("time").getAttribute("datetime")).toBe("2026-03-01T14:05:00Z");
    expect(screen.getByRole("button", { name: "Download the submitted application (PDF)" })).toBeTruthy();
  });

  it("sends the submit only once the server has the validation results (no late post to refuse)", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(profile({ web_status: statuses("started") }));
    let answered;
    api.postValidations.mockImplementation(() => new Promise((resolve) => (answered = resolve)));
    try {
      renderAt("/final-steps");
      fireEvent.click(await screen.findByRole("button", { name: "confirm" }));
      await waitFor(() => expect(api.postValidations).toHaveBeenCalled());
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(api.submitApplicationCall).not.toHaveBeenCalled();
      answered({ message: "Validation results saved." });
      await waitFor(() => expect(where()).toBe("/completion"));
      expect(api.submitApplicationCall).toHaveBeenCalledTimes(1);
    } finally {
      api.postValidations.mockImplementation(async () => ({ message: "Validation results saved." }));
    }
  });

  it("a validations call that arrives after the submit (409) raises no toast", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(profile({ web_status: statuses("started") }));
    const late = Object.assign(new Error("Your application has already been submitted."), { status: 409 });
    api.postValidations.mockRejectedValue(late);
    try {
      renderAt("/final-steps");
      fireEvent.click(await screen.findByRole("button", { name: "confirm" }));
      await waitFor(() => expect(where()).toBe("/completion"));
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.queryByText("Validation Error")).toBeNull();
    } finally {
      api.postValidations.mockImplementation(async () => ({ message: "Validation results saved." }));
    }
  });

  it("submits at once when the tenant turns the review off", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(profile({ web_status: statuses("started") }));
    // The compiled form is cached for the whole session (as in the browser): set it there.
    const form = await (peekCached("form") ?? cached("form", api.fetchCompiledForm));
    form.settings.review_before_submit = false;
    try {
      renderAt("/final-steps");
      fireEvent.click(await screen.findByRole("button", { name: "submit" }));
      await waitFor(() => expect(where()).toBe("/completion"));
      expect(api.submitApplicationCall).toHaveBeenCalledTimes(1);
    } finally {
      delete form.settings.review_before_submit;
    }
  });

  it("with errors, posts them and returns to the default route with the summary", async () => {
    logInCookie(true);
    validateAnswers.mockReturnValue({ first_name: ["First Name"] });
    api.fetchProfile.mockResolvedValue(profile({ web_status: statuses("started") }));
    renderAt("/final-steps");
    fireEvent.click(await screen.findByRole("button", { name: "submit" }));
    await waitFor(() => expect(where()).toBe("/education"));
    expect(api.submitApplicationCall).not.toHaveBeenCalled();
    expect(api.postValidations).toHaveBeenCalledWith({ first_name: ["First Name"] }, null);
    const summary = await screen.findByRole("region", { name: "We're missing some information!" });
    await waitFor(() => expect(document.activeElement).toBe(summary));
  });

  it("clears locally what the server reports it cleared at a save", async () => {
    logInCookie(true);
    api.fetchProfile.mockResolvedValue(
      profile({ web_status: statuses("started"), answer: { first_name: "Ada" } }),
    );
    api.saveAnswersCall.mockResolvedValueOnce({
      message: "Your answers have been saved.",
      cleared: ["first_name"],
    });
    renderAt("/final-steps");
    expect((await screen.findByLabelText("First name")).value).toBe("Ada");
    fireEvent.click(screen.getByRole("button", { name: "submit" }));
    await waitFor(() => expect(screen.getByLabelText("First name").value).toBe(""));
    expect(api.saveAnswersCall).toHaveBeenCalledWith({ first_name: "Ada" });
  });

  it("sends a visitor to /signup with the answers", async () => {
    logInCookie(false);
    renderAt("/final-steps");
    fireEvent.click(await screen.findByRole("button", { name: "type" }));
    fireEvent.click(screen.getByRole("button", { name: "submit" }));
    await waitFor(() => expect(where()).toBe("/signup"));
    expect(state()).toEqual({ studentAnswers: { first_name: "Ada" } });
  });
});
