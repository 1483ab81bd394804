// Builds the three peer pages with esbuild into dist/ (static files: one HTML, script and style per
// peer), beside the converted definitions that convert.py writes there.
import { build } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ?? path.join(here, "dist");
mkdirSync(out, { recursive: true });
const peers = {
  survey: "src/survey.js",
  formio: "src/formio.js",
  rjsf: "src/rjsf.jsx",
  engine_check: "src/engine_check.js",
};
await build({
  entryPoints: Object.fromEntries(Object.entries(peers).map(([name, file]) => [name, path.join(here, file)])),
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2020",
  outdir: out,
  jsx: "automatic",
  loader: {
    ".woff": "file",
    ".woff2": "file",
    ".ttf": "file",
    ".eot": "file",
    ".svg": "file",
    ".png": "file",
    ".gif": "file",
  },
  define: { "process.env.NODE_ENV": '"production"', global: "globalThis" },
  logLevel: "warning",
  logOverride: { "invalid-@charset": "silent" }, // in formio.form.css: harmless
});
for (const name of Object.keys(peers)) {
  writeFileSync(
    path.join(out, `${name}.html`),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>` +
      `<link rel="stylesheet" href="${name}.css"></head><body><div id="root"></div>` +
      `<script type="module" src="${name}.js"></script></body></html>\n`,
  );
}
