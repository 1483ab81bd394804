// ESLint for the client (browser, JSX) and the browser-test scripts in tests/e2e (Node).
// The repository root's eslint.config.mjs re-exports this (so tests/e2e is inside its base path while
// the plugins resolve from client/node_modules); `make lint` runs eslint from the root. Paths are
// relative to the root.
import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

const HTTP_GLOBALS = ["fetch", "XMLHttpRequest", "WebSocket", "EventSource"];
const HTTP_ONLY_IN_API = "HTTP calls go through client/src/api/ (docs/client.md).";

export default [
  { ignores: ["client/dist/", "**/node_modules/", ".venv/", "instance/", "bench/peers/dist/"] },
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
    files: ["client/src/**/*.{js,jsx}", "bench/peers/src/**/*.jsx"],
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
    // Small units: a function that grows past 60 lines is split, or says why it is not in a
    // comment beside an eslint-disable-next-line.
    files: ["client/src/**/*.{js,jsx}"],
    ignores: [
      "client/src/**/*.test.{js,jsx}",
      "client/src/**/catalogue.js",
      "client/src/**/formCatalogue.js",
    ],
    rules: {
      "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Every word an applicant reads comes from the tenant's texts (strings/strings.js `t`), never from
    // a component: no literal text between tags, and no literal in an attribute that is read out.
    files: ["client/src/**/*.jsx"],
    ignores: ["client/src/**/*.test.jsx", "client/src/widgets/testing.jsx", "client/src/staff/**"],
    rules: {
      "react/jsx-no-literals": ["error", { allowedStrings: ["×", "✓", "•", "*", ",", "(", ")", ":", "·"] }],
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "JSXAttribute[name.name=/^(title|label|aria-label|placeholder|alt|hint|footerQuestion)$/] > Literal[value=/[A-Za-z]/]",
          message: "An applicant reads this: take it from the tenant's texts, t(id) from strings/strings.js.",
        },
      ],
    },
  },
  {
    // HTTP calls leave the client through client/src/api/ only (docs/client.md): the one JSON helper
    // (axios), the upload to storage and the staff page's transport. Anywhere else, import from there.
    files: ["client/src/**/*.{js,jsx}"],
    ignores: ["client/src/api/**", "client/src/**/*.test.{js,jsx}"],
    rules: {
      "no-restricted-globals": [
        "error",
        ...HTTP_GLOBALS.map((name) => ({ name, message: HTTP_ONLY_IN_API })),
      ],
      "no-restricted-properties": [
        "error",
        ...["globalThis", "window", "self"].flatMap((object) =>
          HTTP_GLOBALS.map((property) => ({ object, property, message: HTTP_ONLY_IN_API })),
        ),
      ],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["axios", "axios/*"], message: HTTP_ONLY_IN_API }] },
      ],
    },
  },
  {
    files: ["client/*.mjs", "*.mjs", "tests/e2e/**/*.mjs", "bench/peers/*.mjs"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["client/src/**/*.test.{js,jsx}", "client/src/test-fixtures.js"],
    languageOptions: { globals: { ...globals.node } },
  },
];
