// A rule comparing two answers in Debian's Chromium (example_scholarship: the expected completion
// date on or after the course start date): Continue checks the page, and the browser's own
// validation names the other question on the compared field; the error goes once the date is right.
// usage: node tests/e2e/comparisons.mjs BASE_URL SCREENSHOT_DIR USERNAME PASSWORD
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "client", "package.json"));
const { chromium } = require("playwright-core");

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"];
const MESSAGE = "Your expected completion date must be on or after the Course Start Date.";
const [baseUrl, screenshotDir, username, password] = process.argv.slice(2);
mkdirSync(screenshotDir, { recursive: true });
const form = await (await fetch(`${baseUrl}/public/form`)).json();
const applicant = form.pages[0];

async function fillDate(page, key, isoDate) {
  const [year, month, day] = isoDate.split("-");
  const group = page.locator(`[id="${key}"]`);
  await group.getByRole("textbox", { name: "Day" }).fill(String(Number(day)));
  await group.getByRole("combobox", { name: "Month" }).selectOption(month);
  await group.getByRole("textbox", { name: "Year" }).fill(year);
}

const failures = [];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${baseUrl}/login`, { waitUntil: "networkidle" });
  await page.locator("input[name=username]").fill(username);
  await page.locator("input[name=password]").fill(password);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 15000 });
  await page.goto(`${baseUrl}${applicant.route}`, { waitUntil: "networkidle" });
  await fillDate(page, "course_start", "2025-09-01");
  await fillDate(page, "course_end", "2025-08-31");
  // Continue checks the page it leaves: it stays, and shows the page's problems.
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  const errors = page.locator(`[id="course_end"] .field-errors`);
  await errors.waitFor({ timeout: 10000 }).catch(() => {});
  const shown = (await errors.count()) ? (await errors.innerText()).trim() : "";
  if (shown !== MESSAGE) failures.push(`the completion date shows the message (got "${shown}")`);
  else console.log(`ok   the completion date says: ${shown}`);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await errors.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: path.join(screenshotDir, `comparison-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await fillDate(page, "course_end", "2025-09-01");
  const cleared = await errors
    .waitFor({ state: "detached", timeout: 10000 })
    .then(() => true)
    .catch(() => false);
  if (!cleared) failures.push("the message goes once the completion date is on the start date");
  else console.log("ok   the message goes once the dates are in order");
} finally {
  await browser.close();
}
for (const failure of failures) console.log(`FAIL ${failure}`);
process.exit(failures.length ? 1 : 0);
