// Benchmark (not a test): gzipped JavaScript per route and the largest contentful paint of /login in
// headless Debian Chromium with 4x CPU throttling. Builds the client into DIST_DIR, which the app at
// BASE_URL must serve (CLIENT_DIST=DIST_DIR formengine run), then loads each route in a fresh context.
// usage: node tests/e2e/shell_bench.mjs BASE_URL DIST_DIR [runs]
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const here = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(here, "..", "..", "client");
const require = createRequire(path.join(clientDir, "package.json"));
const { chromium } = require("playwright-core");
const { build } = await import(path.join(clientDir, "build.mjs"));
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const [baseUrl, distDir, runsArg] = process.argv.slice(2);
if (!baseUrl || !distDir) {
  console.error("usage: node shell_bench.mjs BASE_URL DIST_DIR [runs]");
  process.exit(2);
}
const runs = Number(runsArg || 7);
const { metafile } = await build({ outdir: path.resolve(distDir) });

// What each output file holds, to name the on-demand axios chunk and to find RJSF or ajv.
const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith(".js"));
const byUrl = new Map(
  outputs.map(([file, meta]) => [
    `/static/${path.relative(distDir, path.resolve(clientDir, file))}`,
    { file, meta },
  ]),
);
const holds = (meta, pattern) => Object.keys(meta.inputs).some((input) => pattern.test(input));
const gz = (file) => gzipSync(readFileSync(path.resolve(clientDir, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});
// /completion is left out: before submission (as here, anonymous) it redirects to the default route.
const routes = ["/login", "/signup", "/confirm", "/forgot", "/reset?username=a%40b.co&id=x", "/about"];
console.log(
  `| route | JS files | gzipped JS to render | + on demand after paint (axios) | total | RJSF or ajv loaded |`,
);
console.log(`| --- | --- | --- | --- | --- | --- |`);
for (const route of routes) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const loaded = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".js") && byUrl.has(url.pathname)) loaded.push(byUrl.get(url.pathname));
  });
  await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
  await page.waitForTimeout(500);
  const axios = loaded.filter(({ meta }) => holds(meta, /node_modules\/axios\//));
  const render = loaded.filter((entry) => !axios.includes(entry));
  const heavy = loaded.some(({ meta }) => holds(meta, /node_modules\/(@rjsf|ajv)/));
  const sum = (list) => list.reduce((total, { file }) => total + gz(file), 0);
  console.log(
    `| ${route.split("?")[0]} | ${loaded.length} | ${kb(sum(render))} KB | ${kb(sum(axios))} KB | ${kb(sum(loaded))} KB | ${heavy ? "yes" : "no"} |`,
  );
  await context.close();
}

async function lcpOnce() {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(`${baseUrl}/login`, { waitUntil: "load" });
  await page.getByRole("heading", { name: "Log In" }).waitFor();
  await page.waitForTimeout(1000);
  const lcp = await page.evaluate(() =>
    new Promise((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1))).observe({
        type: "largest-contentful-paint",
        buffered: true,
      });
    }).then((entry) => ({
      time: entry.startTime,
      element: entry.element?.tagName + (entry.element?.className ? `.${entry.element.className}` : ""),
    })),
  );
  await context.close();
  return lcp;
}
const samples = [];
for (let i = 0; i < runs; i += 1) samples.push(await lcpOnce());
await browser.close();
const times = samples.map((s) => s.time).sort((a, b) => a - b);
console.log(
  `\nLCP of /login, 4x CPU throttling, cache disabled, ${runs} runs: median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, ` +
    `min ${times[0].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms; LCP element ${samples[0].element}`,
);
console.log(
  `machine: ${os.cpus()[0].model}, ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}; ${new Date().toISOString()}`,
);
