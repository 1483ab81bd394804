// Prepared downloads in Debian's Chromium against a real `formengine run` (web, worker, Redis):
// an applicant signs up, answers, and asks for their data from the account menu (the password again;
// a wrong one refused), follows its progress and downloads the zip; an exporter runs an export from
// /staff, sees it written and downloads it once (a second download refused). The files are saved
// for the Python side to open. axe-core on each state; screenshots at 1280 and 375 px.
// usage: node tests/e2e/downloads_journey.mjs BASE_URL OUTBOX_DIR SCREENSHOT_DIR FIXTURE_JSON
import { totp } from "./totp.mjs";
import {
  PASSWORD,
  axe,
  baseUrl,
  browser,
  check,
  defaultRoute,
  failures,
  newPage,
  shotBoth,
  signUpAndConfirm,
} from "./auth_helpers.mjs";

const fixture = JSON.parse(process.argv[5]);
const { applicant, exporter, saveTo } = fixture;

async function journeys() {
  // 1. The applicant: sign up, answer, then "Download my data" from the account menu.
  const page = await newPage();
  await signUpAndConfirm(page, applicant);
  const saved = await page.evaluate(
    async () =>
      (
        await fetch("/api/answer", {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ first_name: "Ada", last_name: "Lovelace" }),
        })
      ).status,
  );
  check(saved === 200, `answers saved (${saved})`);
  await page.goto(`${baseUrl}${defaultRoute}`);
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("button", { name: "Download my data" }).click();
  const password = page.getByLabel("Your password");
  await password.fill("Not-The-Password-1");
  await page.getByRole("button", { name: "Prepare my data" }).click();
  const refused = await page.locator(".popover-data .popover-error").textContent({ timeout: 10000 });
  check(refused === "That password is not right.", `a wrong password is refused: "${refused}"`);
  await password.fill(PASSWORD);
  await page.getByRole("button", { name: "Prepare my data" }).click();
  const link = page.getByRole("link", { name: "Download my data (zip)" });
  await link.waitFor({ timeout: 90000 });
  check(true, "the worker prepares the data and the menu offers the zip");
  await axe(page, "the account menu with the data ready");
  await shotBoth(page, "my-data-ready");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  await download.saveAs(`${saveTo}/my-data.zip`);
  check(
    download.suggestedFilename().startsWith("my-data-"),
    `the zip's name: ${download.suggestedFilename()}`,
  );

  // 2. The exporter: /staff, an export written by the worker with its progress, downloaded once.
  const staff = await newPage();
  await staff.goto(`${baseUrl}/staff`);
  await staff.getByLabel("E-mail address").fill(exporter.email);
  await staff.getByLabel("Password").fill(exporter.password);
  await staff.getByLabel("Authenticator code").fill(totp(exporter.secret));
  await staff.getByRole("button", { name: "Sign in" }).click();
  await staff.getByRole("heading", { name: "Export" }).waitFor({ timeout: 15000 });
  await staff.getByRole("region", { name: "Export" }).getByLabel("Applications").selectOption("all");
  await staff.getByRole("button", { name: "CSV (one row per application)" }).click();
  const exportLink = staff.getByRole("link", { name: /^Download applications-.*\.csv$/ });
  await exportLink.waitFor({ timeout: 90000 });
  check(true, "the worker writes the export and the page offers it");
  await axe(staff, "the staff page with an export ready");
  await staff.getByRole("heading", { name: "Export" }).scrollIntoViewIfNeeded();
  await shotBoth(staff, "staff-export-ready");
  const url = await exportLink.getAttribute("href");
  const [exported] = await Promise.all([staff.waitForEvent("download"), exportLink.click()]);
  await exported.saveAs(`${saveTo}/export.csv`);
  await staff.getByText("Downloaded. Each export is downloaded once").waitFor({ timeout: 10000 });
  const again = await staff.evaluate(async (href) => {
    const response = await fetch(href);
    return { status: response.status, body: await response.json() };
  }, url);
  check(again.status === 410, `a second download is refused: ${JSON.stringify(again)}`);
  check(page.errors.length === 0 && staff.errors.length === 0, `no page errors (${page.errors.join("; ")})`);
}

try {
  await journeys();
} catch (error) {
  failures.push(`journey crashed: ${error.stack || error}`);
  console.log(`FAIL journey crashed: ${error.stack || error}`);
}
await browser.close();
if (failures.length) {
  console.log(`${failures.length} check(s) failed`);
  process.exit(1);
}
