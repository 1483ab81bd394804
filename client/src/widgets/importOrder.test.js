// @vitest-environment jsdom
// A field-type module must never import theme.js or form/renderModel.js, even through a component:
// theme.js imports every type module, so a type module imported first (a test, a lazy chunk) would
// reach theme.js before its own `fieldType` exists and fail at import. Each module of this folder
// is imported here first, on its own, in a fresh module graph, so such a cycle fails here.
import { readdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test, vi } from "vitest";

const HERE = dirname(fileURLToPath(import.meta.url));
const MODULES = readdirSync(HERE)
  .filter((name) => /\.jsx?$/.test(name) && !/\.test\.jsx?$/.test(name))
  .sort();

describe("every widget module imported first, on its own", () => {
  test("the folder's modules are all here", () => {
    expect(MODULES).toContain("theme.js");
    expect(MODULES).toContain("AddressBlock.jsx");
  });

  test.each(MODULES)("%s", async (name) => {
    vi.resetModules();
    const module = await import(`./${name}`);
    // A type module's descriptor is whole, and the theme (imported after it) registers it.
    if (typeof module.fieldType === "object") {
      const { isRegistered } = await import("./theme.js");
      expect(isRegistered(module.fieldType.name)).toBe(true);
    }
  });
});
