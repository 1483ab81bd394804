// Form rendering benchmark (a measurement, not a test): per-keystroke work on the form pages in
// headless Debian Chromium with 4x CPU throttling, and the gzipped JavaScript a form page loads.
// usage: node tests/e2e/form_bench.mjs BASE_URL [USERNAME PASSWORD]
// With a username, the pages are measured for a logged-in applicant whose status is validating
// (validation re-runs on every keystroke), else for a visitor. Results are printed as JSON.
import { gzipSync } from "node:zlib";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "client", "package.json"));
const { chromium } = require("playwright-core");

const [baseUrl, username, password] = process.argv.slice(2);
const KEYSTROKES = 40;
const THROTTLE = 4;
const form = await (await fetch(`${baseUrl}/public/form`)).json();

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
  ],
});
const loadAverage = (await import("node:os")).loadavg()[0];
const results = {
  load_average: Number(loadAverage.toFixed(1)),
  throttle: THROTTLE,
  keystrokes: KEYSTROKES,
  mode: username ? "logged in, validating" : "visitor",
  pages: [],
};
try {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const scripts = new Map();
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script" && response.ok()) {
      try {
        scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
      } catch {
        /* a redirect has no body */
      }
    }
  });
  if (username) {
    await page.goto(`${baseUrl}/login`, { waitUntil: "networkidle" });
    await page.locator("input[name=username]").fill(username);
    await page.locator("input[name=password]").fill(password);
    await page.locator("form button[type=submit]").click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.evaluate(async () => {
      for (const status of ["started", "validating"]) {
        await fetch("/api/web-status", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ web_status: status }),
        });
      }
    });
  }
  const cdp = await context.newCDPSession(page);
  await page.goto(`${baseUrl}${form.pages[0].route}`, {
    waitUntil: "networkidle",
  });
  for (const [index, formPage] of form.pages.entries()) {
    if (index > 0 && !username) {
      scripts.clear();
      await page.goto(`${baseUrl}${formPage.route}`, {
        waitUntil: "networkidle",
      });
    } else if (index > 0) {
      // Through the navigation: a reload would take an applicant back to the saved last page.
      scripts.clear();
      await page
        .getByRole("navigation", { name: "Application sections" })
        .getByRole("link", { name: `${index + 1} ${formPage.nav_label}` })
        .click();
      await page.waitForURL((url) => url.pathname === formPage.route);
    }
    await page.locator("h1#page-title", { hasText: formPage.title }).waitFor();
    await page.waitForLoadState("networkidle");
    const jsGzip = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    // The first text question of the page (its wrapper has the answer key as id).
    const target = page
      .locator(".form-page .field input[type=text]:not([role=combobox]), .form-page textarea")
      .first();
    if (!(await target.count())) {
      results.pages.push({
        route: formPage.route,
        keystroke_ms: null,
        note: "no text question shown",
        js_gzip_kb: Number((jsGzip / 1024).toFixed(1)),
      });
      continue;
    }
    await target.scrollIntoViewIfNeeded();
    await target.click();
    await cdp.send("Performance.enable");
    const metric = async () =>
      Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
    const before = await metric();
    const samples = await page.evaluate(async (count) => {
      const input = document.activeElement;
      const times = [];
      const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      // After the tasks queued so far (React's render, commit and effects), without timer clamping.
      const afterTasks = () =>
        new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(0);
        });
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), "value").set;
      for (let i = 0; i < count; i += 1) {
        await nextFrame();
        const started = performance.now();
        setter.call(input, `${input.value}${"abcdefghij"[i % 10]}`.slice(-30));
        input.dispatchEvent(new Event("input", { bubbles: true }));
        await afterTasks();
        await afterTasks();
        void document.body.offsetHeight; // the browser's style and layout for the change
        times.push(performance.now() - started);
      }
      return times;
    }, KEYSTROKES);
    const after = await metric();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    // Main-thread time per keystroke by kind (CPU work, so less sensitive to a busy machine).
    const perKey = (name) => Number((((after[name] - before[name]) * 1000) / KEYSTROKES).toFixed(1));
    const questions = await page.locator(".form-page .field").count();
    results.pages.push({
      route: formPage.route,
      questions_rendered: questions,
      keystroke_ms: {
        median: Number(percentile(samples, 50).toFixed(1)),
        p95: Number(percentile(samples, 95).toFixed(1)),
        max: Number(Math.max(...samples).toFixed(1)),
      },
      main_thread_ms_per_keystroke: {
        task: perKey("TaskDuration"),
        script: perKey("ScriptDuration"),
        style: perKey("RecalcStyleDuration"),
        layout: perKey("LayoutDuration"),
      },
      // The first page: everything a form page loads; later pages: what their visit added.
      js_gzip_kb: Number((jsGzip / 1024).toFixed(1)),
    });
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify(results, null, 2));
