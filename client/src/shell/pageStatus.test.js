// Where each page stands, on the shipped international tenant's compiled form.
import { describe, expect, it } from "vitest";
import { compiledTenant, scholarshipApplicantAnswers } from "../form/testCompiled.js";
import { validateAnswers } from "../form/validation/validate.js";
import { pageStatus } from "./pageStatus.js";

const compiled = compiledTenant("intl_undergrad");
const finish = "/final-steps";

describe("the navigation's page status", () => {
  it("is not started, in progress, then complete once every question the page always asks is answered", () => {
    expect(pageStatus(compiled, finish, {})).toBe("not_started");
    expect(pageStatus(compiled, finish, { conviction: "N" })).toBe("in_progress");
    const all = { conviction: "N", suspended: "N", counselor_waiver_request: "Y", legal_agree: true };
    expect(pageStatus(compiled, finish, all)).toBe("complete");
  });

  it("has errors when the validation found some on the page, and only on that page", () => {
    const errors = { conviction: ["Have you ever been convicted of a felony?"] };
    expect(pageStatus(compiled, finish, {}, errors)).toBe("has_errors");
    expect(pageStatus(compiled, "/about", {}, errors)).toBe("not_started");
  });
});

describe("Complete means no problems on the page, not visited", () => {
  const scholarship = compiledTenant("example_scholarship");
  const route = "/applicant";
  const answers = scholarshipApplicantAnswers();
  const problemsOf = (values) => validateAnswers(scholarship, values, { routes: [route] });

  it("is complete when every answer on the page is right", () => {
    expect(problemsOf(answers)).toEqual({});
    expect(pageStatus(scholarship, route, answers, {}, problemsOf(answers))).toBe("complete");
  });

  it("is not complete with an under-age birth date, though every required question is answered", () => {
    const young = { ...answers, applicant_dob: new Date().toISOString().slice(0, 10) };
    const problems = problemsOf(young);
    expect(problems.applicant_dob).toEqual(["Applicants must be at least 16 years old."]);
    expect(pageStatus(scholarship, route, young)).toBe("complete"); // what "visited" used to say
    expect(pageStatus(scholarship, route, young, {}, problems)).toBe("in_progress");
  });

  it("only the page's own problems count", () => {
    const problems = { personal_statement: ["Keep your personal statement to 500 words or fewer."] };
    expect(pageStatus(scholarship, route, answers, {}, problems)).toBe("complete");
  });
});
