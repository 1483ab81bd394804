// Every widget name the compiler can emit is registered in the one theme.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { isRegistered, theme } from "./theme.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

function compiledWidgets(tenant) {
  const code = `import json,sys; from engine.definition import load_and_compile; sys.stdout.write(load_and_compile('tenants/${tenant}').json_bytes.decode())`;
  const form = JSON.parse(
    execFileSync(join(ROOT, ".venv/bin/python"), ["-c", code], { cwd: ROOT, maxBuffer: 64 << 20 }).toString(),
  );
  const names = new Set();
  const walk = (node) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      if (typeof node.widget === "string") names.add(node.widget);
      Object.values(node).forEach(walk);
    }
  };
  walk(form.pages.map((page) => page.sections));
  return names;
}

// The widget names the compiler knows (engine/definition/fields.py REGISTRY): a new one fails here.
function compilerWidgetNames() {
  const code =
    "import json,sys; from engine.definition.fields import REGISTRY; sys.stdout.write(json.dumps(sorted({t.widget for t in REGISTRY.values()})))";
  return JSON.parse(execFileSync(join(ROOT, ".venv/bin/python"), ["-c", code], { cwd: ROOT }).toString());
}

describe("the theme", () => {
  test("has widgets, fields and templates", () => {
    expect(Object.keys(theme).sort()).toEqual(["fields", "templates", "widgets"]);
    expect(theme.templates.FieldTemplate).toBeTypeOf("function");
    expect(theme.templates.ObjectFieldTemplate).toBeTypeOf("function");
  });

  const tenants = readdirSync(join(ROOT, "tenants"));
  for (const tenant of tenants) {
    test(`registers every widget ${tenant} uses`, () => {
      const names = compiledWidgets(tenant);
      expect(names.size).toBeGreaterThan(0);
      for (const name of names) expect(isRegistered(name), name).toBe(true);
    });
  }

  test("registers every widget name the spec's field types compile to", () => {
    for (const name of [
      "text",
      "textarea",
      "email",
      "phone",
      "date",
      "select",
      "radio",
      "conditional_select",
      "checkbox",
      "check_group",
      "file_upload",
      "address",
      "school_search",
      "content",
    ]) {
      expect(isRegistered(name), name).toBe(true);
    }
  });

  test("the compiler's own widget names are all registered", () => {
    const names = compilerWidgetNames();
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(isRegistered(name), name).toBe(true);
  });
});
