// The client's bundle budgets, without a browser: the production build's metafile says which
// JavaScript files each route fetches (the entry, the route's lazy modules, and every chunk they
// import statically), and each is counted at its `gzip -9` size, as tests/e2e/shell_bench.mjs
// measures it in Chromium (docs/benchmarks.md, "Client bundle and paint").
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "./build.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
// The targets (docs/benchmarks.md, "Client bundle and paint"): a sign-in page at most 90 KB, a form
// page at most 170 KB.
const AUTH_BUDGET_KB = 90;
const FORM_BUDGET_KB = 170;
// axios: the shell loads it when the browser is idle after the first paint, on every route.
const EVERY_ROUTE = ["src/api/transport.js"];
const ROUTES = {
  "/login": { budget: AUTH_BUDGET_KB, lazy: ["src/auth/LoginCard.jsx"] },
  "/signup": { budget: AUTH_BUDGET_KB, lazy: ["src/auth/SignupCard.jsx"] },
  "/confirm": { budget: AUTH_BUDGET_KB, lazy: ["src/auth/ConfirmCard.jsx"] },
  "/forgot": { budget: AUTH_BUDGET_KB, lazy: ["src/auth/ForgotCard.jsx"] },
  "/reset": { budget: AUTH_BUDGET_KB, lazy: ["src/auth/ResetCard.jsx"] },
  "/about": { budget: FORM_BUDGET_KB, lazy: ["src/shell/FormGroup.jsx", "src/form/FormPage.jsx"] },
};
// Lazy modules that no route above fetches when it opens, and why. A new lazy module must be placed
// here or in a route's list, so that nothing a page loads escapes its budget.
const NOT_ON_OPENING = {
  "src/shell/IdleManager.jsx": "only for a logged-in applicant",
  "src/shell/Modal.jsx": "only on an unexpected error",
  "src/form/validation/validate.js":
    "after the first paint, in idle time (the navigation's Complete, Continue's check, the errors while validating)",
  "src/widgets/NumberInput.jsx": "only on a page that asks for a number",
};
const HEAVY = /node_modules[\\/](@rjsf|ajv)/; // the form renderer and its validator: never on an auth page

let outdir;
let outputs;

beforeAll(async () => {
  outdir = path.join(await mkdtemp(path.join(os.tmpdir(), "client-budget-")), "dist");
  ({
    metafile: { outputs },
  } = await build({ outdir, logLevel: "silent" }));
}, 60000);
afterAll(() => outdir && rm(path.dirname(outdir), { recursive: true, force: true }));

const scripts = () => Object.entries(outputs).filter(([file]) => file.endsWith(".js"));
const outputOf = (entryPoint) => {
  const found = scripts().find(([, meta]) => meta.entryPoint === entryPoint);
  if (!found) throw new Error(`the build has no chunk for ${entryPoint}`);
  return found[0];
};

/** A file and every chunk it imports statically (fetched with it), transitively. */
function withStaticImports(file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  for (const item of outputs[file].imports) {
    if (item.kind === "import-statement") withStaticImports(item.path, into);
  }
  return into;
}

function routeFiles(route) {
  const files = withStaticImports(outputOf("src/main.jsx"));
  for (const entryPoint of [...EVERY_ROUTE, ...ROUTES[route].lazy]) {
    withStaticImports(outputOf(entryPoint), files);
  }
  return [...files];
}

const gzipKb = (files) =>
  files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.resolve(here, file)), { level: 9 }).length,
    0,
  ) / 1024;
const holds = (files, pattern) =>
  files.some((file) => Object.keys(outputs[file].inputs).some((i) => pattern.test(i)));

describe("bundle budgets (gzipped JavaScript per route)", () => {
  it("knows every lazy module: each is fetched by a listed route or said not to be", () => {
    const lazy = new Set(
      scripts().flatMap(([, meta]) =>
        meta.imports
          .filter((item) => item.kind === "dynamic-import")
          .map((item) => outputs[item.path].entryPoint),
      ),
    );
    const placed = new Set([
      ...EVERY_ROUTE,
      ...Object.values(ROUTES).flatMap((r) => r.lazy),
      ...Object.keys(NOT_ON_OPENING),
    ]);
    expect([...lazy].filter((entryPoint) => !placed.has(entryPoint))).toEqual([]);
    expect([...placed].filter((entryPoint) => !lazy.has(entryPoint))).toEqual([]);
  });

  for (const [route, { budget }] of Object.entries(ROUTES)) {
    it(`${route} stays within ${budget} KB`, () => {
      const files = routeFiles(route);
      const size = gzipKb(files);
      expect(size, `${route}: ${size.toFixed(1)} KB in ${files.length} files`).toBeLessThanOrEqual(budget);
      expect(size).toBeGreaterThan(budget / 3); // the files were found and counted
    });
  }

  it("keeps the form renderer and its validator off the auth pages, and on the form page", () => {
    for (const route of Object.keys(ROUTES).filter((r) => ROUTES[r].budget === AUTH_BUDGET_KB)) {
      expect(holds(routeFiles(route), HEAVY), route).toBe(false);
    }
    expect(holds(routeFiles("/about"), HEAVY)).toBe(true);
  });
});
