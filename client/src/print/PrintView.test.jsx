// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PrintView } from "./PrintView.jsx";
import { compiledTenant } from "../form/testCompiled.js";

afterEach(cleanup);
const compiled = compiledTenant("intl_undergrad");

describe("PrintView", () => {
  it("shows the application read-only: [X] and [ ], the school with its CEEB code, the document note", () => {
    const view = {
      answer: {
        first_name: "Mei",
        gender: "W",
        gender_desc: "Woman",
        conviction: "N",
        race_asian: true,
        hs_name: "Lincoln Heights High School",
        hs_ceeb: "059903",
      },
      add_another: { high_schools: 1 },
      document_answer: { essay_file: { file_name: "essay.docx", file_size: 36669 } },
      tabs: { essay_mode: "uploaded" },
    };
    const { container } = render(<PrintView compiled={compiled} serviceView={view} />);
    const text = container.textContent;
    expect(text).toContain("Mei");
    expect(text).toContain("[X] Woman");
    expect(text).toContain("[ ] Yes");
    expect(text).toContain("[X] No");
    expect(text).toContain("[X] Asian");
    expect(text).toContain("Lincoln Heights High School (Ceeb: 059903)");
    expect(text).toContain("A document is attached. (essay.docx)");
    expect(container.querySelectorAll("button, input, select, textarea").length).toBe(0);
    for (const page of compiled.pages) expect(text).toContain(page.title);
    expect(document.body.classList.contains("print-view")).toBe(true);
  });

  it("prints a chosen value that is no longer among its options as stored, never as undefined", () => {
    const view = {
      answer: { first_name: "Mei", suffix: "XIV" },
      add_another: {},
      document_answer: {},
      tabs: {},
    };
    const { container } = render(<PrintView compiled={compiled} serviceView={view} />);
    expect(container.textContent).toContain("[X] XIV");
    expect(container.textContent).not.toContain("undefined");
  });

  it("names a question by its review_label where the on-screen label is a prompt, as the review does", () => {
    const view = {
      answer: { hs_name: "Lincoln Heights High School", hs_ceeb: "059903", score_reporting_confirmed: true },
      add_another: { high_schools: 1 },
    };
    const { container } = render(<PrintView compiled={compiled} serviceView={view} />);
    const rows = [...container.querySelectorAll(".print-row")].map((row) => row.textContent);
    expect(rows).toContain("SchoolLincoln Heights High School (Ceeb: 059903)");
    expect(container.textContent).not.toContain("Search for Your School");
    expect(container.textContent).toContain("[X] Standardized tests to report");
    expect(container.textContent).not.toContain("Tell us about your testing");
  });

  it("shows archived answers apart, under their own heading, and never among the form's answers", () => {
    const view = {
      answer: { first_name: "Mei" },
      archived_answer: {
        nickname: { value: "Meimei", label: "Nickname", reason: "removed" },
        portfolio: { label: "Portfolio", document: { file_name: "art.pdf", key: "archived.portfolio" } },
        likes_music: { value: true, label: "Music" },
      },
    };
    const { container } = render(<PrintView compiled={compiled} serviceView={view} />);
    const archived = container.querySelector(".print-archived");
    expect(archived.querySelector("h1").textContent).toBe("Answers to questions no longer on the form");
    expect(archived.textContent).toContain("NicknameMeimei");
    expect(archived.textContent).toContain("A document is attached. (art.pdf)");
    expect(archived.textContent).toContain("Music[X]");
    const pages = [...container.querySelectorAll(".print-page:not(.print-archived)")];
    expect(pages.map((page) => page.textContent).join("")).not.toContain("Meimei");
  });

  it("prints no add-another entry with nothing answered", () => {
    const view = {
      answer: { legacy_name: "Grace Hopper", legacy_3_name: "Alan Turing" },
      add_another: { legacy: 3 },
      document_answer: {},
      tabs: {},
    };
    const { container } = render(<PrintView compiled={compiled} serviceView={view} />);
    const legacy = [...container.querySelectorAll(".print-section")].find((section) =>
      section.textContent.includes("Grace Hopper"),
    );
    expect(legacy.textContent).toContain("Alan Turing");
    const names = [...legacy.querySelectorAll("dt")].filter((label) => label.textContent === "Name");
    expect(names.length).toBe(2);
    // each printed entry under its title, numbered as the applicant saw it; the empty second is not there
    const titles = [...legacy.querySelectorAll("h3.print-entry")].map((heading) => heading.textContent);
    expect(titles).toEqual(["Family member 1", "Family member 3"]);
  });

  it("prints entry 1 even when empty, and no entry title when it is the only entry printed", () => {
    const view = { answer: {}, add_another: { high_schools: 3 }, document_answer: {}, tabs: {} };
    const { container } = render(<PrintView compiled={compiled} serviceView={view} />);
    const schools = [...container.querySelectorAll(".print-section")].find((section) =>
      [...section.querySelectorAll("dt")].some((label) => label.textContent === "School"),
    );
    expect(schools.querySelectorAll("h3.print-entry").length).toBe(0);
    const labels = [...schools.querySelectorAll("dt")].filter((l) => l.textContent === "School");
    expect(labels.length).toBe(1);
  });

  it("says the applicant's language, and links to the view in the other language, named in it", () => {
    const view = {
      answer: { first_name: "Mei" },
      language: "fr",
      language_name: "French",
      read_in: { language: "fr", name: "français" },
    };
    const { container } = render(<PrintView compiled={compiled} serviceView={view} />);
    const facts = [...container.querySelectorAll(".print-record-facts > div")].map(
      (fact) => fact.textContent,
    );
    expect(facts).toContain("LanguageFrench");
    const link = container.querySelector(".print-record > a[lang]");
    expect([link.textContent, link.getAttribute("href"), link.lang]).toEqual([
      "français",
      "?print_language=fr",
      "fr",
    ]);
  });

  it("offers no other language when there is none to read it in, and names none for a form in one", () => {
    const view = { answer: {}, language: "en", language_name: "English", read_in: null };
    const { container } = render(<PrintView compiled={compiled} serviceView={view} />);
    expect(container.querySelector(".print-record > a[lang]")).toBeNull();
    const one = render(
      <PrintView compiled={compiled} serviceView={{ answer: {}, language: null, language_name: null }} />,
    );
    expect(one.container.textContent).not.toContain("Language");
  });

  it("has no archive heading when nothing was archived", () => {
    const { container } = render(<PrintView compiled={compiled} serviceView={{ answer: {} }} />);
    expect(container.textContent).not.toContain("no longer on the form");
  });

  it("gives each typed answer its own direction, so Arabic and Hebrew read right to left", () => {
    const view = { answer: { first_name: "王小明", last_name: "محمد عبد الله", middle_name: "דוד כהן" } };
    const { container } = render(<PrintView compiled={compiled} serviceView={view} />);
    const values = [...container.querySelectorAll(".print-value")];
    for (const typed of ["王小明", "محمد عبد الله", "דוד כהן"]) {
      const span = values.find((element) => element.textContent === typed);
      expect(span?.getAttribute("dir")).toBe("auto");
    }
  });

  it("prints no answer the hiding rules hide (hidden means absent)", () => {
    const view = {
      answer: {
        first_name: "Mei",
        country: "FRA",
        country_desc: "France",
        state: "ON",
        state_desc: "Ontario",
        gender: "W",
        add_another_gender: "Left over",
        hs_2_name: "Second School Beyond The Count",
      },
      add_another: { high_schools: 1 },
      document_answer: {},
      tabs: { essay_mode: "typed" },
    };
    const text = render(<PrintView compiled={compiled} serviceView={view} />).container.textContent;
    expect(text).toContain("France");
    expect(text).not.toContain("Ontario");
    expect(text).not.toContain("Left over");
    expect(text).not.toContain("Second School Beyond The Count");
  });

  it("prints nothing that only a hidden answer would show (the rules cascade)", () => {
    const demo = compiledTenant("tests/golden/rules_demo/tenant");
    const answer = {
      has_mailing: "Y",
      mailing_line: "12 Pine Street",
      mailing_verified: true,
      previous_line: "4 Elm Road",
    };
    const view = { answer, add_another: {}, document_answer: {}, tabs: {} };
    expect(render(<PrintView compiled={demo} serviceView={view} />).container.textContent).toContain(
      "4 Elm Road",
    );
    cleanup();
    const hidden = { ...view, answer: { ...answer, has_mailing: "N" } };
    const text = render(<PrintView compiled={demo} serviceView={hidden} />).container.textContent;
    expect(text).not.toContain("12 Pine Street");
    expect(text).not.toContain("4 Elm Road");
    expect(text).not.toContain("Earlier Mailing Addresses");
  });
});

describe("the print view's record header", () => {
  const view = {
    answer: { first_name: "Mei", birth_date: "2008-04-12" },
    applicant: {
      name: "Mei Lin Chen",
      email: "mei@example.org",
      reference: "INTL-7K2Q9MXA",
      status: "submitted",
      submitted_at: "2026-03-01T14:05:00Z",
    },
    definition_version: "3f9c0a7d",
    document_answer: { essay_file: { file_name: "essay.docx", file_size: 36669 } },
    document_links: { essay_file: "/service/document/essay_file?service_token=abc" },
    tabs: { essay_mode: "uploaded" },
  };

  it("names the institution, the form, the applicant, the reference, the status and when it was submitted", () => {
    const { container } = render(<PrintView compiled={compiled} serviceView={view} />);
    const header = container.querySelector(".print-record");
    const facts = Object.fromEntries(
      [...header.querySelectorAll(".print-record-facts > div")].map((row) => [
        row.querySelector("dt").textContent,
        row.querySelector("dd").textContent,
      ]),
    );
    expect(header.querySelector(".print-institution").textContent).toBe("Example College");
    expect(header.textContent).toContain(compiled.tenant.name);
    expect(facts).toEqual({
      Reference: "INTL-7K2Q9MXA",
      Applicant: "Mei Lin Chen",
      "E-mail": "mei@example.org",
      Status: "Submitted",
      // the tenant's time zone (America/Chicago), then UTC
      Submitted: "March 1, 2026 at 8:05 AM CST (March 1, 2026 at 2:05 PM UTC)",
      "Form version": "3f9c0a7d",
    });
  });

  it("links each converted document through the print-view token", () => {
    const { container } = render(<PrintView compiled={compiled} serviceView={view} />);
    const link = container.querySelector(".print-documents a");
    expect(link.textContent).toBe("Open essay.docx");
    expect(link.getAttribute("href")).toBe("/service/document/essay_file?service_token=abc");
  });

  it("reads a date answer in the form's date style", () => {
    const { container } = render(<PrintView compiled={compiled} serviceView={view} />);
    expect(container.textContent).toContain("April 12, 2008");
    expect(container.textContent).not.toContain("2008-04-12");
  });

  it("calls a submitted application submitted, whatever its web status says", () => {
    const lagging = { ...view, applicant: { ...view.applicant, status: "none" } };
    const { container } = render(<PrintView compiled={compiled} serviceView={lagging} />);
    expect(container.querySelector(".print-record").textContent).toContain("StatusSubmitted");
  });

  it("says a draft is not submitted yet", () => {
    const draft = {
      ...view,
      applicant: { ...view.applicant, status: "started", submitted_at: null, reference: null },
    };
    const { container } = render(<PrintView compiled={compiled} serviceView={draft} />);
    const header = container.querySelector(".print-record").textContent;
    expect(header).toContain("Not submitted yet");
    expect(header).not.toContain("Reference");
  });
});
