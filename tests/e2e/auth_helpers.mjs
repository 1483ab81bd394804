// Shared pieces of the shell and auth journeys (auth_journeys.mjs, auth_idle.mjs): Debian's
// Chromium driven by playwright-core from client/node_modules, against a real `formengine run`.
// usage of both: node tests/e2e/auth_<name>.mjs BASE_URL OUTBOX_DIR SCREENSHOT_DIR
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "client", "package.json"));
const { chromium } = require("playwright-core");
// Evaluated through the DevTools protocol, which the app's strict CSP (script-src 'self') allows.
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

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
export const [baseUrl, outbox, shots] = process.argv.slice(2);
if (!baseUrl || !outbox || !shots) {
  console.error("usage: node auth_<name>.mjs BASE_URL OUTBOX_DIR SCREENSHOT_DIR");
  process.exit(2);
}
mkdirSync(shots, { recursive: true });

export const MSG = {
  sessionInvalid: "Your session is invalid. Please clear your cookies and login again.",
  idle: "You have been automatically logged out due to inactivity.",
  wrong: "The email address or password is incorrect.",
  unconfirmed: "Your account has not been confirmed yet.",
  confirmed: "Your account has been confirmed, and you are signed in.",
  signedUp: "Thank you for signing up.",
  loggedOut: "You have been logged out.",
  resend: "You must provide a valid email address to resend a confirmation code.",
  idleText: "You have been inactive for a little while. Would you like to stay logged in?",
  submitted: "Your application was successfully submitted.",
};
export const PASSWORD = "Tall-Spruce-Harbor-42";

export const failures = [];
export function check(condition, message) {
  if (!condition) failures.push(message);
  console.log(`${condition ? "ok  " : "FAIL"} ${message}`);
}

export const form = await (await fetch(`${baseUrl}/public/form`)).json();
export const defaultRoute = form.tenant.default_route;
export const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
  headless: true,
});

export async function newPage({ width = 1280, clock = false } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: width > 800 ? 800 : 740 },
  });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (error) => page.errors.push(String(error)));
  if (process.env.DEBUG_JOURNEY) {
    page.on("console", (message) =>
      console.log(`  console ${message.type()}: ${message.text().slice(0, 300)}`),
    );
    page.on(
      "response",
      (response) =>
        !response.url().includes("/static/") &&
        console.log(`  ${response.status()} ${response.request().method()} ${response.url()}`),
    );
  }
  if (clock) await page.clock.install();
  return page;
}

export async function shot(page, name) {
  const width = page.viewportSize().width;
  await page.waitForTimeout(150);
  // Whole page for the cards; the first screens of a long form page (what the shell adds is on top).
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({
    path: path.join(shots, `${name}-${width}.png`),
    fullPage: height <= 2400,
  });
}

/** The screen at 1280 px and at 375 px (the page is resized and put back). */
export async function shotBoth(page, name) {
  const size = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
    await shot(page, name);
  }
  await page.setViewportSize(size);
}

export async function axe(page, label) {
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  const found = result.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.target}`);
  check(found.length === 0, `axe: no violations on ${label}${found.length ? ` -> ${found.join("; ")}` : ""}`);
}

export async function toastText(page) {
  return (await page.locator(".toasts").innerText()).replace(/\s+/g, " ");
}

export async function expectToast(page, title, message, label) {
  try {
    await page
      .locator(".toast", { hasText: title })
      .filter({ hasText: message })
      .first()
      .waitFor({ timeout: 10000 });
    check(true, `${label}: toast "${title}" - "${message}"`);
  } catch {
    check(false, `${label}: toast "${title}" - "${message}" (toasts: ${await toastText(page)})`);
  }
}

export async function dismissToasts(page) {
  for (const button of await page.locator(".toast-close").all()) await button.click().catch(() => {});
}

export function confirmationCode(username) {
  const files = readdirSync(outbox)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .reverse();
  for (const file of files) {
    const text = readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "");
    if (text.includes(`To: ${username}`)) {
      const match = text.match(/confirmation code is:\s*(\d{6})/);
      if (match) return match[1];
    }
  }
  return null;
}

export async function waitForPath(page, pathname, label) {
  try {
    await page.waitForURL((url) => url.pathname === pathname, {
      timeout: 15000,
    });
    check(true, `${label}: at ${pathname}`);
  } catch {
    check(false, `${label}: expected ${pathname}, at ${page.url()}`);
  }
}

export async function logIn(page, username, password = PASSWORD) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Submit" }).click();
}

export async function signUpAndConfirm(page, username) {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel("Email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL((url) => url.pathname === "/confirm");
  const code = confirmationCode(username);
  await page.getByLabel("Confirmation Code").fill(code ?? "");
  await page.getByRole("button", { name: "Submit" }).click();
  // The code signs in: the form opens.
  await page.waitForURL((url) => !["/signup", "/confirm", "/login"].includes(url.pathname));
}

/** Close the browser and exit with the result. */
export async function finish() {
  await browser.close();
  if (failures.length) {
    console.log(`\n${failures.length} check(s) failed`);
    process.exit(1);
  }
  console.log("\nall journeys passed");
}

export async function run(journeys) {
  try {
    await journeys();
  } catch (error) {
    failures.push(`journey crashed: ${error.stack || error}`);
    console.log(`FAIL journey crashed: ${error.stack || error}`);
  }
  await finish();
}
