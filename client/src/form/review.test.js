// The review before submitting, on the shipped international tenant's compiled form.
import { describe, expect, it } from "vitest";
import { reviewPages } from "./review.js";
import { compiledTenant } from "./testCompiled.js";

const compiled = compiledTenant("intl_undergrad");
const education = compiled.pages.find((page) => page.route === "/education");
const essay = education.sections.find((section) => section.tabs).tabs;
const [typed, uploaded] = essay.options;
const schools = education.sections.find((section) => section.add_another);

const rowsOf = (pages) =>
  pages.flatMap(({ page, sections }) =>
    sections.flatMap((section) =>
      section.groups.flatMap((group) =>
        group.rows.map((row) => ({ route: page.route, group: group.title, ...row })),
      ),
    ),
  );

describe("check your answers", () => {
  it("lists only answered questions, an option by its label, by page in form order", () => {
    const rows = rowsOf(
      reviewPages(compiled, { first_name: "Mei", conviction: "N", counselor_email_address: "" }),
    );
    const first = rows.find((row) => row.key === "first_name");
    expect(first).toMatchObject({ route: "/about", value: "Mei" });
    const conviction = rows.find((row) => row.key === "conviction");
    expect(conviction.value).toBe("No");
    expect(rows.some((row) => row.key === "counselor_email_address")).toBe(false);
    expect(rows.indexOf(first)).toBeLessThan(rows.indexOf(conviction));
  });

  it("names a chosen option in the form's language, not the label stored when it was chosen", () => {
    const rows = rowsOf(reviewPages(compiled, { gender: "W", gender_desc: "Mujer" }));
    expect(rows.find((row) => row.key === "gender").value).toBe("Woman");
  });

  it("reads a date in the form's date style (stored as YYYY-MM-DD)", () => {
    const row = rowsOf(reviewPages(compiled, { birth_date: "2008-03-14" })).find(
      (r) => r.key === "birth_date",
    );
    expect(row.value).toBe("March 14, 2008");
    const medium = { ...compiled, settings: { ...compiled.settings, date_style: "medium" } };
    const short = rowsOf(reviewPages(medium, { birth_date: "2008-03-14" })).find(
      (r) => r.key === "birth_date",
    );
    expect(short.value).toBe("Mar 14, 2008");
  });

  it("leaves out what the form hides, and shows a document by its file name", () => {
    const fileKey = uploaded.fields.find((field) => field.widget === "file_upload").key;
    const answers = { [typed.fields[0].key]: "An essay I typed", gender: "W", add_another_gender: "kept?" };
    const documents = { [fileKey]: { file_name: "essay.docx", file_size: 12000 } };
    const onTyped = rowsOf(reviewPages(compiled, answers, { documents }));
    expect(onTyped.some((row) => row.value === "An essay I typed")).toBe(true);
    expect(onTyped.some((row) => row.key === fileKey)).toBe(false);
    expect(onTyped.some((row) => row.key === "add_another_gender")).toBe(false);
    const onUpload = rowsOf(reviewPages(compiled, answers, { documents, tabs: { [essay.id]: uploaded.id } }));
    expect(onUpload.find((row) => row.key === fileKey).value).toBe("essay.docx");
    expect(onUpload.some((row) => row.value === "An essay I typed")).toBe(false);
  });

  it("numbers add-another entries and shows only those counted", () => {
    const [one, two, three] = schools.instances.map((instance) => instance.fields[0].parts.search.key);
    const answers = { [one]: "Lincoln High", [two]: "Riverside Academy", [three]: "Not counted" };
    const rows = rowsOf(reviewPages(compiled, answers, { addAnother: { [schools.add_another.id]: 2 } }));
    const names = rows.filter((row) => [one, two, three].includes(row.key));
    expect(names.map((row) => row.value)).toEqual(["Lincoln High", "Riverside Academy"]);
    expect(names[1].group).toMatch(/ 2$/);
  });

  it("names a question by its review label where the on-screen label is a prompt", () => {
    const search = schools.instances[0].fields[0].parts.search;
    const testing = education.sections.find((section) => section.confirm?.kind === "button").confirm;
    const rows = rowsOf(reviewPages(compiled, { [search.key]: "Lincoln High", [testing.key]: true }));
    expect(search.label).toBe("Search for Your School");
    expect(rows.find((row) => row.key === search.key)).toMatchObject({
      label: "School",
      value: "Lincoln High",
    });
    expect(rows.find((row) => row.key === testing.key)).toMatchObject({
      label: "Standardized tests to report",
      value: "Yes",
    });
    // Without a review label, the label itself.
    expect(rows.find((row) => row.key === "application_reviewed")).toBeUndefined();
    const reviewed = rowsOf(reviewPages(compiled, { application_reviewed: true }));
    expect(reviewed.find((row) => row.key === "application_reviewed").label).toBe(
      "I have reviewed my answers on every page of this application.",
    );
  });
});
