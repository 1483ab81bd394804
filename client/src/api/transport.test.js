import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { formShims } from "../../build.mjs";
import { createTransport } from "./transport.js";

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("the transport", () => {
  it("is an axios instance with axios's defaults under the helper's settings", () => {
    const http = createTransport({ baseURL: "http://127.0.0.1:1/", timeout: 5 });
    expect(typeof http.request).toBe("function");
    expect(typeof http.post).toBe("function");
    expect(typeof http.interceptors.request.use).toBe("function");
    expect(http.defaults).toMatchObject({
      baseURL: "http://127.0.0.1:1/",
      timeout: 5,
      adapter: ["xhr", "http", "fetch"],
    });
    expect(http.defaults.headers.common.Accept).toContain("application/json");
  });

  it("leaves axios's fetch adapter out of the browser bundle (build.mjs)", async () => {
    const result = await esbuild.build({
      absWorkingDir: clientDir,
      entryPoints: ["src/api/transport.js"],
      bundle: true,
      write: false,
      metafile: true,
      format: "esm",
      plugins: [formShims],
      logLevel: "silent",
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain("src/api/fetchAdapterStub.js");
    expect(inputs).toContain("node_modules/axios/lib/adapters/xhr.js");
    expect(inputs.filter((input) => input.endsWith("/fetch.js"))).toEqual([]);
  });
});
