// @vitest-environment jsdom
// Tabs and add-another through the page, for a logged-in applicant (their calls mocked).
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppContext } from "../shell/AppContext.jsx";
import { FormPage } from "./FormPage.jsx";
import { api, formApp, resetFormApp } from "./appBridge.js";
import { compiledTenant, testApp } from "./testCompiled.js";

const compiled = compiledTenant("intl_undergrad");
const education = compiled.pages.find((page) => page.route === "/education");
const essay = education.sections.find((section) => section.tabs).tabs;
const [typed, uploaded] = essay.options;
const repeater = education.sections.find((section) => section.add_another).add_another;

beforeEach(() => {
  resetFormApp();
  formApp().set({ owner: "", extrasLoaded: true, addAnother: {}, tabs: {}, documents: {}, conversions: {} });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderEducation(answers = {}) {
  const toasts = [];
  const app = testApp({
    compiled,
    answers,
    snapshot: { is_logged_in: true, web_status: "started" },
    toast: { error: (title, message) => toasts.push([title, message]) },
  });
  render(
    <MemoryRouter initialEntries={["/education"]}>
      <AppContext.Provider value={app}>
        <FormPage page={education} compiled={compiled} />
      </AppContext.Provider>
    </MemoryRouter>,
  );
  return Object.assign(app, { toasts });
}

describe("tabs on the page", () => {
  it("a switch is blocked by the File Upload in Progress modal while a file converts", () => {
    formApp().set({
      tabs: { [essay.id]: uploaded.id },
      conversions: { [uploaded.fields[0].key]: { phase: "converting" } },
    });
    const putTabs = vi.spyOn(api, "putTabs");
    renderEducation();
    fireEvent.click(screen.getByRole("tab", { name: typed.label }));
    const dialog = screen.getByRole("dialog", { name: "File Upload in Progress" });
    expect(dialog.textContent).toContain("Please wait until the file upload has completed.");
    expect(putTabs).not.toHaveBeenCalled();
  });

  it("a switch deletes the tab's file, saves the choice and clears the other tab's answers", async () => {
    formApp().set({
      tabs: { [essay.id]: uploaded.id },
      documents: { [uploaded.fields[0].key]: { file_name: "e.png", file_size: 5 } },
    });
    const deleteConversion = vi.spyOn(api, "deleteConversion").mockResolvedValue({});
    // The typed essay is not saved yet, so the server clears nothing: the page's own rules do.
    const putTabs = vi.spyOn(api, "putTabs").mockResolvedValue({ cleared: [] });
    const seen = renderEducation({ [typed.fields[0].key]: "My essay" });
    await act(async () => fireEvent.click(screen.getByRole("tab", { name: typed.label })));
    // First it asks, naming the document that will go.
    const ask = screen.getByRole("dialog", { name: "Clear these answers?" });
    expect(ask.textContent).toContain(`${uploaded.fields[0].label} (e.png)`);
    expect(deleteConversion).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Clear answers" })));
    expect(deleteConversion).toHaveBeenCalledWith(uploaded.fields[0].key);
    expect(putTabs).toHaveBeenCalledWith(essay.id, typed.id);
    expect(formApp().get().tabs[essay.id]).toBe(typed.id);
    expect(formApp().get().documents).toEqual({});
    await act(async () => fireEvent.click(screen.getByRole("tab", { name: uploaded.label })));
    expect(screen.getByRole("dialog", { name: "Clear these answers?" }).textContent).toContain(
      typed.fields[0].label,
    );
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Clear answers" })));
    expect(seen.answers[typed.fields[0].key]).toBe("");
  }, 20000); // four renders of the whole education page: slow on a busy machine

  it("cancelling the question keeps the tab and every answer", async () => {
    const putTabs = vi.spyOn(api, "putTabs").mockResolvedValue({ cleared: [] });
    const seen = renderEducation({ [typed.fields[0].key]: "My essay" });
    await act(async () => fireEvent.click(screen.getByRole("tab", { name: uploaded.label })));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Keep my answers" })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(putTabs).not.toHaveBeenCalled();
    expect(seen.answers[typed.fields[0].key]).toBe("My essay");
    expect(screen.getByRole("tab", { name: typed.label }).getAttribute("aria-selected")).toBe("true");
  });

  it("a switch with nothing to clear happens without asking", async () => {
    const putTabs = vi.spyOn(api, "putTabs").mockResolvedValue({ cleared: [] });
    renderEducation();
    await act(async () => fireEvent.click(screen.getByRole("tab", { name: uploaded.label })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(putTabs).toHaveBeenCalledWith(essay.id, uploaded.id);
  });

  it("a failed switch raises 'Error handling tabs for {key}'", async () => {
    vi.spyOn(api, "putTabs").mockRejectedValue(new Error("down"));
    vi.spyOn(api, "fetchTabs").mockResolvedValue({});
    vi.spyOn(api, "documentAnswers").mockResolvedValue({});
    const seen = renderEducation();
    await act(async () => fireEvent.click(screen.getByRole("tab", { name: uploaded.label })));
    expect(seen.toasts).toEqual([[`Error handling tabs for ${essay.default}`, undefined]]);
  });
});

describe("add-another on the page", () => {
  it("saves one more and shows it; a failure raises 'Error adding another {key}'", async () => {
    const put = vi
      .spyOn(api, "putAddAnother")
      .mockResolvedValueOnce({})
      .mockRejectedValueOnce(new Error("down"));
    const seen = renderEducation();
    const box = document.querySelector(`[data-add-another="${repeater.id}"]`);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: repeater.label })));
    expect(put).toHaveBeenCalledWith(repeater.id, 2);
    expect(box.querySelectorAll(".instance").length).toBe(2);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: repeater.label })));
    expect(seen.toasts).toEqual([[`Error adding another ${repeater.id}`, undefined]]);
    expect(box.querySelectorAll(".instance").length).toBe(2);
  });

  it("Continue drops the wholly empty later entries: the started ones move up, the count is saved", async () => {
    formApp().set({ addAnother: { [repeater.id]: 4 } });
    const put = vi.spyOn(api, "putAddAnother").mockResolvedValue({ cleared: [] });
    const saveAnswers = vi.fn(async () => true);
    const prefixes = repeater.prefixes;
    const seen = renderEducation({
      [`${prefixes[0]}name`]: "Northview",
      [`${prefixes[2]}name`]: "Lycee du Parc",
      [`${prefixes[2]}city`]: "Lyon",
    });
    seen.saveAnswers = saveAnswers;
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Continue" })));
    // entry 4 (empty, last) goes, then entry 2 (empty): entry 3 moves into its place
    expect(put.mock.calls).toEqual([
      [repeater.id, 3],
      [repeater.id, 2],
    ]);
    expect(seen.answers[`${prefixes[1]}name`]).toBe("Lycee du Parc");
    expect(seen.answers[`${prefixes[1]}city`]).toBe("Lyon");
    expect(seen.answers[`${prefixes[2]}name`] ?? "").toBe("");
    expect(seen.answers[`${prefixes[0]}name`]).toBe("Northview");
    expect(saveAnswers).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull(); // nothing answered is lost: no question
  });

  it("leaving by the navigation drops them too: the page sets the shell's leave hook", async () => {
    formApp().set({ addAnother: { [repeater.id]: 3 } });
    const put = vi.spyOn(api, "putAddAnother").mockResolvedValue({ cleared: [] });
    const hooks = [];
    const prefixes = repeater.prefixes;
    const toasts = [];
    const app = testApp({
      compiled,
      answers: { [`${prefixes[0]}name`]: "Northview", [`${prefixes[2]}name`]: "Lycee du Parc" },
      snapshot: { is_logged_in: true, web_status: "started" },
      toast: { error: (title, message) => toasts.push([title, message]) },
      setLeaveHook: (fn) => {
        hooks.push(fn);
        return () => hooks.splice(hooks.indexOf(fn), 1);
      },
    });
    const view = render(
      <MemoryRouter initialEntries={["/education"]}>
        <AppContext.Provider value={app}>
          <FormPage page={education} compiled={compiled} />
        </AppContext.Provider>
      </MemoryRouter>,
    );
    expect(hooks.length).toBe(1);
    await act(async () => hooks[0]()); // what the shell's move does before it saves
    expect(put.mock.calls).toEqual([[repeater.id, 2]]);
    expect(app.answers[`${prefixes[1]}name`]).toBe("Lycee du Parc");
    expect(app.answers[`${prefixes[2]}name`] ?? "").toBe("");
    expect(toasts).toEqual([]);
    view.unmount();
    expect(hooks.length).toBe(0); // a page no longer shown tidies nothing
  });
});
