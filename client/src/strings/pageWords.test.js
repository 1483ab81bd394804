// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { CATALOGUE } from "./catalogue.js";

/** strings.js as it starts on a page carrying `blockText` in its first-words block. */
async function startedOn(blockText) {
  const block = document.createElement("script");
  block.type = "application/json";
  block.id = "first-words";
  block.textContent = blockText;
  document.head.append(block);
  vi.resetModules();
  return import("./strings.js");
}

afterEach(() => document.getElementById("first-words")?.remove());

describe("the words the served page carries (engine/app.py)", () => {
  it("are the tenant's words of the loading screens until the compiled form's texts arrive", async () => {
    const { t, applyTexts } = await startedOn(
      '{"shell_try_again":"R\\u00e9essayer","shell_unexpected":"Oups \\u003c/script\\u003e"}',
    );
    expect(t("shell_try_again")).toBe("Réessayer");
    expect(t("shell_unexpected")).toBe("Oups </script>");
    expect(t("shell_loading")).toBe(CATALOGUE.shell_loading);
    applyTexts({ shell_try_again: "Encore" });
    expect(t("shell_try_again")).toBe("Encore");
  });

  it("leave the catalogue's words when the block is not JSON or not an object", async () => {
    for (const text of ["{not json", '"text"', "", "null"]) {
      const { t } = await startedOn(text);
      expect(t("shell_try_again")).toBe(CATALOGUE.shell_try_again);
      document.getElementById("first-words").remove();
    }
  });

  it("leave the catalogue's words on a page without the block", async () => {
    vi.resetModules();
    const { t } = await import("./strings.js");
    expect(t("shell_try_again")).toBe(CATALOGUE.shell_try_again);
  });
});
