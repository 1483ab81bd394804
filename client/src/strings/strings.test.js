import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalogue.js";
import { CATALOGUE as FORM_CATALOGUE } from "./formCatalogue.js";
import { entryTitle, t as formT } from "./formStrings.js";
import { applyTexts, t } from "./strings.js";

afterEach(() => applyTexts(undefined));

describe("the engine's words", () => {
  it("are the catalogue's until the compiled form's texts replace them, templates included", () => {
    expect(t("auth_login_title")).toBe(CATALOGUE.auth_login_title);
    expect(formT("file_delete_title")).toBe(FORM_CATALOGUE.file_delete_title);
    applyTexts({
      auth_login_title: "Connexion",
      file_delete_title: "Remove this file",
      character_count: "{count} of {limit} characters",
      error_upload: "Could not upload {key}",
    });
    expect(t("auth_login_title")).toBe("Connexion");
    expect(formT("file_delete_title")).toBe("Remove this file");
    expect(formT("character_count", { count: 3, limit: 10 })).toBe("3 of 10 characters");
    expect(formT("error_upload", { key: "essay_file" })).toBe("Could not upload essay_file");
    expect(formT("autocomplete_no_options")).toBe("No options");
  });

  it("keeps a placeholder nothing fills in, and goes back to the defaults without texts", () => {
    applyTexts({ entry_title: "{label} no. {number} {other}" });
    expect(entryTitle("", 2)).toBe("Entry no. 2 {other}");
    applyTexts(undefined);
    expect(entryTitle("School", 2)).toBe("School 2");
  });

  it("isolates each value filled into a right-to-left sentence, or a right-to-left value, for bidi", () => {
    const RLM = "\u200f";
    const mirrored = (word) => `${RLM}\u202e${word}\u202c${RLM}`; // as `formengine pseudo --rtl` writes ar-XB
    applyTexts({
      auth_code_sent: `${mirrored("Sent")} ${mirrored("to")} {email}.`,
      character_count: `{count} ${mirrored("of")} {limit}`,
      welcome_named: "Welcome, {name}!",
    });
    // A Latin e-mail address and numbers in an ar-XB sentence: each between FSI and PDI.
    expect(t("auth_code_sent", { email: "ana.lopez@example.org" })).toBe(
      `${mirrored("Sent")} ${mirrored("to")} \u2068ana.lopez@example.org\u2069.`,
    );
    expect(formT("character_count", { count: 3, limit: 10 })).toBe(
      `\u20683\u2069 ${mirrored("of")} \u206810\u2069`,
    );
    // A Hebrew or an Arabic name in an English sentence.
    expect(t("welcome_named", { name: "דוד כהן" })).toBe("Welcome, \u2068דוד כהן\u2069!");
    expect(t("welcome_named", { name: "ليلى 2" })).toBe("Welcome, \u2068ليلى 2\u2069!");
    // All left to right: nothing is added (an empty value neither).
    expect(t("welcome_named", { name: "Ana" })).toBe("Welcome, Ana!");
    expect(t("auth_code_sent", { email: "" })).toBe(`${mirrored("Sent")} ${mirrored("to")} .`);
  });

  it("fills a date's own format as it is: the server writes the same (tests/golden/dates.json)", () => {
    applyTexts({ date_time_zone: "{date} {time} {zone}" });
    expect(formT("date_time_zone", { date: "14 مارس 2026", time: "8:05 ص", zone: "UTC" })).toBe(
      "14 مارس 2026 8:05 ص UTC",
    );
  });

  it("every id a component names is in the catalogue its module loads", () => {
    const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    const files = readdirSync(root, { recursive: true }).filter(
      (f) => /\.jsx?$/.test(f) && !/\.test\.jsx?$|^staff\//.test(f),
    );
    const wrong = [];
    for (const file of files) {
      const source = readFileSync(path.join(root, file), "utf8");
      const form =
        file.endsWith("formStrings.js") || /from "[./]*(strings\/|\.\/)formStrings\.js"/.test(source);
      const known = form ? { ...CATALOGUE, ...FORM_CATALOGUE } : CATALOGUE;
      for (const [, id] of source.matchAll(/\bt\(\s*"([a-z0-9_]+)"/g))
        if (!(id in known)) wrong.push(`${file}: ${id}`);
    }
    expect(wrong).toEqual([]);
  });
});
