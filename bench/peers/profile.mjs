// Where the engine's time goes on the large form's first page (a measurement, not a test): the
// keystroke in the count and the switch to the second page, as bench.mjs times them, in Debian's
// Chromium at 4x CPU throttling, under the V8 sampling profiler (CDP Profiler) with the renderer's
// own counters (CDP Performance: script, style, layout). Self time is grouped by original source
// position through the bundle's source map.
// usage: node bench/peers/profile.mjs CONFIG.json   (written by scripts/profile_engine_page.py)
// CONFIG: {engine_url, peers_dir, full: [user, password], keystrokes, switches, out}.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { saveAnswerSet } from "./seed.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "client", "package.json"));
const { chromium } = require("playwright-core");
const { SourceMapConsumer } = require("source-map-js");

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const THROTTLE = 4;
const fairness = JSON.parse(readFileSync(path.join(config.peers_dir, "fairness.json"), "utf8"));
const TYPED = "p01_count";
const TYPED_SHOWS = "p01_s7_choice";
const NEXT_PAGE_SHOWS = "p02_mode";
const question = (key) => `[id="${key}"].field`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});

async function login(page, [username, password]) {
  await page.goto(`${config.engine_url}/login`, { waitUntil: "networkidle" });
  await page.locator("input[name=username]").fill(username);
  await page.locator("input[name=password]").fill(password);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

// The complete answer set, saved through the application's API (as bench.mjs seeds it).
async function seed(page) {
  const failed = await saveAnswerSet(page, fairness.bench);
  if (failed.length) throw new Error(`seeding failed: ${failed.join("; ")}`);
}

async function timed(page, act, key, shown) {
  return page.evaluate(
    async ({ selector, shown, act }) => {
      const displayed = () => {
        const element = document.querySelector(selector);
        return !!element && element.getClientRects().length > 0;
      };
      const started = performance.now();
      await new Function(`return (async () => { ${act} })()`)();
      while (displayed() !== shown) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (performance.now() - started > 20000) throw new Error("no change within 20 s");
      }
      return performance.now() - started;
    },
    { selector: question(key), shown, act },
  );
}

const COUNTERS = ["ScriptDuration", "RecalcStyleDuration", "LayoutDuration", "TaskDuration"];
async function counters(cdp) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return Object.fromEntries(
    metrics.filter((m) => COUNTERS.includes(m.name)).map((m) => [m.name, m.value * 1000]),
  );
}

// Run `steps` (each returns its timed ms) under the profiler; the profile and the counters' growth.
async function profiled(cdp, steps) {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Performance.enable");
  const before = await counters(cdp);
  await cdp.send("Profiler.start");
  const times = [];
  for (const step of steps) times.push(await step());
  const { profile } = await cdp.send("Profiler.stop");
  const after = await counters(cdp);
  const grown = Object.fromEntries(COUNTERS.map((k) => [k, after[k] - before[k]]));
  return { times, profile, counters: grown };
}

const maps = new Map();
async function sourceMap(url) {
  if (!maps.has(url)) {
    let consumer = null;
    try {
      const response = await fetch(`${url}.map`);
      if (response.ok) consumer = new SourceMapConsumer(await response.json());
    } catch {
      consumer = null;
    }
    maps.set(url, consumer);
  }
  return maps.get(url);
}

// Where a profile node's function is in the original sources: "file:line  text of that line".
async function place(frame) {
  if (!frame.url) return { key: frame.functionName || "(anonymous)", file: frame.functionName || "(native)" };
  const consumer = frame.url.startsWith(config.engine_url) ? await sourceMap(frame.url) : null;
  if (!consumer) return { key: `${frame.functionName || "(anonymous)"} ${frame.url}`, file: frame.url };
  const at = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!at.source) return { key: `${frame.functionName} (bundle)`, file: "(bundle)" };
  const file = at.source.replace(/^(\.\.\/)+/, "").replace(/^.*node_modules\//, "node_modules/");
  const text = (consumer.sourceContentFor(at.source, true) ?? "").split("\n")[at.line - 1] ?? "";
  return { key: `${file}:${at.line}  ${text.trim().slice(0, 70)}`, file };
}

// Self and total time per function (grouped by original position) and self time per source file,
// over one or more profiles.
async function attribute(profiles) {
  const self = new Map();
  const total = new Map();
  const files = new Map();
  let all = 0;
  for (const profile of profiles) {
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const places = new Map();
    for (const n of profile.nodes) places.set(n.id, await place(n.callFrame));
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      all += ms;
      const at = places.get(id);
      self.set(at.key, (self.get(at.key) ?? 0) + ms);
      files.set(at.file, (files.get(at.file) ?? 0) + ms);
      const seen = new Set();
      for (let n = id; n !== undefined; n = parent.get(n)) {
        const key = places.get(n).key;
        if (!seen.has(key)) total.set(key, (total.get(key) ?? 0) + ms);
        seen.add(key);
      }
    });
  }
  // Shares of the busy time: the profile less "(idle)" (the page waiting for frames or the network).
  const busy = all - (self.get("(idle)") ?? 0);
  const top = (m, k) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([key, ms]) => ({
        key,
        ms: Math.round(ms * 10) / 10,
        share: Math.round((ms / busy) * 1000) / 10,
      }));
  return {
    profiled_ms: Math.round(all),
    busy_ms: Math.round(busy),
    self: top(self, 25),
    total: top(total, 40),
    files: top(files, 500),
  };
}

const results = {
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, load_average: os.loadavg()[0] },
  throttle: THROTTLE,
};
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await login(page, config.full);
  await seed(page);
  await page.goto(`${config.engine_url}/page-01`, { waitUntil: "networkidle" });
  await page.locator(question(TYPED)).first().waitFor();
  await page.waitForTimeout(500);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
  const input = page.locator(`${question(TYPED)} input`).first();
  await input.scrollIntoViewIfNeeded();
  await input.focus();
  const act = (value) => `
    const input = document.activeElement;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), "value").set;
    setter.call(input, ${JSON.stringify(value)});
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true, key: ${JSON.stringify(value.slice(-1))} }));`;
  const keystrokes = [];
  for (let i = 0; i < config.keystrokes; i += 1) {
    const value = i % 2 === 0 ? "2" : "25";
    keystrokes.push(() => timed(page, act(value), TYPED_SHOWS, value === "25"));
  }
  const typed = await profiled(cdp, keystrokes);
  // Let the debounced save and its answer settle outside the profile, then profile them alone.
  const settle = await profiled(cdp, [() => page.waitForTimeout(3000).then(() => 0)]);
  results.keystroke = { times: typed.times, counters: typed.counters, ...(await attribute([typed.profile])) };
  results.after_keystrokes = { counters: settle.counters, ...(await attribute([settle.profile])) };

  const switches = [];
  for (let i = 0; i < config.switches; i += 1) {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await page.goto(`${config.engine_url}/page-01`, { waitUntil: "networkidle" });
    await page.locator(question(TYPED)).first().waitFor();
    await page.waitForTimeout(500);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
    const click = `[...document.querySelectorAll("nav a")].find((a) => a.getAttribute("href") === "/page-02").click();`;
    const run = await profiled(cdp, [() => timed(page, click, NEXT_PAGE_SHOWS, true)]);
    switches.push(run);
  }
  const sum = (k) => switches.reduce((a, s) => a + s.counters[k], 0);
  results.page_switch = {
    times: switches.map((s) => s.times[0]),
    counters: Object.fromEntries(COUNTERS.map((k) => [k, sum(k)])),
    ...(await attribute(switches.map((s) => s.profile))),
  };
  await context.close();
} finally {
  await browser.close();
}
writeFileSync(config.out, JSON.stringify(results, null, 1));
