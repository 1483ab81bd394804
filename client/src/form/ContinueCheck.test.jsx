// @vitest-environment jsdom
// Continue checks the page it leaves: its problems are shown, in the tenant's words, with the
// words saying the applicant may still go on; Continue again goes on.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppContext } from "../shell/AppContext.jsx";
import { FormPage } from "./FormPage.jsx";
import { formApp, resetFormApp } from "./appBridge.js";
import { compiledTenant, scholarshipApplicantAnswers, testApp } from "./testCompiled.js";
import { validateAnswers } from "./validation/validate.js";

const compiled = compiledTenant("example_scholarship");
const applicant = compiled.pages.find((page) => page.route === "/applicant");
const RIGHT = scholarshipApplicantAnswers();

beforeEach(() => {
  resetFormApp();
  formApp().set({ owner: "", extrasLoaded: true, addAnother: {}, tabs: {}, documents: {}, conversions: {} });
});
afterEach(cleanup);

function renderApplicant(answers) {
  const saves = [];
  const app = testApp({
    compiled,
    answers,
    snapshot: { is_logged_in: true, web_status: "started" },
    saveAnswers: async (partial, options) => {
      saves.push(options?.targetRoute ?? null);
      return true;
    },
  });
  app.runValidations = async ({ routes }) => validateAnswers(compiled, app.answerStore.get(), { routes });
  render(
    <MemoryRouter initialEntries={["/applicant"]}>
      <AppContext.Provider value={app}>
        <FormPage page={applicant} compiled={compiled} />
      </AppContext.Provider>
    </MemoryRouter>,
  );
  return saves;
}

const continueButton = () => screen.getByRole("button", { name: compiled.texts.form_continue });

describe("Continue checks the page it leaves", () => {
  it("shows the page's problems and that the applicant may go on, then goes on when asked again", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const saves = renderApplicant({ ...RIGHT, applicant_dob: today });
    await act(async () => fireEvent.click(continueButton()));
    const notice = screen.getByRole("alert");
    expect(notice.textContent).toBe(
      `${compiled.texts.form_page_problems_title} ${compiled.texts.form_page_problems_text}`,
    );
    // The problem is on its question, which takes focus (its message read with it).
    const question = document.getElementById("applicant_dob");
    expect(question.textContent).toContain("Applicants must be at least 16 years old.");
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
    expect(question.contains(document.activeElement)).toBe(true);
    expect(saves).toEqual([null]); // saved, not moved
    await act(async () => fireEvent.click(continueButton()));
    expect(saves).toEqual([null, "/statement"]);
  });

  it("goes straight on from a page without problems", async () => {
    const saves = renderApplicant(RIGHT);
    await act(async () => fireEvent.click(continueButton()));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(saves).toEqual(["/statement"]);
  });
});
