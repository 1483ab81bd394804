import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  MIN_LENGTH,
  passwordChecklist,
  passwordErrors,
  PASSWORD_RULES,
  SPECIAL_CHARACTERS,
} from "./passwordRules.js";
import { isCode, isEmail } from "./fieldRules.js";
import { CATALOGUE } from "../strings/catalogue.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRules = readFileSync(path.join(here, "../../../engine/accounts/passwords.py"), "utf8");

function pythonString(name) {
  const line = serverRules.split("\n").find((l) => l.startsWith(`${name} = `));
  // A plain (non-f) Python string literal with \" and \\ escapes, as passwords.py writes it.
  return JSON.parse(line.slice(name.length + 3).trim());
}

describe("the password checklist", () => {
  it("shows exactly the server's special characters and minimum length", () => {
    expect(SPECIAL_CHARACTERS).toBe(pythonString("SPECIAL_CHARACTERS"));
    expect(serverRules).toContain(`MIN_LENGTH = ${MIN_LENGTH}`);
  });

  it("checks the server's rules in its order, so each shows the server's message", () => {
    // The server answers a broken rule with the text `password_<id>_message`, as the checklist does.
    const serverIds = [...serverRules.matchAll(/^ {4}\("(\w+)", lambda/gm)].map((found) => found[1]);
    expect(serverIds).toEqual(PASSWORD_RULES.map((rule) => rule.id));
    expect(serverRules).toContain('message(f"password_{rule_id}_message")');
    for (const rule of PASSWORD_RULES) expect(CATALOGUE[`password_${rule.id}_message`]).toBeTruthy();
  });

  it("ticks each rule as it is met", () => {
    const met = (p) =>
      passwordChecklist(p)
        .filter((i) => i.met)
        .map((i) => i.id);
    expect(met("")).toEqual([]);
    expect(met("a")).toEqual(["lowercase", "whitespace"]);
    expect(met("Abcdefghijk1")).toEqual(["length", "uppercase", "lowercase", "number", "whitespace"]);
    expect(met("Abcdefghij1~")).toEqual([
      "length",
      "uppercase",
      "lowercase",
      "number",
      "special",
      "whitespace",
    ]);
    expect(met(" Abcdefghij1~")).not.toContain("whitespace");
  });

  it("every special character counts, and nothing else does", () => {
    for (const c of SPECIAL_CHARACTERS)
      expect(passwordChecklist(c).find((i) => i.id === "special").met).toBe(true);
    for (const c of ["é", " ", "a", "1", "£"])
      expect(passwordChecklist(c).find((i) => i.id === "special").met).toBe(false);
  });

  it("adds the matching rule on reset", () => {
    const match = (p, c) => passwordChecklist(p, { confirm: c, withMatch: true }).at(-1);
    expect(match("Abcdefghij1~", "Abcdefghij1~")).toEqual({
      id: "match",
      label: "Passwords match",
      met: true,
    });
    expect(match("Abcdefghij1~", "Abcdefghij1").met).toBe(false);
    expect(match("", "").met).toBe(false);
  });

  it("gives the messages of every broken rule", () => {
    expect(passwordErrors("")).toEqual(["Password is required."]);
    expect(passwordErrors("Abcdefghij1~")).toEqual([]);
    expect(passwordErrors("abc")).toContain("Password must be at least 12 characters long.");
  });
});

describe("e-mail and code", () => {
  it("accepts a simple e-mail and exactly 6 digits", () => {
    expect(isEmail("ann@example.edu")).toBe(true);
    expect(isEmail("ann@example")).toBe(false);
    expect(isEmail("ann example.edu")).toBe(false);
    expect(isCode("123456")).toBe(true);
    expect(isCode("12345")).toBe(false);
    expect(isCode("1234567")).toBe(false);
    expect(isCode("12345a")).toBe(false);
  });
});
