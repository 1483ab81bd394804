import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const INCLUDE = ["src/**/*.test.{js,jsx}", "build.test.mjs", "budget.test.mjs"];

/** The test files that replace a module with vi.mock: they need a module graph of their own. */
function mockingFiles(folder = "src") {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return mockingFiles(path);
    return /\.test\.jsx?$/.test(entry.name) && readFileSync(path, "utf8").includes("vi.mock(") ? [path] : [];
  });
}

// `make test-fast` sets VITEST_SHARED=1: the test files then share one environment and module graph
// per worker process (28 s of CPU instead of 46), except those that vi.mock a module, which a shared
// graph could hand the real one already loaded by another file. `make test` loads every file afresh,
// so a file that only passes after another one still fails there.
const shared = process.env.VITEST_SHARED === "1";
const mocking = shared ? mockingFiles() : [];

export default defineConfig({
  test: {
    include: shared ? [] : INCLUDE, // with projects, each project names its own files
    environment: "node",
    restoreMocks: true,
    // A test's own limit (default 5 s): make test runs vitest beside the job and browser tests on two
    // cores, where a cold lazy import and a findBy (5 s, testSetup.js) can take longer than that.
    testTimeout: 20000,
    setupFiles: ["./src/testSetup.js"],
    projects: shared
      ? [
          {
            extends: true,
            test: {
              name: "shared",
              include: INCLUDE,
              isolate: false,
              exclude: [...configDefaults.exclude, ...mocking],
            },
          },
          { extends: true, test: { name: "isolated", include: mocking } },
        ]
      : undefined,
  },
});
