// The closed application window in Debian's Chromium: a form whose settings.window has closed says
// so on every page in the tenant's words, its welcome banner is the tenant's closed one (never the
// invitation to create an account to save answers), and its questions cannot be changed.
// usage: node tests/e2e/window_closed.mjs BASE_URL SCREENSHOT_DIR
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "client", "package.json"));
const { chromium } = require("playwright-core");

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"];
const [baseUrl, screenshotDir] = process.argv.slice(2);
mkdirSync(screenshotDir, { recursive: true });
const form = await (await fetch(`${baseUrl}/public/form`)).json();
const closedWords = form.texts.window_closed;
// The welcome banner while closed: the tenant's closed variant, never the invitation to save answers.
const welcome = form.banners?.welcome || {};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});
const failures = [];
try {
  for (const width of [1280, 375]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    for (const { route } of form.pages) {
      await page.goto(`${baseUrl}${route}`);
      const banner = page.getByRole("status").filter({ hasText: closedWords });
      await banner.waitFor({ timeout: 20000 });
      const open = await page
        .locator("main input[type=text], main input[type=email], main input[type=tel], main textarea")
        .evaluateAll((inputs) =>
          inputs.filter((input) => !input.disabled).map((input) => input.id || input.name),
        );
      if (open.length) failures.push(`${route} at ${width} px: questions can be changed: ${open.join(", ")}`);
      const greeting = (await page.locator(".banner-welcome").allTextContents()).join(" ");
      if (welcome.anonymous?.text && greeting.includes(welcome.anonymous.text))
        failures.push(`${route} at ${width} px: the welcome still says "${welcome.anonymous.text}"`);
      if (welcome.closed?.title && !greeting.includes(welcome.closed.title))
        failures.push(`${route} at ${width} px: the welcome is not the closed one: "${greeting}"`);
      console.log(`ok   ${route} at ${width} px says: ${closedWords}`);
    }
    await page.goto(`${baseUrl}${form.pages[0].route}`);
    await page.getByText(closedWords).waitFor();
    await page.screenshot({ path: path.join(screenshotDir, `window-closed-${width}.png`) });
    await page.close();
  }
} finally {
  await browser.close();
}
for (const failure of failures) console.log(`FAIL ${failure}`);
process.exit(failures.length ? 1 : 0);
