// ESLint for the client (browser, JSX) and the browser-test scripts in tests/e2e (Node).
// The repository root's eslint.config.mjs re-exports this (so tests/e2e is inside its base path while
// the plugins resolve from client/node_modules); `make lint` runs eslint from the root. Paths are
// relative to the root.
import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default [
  { ignores: ["client/dist/", "**/node_modules/", ".venv/", "instance/"] },
  js.configs.recommended,
  {
    files: ["**/*.{js,jsx,mjs}"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", ignoreRestSiblings: true, caughtErrors: "none" }],
    },
  },
  {
    files: ["client/src/**/*.{js,jsx}"],
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      // The two classic hooks rules. react-hooks 7's other recommended rules (refs, immutability,
      // set-state-in-effect, ...) check code for the React Compiler, which this client does not use.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // The client has no PropTypes: props are checked by the tests and the compiled form.
      "react/prop-types": "off",
    },
  },
  {
    files: ["client/*.mjs", "*.mjs", "tests/e2e/**/*.mjs"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["client/src/**/*.test.{js,jsx}", "client/src/test-fixtures.js"],
    languageOptions: { globals: { ...globals.node } },
  },
];
