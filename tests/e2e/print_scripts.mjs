// The staff print view of an application answered in every script, in Debian's Chromium:
// each typed answer is shown as typed, right-to-left answers run right to left; screenshots at
// 1280 and 375 px (tests/e2e/screenshots/print-scripts-*.png).
// usage: node tests/e2e/print_scripts.mjs PRINT_URL SCREENSHOT_DIR JSON_TYPED_STRINGS
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "client", "package.json"));
const { chromium } = require("playwright-core");

const [url, screenshotDir, rawTyped] = process.argv.slice(2);
const typed = JSON.parse(rawTyped);
mkdirSync(screenshotDir, { recursive: true });
let failed = false;
function check(condition, message) {
  failed ||= !condition;
  console.log(`${condition ? "ok  " : "FAIL"} ${message}`);
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
    "--disable-component-update",
    "--disable-sync",
  ],
  headless: true,
});
try {
  const page = await browser.newPage({
    viewport: { width: 1280, height: 900 },
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.locator(".print-application").waitFor({ timeout: 15000 });
  const values = await page
    .locator(".print-value")
    .evaluateAll((spans) => spans.map((span) => [span.textContent, getComputedStyle(span).direction]));
  const direction = Object.fromEntries(values);
  for (const text of typed) check(text in direction, `the print view shows "${text}" as typed`);
  for (const text of typed.filter((t) => /[\u0590-\u08ff]/.test(t)))
    check(direction[text] === "rtl", `"${text}" runs right to left`);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 800 });
    await page.waitForTimeout(100);
    await page.screenshot({
      path: path.join(screenshotDir, `print-scripts-${width}.png`),
      fullPage: true,
    });
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
