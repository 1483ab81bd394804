// Continue checks the page it leaves, in Debian's Chromium: a visitor's page with every required
// question answered but an under-age birth date is "In progress", not "Complete"; Continue shows the
// tenant's words that the applicant may go on, with the problem on its question; once the date is
// right the page is "Complete" and the words go; Continue then goes on.
// usage: node tests/e2e/continue_check.mjs BASE_URL SCREENSHOT_DIR
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
const { texts } = form;
const page1 = form.pages[0];
const tooYoung = `${new Date().getFullYear() - 10}-05-04`;
const ANSWERS = {
  applicant_given_name: "Ada",
  applicant_family_name: "Lovelace",
  applicant_email: "ada@example.org",
  applicant_phone: "+44 20 7946 0958",
  applicant_dob: tooYoung,
  study_level: "undergraduate",
  institution_name: "Riverton College",
  gpa: "3.75",
  award_year: String(new Date().getFullYear()),
  referee_full_name: "Dr. Ada Okafor",
  referee_contact_email: "okafor@example.edu",
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};
try {
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((answers) => {
      if (!localStorage.getItem("formengine.visitorAnswers"))
        localStorage.setItem("formengine.visitorAnswers", JSON.stringify(answers));
    }, ANSWERS);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${page1.route}`);
    const status = page.locator(".nav-link.active .nav-status");
    await page.getByRole("heading", { level: 1, name: page1.title }).waitFor({ timeout: 20000 });
    await page.waitForFunction(
      (words) => document.querySelector(".nav-link.active .nav-status")?.textContent.includes(words),
      texts.status_in_progress,
      { timeout: 20000 },
    );
    check(
      (await status.textContent()).includes(texts.status_in_progress),
      `${width} px: every required question answered, an under-age birth date: the page is not Complete`,
    );
    await page.getByRole("button", { name: texts.form_continue }).click();
    const notice = page.getByRole("alert").filter({ hasText: texts.form_page_problems_text });
    await notice.waitFor({ timeout: 10000 });
    check(
      (await notice.textContent()).includes(texts.form_page_problems_title),
      `${width} px: Continue says, in the tenant's words, the applicant may go on`,
    );
    const dob = page.locator("#applicant_dob");
    check(
      (await dob.textContent()).includes("Applicants must be at least 16 years old."),
      `${width} px: the problem is on its question`,
    );
    check(new URL(page.url()).pathname === page1.route, `${width} px: the first Continue stays on the page`);
    await dob.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotDir, `continue-check-${width}.png`), fullPage: false });
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: path.join(screenshotDir, `continue-notice-${width}.png`),
      fullPage: false,
    });
    // The year right: the problem goes, the notice too, and the page is Complete.
    const year = dob.locator("input").last();
    await year.fill("2001");
    await page.waitForFunction(
      (words) => document.querySelector(".nav-link.active .nav-status")?.textContent.includes(words),
      texts.status_complete,
      { timeout: 10000 },
    );
    check(
      (await status.textContent()).includes(texts.status_complete),
      `${width} px: with no problem left the page is Complete`,
    );
    check((await notice.count()) === 0, `${width} px: the notice goes with the last problem`);
    await context.close();
  }
} finally {
  await browser.close();
}
process.exit(failures.length ? 1 : 0);
