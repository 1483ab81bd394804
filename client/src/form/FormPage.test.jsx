// @vitest-environment jsdom
// The renderer against the real compiled international form, inside the shell's AppContext seam.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppContext } from "../shell/AppContext.jsx";
import { FormPage } from "./FormPage.jsx";
import { resetFormApp } from "./appBridge.js";
import { compiledTenant, testApp } from "./testCompiled.js";

// How often a section's layout renders (typing in a text question must not re-render its section),
// and how often a section works out what it shows (its signature).
const renders = vi.hoisted(() => ({ section: 0, signature: 0 }));
vi.mock("./renderModel.js", async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    sectionSignature: (...args) => {
      renders.signature += 1;
      return original.sectionSignature(...args);
    },
  };
});
vi.mock("./PageLayout.jsx", async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    SectionLayout: (props) => {
      renders.section += 1;
      return original.SectionLayout(props);
    },
  };
});

const compiled = compiledTenant("intl_undergrad");
const pageAt = (route) => compiled.pages.find((page) => page.route === route);

afterEach(() => {
  cleanup();
  resetFormApp();
});

/** The page in a context that, as in the shell, stays the same object while the answers change. */
function renderPage(route, { answers = {}, web_status = "started", errors = {}, snapshot = {} } = {}) {
  const app = testApp({
    compiled,
    answers,
    errors,
    snapshot: { is_logged_in: false, is_service_user: false, web_status, ...snapshot },
  });
  render(
    <MemoryRouter initialEntries={[route]}>
      <AppContext.Provider value={app}>
        <FormPage page={pageAt(route)} compiled={compiled} />
      </AppContext.Provider>
    </MemoryRouter>,
  );
  return app;
}

const question = (key) => document.getElementById(key);
const radio = (key, value) => question(key).querySelector(`input[value="${value}"]`);

describe("FormPage", () => {
  it("renders the page title and every section title of the compiled page", () => {
    renderPage("/about");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(pageAt("/about").title);
    expect(screen.getByRole("heading", { name: "Name and Identity" })).toBeTruthy();
  });

  it("once the application window has closed, the draft is read-only and its PDF can still be downloaded", () => {
    renderPage("/about", {
      answers: { first_name: "Ada" },
      snapshot: { is_logged_in: true, window: "closed" },
    });
    const input = question("first_name").querySelector("input");
    expect(input.value).toBe("Ada");
    expect(input.disabled).toBe(true);
    expect(screen.getByRole("button", { name: "Download a PDF copy" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /continue/i })).toBeNull();
  });

  it("typing in a text question re-renders that input, not its section", () => {
    const seen = renderPage("/about", { answers: { first_name: "Ad" } });
    const input = question("first_name").querySelector("input");
    const before = renders.section;
    expect(before).toBeGreaterThan(0);
    act(() => fireEvent.change(input, { target: { value: "Ada" } }));
    act(() => fireEvent.change(input, { target: { value: "Adam" } }));
    expect(input.value).toBe("Adam");
    expect(seen.answers.first_name).toBe("Adam");
    expect(renders.section).toBe(before);
    // A change from elsewhere (answers restored by the shell) reaches the input too.
    act(() => seen.updateAnswers({ first_name: "Zoë" }));
    expect(input.value).toBe("Zoë");
    // A change that shows a question still re-renders the section.
    act(() =>
      fireEvent.change(question("gender").querySelector("select"), {
        target: { value: question("gender").querySelectorAll("option")[1].value },
      }),
    );
    expect(renders.section).toBeGreaterThan(before);
  });

  it("a change the page does not show (the session after a move, a save's state) redraws none of its sections", () => {
    const app = testApp({ compiled, answers: { first_name: "Ada" } });
    const page = (value) => (
      <MemoryRouter initialEntries={["/about"]}>
        <AppContext.Provider value={value}>
          <FormPage page={pageAt("/about")} compiled={compiled} />
        </AppContext.Provider>
      </MemoryRouter>
    );
    const { rerender } = render(page(app));
    const before = renders.signature;
    expect(before).toBeGreaterThan(0);
    const moved = { ...app, snapshot: { ...app.snapshot, has_changed_page: true, last_page: "/about" } };
    rerender(page(moved));
    expect(renders.signature).toBe(before);
    expect(question("first_name").querySelector("input").value).toBe("Ada");
    // A change it shows still reaches its section.
    act(() => app.updateAnswers({ first_name: "Zoë" }));
    expect(question("first_name").querySelector("input").value).toBe("Zoë");
    expect(renders.signature).toBeGreaterThan(before);
  });

  it("typing in a school block's text part re-renders the input; the block's own-entry note still follows", () => {
    const seen = renderPage("/education", { answers: { hs_name: "Lycée Victor Hugo" } });
    const note = () => question("hs_name").closest("[data-block]").querySelector(".block-note");
    expect(note()).toBeTruthy(); // a name without a CEEB code: the applicant's own entry
    const before = renders.section;
    act(() => fireEvent.change(question("hs_city").querySelector("input"), { target: { value: "Paris" } }));
    expect(question("hs_city").querySelector("input").value).toBe("Paris");
    expect(renders.section).toBe(before);
    act(() => fireEvent.change(question("hs_ceeb").querySelector("input"), { target: { value: "123456" } }));
    expect(seen.answers.hs_ceeb).toBe("123456");
    expect(note()).toBeNull();
  });

  it("a hidden section clears its keys, once the applicant agrees", async () => {
    const seen = renderPage("/about", {
      answers: { mailing_addr_same_as_perm_addr: "N", mailing_city: "Lyon" },
    });
    expect(question("mailing_city").querySelector("input").value).toBe("Lyon");
    act(() => fireEvent.click(radio("mailing_addr_same_as_perm_addr", "Y")));
    // It asks first, naming what goes; "Keep my answers" changes nothing.
    const ask = screen.getByRole("dialog", { name: "Clear these answers?" });
    expect(
      within(ask)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toContain("City");
    act(() => fireEvent.click(within(ask).getByRole("button", { name: "Keep my answers" })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(seen.answers.mailing_city).toBe("Lyon");
    expect(seen.answers.mailing_addr_same_as_perm_addr).toBe("N");
    expect(question("mailing_city").querySelector("input").value).toBe("Lyon");
    act(() => fireEvent.click(radio("mailing_addr_same_as_perm_addr", "Y")));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Clear answers" })));
    expect(question("mailing_city")).toBeNull();
    expect(seen.answers.mailing_city).toBe("");
    expect(seen.answers.mailing_addr_same_as_perm_addr_desc).toBe("Yes");
  });

  it("a section without a title whose questions are all hidden shows no empty card", () => {
    renderPage("/about");
    expect(question("citizen_birth_country")).toBeNull();
    expect(document.getElementById("section-citizenship_background")).toBeNull();
    cleanup();
    renderPage("/about", { answers: { citizenship_type: "4" } });
    expect(document.getElementById("section-citizenship_background")).toBeTruthy();
  });

  it("a condition group keeps only its first true branch", async () => {
    const seen = renderPage("/about", { answers: { citizenship_type: "2", citizen_dual_country: "FRA" } });
    expect(question("citizen_dual_country")).toBeTruthy();
    expect(question("citizenship")).toBeNull();
    act(() => fireEvent.click(radio("citizenship_type", "4")));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Clear answers" })));
    expect(question("citizen_dual_country")).toBeNull();
    expect(question("citizenship")).toBeTruthy();
    expect(seen.answers.citizen_dual_country).toBe("");
  });

  it("changing a conditional dropdown's controller clears it and its _desc", () => {
    const seen = renderPage("/about", { answers: { country: "USA", state: "CA", state_desc: "California" } });
    act(() => fireEvent.change(question("country").querySelector("select"), { target: { value: "CAN" } }));
    expect(seen.answers).toMatchObject({ country: "CAN", country_desc: "Canada", state: "", state_desc: "" });
    act(() => fireEvent.change(question("country").querySelector("select"), { target: { value: "FRA" } }));
    expect(question("state")).toBeNull(); // France has no state list
  });

  it("a confirm-to-continue button shows the section once clicked", () => {
    const seen = renderPage("/education");
    const section = pageAt("/education").sections.find((s) => s.confirm?.kind === "button");
    const box = document.getElementById(`section-${section.id}`);
    act(() => fireEvent.click(within(box).getByRole("button", { name: section.confirm.label })));
    expect(seen.answers[section.confirm.key]).toBe(true);
    expect(box.textContent).toContain(section.confirm.after.slice(0, 30));
  });

  it("a confirm checkbox shows its after text once checked", () => {
    renderPage("/final-steps");
    const section = pageAt("/final-steps").sections.find((s) => s.confirm?.kind === "checkbox");
    expect(screen.queryByText(section.confirm.after)).toBeNull();
    act(() => fireEvent.click(screen.getByLabelText(section.confirm.label)));
    expect(screen.getByText(section.confirm.after)).toBeTruthy();
  });

  it("shows field errors only while the status is validating", () => {
    const errors = { conviction: ["Have you ever been convicted of a felony?"] };
    renderPage("/final-steps", { errors, web_status: "started" });
    expect(question("conviction").querySelector(".field-errors")).toBeNull();
    cleanup();
    renderPage("/final-steps", { errors, web_status: "validating" });
    expect(question("conviction").querySelector(".field-errors").textContent).toBe(errors.conviction[0]);
  });

  it("a #key in the location focuses that question", async () => {
    function At() {
      return <FormPage page={pageAt("/final-steps")} compiled={compiled} />;
    }
    const app = testApp({ compiled, snapshot: { web_status: "validating" } });
    render(
      <MemoryRouter initialEntries={["/final-steps#suspended"]}>
        <AppContext.Provider value={app}>
          <At />
        </AppContext.Provider>
      </MemoryRouter>,
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 80)));
    expect(document.activeElement.closest("[id='suspended']")).toBeTruthy();
  });
});
