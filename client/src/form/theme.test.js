// Every widget name the compiler can emit is registered in the one theme.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { isRegistered } from "../widgets/registry.js";
import { theme } from "./theme.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const SRC = join(ROOT, "client/src");

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

// The widget names the compiler knows (engine/fieldtypes/registry.py REGISTRY): a new one fails here.
function compilerWidgetNames() {
  const code =
    "import json,sys; from engine.fieldtypes.registry import REGISTRY; sys.stdout.write(json.dumps(sorted({t.widget for t in REGISTRY.values()})))";
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

// A field type has one home on the client: its widget module (the one that exports its `fieldType`
// descriptor). Anywhere else, naming a widget in code ("school_search", case "check_group":) is
// dispatch on a type's name that belongs in the descriptor. A JSX attribute (type="checkbox") is
// HTML, not a widget name.
const NOT_WIDGET_NAMES = {
  "auth/fields.jsx": "an <input>'s HTML type",
  "api/client.js": "axios's responseType",
  "staff/StaffApp.jsx": "an <input>'s HTML type and the sign-in form's own field",
};

function sourceFiles(dir = SRC) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.jsx?$/.test(entry.name) && !/\.test\.jsx?$/.test(entry.name) ? [path] : [];
  });
}

function namedWidgets(code, names) {
  const found = [];
  for (const name of names) {
    if (new RegExp(`(?<![\\w-]=)["']${name}["']`).test(code)) found.push(name);
  }
  return found;
}

describe("widget names outside the widget modules", () => {
  const names = compilerWidgetNames();

  test("are found when code dispatches on them", () => {
    expect(namedWidgets('if (field.widget === "school_search") return [];', names)).toEqual([
      "school_search",
    ]);
    expect(namedWidgets("case 'check_group':", names)).toEqual(["check_group"]);
    expect(namedWidgets('<input type="checkbox" />', names)).toEqual([]);
  });

  test("are named by no generic module (they ask the registry)", () => {
    const offenders = [];
    for (const file of sourceFiles()) {
      const code = readFileSync(file, "utf8");
      const local = file.slice(SRC.length + 1);
      if (/export const fieldType\b/.test(code) || local in NOT_WIDGET_NAMES) continue;
      for (const name of namedWidgets(code, names)) offenders.push(`${local}: "${name}"`);
    }
    expect(offenders).toEqual([]);
  });
});
