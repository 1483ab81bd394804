import { afterEach, describe, expect, it } from "vitest";
import { STRINGS, applyTexts } from "./strings.js";

const original = { ...STRINGS };
afterEach(() => Object.assign(STRINGS, original));

describe("widget texts from the compiled form", () => {
  it("replaces the defaults with the tenant's texts, templates included", () => {
    applyTexts({
      file_delete_title: "Remove this file",
      character_count: "{count} of {limit} characters",
      error_upload: "Could not upload {key}",
      service_ceeb: "[CEEB {code}]",
    });
    expect(STRINGS.deleteTitle).toBe("Remove this file");
    expect(STRINGS.characterCount(3, 10)).toBe("3 of 10 characters");
    expect(STRINGS.uploadError("essay_file")).toBe("Could not upload essay_file");
    expect(STRINGS.ceeb("123456")).toBe("[CEEB 123456]");
    expect(STRINGS.noOptions).toBe("No options");
  });

  it("ignores a missing texts map", () => {
    applyTexts(undefined);
    expect(STRINGS.deleteTitle).toBe("Delete File");
  });
});
