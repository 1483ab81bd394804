// The large form side by side in one browser (a measurement, not a test): the engine (a running
// `formengine run` on the generated tenant) against SurveyJS, Form.io and react-jsonschema-form
// (the pages built into dist/ by build.mjs), in Debian's Chromium with 4x CPU throttling, systems
// alternating within each round. First the fairness check: for every scripted answer set each
// peer must show the engine's questions and report its required-missing set.
// usage: node bench/peers/bench.mjs CONFIG.json   (written by scripts/bench_peers.py)
// CONFIG: {engine_url, peers_dir, empty: [user, password], full: [user, password], rounds,
//          keystrokes, switches, out}. Results are written as JSON to `out`.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveFolder } from "./serve.mjs";
import { saveAnswerSet } from "./seed.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "client", "package.json"));
const { chromium } = require("playwright-core");

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const THROTTLE = 4;
const STEP_TIMEOUT_MS = 20000;
const fairness = JSON.parse(readFileSync(path.join(config.peers_dir, "fairness.json"), "utf8"));
const PEERS = { survey: "SurveyJS", formio: "Form.io", rjsf: "react-jsonschema-form" };
// `systems` in CONFIG: only these (the engine alone for a quick look at its own figures).
const SYSTEMS = ["engine", ...Object.keys(PEERS)].filter(
  (s) => !config.systems || config.systems.includes(s),
);

// How each system marks a question (by its answer key) and its first page's first input.
const QUESTION = {
  engine: (key) => `[id="${key}"].field`,
  survey: (key) => `[data-name="${key}"]`,
  formio: (key) => `.formio-component-${key}`,
  rjsf: (key) => `[id="root_${key}"], [id^="root_${key}-"]`,
};
const TYPED_INPUT = {
  engine: (key) => `[id="${key}"].field input`,
  survey: (key) => `[data-name="${key}"] input`,
  formio: (key) => `.formio-component-${key} input`,
  rjsf: (key) => `#root_${key}`,
};
const FIRST_INPUT = {
  engine: ".form-page input",
  survey: "#root input",
  formio: "#root input",
  rjsf: "#root input",
};
// The typed field: the first page's count, read by 103 conditions (three sections', and one question's
// in each of twenty sections); keystrokes alternate "2" and "25" so each one re-decides all of them
// and shows or hides two sections and ten questions.
const TYPED = "p01_count";
const TYPED_SHOWS = "p01_s7_choice"; // shown when the count is above 10
// "Mode 3" hides the first page's first and sixth sections and its twenty sections of ten questions
// (over 200 questions); "Mode 1" shows them again.
const SWITCHED = "p01_mode";
const SWITCH_SHOWS = "p01_s1_choice";
const NEXT_PAGE_SHOWS = "p02_mode";
// The second page's last question (its tenth entry's last answer): the engine draws a large page in
// parts, the first screen first; the peers draw it in one go, so for them the whole page is drawn
// in the frame that shows its first question.
const NEXT_PAGE_LAST = "p02e_10_since";

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
const server = await serveFolder(path.resolve(config.peers_dir));
const results = {
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, load_average: os.loadavg()[0] },
  throttle: THROTTLE,
  rounds: config.rounds,
  keystrokes: config.keystrokes,
  switches: config.switches ?? 1,
  fairness: {},
  samples: Object.fromEntries(SYSTEMS.map((s) => [s, {}])),
  failures: Object.fromEntries(SYSTEMS.map((s) => [s, {}])),
  questions: {},
};

function record(system, measure, value) {
  (results.samples[system][measure] ||= []).push(value);
}
function fail(system, measure, error) {
  const message = String(error?.message ?? error)
    .split("\n")[0]
    .slice(0, 200);
  results.failures[system][measure] = message;
  console.error(`${system} ${measure}: ${message}`);
}

// In the page: do `act`, then wait frame by frame until the question `key` is shown (or hidden);
// the time from before `act` to the first frame that shows it.
async function timed(page, system, act, key, shown) {
  return page.evaluate(
    async ({ selector, shown, act, timeout }) => {
      const displayed = () => {
        const element = document.querySelector(selector);
        return !!element && element.getClientRects().length > 0;
      };
      const started = performance.now();
      await new Function(`return (async () => { ${act} })()`)();
      while (displayed() !== shown) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (performance.now() - started > timeout) throw new Error(`no change within ${timeout} ms`);
      }
      return performance.now() - started;
    },
    { selector: QUESTION[system](key), shown, act, timeout: STEP_TIMEOUT_MS },
  );
}

// The engine's page switch: the time to the first frame showing the page's first question, and on
// to the first frame with the whole page drawn (its last question shown, its sections no longer busy).
async function timedSwitch(page, act) {
  return page.evaluate(
    async ({ first, last, act, timeout }) => {
      const displayed = (selector) => {
        const element = document.querySelector(selector);
        return !!element && element.getClientRects().length > 0;
      };
      const whole = () => displayed(last) && !document.querySelector(".page-sections[aria-busy]");
      const started = performance.now();
      await new Function(`return (async () => { ${act} })()`)();
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      while (!displayed(first)) {
        await frame();
        if (performance.now() - started > timeout) throw new Error(`no change within ${timeout} ms`);
      }
      const firstAt = performance.now() - started;
      while (!whole()) {
        await frame();
        if (performance.now() - started > timeout) throw new Error(`not drawn within ${timeout} ms`);
      }
      return [firstAt, performance.now() - started];
    },
    {
      first: QUESTION.engine(NEXT_PAGE_SHOWS),
      last: QUESTION.engine(NEXT_PAGE_LAST),
      act,
      timeout: STEP_TIMEOUT_MS,
    },
  );
}

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}

async function login(page, [username, password]) {
  await page.goto(`${config.engine_url}/login`, { waitUntil: "networkidle" });
  await page.locator("input[name=username]").fill(username);
  await page.locator("input[name=password]").fill(password);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

async function peerReady(page) {
  await page.waitForFunction(() => document.documentElement.dataset.ready, null, { timeout: 120000 });
  const error = await page.evaluate(() => window.benchError ?? null);
  if (error) throw new Error(error);
}

// The first page interactive: navigation start to the first frame with the first input shown.
async function firstPage(system) {
  const { context, page, cdp } = await newPage();
  try {
    if (system === "engine") await login(page, config.empty);
    await page.addInitScript((selector) => {
      const seen = () => {
        if (window.firstInputAt || !document.querySelector(selector)) return;
        requestAnimationFrame(() => {
          window.firstInputAt ||= performance.now();
        });
      };
      new MutationObserver(seen).observe(document, { childList: true, subtree: true });
    }, FIRST_INPUT[system]);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
    const url = system === "engine" ? `${config.engine_url}/page-01` : `${server.url}/${system}.html`;
    await page.goto(url);
    await page.waitForFunction(() => window.firstInputAt, null, { timeout: 120000 });
    record(system, "first_page_ms", await page.evaluate(() => window.firstInputAt));
  } catch (error) {
    fail(system, "first_page_ms", error);
  } finally {
    await context.close();
  }
}

// The questions shown on the first page (the engine's: its question wrappers; a peer's: its own answer).
async function shownCount(page, system) {
  if (system === "engine") return page.locator(".form-page .field").count();
  return page.evaluate(() => window.bench.shown().filter((key) => key.startsWith("p01")).length);
}

// Everything else on the complete answer set: keystrokes, the show/hide switch, a page switch,
// the full check, and the heap after every page was shown.
async function filled(system) {
  const { context, page, cdp } = await newPage();
  try {
    if (system === "engine") {
      await login(page, config.full);
      await page.goto(`${config.engine_url}/page-01`, { waitUntil: "networkidle" });
    } else {
      await page.goto(`${server.url}/${system}.html`);
      await peerReady(page);
      await page.evaluate(async (set) => {
        await window.bench.load(set);
        await window.bench.page(0);
      }, fairness.bench);
    }
    await page.locator(QUESTION[system](TYPED)).first().waitFor();
    await page.waitForTimeout(500);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
    // Keystrokes into the count: each re-decides the conditions that read it.
    try {
      const input = page.locator(TYPED_INPUT[system](TYPED)).first();
      await input.scrollIntoViewIfNeeded();
      await input.focus();
      const act = (value) => `
        const input = document.activeElement;
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), "value").set;
        setter.call(input, ${JSON.stringify(value)});
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true, key: ${JSON.stringify(value.slice(-1))} }));`;
      for (let i = 0; i < config.keystrokes; i += 1) {
        const value = i % 2 === 0 ? "2" : "25";
        record(system, "keystroke_ms", await timed(page, system, act(value), TYPED_SHOWS, value === "25"));
      }
    } catch (error) {
      fail(system, "keystroke_ms", error);
    }
    // The switch: "Mode 3" hides over 200 questions, "Mode 1" shows them again.
    try {
      const before = await shownCount(page, system);
      const click = (label) => `
        const box = document.querySelector(${JSON.stringify(QUESTION[system](SWITCHED))});
        const text = [...box.querySelectorAll("label, span")].find((e) => e.textContent.trim().startsWith(${JSON.stringify(label)}));
        (text.closest("label") ?? text).click();`;
      record(system, "hide_ms", await timed(page, system, click("Mode 3:"), SWITCH_SHOWS, false));
      const after = await shownCount(page, system);
      record(system, "show_ms", await timed(page, system, click("Mode 1:"), SWITCH_SHOWS, true));
      results.questions[system] = { page_one_shown: before, page_one_after_hide: after };
    } catch (error) {
      fail(system, "hide_ms", error);
    }
    // A page switch: the first page to the second. The engine's takes `switches` samples a round,
    // back to the first page (untimed, wholly drawn) between them; a peer's one (its switches take
    // seconds each, and the whole run has its 30 minutes).
    try {
      if (system === "engine") {
        const go = (n) =>
          `[...document.querySelectorAll("nav a")].find((a) => a.getAttribute("href") === "/page-0${n}").click();`;
        for (let i = 0; i < results.switches; i += 1) {
          if (i > 0) {
            await page.evaluate((href) => {
              [...document.querySelectorAll("nav a")].find((a) => a.getAttribute("href") === href).click();
            }, "/page-01");
            await page.locator(QUESTION.engine(TYPED)).first().waitFor();
            await page.waitForFunction(() => !document.querySelector(".page-sections[aria-busy]"));
            await page.waitForTimeout(300);
          }
          const [first, whole] = await timedSwitch(page, go(2));
          record(system, "page_switch_ms", first);
          record(system, "page_switch_whole_ms", whole);
        }
      } else {
        const ms = await timed(page, system, `await window.bench.page(1);`, NEXT_PAGE_SHOWS, true);
        record(system, "page_switch_ms", ms);
        record(system, "page_switch_whole_ms", ms);
      }
    } catch (error) {
      fail(system, "page_switch_ms", error);
    }
    // Every other page once, then the heap.
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    try {
      for (let n = 3; n <= 15; n += 1) {
        const key = `p${String(n).padStart(2, "0")}_mode`;
        const act =
          system === "engine"
            ? `[...document.querySelectorAll("nav a")].find((a) => a.getAttribute("href") === "/page-${String(n).padStart(2, "0")}").click();`
            : `await window.bench.page(${n - 1});`;
        await timed(page, system, act, key, true);
      }
      await cdp.send("HeapProfiler.collectGarbage");
      const heap = await cdp.send("Runtime.getHeapUsage");
      record(system, "heap_mb", heap.usedSize / 2 ** 20);
    } catch (error) {
      fail(system, "heap_mb", error);
    }
    // The check before submit over all answers (the engine's: its client check, on its own page).
    try {
      if (system !== "engine") {
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
        record(system, "full_check_ms", await checkTime(page));
      }
    } catch (error) {
      fail(system, "full_check_ms", error);
    }
  } catch (error) {
    fail(system, "page", error);
  } finally {
    await context.close();
  }
}

async function checkTime(page) {
  return page.evaluate(async () => {
    const started = performance.now();
    await window.bench.check();
    return performance.now() - started;
  });
}

async function engineCheck() {
  const { context, page, cdp } = await newPage();
  try {
    await page.goto(`${server.url}/engine_check.html`);
    await peerReady(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
    await checkTime(page); // the first run builds the interpreter's tables, as the app's first check does
    record("engine", "full_check_ms", await checkTime(page));
  } catch (error) {
    fail("engine", "full_check_ms", error);
  } finally {
    await context.close();
  }
}

// The fairness check: every answer set through every peer, against the engine's answers.
async function fairnessCheck(system) {
  const { context, page } = await newPage();
  const outcome = { sets: fairness.sets.length, passed: 0, mismatches: [] };
  try {
    await page.goto(`${server.url}/${system}.html`);
    await peerReady(page);
    for (const [n, set] of fairness.sets.entries()) {
      const got = await page.evaluate(async (s) => {
        await window.bench.load(s);
        return { shown: window.bench.shown(), missing: window.bench.requiredMissing() };
      }, set);
      const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
      if (same(got.shown, set.shown) && same(got.missing, set.required_missing)) {
        outcome.passed += 1;
      } else {
        const only = (a, b) => a.filter((x) => !b.includes(x)).slice(0, 5);
        outcome.mismatches.push({
          set: n,
          shown: [got.shown.length, set.shown.length],
          extra_shown: only(got.shown, set.shown),
          lacking_shown: only(set.shown, got.shown),
          missing: [got.missing.length, set.required_missing.length],
          extra_missing: only(got.missing, set.required_missing),
          lacking_missing: only(set.required_missing, got.missing),
        });
      }
    }
  } catch (error) {
    outcome.crashed = String(error?.message ?? error)
      .split("\n")[0]
      .slice(0, 200);
  } finally {
    await context.close();
  }
  results.fairness[system] = outcome;
  console.error(
    `fairness ${system}: ${outcome.passed}/${outcome.sets}${outcome.crashed ? ` crashed: ${outcome.crashed}` : ""}`,
  );
}

// The "full" applicant's application holds the complete answer set (every entry of every
// add-another section), saved through the application's own API.
async function seed() {
  const { context, page } = await newPage();
  try {
    await login(page, config.full);
    const set = fairness.bench;
    const failed = await saveAnswerSet(page, set);
    if (failed.length) throw new Error(`seeding the complete application failed: ${failed.join("; ")}`);
  } finally {
    await context.close();
  }
}

try {
  await seed();
  for (const system of SYSTEMS.filter((s) => s !== "engine")) await fairnessCheck(system);
  results.fairness_shown = fairness.sets.map((s) => s.shown.length);
  for (let round = 0; round < config.rounds; round += 1) {
    // Alternating: each round starts with the next system.
    const order = SYSTEMS.map((_s, i) => SYSTEMS[(i + round) % SYSTEMS.length]);
    for (const system of order) {
      await firstPage(system);
      await filled(system);
      if (system === "engine") await engineCheck();
    }
    console.error(`round ${round + 1}/${config.rounds} done`);
  }
} finally {
  await browser.close();
  server.close();
}
writeFileSync(config.out, JSON.stringify(results, null, 1));
