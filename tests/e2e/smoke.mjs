// Browser smoke test: Debian's Chromium driven by playwright-core (from client/node_modules).
// usage: node tests/e2e/smoke.mjs BASE_URL SCREENSHOT_DIR
// Reads the compiled form from the running app, opens /, checks the tenant name and the numbered
// navigation are visible at desktop and phone widths, that nothing is fetched from another host,
// that the page does not scroll sideways on a phone, and that the API docs page loads its own assets.
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "client", "package.json"));
const { chromium } = require("playwright-core");

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 740 },
];

const [baseUrl, screenshotDir] = process.argv.slice(2);
if (!baseUrl || !screenshotDir) {
  console.error("usage: node smoke.mjs BASE_URL SCREENSHOT_DIR");
  process.exit(2);
}
mkdirSync(screenshotDir, { recursive: true });

const failures = [];
function check(condition, message) {
  if (!condition) failures.push(message);
  console.log(`${condition ? "ok  " : "FAIL"} ${message}`);
}

const form = await (await fetch(`${baseUrl}/public/form`)).json();
const tenantName = form.tenant.name;
const navLabels = form.pages.map((page) => page.nav_label);
const origin = new URL(baseUrl).origin;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
  headless: true,
});
try {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
    });
    const page = await context.newPage();
    const foreign = [];
    const consoleErrors = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(origin) && !url.startsWith("data:")) foreign.push(url);
    });
    page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
    page.on("pageerror", (error) => consoleErrors.push(String(error)));

    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    const at = `${viewport.name} ${viewport.width}px`;
    check(
      new URL(page.url()).pathname === form.tenant.default_route,
      `${at}: / lands on the default route (${page.url()})`,
    );
    check(
      await page.getByText(tenantName, { exact: true }).isVisible(),
      `${at}: tenant name "${tenantName}" is visible`,
    );
    const nav = page.getByRole("navigation", { name: "Application sections" });
    for (const [index, label] of navLabels.entries()) {
      const link = nav.getByRole("link", { name: `${index + 1} ${label}` });
      check(await link.isVisible(), `${at}: nav item ${index + 1} "${label}" is visible`);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    check(overflow <= 0, `${at}: no sideways scrolling (overflow ${overflow}px)`);
    await page.screenshot({
      path: path.join(screenshotDir, `home-${viewport.width}.png`),
      fullPage: true,
    });

    if (viewport.name === "desktop") {
      await nav.getByRole("link", { name: `2 ${navLabels[1]}` }).click();
      await page.waitForURL(`**${form.pages[1].route}`);
      // The page is loaded on demand: wait for its heading rather than reading it at once.
      const heading = page.getByRole("heading", {
        level: 1,
        name: form.pages[1].title,
        exact: true,
      });
      const opened = await heading.waitFor({ timeout: 15000 }).then(
        () => true,
        () => false,
      );
      check(opened, `${at}: nav item 2 opens "${form.pages[1].title}"`);

      await page.goto(`${baseUrl}/api/docs`, { waitUntil: "networkidle" });
      await page.locator(".swagger-ui .info .title").waitFor({ timeout: 15000 });
      check(
        await page.locator(".swagger-ui .info .title").isVisible(),
        `${at}: API docs render from local assets`,
      );
      await page.screenshot({
        path: path.join(screenshotDir, `api-docs-${viewport.width}.png`),
      });
    }
    // A form that cannot be loaded: the server's {message} is shown, not a blank page.
    const failing = await context.newPage();
    const message = "The form is being updated. Please try again in a minute.";
    await failing.route("**/public/form", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ message }),
      }),
    );
    await failing.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    const alert = failing.getByRole("alert");
    check(
      (await alert.isVisible()) && (await alert.textContent()).includes(message),
      `${at}: a failed load shows the server's message`,
    );
    await failing.screenshot({
      path: path.join(screenshotDir, `load-error-${viewport.width}.png`),
    });

    check(foreign.length === 0, `${at}: nothing fetched from another host ${JSON.stringify(foreign)}`);
    check(consoleErrors.length === 0, `${at}: no console errors ${JSON.stringify(consoleErrors)}`);
    await context.close();
  }
} finally {
  await browser.close();
}

console.log(failures.length ? `${failures.length} check(s) failed` : "all browser checks passed");
process.exit(failures.length ? 1 : 0);
