// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { addPending, clearVisitorAnswers, loadPending, loadVisitorAnswers, removePending, saveVisitorAnswers } from "./answerStore.js";

beforeEach(() => localStorage.clear());

describe("answers kept until sent", () => {
  it("keeps unsent answers per user and forgets only what the server confirmed unchanged", () => {
    addPending("a@x.co", { first_name: "Ann", last_name: "Lee" });
    addPending("b@x.co", { first_name: "Bob" });
    addPending("a@x.co", { last_name: "Li" });
    expect(loadPending("a@x.co")).toEqual({ first_name: "Ann", last_name: "Li" });
    removePending("a@x.co", { first_name: "Ann", last_name: "Lee" }); // last_name changed since it was sent
    expect(loadPending("a@x.co")).toEqual({ last_name: "Li" });
    expect(loadPending("b@x.co")).toEqual({ first_name: "Bob" });
  });

  it("keeps a visitor's answers across a reload", () => {
    saveVisitorAnswers({ first_name: "Ann" });
    expect(loadVisitorAnswers()).toEqual({ first_name: "Ann" });
    clearVisitorAnswers();
    expect(loadVisitorAnswers()).toEqual({});
  });
});
