// Bundles the client into dist/: hashed, minified assets, index.html pointing at them, and
// Swagger UI's files (for the API docs page) copied from swagger-ui-dist so nothing comes from a CDN.
import { copyFile, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import * as esbuild from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export const SWAGGER_FILES = [
  "swagger-ui-bundle.js",
  "swagger-ui-standalone-preset.js",
  "swagger-ui.css",
  "favicon-16x16.png",
  "favicon-32x32.png",
];
const REQUIRED_SWAGGER_FILES = SWAGGER_FILES.slice(0, 3);

async function exists(file) {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** The HTML template with the bundle's stylesheet and script put in place of the build markers. */
export function renderIndex(template, { scripts, styles, preloads = [] }) {
  for (const marker of ["<!-- build:css -->", "<!-- build:js -->"]) {
    if (!template.includes(marker)) throw new Error(`index.html lacks the marker ${marker}`);
  }
  // The entry's static imports are fetched with it rather than after it has been parsed.
  const css = [
    ...styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
  ].join("\n    ");
  const js = scripts.map((src) => `<script type="module" src="${src}"></script>`).join("\n    ");
  return template.replace("<!-- build:css -->", css).replace("<!-- build:js -->", js);
}

async function copySwaggerUi(outdir) {
  const source = path.dirname(require.resolve("swagger-ui-dist/package.json"));
  const target = path.join(outdir, "swagger-ui");
  await mkdir(target, { recursive: true });
  for (const name of SWAGGER_FILES) {
    const from = path.join(source, name);
    if (!(await exists(from))) {
      if (REQUIRED_SWAGGER_FILES.includes(name)) throw new Error(`swagger-ui-dist has no ${name}`);
      continue;
    }
    await copyFile(from, path.join(target, name));
  }
}

// RJSF imports markdown-to-jsx (for descriptions we do not use) and fast-uri (for `$ref`s our
// schemas do not have): the form's small renderer and a stub stand in for them, about 30 KB of a
// form page's gzipped JavaScript (src/widgets/markdown.js, src/widgets/uriResolverStub.js).
// axios's adapter list imports its fetch adapter, which the browser never picks (XMLHttpRequest comes
// first): a stub stands in for it, 4.5 KB of every page's gzipped JavaScript (src/api/fetchAdapterStub.js).
const AXIOS_ADAPTERS = /[\\/]node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/;
export const formShims = {
  name: "form-shims",
  setup(build) {
    build.onResolve({ filter: /^markdown-to-jsx(\/react)?$/ }, () => ({
      path: path.join(here, "src/widgets/markdown.js"),
    }));
    build.onResolve({ filter: /^fast-uri$/ }, () => ({
      path: path.join(here, "src/widgets/uriResolverStub.js"),
    }));
    build.onResolve({ filter: /^\.\/fetch\.js$/ }, (args) =>
      AXIOS_ADAPTERS.test(args.importer)
        ? { path: path.join(here, "src/api/fetchAdapterStub.js") }
        : undefined,
    );
  },
};

// react-router's module marks none of its top-level `React.createContext(...)` / `forwardRef(...)` /
// `memo(...)` as pure and names each one afterwards (`X.displayName = "..."`, read only by React's
// developer tools): esbuild must keep every such statement, and with it the components nobody imports
// (NavLink, Form, ScrollRestoration, the framework's prefetching) and all they call. Marked pure and
// unnamed, only what the client uses stays: 3.1 KB less gzipped on every page (docs/benchmarks.md).
const ROUTER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]\w+[\\/][^\\/]+\.mjs$/;
export function trimRouter(source) {
  return source
    .replace(/^(var [\w$]+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm, "$1/* @__PURE__ */ $2")
    .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, "");
}
export const routerTrim = {
  name: "router-trim",
  setup(build) {
    build.onLoad({ filter: ROUTER_MODULE }, async (args) => ({
      contents: trimRouter(await readFile(args.path, "utf8")),
      loader: "js",
    }));
  },
};

export async function build({
  outdir = path.join(here, "dist"),
  publicPath = "/static",
  logLevel = "warning",
} = {}) {
  await rm(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: here,
    entryPoints: ["src/main.jsx"],
    outdir,
    bundle: true,
    minify: true,
    // The maps are written beside each file (the profiles read them: bench/peers/profile.mjs) but not
    // named in it: a form page's twenty files each carried a comment to its map, 0.7 KB gzipped.
    sourcemap: "external",
    format: "esm",
    splitting: true,
    target: ["es2022"],
    jsx: "automatic",
    entryNames: "assets/[name]-[hash]",
    chunkNames: "assets/chunk-[hash]",
    assetNames: "assets/[name]-[hash]",
    publicPath,
    define: { "process.env.NODE_ENV": '"production"' },
    legalComments: "linked",
    metafile: true,
    plugins: [formShims, routerTrim],
    logLevel,
  });
  refuseWarnings(result, "src/main.jsx");

  const url = (file) =>
    `${publicPath}/${path.relative(outdir, path.resolve(here, file)).split(path.sep).join("/")}`;
  const { scripts, styles } = await writePage(result.metafile, "src/main.jsx", "index.html", outdir, url);
  await buildStaffPage({ outdir, url, publicPath, logLevel });
  await copySwaggerUi(outdir);
  return { scripts, styles, metafile: result.metafile };
}

// A warning such as "import will always be undefined" is a broken build that still bundles: refuse it.
function refuseWarnings(result, entryPoint) {
  if (result.warnings.length) {
    throw new Error(`esbuild warned ${result.warnings.length} time(s) building ${entryPoint}; fix them`);
  }
}

/** `html` from its template, pointing at the entry's bundle, stylesheet and static imports. */
async function writePage(metafile, entryPoint, html, outdir, url) {
  const entry = Object.entries(metafile.outputs).find(([, meta]) => meta.entryPoint === entryPoint);
  if (!entry) throw new Error(`esbuild produced no bundle for ${entryPoint}`);
  const scripts = [url(entry[0])];
  const styles = entry[1].cssBundle ? [url(entry[1].cssBundle)] : [];
  const preloads = entry[1].imports
    .filter((item) => item.kind === "import-statement")
    .map((item) => url(item.path));
  const template = await readFile(path.join(here, html), "utf8");
  await writeFile(path.join(outdir, html), renderIndex(template, { scripts, styles, preloads }));
  return { scripts, styles };
}

// The staff list (/staff) is a build of its own: it shares no chunk with the applicant's pages, so
// their bundles stay byte for byte what they were, and it carries its own copy of React.
export async function buildStaffPage({ outdir, url, publicPath, logLevel }) {
  const result = await esbuild.build({
    absWorkingDir: here,
    entryPoints: ["src/staff/staff.jsx"],
    outdir,
    bundle: true,
    minify: true,
    sourcemap: "external",
    format: "esm",
    target: ["es2022"],
    jsx: "automatic",
    entryNames: "assets/[name]-[hash]",
    assetNames: "assets/[name]-[hash]",
    publicPath,
    define: { "process.env.NODE_ENV": '"production"' },
    legalComments: "linked",
    metafile: true,
    logLevel,
  });
  refuseWarnings(result, "src/staff/staff.jsx");
  return {
    ...(await writePage(result.metafile, "src/staff/staff.jsx", "staff.html", outdir, url)),
    metafile: result.metafile,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const { scripts, styles, metafile } = await build();
  const bytes = Object.values(metafile.outputs).reduce((sum, meta) => sum + meta.bytes, 0);
  console.log(
    `client built in ${Date.now() - started} ms: ${[...scripts, ...styles].join(", ")} (${Math.round(bytes / 1024)} KB with maps)`,
  );
}
