import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import * as esbuild from "esbuild";
import { build, renderIndex, routerTrim, SWAGGER_FILES, trimRouter } from "./build.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

describe("renderIndex", () => {
  it("puts the stylesheet and module script where the markers are", () => {
    const html = renderIndex("<head><!-- build:css --></head><body><!-- build:js --></body>", {
      scripts: ["/static/assets/main-AB.js"],
      styles: ["/static/assets/main-CD.css"],
    });
    expect(html).toBe(
      '<head><link rel="stylesheet" href="/static/assets/main-CD.css"></head>' +
        '<body><script type="module" src="/static/assets/main-AB.js"></script></body>',
    );
  });

  it("refuses a template without the markers", () => {
    expect(() => renderIndex("<head></head>", { scripts: [], styles: [] })).toThrow("build:css");
  });
});

describe("build", () => {
  let outdir;
  afterAll(() => outdir && rm(path.dirname(outdir), { recursive: true, force: true }));

  it("writes hashed assets, an index.html that references them, and Swagger UI's files", async () => {
    outdir = path.join(await mkdtemp(path.join(os.tmpdir(), "client-build-")), "dist");
    const { scripts, styles } = await build({ outdir, logLevel: "silent" });

    const html = readFileSync(path.join(outdir, "index.html"), "utf8");
    for (const url of [...scripts, ...styles]) {
      expect(url).toMatch(/^\/static\/assets\/main-[A-Z0-9]{8}\.(js|css)$/);
      expect(html).toContain(url);
      expect(existsSync(path.join(outdir, url.replace("/static/", "")))).toBe(true);
    }
    expect(html).not.toMatch(/https?:\/\//);
    // The staff page: its own HTML and its own bundle, which no applicant page references.
    const staff = readFileSync(path.join(outdir, "staff.html"), "utf8");
    const staffScript = /src="(\/static\/assets\/staff-[A-Z0-9]{8}\.js)"/.exec(staff)[1];
    expect(existsSync(path.join(outdir, staffScript.replace("/static/", "")))).toBe(true);
    expect(html).not.toContain("staff-");
    for (const name of SWAGGER_FILES.slice(0, 3)) {
      expect(existsSync(path.join(outdir, "swagger-ui", name))).toBe(true);
    }
  }, 30000);
});

describe("react-router, trimmed to what the client uses", () => {
  it("marks its top-level contexts and components pure and drops their display names", () => {
    const source = [
      "var LocationContext = React.createContext(null);",
      'LocationContext.displayName = "Location";',
      "var Link = React10.forwardRef(",
      '  function LinkWithRef() { el.displayName = "kept"; }',
      ");",
      'Link.displayName = "Link";',
    ].join("\n");
    expect(trimRouter(source).split("\n")).toEqual([
      "var LocationContext = /* @__PURE__ */ React.createContext(null);",
      "",
      "var Link = /* @__PURE__ */ React10.forwardRef(",
      '  function LinkWithRef() { el.displayName = "kept"; }',
      ");",
      "",
    ]);
  });

  it("leaves the components nobody imports out of the bundle", async () => {
    const bundle = async (plugins) => {
      const result = await esbuild.build({
        absWorkingDir: here,
        stdin: {
          contents:
            'import { BrowserRouter, useNavigate } from "react-router"; console.log(BrowserRouter, useNavigate);',
          resolveDir: here,
        },
        bundle: true,
        minify: true,
        write: false,
        format: "esm",
        external: ["react", "react-dom"],
        plugins,
        logLevel: "silent",
      });
      return result.outputFiles[0].text;
    };
    const [whole, trimmed] = [await bundle([]), await bundle([routerTrim])];
    // ScrollRestoration's storage key and Link's prefetching: there untrimmed, gone trimmed.
    for (const word of ["react-router-scroll-positions", "modulepreload"]) {
      expect(whole).toContain(word);
      expect(trimmed).not.toContain(word);
    }
    expect(trimmed).toContain("popstate"); // BrowserRouter's history stays
    expect(trimmed.length).toBeLessThan(whole.length * 0.8);
  });
});
