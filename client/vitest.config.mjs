import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{js,jsx}", "build.test.mjs", "budget.test.mjs"],
    environment: "node",
    restoreMocks: true,
    setupFiles: ["./src/testSetup.js"],
  },
});
