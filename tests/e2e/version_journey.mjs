// A new version of the form is published while an applicant's page is open: Debian's Chromium driven
// by playwright-core against a real `formengine run` serving a tenant folder the test edits.
// usage: node tests/e2e/version_journey.mjs BASE_URL JSON_ARGS
//   JSON_ARGS: {username, password, tenantPage (the page file's path), newPage (its new text)}
// Prints "ok"/"FAIL" lines; exits 1 on any failure.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "client", "package.json"));
const { chromium } = require("playwright-core");

const [baseUrl, rawArgs = "{}"] = process.argv.slice(2);
const args = JSON.parse(rawArgs);
const failures = [];
function check(condition, message) {
  if (!condition) failures.push(message);
  console.log(`${condition ? "ok  " : "FAIL"} ${message}`);
}

const control = (page, key) => page.locator(`[id="${key}"]`).locator("input, select, textarea").first();
const saved = (page) =>
  page.waitForResponse((r) => r.url().endsWith("/api/answer") && r.request().method() === "PUT", {
    timeout: 15000,
  });

async function journey(page) {
  await page.goto(`${baseUrl}/login`, { waitUntil: "networkidle" });
  await page.locator("input[name=username]").fill(args.username);
  await page.locator("input[name=password]").fill(args.password);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 15000 });
  await page.locator("h1#page-title").waitFor();
  await page.waitForLoadState("networkidle");

  let save = saved(page);
  await control(page, "gpa").fill("3.9");
  await control(page, "nickname").fill("Bee");
  await save;

  // The author publishes: the tenant folder changes under the running app (TENANT_RELOAD).
  writeFileSync(args.tenantPage, args.newPage);

  // The applicant keeps typing on the page of the earlier version.
  save = saved(page);
  await control(page, "first_name").fill("Bo");
  const response = await save;
  check(response.status() === 200, `the save from the earlier page succeeds (${response.status()})`);

  const notice = page.getByText("The form was updated");
  check(
    await notice.waitFor({ state: "visible", timeout: 15000 }).then(
      () => true,
      () => false,
    ),
    "the applicant is told the form was updated",
  );
  await page.locator('[id="grade_average"]').waitFor({ timeout: 15000 });
  check(
    (await control(page, "grade_average").inputValue()) === "3.9",
    "the renamed question keeps its answer",
  );
  check((await control(page, "first_name").inputValue()) === "Bo", "what the applicant typed is still there");
  check((await page.locator('[id="nickname"]').count()) === 0, "the removed question is gone from the page");
  check(
    await page
      .getByText("Given Name")
      .first()
      .isVisible()
      .catch(() => false),
    "the new label is shown",
  );
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  headless: true,
});
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  try {
    await journey(page);
  } catch (error) {
    check(false, `the journey ran to the end: ${error.stack || error}`);
  }
  check(errors.length === 0, `no page errors ${JSON.stringify(errors.slice(0, 5))}`);
} finally {
  await browser.close();
}
console.log(failures.length ? `${failures.length} check(s) failed` : "all checks passed");
process.exit(failures.length ? 1 : 0);
