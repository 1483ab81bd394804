// Browser journeys through the form renderer: Debian's Chromium driven by playwright-core.
// usage: node tests/e2e/form_journeys.mjs JOURNEY BASE_URL SCREENSHOT_DIR JSON_ARGS
// Fields are found by their answer key (each question's wrapper has the key as its id); values
// come from the compiled form where the journey needs a label. Prints "ok"/"FAIL" lines; exits 1
// on any failure.
import { readFileSync, readdirSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "client", "package.json"));
const { chromium } = require("playwright-core");
const AXE_SOURCE = (() => {
  try {
    return readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  } catch {
    return null;
  }
})();

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

const [journey, baseUrl, screenshotDir, rawArgs = "{}"] = process.argv.slice(2);
const args = JSON.parse(rawArgs);
mkdirSync(screenshotDir, { recursive: true });
const failures = [];
function check(condition, message) {
  if (!condition) failures.push(message);
  console.log(`${condition ? "ok  " : "FAIL"} ${message}`);
}

const form = await (await fetch(`${baseUrl}/public/form`)).json();

// --- helpers -------------------------------------------------------------------------------------
const control = (page, key) => page.locator(`[id="${key}"]`).locator("input, select, textarea").first();
async function fill(page, key, value) {
  await control(page, key).fill(value);
}
/** A date entered as the applicant does: the day, the month by name, the year ("2008-04-12"). */
async function fillDate(page, key, isoDate) {
  const [year, month, day] = isoDate.split("-");
  const group = page.locator(`[id="${key}"]`);
  await group.getByRole("textbox", { name: "Day" }).fill(String(Number(day)));
  await group.getByRole("combobox", { name: "Month" }).selectOption(month);
  await group.getByRole("textbox", { name: "Year" }).fill(year);
}
async function choose(page, key, value) {
  await page.locator(`[id="${key}"] select`).selectOption(value);
}
async function radio(page, key, value) {
  await page.locator(`[id="${key}"] input[type=radio][value="${value}"]`).check();
}
async function value(page, key) {
  return control(page, key).inputValue();
}
/** The value once it has settled (the page applies a change after the event; machines are busy). */
async function valueBecomes(page, key, expected, timeout = 5000) {
  const deadline = Date.now() + timeout;
  let current = await value(page, key).catch(() => null);
  while (current !== expected && Date.now() < deadline) {
    await page.waitForTimeout(50);
    current = await value(page, key).catch(() => null);
  }
  return current === expected;
}
const shown = (locator) =>
  locator.waitFor({ state: "visible", timeout: 5000 }).then(
    () => true,
    () => false,
  );
const gone = (locator) =>
  locator.waitFor({ state: "detached", timeout: 5000 }).then(
    () => true,
    () => false,
  );
/** Screenshots at 1280 and 375 px: the whole page, or (a dialog, a part of a long page) what is on screen. */
async function shoot(page, name, { fullPage = true, scrollTo = null } = {}) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 800 });
    await page.waitForTimeout(100);
    if (scrollTo) await scrollTo.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.screenshot({
      path: path.join(screenshotDir, `form-${name}-${width}.png`),
      fullPage,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
async function axe(page, label) {
  if (!AXE_SOURCE) {
    check(false, `${label}: axe-core is installed`);
    return;
  }
  await page.addScriptTag({ content: AXE_SOURCE });
  const result = await page.evaluate(async () => {
    // `axe` is the page's global (axe-core injected above), not this module's function of that name.
    const outcome = await axe.run(document, { resultTypes: ["violations"] });
    return outcome.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );
  });
  check(
    result.length === 0,
    `${label}: axe reports no violations ${result.length ? JSON.stringify(result) : ""}`,
  );
}
/** At 375 px the page scrolls only up and down (nothing wider than the screen). */
async function fitsPhone(page, label) {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(100);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  check(widths[0] <= widths[1], `${label}: no horizontal scroll at 375 px (${widths.join(" <= ")})`);
  await page.setViewportSize({ width: 1280, height: 900 });
}
async function login(page, username, password) {
  await page.goto(`${baseUrl}/login`, { waitUntil: "networkidle" });
  await page.locator("input[name=username]").fill(username);
  await page.locator("input[name=password]").fill(password);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), {
    timeout: 15000,
  });
  await page.waitForLoadState("networkidle");
}
async function waitForPage(page, route) {
  await page.waitForURL((url) => url.pathname === route, { timeout: 15000 });
  await page.locator("h1#page-title").waitFor();
  await page.waitForLoadState("networkidle");
}
/** Move to a form page through the numbered navigation (a reload would restore the saved last page). */
async function navTo(page, target) {
  const index = form.pages.indexOf(target);
  await page
    .getByRole("navigation", { name: "Application sections" })
    .getByRole("link", { name: `${index + 1} ${target.nav_label}` })
    .click();
  await waitForPage(page, target.route);
}
/** Continue checks the page it leaves: on a page with problems the first click stays and says so
 * (the applicant may still go on), and a second click goes on. */
async function pressContinue(page) {
  const from = page.url();
  const button = page.getByRole("button", { name: "Continue", exact: true });
  await button.click();
  const stayed = await Promise.race([
    page
      .locator(".page-problems")
      .waitFor({ state: "visible", timeout: 15000 })
      .then(
        () => true,
        () => false,
      ),
    page
      .waitForURL((url) => url.href !== from, { timeout: 15000 })
      .then(
        () => false,
        () => false,
      ),
  ]);
  if (stayed && page.url() === from) await button.click();
}
async function continueTo(page, route) {
  await pressContinue(page);
  await waitForPage(page, route);
}
async function pickSuggestion(page, key, typed, suggestion) {
  const input = control(page, key);
  await input.fill("");
  await input.pressSequentially(typed, { delay: 30 });
  const option = page.getByRole("option", {
    name: new RegExp(`^${suggestion}`),
  });
  await option.first().waitFor({ timeout: 10000 });
  await option.first().click();
}
async function waitForDocument(page, key, fileName) {
  await page.locator(`[id="${key}"] .file-name`, { hasText: fileName }).waitFor({ timeout: 60000 });
}

// --- journeys ------------------------------------------------------------------------------------
const [about, education, finish] = form.pages;

const journeys = {
  /** A visitor fills answers, continues, lands on /signup carrying them, confirms, logs in: saved. */
  async anonymous(page) {
    await page.goto(`${baseUrl}${about.route}`, { waitUntil: "networkidle" });
    await fill(page, "first_name", "Amara");
    await fill(page, "last_name", "Okafor");
    await pressContinue(page);
    await page.waitForURL((url) => url.pathname === "/signup", {
      timeout: 15000,
    });
    check(true, "a visitor who continues lands on /signup");
    const carried = await page.evaluate(() => window.history.state?.usr?.studentAnswers ?? null);
    check(
      carried?.first_name === "Amara",
      `the answers travel as studentAnswers (${JSON.stringify(carried)})`,
    );
    await page.locator("input[name=username]").fill(args.username);
    await page.locator("input[name=password]").fill(args.password);
    await page.locator("form button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === "/confirm", {
      timeout: 15000,
    });
    const code = await confirmationCode(args.outbox, args.username);
    check(/^\d{6}$/.test(code || ""), "the confirmation code arrives in the outbox");
    const username = page.locator("input[name=username]");
    if (!(await username.inputValue())) await username.fill(args.username);
    await page.locator("input[name=code]").fill(code);
    await page.locator("form button[type=submit]").click();
    // The code signs in: no login card.
    await page.waitForURL((url) => !["/confirm", "/login"].includes(url.pathname), {
      timeout: 15000,
    });
    await page.goto(`${baseUrl}${about.route}`, { waitUntil: "networkidle" });
    await page.locator('[id="first_name"] input').waitFor();
    check(
      await valueBecomes(page, "first_name", "Amara"),
      "after confirming (which signs in), the answers are saved",
    );
    check(await valueBecomes(page, "last_name", "Okafor"), "every carried answer is saved");
  },

  /** All three pages with valid data, a PNG and a DOCX uploaded and converted, submitted. */
  async complete(page) {
    await login(page, args.username, args.password);
    await page.goto(`${baseUrl}${about.route}`, { waitUntil: "networkidle" });
    await waitForPage(page, about.route);
    await fill(page, "first_name", "Mei");
    await fill(page, "last_name", "Chen");
    // Typing inside a value (each key re-renders only its input): the caret stays where the user types.
    const lastName = control(page, "last_name");
    await lastName.click();
    await lastName.press("Home");
    await lastName.press("ArrowRight");
    await lastName.pressSequentially("ha", { delay: 20 });
    check(
      await valueBecomes(page, "last_name", "Chahen"),
      `typing inside a text answer keeps the caret in place (${await value(page, "last_name")})`,
    );
    await fill(page, "last_name", "Chen");
    await choose(page, "gender", "AG");
    check(await shown(page.locator('[id="add_another_gender"]')), "a field shows when its condition holds");
    await choose(page, "gender", "W");
    check(await gone(page.locator('[id="add_another_gender"]')), "and hides when it no longer holds");
    await choose(page, "sex_assigned_at_birth", "F");
    await fillDate(page, "birth_date", "2008-04-12");
    check(
      (await page.locator('[id="birth_date"] select option:checked').textContent()) === "April",
      "a date is entered as day, month by name and year",
    );
    const homePhone = page.locator('[id="phone_home"] input');
    await homePhone.pressSequentially("+234 803 555 0123");
    check(
      (await homePhone.inputValue()) === "+234 803 555 0123",
      "an international phone keeps the whole number as typed",
    );
    const placeholder = await control(page, "address_line_1").getAttribute("placeholder");
    check(
      placeholder === form.texts.autocomplete_placeholder && placeholder !== "Select...",
      `the address search says what to do (${placeholder})`,
    );
    await pickSuggestion(page, "address_line_1", "120 Main", "120 Main Street");
    await page.waitForFunction(() => document.querySelector('[id="city"] input')?.value);
    check(await valueBecomes(page, "city", "Riverside Bay"), "an address suggestion fills the city");
    check(await valueBecomes(page, "country", "USA"), "and the country");
    check(await valueBecomes(page, "state", "CA"), "and the state (a conditional dropdown of the country)");
    check(await valueBecomes(page, "zip", "92501"), "and the ZIP code");
    await choose(page, "country", "CAN");
    check(await valueBecomes(page, "state", ""), "changing the controlling country clears the state");
    await choose(page, "state", "ON");
    await fill(page, "zip", "M5J 2G2");
    await radio(page, "citizenship_type", "4");
    await choose(page, "citizenship", "CAN");
    await choose(page, "citizenship_visa_type", "F1");
    await choose(page, "citizen_birth_country", "CHN");
    await fill(page, "native_language", "Mandarin");
    await fill(page, "english_study_years", "12");
    await page.locator('[id="race_asian"] input').check();
    await shoot(page, "about-filled");
    await axe(page, "about page (filled)");
    await continueTo(page, education.route);

    await pickSuggestion(page, "hs_name", "Lincoln", "Lincoln Heights High School");
    await page.waitForFunction(() => document.querySelector('[id="hs_ceeb"] input')?.value);
    check(await valueBecomes(page, "hs_ceeb", "059903"), "a school suggestion fills the CEEB code");
    check(await valueBecomes(page, "hs_city", "Riverside Bay"), "and the school's city");
    await choose(page, "hs_grad_month", "6");
    await page.locator('[id="hs_grad_year"] select option').nth(1).waitFor({ state: "attached" });
    const gradYear = await page.locator('[id="hs_grad_year"] select option').nth(1).getAttribute("value");
    await choose(page, "hs_grad_year", gradYear);
    await fill(page, "counselor_email_address", "counselor@example.org");
    await choose(page, "entry_term", "FA26");
    const decision = await page.locator('[id="decision_type"] select option').nth(1).getAttribute("value");
    await choose(page, "decision_type", decision);
    const major = await page.locator('[id="applied_major"] select option').nth(1).getAttribute("value");
    await choose(page, "applied_major", major);
    const essaySection = education.sections.find((section) => section.tabs);
    const uploadTab = essaySection.tabs.options.find((option) =>
      option.fields.some((f) => f.widget === "file_upload"),
    );
    const fileKey = uploadTab.fields.find((f) => f.widget === "file_upload").key;
    await page.getByRole("tab", { name: uploadTab.label }).click();
    const fileInput = page.locator(`[id="${fileKey}"] input[type=file]`);
    await fileInput.waitFor();
    await fileInput.setInputFiles(args.tooBig);
    await page.locator(`[id="${fileKey}"] .field-errors`).waitFor();
    const tooBig = await page.locator(`[id="${fileKey}"] .field-errors`).innerText();
    check(
      tooBig.includes(uploadTab.fields[0].file.messages.too_large),
      `a too-large file is refused before upload (${tooBig})`,
    );
    await fileInput.setInputFiles(args.png);
    await waitForDocument(page, fileKey, path.basename(args.png));
    const pngLine = await page.locator(`[id="${fileKey}"] .file-answer`).innerText();
    check(
      /\((\d+(\.\d)?) (B|kB|MB)\)/.test(pngLine),
      `the converted PNG shows its name and decimal size (${pngLine})`,
    );
    await page.getByRole("button", { name: "Delete file" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete File" });
    check(
      await shown(dialog.getByText("Are you sure you want to delete your file?")),
      "delete asks in the Delete File modal",
    );
    await shoot(page, "delete-modal");
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await fileInput.waitFor({ timeout: 15000 });
    check(true, "after Delete the file question is empty again");
    await fileInput.setInputFiles(args.docx);
    await page
      .locator(`[id="${fileKey}"] .file-busy`)
      .waitFor({ timeout: 5000 })
      .catch(() => {});
    await waitForDocument(page, fileKey, path.basename(args.docx));
    check(true, "the DOCX is uploaded and converted");
    await shoot(page, "education-filled");
    await axe(page, "education page (filled)");
    await continueTo(page, finish.route);

    await radio(page, "conviction", "N");
    await radio(page, "suspended", "N");
    const waiver = await page
      .locator('[id="counselor_waiver_request"] input[type=radio]')
      .first()
      .getAttribute("value");
    await radio(page, "counselor_waiver_request", waiver);
    const review = finish.sections.find((section) => section.confirm);
    await page.getByLabel(review.confirm.label).check();
    await page.locator('[id="legal_agree"] input').check();
    // The application PDF: GET /api/pdf is polled until completed, then its signed URL is opened.
    const pdfRequests = [];
    page
      .context()
      .on("request", (request) => /storage\/download/.test(request.url()) && pdfRequests.push(request.url()));
    const opened = page
      .context()
      .waitForEvent("page", { timeout: 60000 })
      .catch(() => null);
    await page.getByRole("button", { name: "Download a PDF copy" }).click();
    const pdf = await opened;
    for (let i = 0; i < 50 && !pdfRequests.length; i += 1) await page.waitForTimeout(100);
    check(
      Boolean(pdf) && pdfRequests.length > 0,
      `the PDF copy opens its signed URL in a new tab (${pdfRequests[0]})`,
    );
    await pdf?.close().catch(() => {});
    await shoot(page, "final-filled");
    await axe(page, "finish page (filled)");
    await page.getByRole("button", { name: "Submit Application", exact: true }).click();
    // Check your answers: nothing is sent yet; every answer by page, documents by name.
    const reviewHeading = page.getByRole("heading", { level: 1, name: "Check your answers" });
    check(await shown(reviewHeading), "nothing blocks the submit: the answers are shown to check first");
    check(
      await page.evaluate(() => document.activeElement?.id === "review-title"),
      "focus moves to the review's heading",
    );
    check(page.url().endsWith(finish.route), "the review does not submit (still on the last page)");
    const reviewText = await page.locator(".review").innerText();
    for (const expected of ["Mei", "Chen", "Canada", path.basename(args.docx), "059903"])
      check(reviewText.includes(expected), `the review shows "${expected}"`);
    check(
      (await page.getByRole("link", { name: /^Change / }).count()) > 10,
      "each answer has its Change link, named after its question",
    );
    await shoot(page, "review");
    await axe(page, "check your answers");
    await fitsPhone(page, "check your answers");
    // Change goes to the question; the submit shows the review again.
    await page
      .getByRole("link", { name: /^Change First Name/i })
      .first()
      .click();
    await waitForPage(page, about.route);
    await page
      .waitForFunction(() => document.activeElement?.closest?.('[id="first_name"]'), null, { timeout: 5000 })
      .catch(() => {});
    check(
      await page.evaluate(() => Boolean(document.activeElement?.closest?.('[id="first_name"]'))),
      "a Change link moves focus to its question",
    );
    await navTo(page, finish);
    // From here to the completion page no request fails and the console stays clean.
    const refused = [];
    const onResponse = (response) =>
      response.status() >= 400 &&
      refused.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`);
    const onConsole = (message) => message.type() === "error" && refused.push(`console: ${message.text()}`);
    page.on("response", onResponse);
    page.on("console", onConsole);
    await page.getByRole("button", { name: "Submit Application", exact: true }).click();
    await reviewHeading.waitFor({ timeout: 15000 });
    await page.getByRole("button", { name: "Submit application", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/completion", {
      timeout: 30000,
    });
    await page.waitForLoadState("networkidle");
    page.off("response", onResponse);
    page.off("console", onConsole);
    check(refused.length === 0, `no request at submit is refused, nothing logged (${refused.join("; ")})`);
    check(
      await shown(page.getByText("Your application was successfully submitted.")),
      "the completion page shows the success message",
    );
    const receipt = await page.locator(".receipt").innerText();
    const prefix = form.settings.reference_prefix || "APP";
    check(new RegExp(`${prefix}-[0-9A-Z]{8}`).test(receipt), `the receipt shows the reference (${receipt})`);
    check(/\d{4}/.test(receipt) && /\d:\d\d/.test(receipt), "and the date and time it was submitted");
    check(
      await shown(page.getByRole("button", { name: "Download the submitted application (PDF)" })),
      "and a download of the submitted PDF",
    );
    await shoot(page, "completion");
    await axe(page, "completion page");
    await fitsPhone(page, "completion page");
    // The account menu: My application, with the status and the reference.
    await page.getByRole("button", { name: "Account" }).click();
    const menu = page.getByRole("dialog", { name: "Account" });
    const menuText = await menu.innerText();
    check(
      menuText.includes("My application") &&
        menuText.includes("Submitted") &&
        new RegExp(`${prefix}-`).test(menuText),
      `the account menu offers My application with status and reference (${menuText.replace(/\s+/g, " ")})`,
    );
    await shoot(page, "account-menu", { fullPage: false });
    await axe(page, "account menu (open)");
  },

  /** Submit with missing answers: the summary lists them; a link goes to the page and focuses the field. */
  async invalid(page) {
    await login(page, args.username, args.password);
    await waitForPage(page, about.route);
    await navTo(page, finish);
    await page.getByRole("button", { name: "Submit Application", exact: true }).click();
    const summary = page.locator(".summary");
    await summary.waitFor({ timeout: 15000 });
    check(await shown(summary), "an invalid submit shows the validation summary");
    await page
      .waitForFunction(() => document.activeElement?.classList.contains("summary"), null, { timeout: 5000 })
      .catch(() => {});
    const focus = await page.evaluate(() => ({
      on: document.activeElement?.classList.contains("summary"),
      name: document.getElementById(document.activeElement?.getAttribute("aria-labelledby") || "")
        ?.textContent,
    }));
    check(
      focus.on && focus.name === form.settings.validation_summary.title,
      `the summary takes focus, announced by its title (${JSON.stringify(focus)})`,
    );
    await page.waitForLoadState("networkidle");
    const errorsShown = await page.locator(".form-page .field-errors").count();
    check(errorsShown > 0, `missing answers are marked on their fields (${errorsShown})`);
    await shoot(page, "invalid-about");
    await axe(page, "about page with errors");
    const link = summary.locator(`a[href="${finish.route}#conviction"]`);
    await link.click();
    await page.waitForURL((url) => url.pathname === finish.route, {
      timeout: 15000,
    });
    await page
      .waitForFunction(() => document.activeElement?.closest?.('[id="conviction"]'), null, { timeout: 5000 })
      .catch(() => {});
    const focused = await page.evaluate(() =>
      Boolean(document.activeElement?.closest?.('[id="conviction"]')),
    );
    check(focused, "clicking a summary item focuses its field");
    await shoot(page, "invalid-finish");
    await axe(page, "finish page with errors");
    await navTo(page, education);
    await axe(page, "education page with errors");
  },

  /**
   * An entry the applicant started is complete, or it is not there: a later entry is marked and
   * checked once it holds an answer, every line about it names it ("School 2: ..."), and an entry
   * left empty is dropped when the applicant continues or leaves by the navigation.
   */
  async entries(page) {
    await login(page, args.username, args.password);
    await waitForPage(page, about.route);
    await navTo(page, education);
    const section = education.sections.find((s) => s.add_another);
    const { id, label } = section.add_another;
    const entries = page.locator(`[data-add-another="${id}"] .instance`);
    const add = page.getByRole("button", { name: label, exact: true });
    await add.click();
    await entries.nth(1).waitFor({ timeout: 10000 });
    await add.click();
    await entries.nth(2).waitFor({ timeout: 10000 });
    const second = section.instances[1];
    const block = second.fields.find((field) => field.parts);
    const nameKey = block.parts.search.key;
    const monthKey = second.fields.find((field) => field.key?.endsWith("grad_month")).key;
    const marker = page.locator(`[id="${nameKey}"] .required`);
    check((await marker.count()) === 0, "an empty later entry's questions are not marked required");
    await choose(page, monthKey, "6");
    await marker.waitFor({ timeout: 5000 }).catch(() => {});
    check((await marker.count()) === 1, "once the entry is started, its required question is marked");
    await continueTo(page, form.pages[form.pages.indexOf(education) + 1].route);
    await navTo(page, education);
    await entries.nth(1).waitFor({ timeout: 10000 });
    check((await entries.count()) === 2, "Continue dropped the empty third entry (the started second stays)");
    // Leaving by the navigation instead of Continue drops an empty entry too.
    await add.click();
    await entries.nth(2).waitFor({ timeout: 10000 });
    await navTo(page, finish);
    await navTo(page, education);
    await entries.nth(1).waitFor({ timeout: 10000 });
    check((await entries.count()) === 2, "leaving by the navigation dropped the empty third entry too");
    await navTo(page, finish);
    await page.getByRole("button", { name: "Submit Application", exact: true }).click();
    const summary = page.locator(".summary");
    await summary.waitFor({ timeout: 15000 });
    const named = `${second.title}: ${block.parts.search.label}`;
    const item = summary.getByRole("link", { name: named, exact: true });
    check(await shown(item), `the summary names the entry ("${named}")`);
    await item.click();
    await waitForPage(page, education.route);
    const errors = page.locator(`[id="${nameKey}"] .field-errors`);
    await errors.waitFor({ timeout: 10000 }).catch(() => {});
    check(
      (await errors.count()) === 1 && (await errors.innerText()).trim() === named,
      "the field's message names its entry too",
    );
    await shoot(page, "entry-errors", { fullPage: false, scrollTo: entries.nth(1) });
    await axe(page, "a started later entry with errors");
    await fitsPhone(page, "a started later entry with errors");
  },

  /** Add-another to the maximum; the count is saved. */
  async addAnother(page) {
    await login(page, args.username, args.password);
    await page.goto(`${baseUrl}${about.route}`, { waitUntil: "networkidle" });
    await waitForPage(page, about.route);
    const section = about.sections.find((s) => s.add_another);
    const { id, label, max } = section.add_another;
    const button = page.getByRole("button", { name: label });
    for (let shown = 1; shown < max; shown += 1) {
      await button.click();
      await page.locator(`[data-add-another="${id}"] .instance`).nth(shown).waitFor();
    }
    check(
      (await page.locator(`[data-add-another="${id}"] .instance`).count()) === max,
      `add-another shows ${max} sets`,
    );
    check((await button.count()) === 0, "the button goes at the maximum");
    await page.reload({ waitUntil: "networkidle" });
    await waitForPage(page, about.route);
    await page
      .locator(`[data-add-another="${id}"] .instance`)
      .nth(max - 1)
      .waitFor({ timeout: 10000 });
    check((await page.locator(`[data-add-another="${id}"] .instance`).count()) === max, "the count is saved");

    // Numbered entries; Remove moves the later entries up, asks when the entry has answers, keeps focus.
    const entries = page.locator(`[data-add-another="${id}"] .instance`);
    const entryLabel = section.add_another.entry_label;
    check(
      (await entries.nth(1).locator(".instance-title").innerText()) === `${entryLabel} 2`,
      `entries are numbered ("${entryLabel} 2")`,
    );
    const nameKey = (n) => section.instances[n].fields.find((f) => f.widget === "text").key;
    await fill(page, nameKey(1), "Second entry");
    await fill(page, nameKey(2), "Third entry");
    await page.getByRole("button", { name: `Remove ${entryLabel} 2` }).click();
    const ask = page.getByRole("dialog", { name: "Clear these answers?" });
    check(await shown(ask), "removing an entry with answers asks first");
    const saved = page.waitForResponse(
      (response) => response.url().endsWith("/api/answer") && response.request().method() === "PUT",
      { timeout: 15000 },
    );
    await ask.getByRole("button", { name: "Clear answers" }).click();
    await page.waitForFunction(
      ([selector, count]) => document.querySelectorAll(selector).length === count,
      [`[data-add-another="${id}"] .instance`, max - 1],
      { timeout: 10000 },
    );
    check(await valueBecomes(page, nameKey(1), "Third entry"), "the later entry moves up into its place");
    await page.waitForTimeout(200);
    check(
      await page.evaluate(
        (selector) => Boolean(document.activeElement?.closest(selector)),
        `[data-add-another="${id}"]`,
      ),
      "focus stays in the list after Remove",
    );
    await shoot(page, "add-another-numbered", {
      fullPage: false,
      scrollTo: page.locator(`[data-add-another="${id}"] .instance`).nth(1),
    });
    await axe(page, "numbered add-another entries");
    await fitsPhone(page, "numbered add-another entries");
    // An empty entry goes without a question.
    await page.getByRole("button", { name: `Remove ${entryLabel} ${max - 1}` }).click();
    await page.waitForFunction(
      ([selector, count]) => document.querySelectorAll(selector).length === count,
      [`[data-add-another="${id}"] .instance`, max - 2],
      { timeout: 10000 },
    );
    check((await ask.count()) === 0, "an empty entry is removed without asking");
    await saved; // the moved answers' save (debounced)
    await page.reload({ waitUntil: "networkidle" });
    await waitForPage(page, about.route);
    await page.locator(`[id="${nameKey(1)}"] input`).waitFor({ timeout: 10000 });
    check(await valueBecomes(page, nameKey(1), "Third entry"), "the moved answer is saved");
    check((await entries.count()) === max - 2, "and the lower count");
  },

  /** A tab switch clears the answers the chosen tab lists. */
  async tabs(page) {
    await login(page, args.username, args.password);
    await waitForPage(page, about.route);
    await navTo(page, education);
    const section = education.sections.find((s) => s.tabs);
    const typed = section.tabs.options.find((o) => o.id === section.tabs.default);
    const other = section.tabs.options.find((o) => o.id !== section.tabs.default);
    const key = typed.fields[0].key;
    await fill(page, key, "My essay about a challenge.");
    check(
      (await page.locator(`[id="${key}"] .counter`).innerText()).includes("27 /"),
      "the text area counts characters",
    );
    // The switch would clear the typed answer: it asks first, naming it; cancel keeps everything.
    await page.getByRole("tab", { name: other.label }).click();
    const ask = page.getByRole("dialog", { name: "Clear these answers?" });
    check(await shown(ask), "a tab switch that would clear an answer asks first");
    check((await ask.innerText()).includes(typed.fields[0].label), "naming the answer it would clear");
    await shoot(page, "clear-question", { fullPage: false });
    await axe(page, "the question before clearing");
    await fitsPhone(page, "the question before clearing");
    await ask.getByRole("button", { name: "Keep my answers" }).click();
    check(await gone(ask), "cancel closes the question");
    check(
      (await page.getByRole("tab", { name: typed.label, selected: true }).count()) === 1,
      "cancel keeps the tab",
    );
    check(await valueBecomes(page, key, "My essay about a challenge."), "and the answer");
    await page.getByRole("tab", { name: other.label }).click();
    await ask.getByRole("button", { name: "Clear answers" }).click();
    await page.getByRole("tab", { name: other.label, selected: true }).waitFor();
    await page.getByRole("tab", { name: typed.label }).click();
    await page.getByRole("tab", { name: typed.label, selected: true }).waitFor();
    check(await valueBecomes(page, key, ""), "switching tabs cleared the other tab's answer");
    await page.reload({ waitUntil: "networkidle" });
    await waitForPage(page, education.route);
    check((await value(page, key)) === "", "and the clearing was saved");
  },

  /** The staff print view with a service token: read-only, [X]/[ ], the school's CEEB, the document note. */
  async print(page) {
    await page.goto(args.url, { waitUntil: "networkidle" });
    await page.locator(".print-application").waitFor({ timeout: 15000 });
    const text = await page.locator(".print-application").innerText();
    check(text.includes("[X]") && text.includes("[ ]"), "selections show as [X] and [ ]");
    check(/\(Ceeb: 059903\)/.test(text), "the school shows with (Ceeb: code)");
    check(text.includes("A document is attached."), "a note shows where a document is attached");
    check(
      text.includes("[X] Canada"),
      "a choice shows its label, as chosen last (the _desc companion is saved)",
    );
    check(
      (await page.locator("main button, .print-application button").count()) === 0,
      "no buttons in the print view",
    );
    check(
      (await page.locator("nav").count()) === 0 || !(await page.locator("nav").first().isVisible()),
      "no navigation",
    );
    for (const p of form.pages) check(text.includes(p.title), `the print view holds page "${p.title}"`);
    await shoot(page, "print");
    await page.emulateMedia({ media: "print" });
    await page.screenshot({
      path: path.join(screenshotDir, "form-print-media-1280.png"),
      fullPage: true,
    });
  },

  /** axe on each form page for a visitor (no errors); every control at least 24 px, the main buttons 44 px. */
  async accessibility(page) {
    for (const p of form.pages) {
      await page.goto(`${baseUrl}${p.route}`, { waitUntil: "networkidle" });
      await waitForPage(page, p.route);
      await axe(page, `${p.route} (visitor, no errors)`);
      const small = await page.evaluate(() => {
        const tooSmall = (element, least) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.height < least || box.width < least);
        };
        const controls = [
          ...document.querySelectorAll("main button, main select, main input, nav a, header button"),
        ];
        const main = [...document.querySelectorAll(".page-actions .button")];
        return [
          ...controls.filter((element) => tooSmall(element, 24)),
          ...main.filter((element) => tooSmall(element, 44)),
        ].map((element) => element.outerHTML.slice(0, 80));
      });
      check(
        small.length === 0,
        `${p.route}: every control at least 24 px, main buttons 44 px ${JSON.stringify(small)}`,
      );
      await shoot(page, `visitor${p.route.replace(/\//g, "-")}`);
    }
  },
};

async function confirmationCode(outbox, username) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = readdirSync(outbox)
      .filter((name) => name.endsWith(".eml"))
      .sort();
    for (const name of files.reverse()) {
      const text = readFileSync(path.join(outbox, name), "utf8");
      if (!text.includes(username)) continue;
      const match = text.replace(/=\r?\n/g, "").match(/\b(\d{6})\b/);
      if (match) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return null;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
  headless: true,
});
try {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  }); // axe is injected inline
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on(
    "console",
    (message) =>
      message.type() === "error" && !/status of 4\d\d/.test(message.text()) && errors.push(message.text()),
  );
  try {
    await journeys[journey](page);
  } catch (error) {
    check(false, `${journey} ran to the end: ${error.stack || error}`);
    await page
      .screenshot({
        path: path.join(screenshotDir, `form-${journey}-failure.png`),
        fullPage: true,
      })
      .catch(() => {});
  }
  check(errors.length === 0, `${journey}: no page errors ${JSON.stringify(errors.slice(0, 5))}`);
} finally {
  await browser.close();
}
console.log(failures.length ? `${failures.length} check(s) failed` : `journey ${journey}: all checks passed`);
process.exit(failures.length ? 1 : 0);
