// Where each page stands, on the shipped international tenant's compiled form.
import { describe, expect, it } from "vitest";
import { compiledTenant } from "../form/testCompiled.js";
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
