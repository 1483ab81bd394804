// The shared golden cases (tests/golden), run against the client's validator. The compiled forms
// and condition schemas come from the engine's own compiler, so both sides read one artefact.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { fileProblems } from "./files.js";
import { validateAnswersAjv } from "./ajv.js";
import { prepareInstance, validateAnswers } from "./validate.js";
import { conditionHolds, conditionsFor } from "../conditions.js";
import { hiddenKeys, hiddenWith, settle } from "../visibility.js";
import { fitsMask, formatPhone } from "../../widgets/PhoneWidget.jsx";

// Every validation case runs through the shipped interpreter and through ajv.
const VALIDATORS = [
  ["interpreter", validateAnswers],
  ["ajv", validateAnswersAjv],
];
// The browser's one condition evaluator, through both of its doors: an answer snapshot (what the
// layout asks on each keystroke) and a prepared instance (what the hiding rules ask).
const EVALUATORS = [
  ["answers", (schema, answers) => conditionsFor(answers)(schema)],
  ["prepared instance", (schema, answers) => conditionHolds(schema, prepareInstance(answers))],
];

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const GOLDEN = join(ROOT, "tests", "golden");
const PYTHON = join(ROOT, ".venv", "bin", "python");

function python(code, input) {
  return JSON.parse(execFileSync(PYTHON, ["-c", code], { cwd: ROOT, input, maxBuffer: 64 << 20 }).toString());
}

// A golden folder's own tenant (tests/golden/<id>/tenant) or the product tenant tenants/<id>.
function tenantFolder(tenantId) {
  const own = join(GOLDEN, tenantId, "tenant");
  return existsSync(own) ? own : join(ROOT, "tenants", tenantId);
}

function compile(tenantId) {
  const code = `import json,sys; from engine.definition import load_and_compile; sys.stdout.write(load_and_compile(sys.argv[1]).json_bytes.decode())`;
  return JSON.parse(
    execFileSync(PYTHON, ["-c", code, tenantFolder(tenantId)], { cwd: ROOT, maxBuffer: 64 << 20 }).toString(),
  );
}

// add_another / tabs of a case: the case's entries over the base's.
const setting = (base, c, name) => ({ ...(base[name] || {}), ...(c[name] || {}) });

const sorted = (errors) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [...v].sort()]));
const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

function merged(base, overrides) {
  const answers = { ...base };
  for (const [key, value] of Object.entries(overrides || {})) {
    if (value === null) delete answers[key];
    else answers[key] = value;
  }
  return answers;
}

const tenants = readdirSync(GOLDEN, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(GOLDEN, d.name, "base.json")))
  .map((d) => d.name);

test("golden cases exist for at least two tenants", () => {
  expect(tenants.length).toBeGreaterThanOrEqual(2);
});

for (const tenantId of tenants) {
  describe(`validation golden cases: ${tenantId}`, () => {
    const compiled = compile(tenantId);
    const base = readJson(join(GOLDEN, tenantId, "base.json"));
    test.each(VALIDATORS)("the complete base answer set is valid (%s)", (_, validate) => {
      const options = { today: base.today, tabs: base.tabs, addAnother: base.add_another };
      expect(validate(compiled, base.answers, options)).toEqual({});
    });
    const folder = join(GOLDEN, tenantId, "validation");
    for (const file of readdirSync(folder)
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      for (const c of readJson(join(folder, file))) {
        test.each(VALIDATORS)(`${file.replace(".json", "")}: ${c.name} (%s)`, (_, validate) => {
          const answers = merged(base.answers, c.answers);
          const errors = validate(compiled, answers, {
            today: c.today || base.today,
            tabs: setting(base, c, "tabs"),
            addAnother: setting(base, c, "add_another"),
          });
          expect(sorted(errors)).toEqual(sorted(c.expect));
        });
      }
    }
  });
}

for (const tenantId of tenants) {
  const folder = join(GOLDEN, tenantId, "visibility");
  if (!existsSync(folder)) continue;
  describe(`visibility golden cases: ${tenantId}`, () => {
    const compiled = compile(tenantId);
    const base = readJson(join(GOLDEN, tenantId, "base.json"));
    test("the complete base hides nothing", () => {
      const options = { tabs: base.tabs, addAnother: base.add_another };
      expect(hiddenKeys(compiled, base.answers, options)).toEqual([]);
    });
    for (const file of readdirSync(folder)
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      for (const c of readJson(join(folder, file))) {
        test(`${file.replace(".json", "")}: ${c.name}`, () => {
          const answers = merged(base.answers, c.answers);
          const options = { tabs: setting(base, c, "tabs"), addAnother: setting(base, c, "add_another") };
          if (c.save) {
            const settled = settle(compiled, answers, c.save, { ...options, today: c.today || base.today });
            expect([...settled.cleared].sort()).toEqual([...c.expect].sort());
            for (const key of settled.cleared) {
              expect(settled.answers).not.toHaveProperty(key);
              expect(settled.changes[key]).toBe("");
            }
          } else {
            expect(hiddenKeys(compiled, answers, options).sort()).toEqual([...c.expect].sort());
          }
        });
      }
    }
    // The rules keep the settled instance of the last answers asked about and check only what reads
    // a change: every case, in order and backwards, after every other, gives what a fresh start gives
    // (the same keys in the same order), and so do the same answers asked about again with and
    // without the case's save (what the page asks before a save, then the save).
    test("worked from the last answers, every case gives what a fresh start gives", () => {
      const cases = readdirSync(folder)
        .filter((f) => f.endsWith(".json"))
        .sort()
        .flatMap((file) => readJson(join(folder, file)));
      for (const c of [...cases, ...[...cases].reverse(), ...cases]) {
        const answers = merged(base.answers, c.answers);
        const options = { tabs: setting(base, c, "tabs"), addAnother: setting(base, c, "add_another") };
        const save = c.save || {};
        const today = c.today || base.today;
        const asked = [
          (form) => hiddenWith(form, answers, save, options),
          (form) => {
            const { cleared, changes, answers: after } = settle(form, answers, save, { ...options, today });
            return { cleared, changes, after };
          },
          (form) => hiddenKeys(form, answers, options),
          (form) => hiddenWith(form, answers, save, options),
        ];
        // A copy of the form is a form the rules have not seen: they start afresh.
        for (const ask of asked) expect(ask(compiled), c.name).toEqual(ask({ ...compiled }));
      }
    }, 120000);
  });
}

describe("condition golden cases", () => {
  const cases = existsSync(join(GOLDEN, "conditions.json")) ? readJson(join(GOLDEN, "conditions.json")) : [];
  const code =
    "import json,sys; from engine.definition.compile.conditions import to_schema; " +
    "print(json.dumps([to_schema(c['condition']) for c in json.load(sys.stdin)]))";
  const schemas = cases.length ? python(code, JSON.stringify(cases)) : [];
  test("there are condition cases", () => expect(cases.length).toBeGreaterThan(10));
  cases.forEach((c, i) => {
    test.each(EVALUATORS)(`${c.name} (%s)`, (_, evaluate) =>
      expect(evaluate(schemas[i], c.answers)).toBe(c.expect),
    );
  });
});

describe("file golden cases", () => {
  const compiled = compile("intl_undergrad");
  const fileFields = [];
  const walk = (fields) =>
    fields.forEach((f) => {
      if (f.widget === "file_upload") fileFields.push(f);
      Object.values(f.parts || {}).forEach((p) => walk([p]));
    });
  for (const page of compiled.pages) {
    for (const s of page.sections) {
      walk(s.fields || []);
      (s.instances || []).forEach((i) => walk(i.fields));
      (s.branches || []).forEach((b) => walk(b.fields));
      ((s.tabs || {}).options || []).forEach((t) => walk(t.fields));
    }
  }
  test("the tenant has file uploads", () => expect(fileFields.length).toBeGreaterThan(0));
  for (const c of readJson(join(GOLDEN, "files.json"))) {
    test(c.name, () => {
      for (const field of fileFields) expect(fileProblems(field.file, c.file_name, c.size)).toEqual(c.expect);
    });
  }
});

describe("mask golden cases", () => {
  const cases = readJson(join(GOLDEN, "masks.json"));
  // The engine's pattern for each mask: the one the compiled form carries and the server checks.
  const patterns = python(
    "import json,sys; from engine.fieldtypes.phone import mask_pattern; " +
      "print(json.dumps([mask_pattern(m) for m in json.load(sys.stdin)]))",
    JSON.stringify(cases.map((c) => c.mask)),
  );
  cases.forEach((c, i) => {
    test(c.name, () => {
      expect(formatPhone(c.mask, c.typed)).toBe(c.value);
      expect(fitsMask(c.mask, c.value)).toBe(c.fits);
      expect(new RegExp(patterns[i], "u").test(c.value)).toBe(c.valid);
    });
  });
});
