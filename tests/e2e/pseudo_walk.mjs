// A pseudo-localized tenant (`formengine pseudo`) served by a real `formengine run`, walked in
// Debian's Chromium: on every page and state, no word shows outside ⟦ ⟧ but the applicant's own
// answers, numbers, dates and e-mail addresses, and at 375 px nothing scrolls sideways and no button
// label is cut off. Screenshots of each state at 1280 and 375 px. With "rtl" (`formengine pseudo
// --rtl`, the right-to-left pseudo-language ar-XB) each state is also laid out right to left (the
// page's dir), has no axe violation, and shows a phone number and an e-mail address left to right.
// With "lang" (a shipped tenant served in its second language, chosen by the `lang` cookie) the same
// walk checks instead that no text shows as the English of a message the catalogue translates
// ("english": the tenant catalogue's source wordings of more than one word whose translation
// differs), that the page's lang is the language, and that axe finds no violation.
// usage: node tests/e2e/pseudo_walk.mjs BASE_URL SCREENSHOT_DIR
//   '{"tenant", "username", "password", "printUrl", "upload", "edit": [file, from, to], "golden",
//     "rtl", "lang", "english"}'
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "client", "package.json"));
const { chromium } = require("playwright-core");

const [baseUrl, shots, rawArgs] = process.argv.slice(2);
const { tenant, username, password, printUrl, upload, edit, golden, rtl, lang, english } =
  JSON.parse(rawArgs);
// The walk's name in its messages and screenshots: the tenant, and "rtl" for the right-to-left one
// or the language it is served in.
const walked = rtl ? `${tenant} rtl` : lang ? `${tenant} ${lang}` : tenant;
const shotName = (name, width) =>
  `${lang ? `lang-${lang}` : "pseudo"}-${rtl ? "rtl-" : ""}${tenant}-${name}-${width}.png`;
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
mkdirSync(shots, { recursive: true });
const form = await (await fetch(`${baseUrl}/public/form${lang ? `?lang=${lang}` : ""}`)).json();
const T = form.texts;

const failures = [];
function check(condition, message) {
  if (!condition) failures.push(message);
  console.log(`${condition ? "ok  " : "FAIL"} ${message}`);
}

/** Every visible word of the page outside ⟦ ⟧, and how many ⟦ ⟧ pieces it shows (none: the page
 * showed no words, so the check saw nothing). Checked: every visible text node; every option of a
 * visible list (the applicant reads them all when it opens, and each is the tenant's); the
 * placeholder of a visible box. Not checked, because they are not the engine's words: what the
 * applicant typed or chose (`answers`, removed wherever it shows), e-mail addresses, the
 * application's reference and definition version, and numbers (anything without a letter: a date like 12/04, a size's
 * digits, a year), and dates and times (<time>: CLDR's words for the form's language, written by the
 * browser's Intl in the tenant's date_style; the tenant's own month names are checked in the date
 * question's list). */
function unwrapped(page, answers) {
  return page.evaluate((answers) => {
    const visible = (element) => element.checkVisibility({ visibilityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const texts = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // A <select>'s options are read below; a box's value is the applicant's answer.
      if (!parent || parent.closest("script, style, select, noscript, input, textarea, time")) continue;
      if (!visible(parent)) continue;
      texts.push(node.data);
    }
    for (const select of document.querySelectorAll("select")) {
      if (!visible(select)) continue;
      // Not yet the tenant's: the phone's country names are the browser's (Intl.DisplayNames); only
      // the list's first line (phone_country) is checked.
      const options = select.matches(".intl-phone-country") ? [select.options[0]] : [...select.options];
      for (const option of options) texts.push(` ${option.text} `);
    }
    for (const box of document.querySelectorAll("input[placeholder], textarea[placeholder]")) {
      if (visible(box)) texts.push(` ${box.placeholder} `);
    }
    let rest = texts.join("");
    // A tenant's text filled into another (a month in the date) nests: count and remove from the inside.
    let wrapped = 0;
    for (let inner = rest.match(/⟦[^⟦⟧]*⟧/g); inner; inner = rest.match(/⟦[^⟦⟧]*⟧/g)) {
      wrapped += inner.length;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, " ");
    }
    // An answer only as a whole (a one-letter code must not hide the start of a word), longest first.
    const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    for (const answer of [...answers].sort((a, b) => b.length - a.length)) {
      rest = rest.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(answer)}(?![\\p{L}\\p{N}])`, "gu"), " ");
    }
    rest = rest
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, " ") // e-mail addresses
      .replace(/\p{Lu}{1,3}\$/gu, " ") // a currency sign as CLDR writes it for the language (US$)
      .replace(/\b[A-Z][A-Z0-9]*-[A-Z0-9]{8}\b/g, " ") // an application reference
      .replace(/\b[0-9a-f]{32}\b/g, " "); // a definition version's id (the print view's header)
    return { words: rest.match(/[\p{L}]+/gu) ?? [], wrapped };
  }, answers);
}

/** In a language walk: every visible text (a text node, an element's whole text, an option, a
 * placeholder; whitespace normalised) that is the English source of a translated message, and how
 * many texts the page shows. The applicant's own answers are not checked. */
function untranslated(page, answers) {
  return page.evaluate(
    ([answers, english]) => {
      const visible = (element) => element.checkVisibility({ visibilityProperty: true });
      const texts = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest("script, style, select, noscript, input, textarea")) continue;
        if (visible(parent)) texts.push(node.data, parent.textContent);
      }
      for (const select of document.querySelectorAll("select")) {
        if (visible(select)) texts.push(...[...select.options].map((option) => option.text));
      }
      for (const box of document.querySelectorAll("input[placeholder], textarea[placeholder]")) {
        if (visible(box)) texts.push(box.placeholder);
      }
      const source = new Set(english);
      const own = new Set(answers);
      const shown = texts.map((text) => text.replace(/\s+/g, " ").trim()).filter(Boolean);
      const found = shown.filter((text) => source.has(text) && !own.has(text));
      return { found: [...new Set(found)], shown: shown.length };
    },
    [answers, english],
  );
}

/** The right-to-left checks of a state: the page reads right to left in the pseudo-language, axe
 * finds no violation, and every phone number and e-mail address shown stands left to right (its
 * first character left of its last: not "0958 7946 20 44+"). */
async function rightToLeft(page, name) {
  const root = await page.evaluate(() => ({
    dir: document.documentElement.dir,
    lang: document.documentElement.lang,
    direction: getComputedStyle(document.body).direction,
  }));
  check(
    root.dir === "rtl" && root.direction === "rtl" && root.lang === form.settings.language,
    `${walked} ${name}: the page reads right to left (${JSON.stringify(root)})`,
  );
  await noAxeViolation(page, name);
  const reversed = await page.evaluate(() => {
    const found = [];
    const pattern = /\+?\d[\d ]{6,}\d|[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.checkVisibility()) continue;
      for (const match of node.data.matchAll(pattern)) {
        const at = (index) => {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          return range.getBoundingClientRect();
        };
        const [first, last] = [at(match.index), at(match.index + match[0].length - 1)];
        if (first.top === last.top && first.left >= last.left) found.push(match[0]);
      }
    }
    return found;
  });
  check(
    reversed.length === 0,
    `${walked} ${name}: numbers and addresses read left to right ${JSON.stringify(reversed)}`,
  );
  // An answer shown in its own direction (dir="auto") still stands where the page's lines start.
  const astray = await page.evaluate(() =>
    [...document.querySelectorAll("dd[dir=auto]")]
      .filter((dd) => dd.checkVisibility() && dd.textContent.trim())
      .filter((dd) => {
        const range = document.createRange();
        range.selectNodeContents(dd);
        const end = dd.getBoundingClientRect().right - parseFloat(getComputedStyle(dd).paddingRight);
        return Math.abs(range.getBoundingClientRect().right - end) > 2;
      })
      .map((dd) => dd.textContent.slice(0, 30)),
  );
  check(astray.length === 0, `${walked} ${name}: answers stand at the right ${JSON.stringify(astray)}`);
}

async function noAxeViolation(page, name) {
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  const violations = result.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.target}`);
  check(violations.length === 0, `${walked} ${name}: axe finds no violation ${violations.join("; ")}`);
}

/** The checks of one state: its words at 1280 px, its fit at 375 px, a screenshot at each. */
async function state(page, name, answers = []) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(150);
  if (lang) {
    const { found, shown } = await untranslated(page, answers);
    check(shown > 0, `${walked} ${name}: shows the tenant's words (${shown} texts)`);
    check(found.length === 0, `${walked} ${name}: no English source shown ${JSON.stringify(found)}`);
    const root = await page.evaluate(() => document.documentElement.lang);
    check(root === lang, `${walked} ${name}: the page's lang is ${lang} (${root})`);
    await noAxeViolation(page, name);
  } else {
    const { words, wrapped } = await unwrapped(page, answers);
    check(wrapped > 0, `${walked} ${name}: shows the tenant's words (${wrapped} ⟦ ⟧ pieces)`);
    check(
      words.length === 0,
      `${walked} ${name}: no word outside ⟦ ⟧ ${words.length ? JSON.stringify([...new Set(words)].slice(0, 12)) : ""}`,
    );
  }
  if (rtl) await rightToLeft(page, name);
  await page.screenshot({ path: path.join(shots, shotName(name, 1280)), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(150);
  const fit = await page.evaluate(() => {
    const root = document.documentElement;
    const clipped = [...document.querySelectorAll("button, a.button, [role=button], .nav-link")]
      .filter((b) => b.checkVisibility() && b.scrollWidth > b.clientWidth + 1)
      .map((b) => b.innerText.slice(0, 40));
    // A nav label hyphenates in the page's language and breaks inside a word only when that word
    // is wider than its column; it never spills over the next page's link.
    const midWord = [];
    for (const label of document.querySelectorAll(".nav-label")) {
      const style = getComputedStyle(label);
      const item = label.closest("li").getBoundingClientRect();
      const box = label.getBoundingClientRect();
      if (style.hyphens !== "auto" || !root.lang)
        midWord.push(`${label.innerText}: hyphens ${style.hyphens}`);
      if (box.left < item.left - 1 || box.right > item.right + 1)
        midWord.push(`${label.innerText}: spills over`);
      const text = [...label.childNodes].find((node) => node.nodeType === 3);
      for (const match of text ? text.data.matchAll(/\S+/g) : []) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        const whole = Object.assign(document.createElement("span"), { textContent: match[0] });
        whole.style.whiteSpace = "nowrap";
        label.append(whole);
        const wider = whole.getBoundingClientRect().width > box.width + 1;
        whole.remove();
        if (lines > 1 && !wider) midWord.push(`${match[0]}: broken though it fits its column`);
      }
    }
    return { scroll: root.scrollWidth, width: root.clientWidth, clipped, midWord };
  });
  check(
    fit.midWord.length === 0,
    `${walked} ${name}: nav labels wrap between words ${JSON.stringify(fit.midWord)}`,
  );
  check(
    fit.scroll <= fit.width,
    `${walked} ${name}: no sideways scroll at 375 px (${fit.scroll} <= ${fit.width})`,
  );
  check(
    fit.clipped.length === 0,
    `${walked} ${name}: no button label cut off at 375 px ${JSON.stringify(fit.clipped)}`,
  );
  await page.screenshot({ path: path.join(shots, shotName(name, 375)), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The shell applies the tenant's texts once the compiled form has arrived (after the first paint);
 * the page's title then names the tenant. */
async function open(page, route) {
  await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
  await page.waitForFunction((name) => document.title.endsWith(name), form.tenant.name, { timeout: 15000 });
}

/** Every question of the form: in its sections and in each of their tabs. */
const FIELDS = form.pages.flatMap((formPage) =>
  formPage.sections.flatMap((section) => [
    ...(section.fields ?? []),
    ...(section.tabs?.options ?? []).flatMap((option) => option.fields ?? []),
  ]),
);

/** The golden application, each answer no longer among its list's options (a year now past) moved to
 * the list's first option. */
function goldenToday() {
  const answers = { ...golden };
  for (const field of FIELDS) {
    const list = typeof field.options === "string" ? form.options[field.options]?.options : null;
    if (!list || !(field.key in answers)) continue;
    if (!list.some((option) => String(option.value) === String(answers[field.key])))
      answers[field.key] = String(list.find((option) => option.value).value);
  }
  return answers;
}

/** The answers as the applicant wrote them (an option's stored `_desc` label is not: the form shows
 * the option's label in the language it is read in). */
const typedIn = (answers) =>
  Object.entries(answers)
    .filter(([key, value]) => typeof value === "string" && !key.endsWith("_desc"))
    .map(([, value]) => value);

/** A gate a test route waits on until the walk has looked at the state it holds. */
function gate() {
  let open;
  const opened = new Promise((resolve) => (open = resolve));
  return { opened, open };
}

// The answers that complete a tenant's form (the shipped tenants' own keys: a test may name them).
const COMPLETE = {
  intl_undergrad: () => goldenToday(),
  example_scholarship: () => ({
    applicant_given_name: "Ann",
    applicant_family_name: "Lee",
    applicant_email: "ann.lee@example.org",
    applicant_phone: "+44 20 7946 0958",
    applicant_dob: "2000-01-02",
    study_level: "secondary",
    institution_name: "Hill School",
    award_year: String(form.options.award_years.options.find((o) => o.value).value),
    referee_full_name: "Bo Chen",
    referee_contact_email: "bo.chen@example.org",
    amount_requested: 1500,
    personal_statement: "I would study engineering.",
    consent_terms: true,
  }),
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  headless: true,
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // The visitor has chosen the language (what the language switch or `?lang=` leaves behind).
  if (lang) await context.addCookies([{ name: "lang", value: lang, url: baseUrl }]);
  const page = await context.newPage();
  await page.clock.install();
  page.on("pageerror", (error) => check(false, `${walked}: no script error (${error})`));

  // The sign-in pages, as a visitor.
  for (const route of ["/login", "/signup", "/confirm", "/forgot", `/reset?id=x&username=${username}`]) {
    await open(page, route);
    await state(page, route.slice(1).split("?")[0], [username]);
  }
  // A field error on the sign-up card, and the password checklist half met.
  await open(page, "/signup");
  await page.locator("input[name=username]").fill("not-an-address");
  await page.locator("input[name=password]").fill("short");
  await page.locator("form button[type=submit]").click();
  await state(page, "signup-errors", ["not-an-address"]);
  // A sign-up: the confirmation card with the server's answer in a toast.
  const newcomer = `new-${username}`;
  await page.locator("input[name=username]").fill(newcomer);
  await page.locator("input[name=password]").fill(password);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL((url) => url.pathname === "/confirm", { timeout: 15000 });
  await page.locator(".toast-success").waitFor({ timeout: 15000 });
  await state(page, "signed-up", [newcomer]);

  // A visitor on the first form page.
  await open(page, form.tenant.default_route);
  await state(page, "visitor");
  await page.getByRole("button", { name: T.shell_account }).click();
  await state(page, "visitor-account-menu");
  await page.keyboard.press("Escape");

  // An address the form does not have.
  await open(page, "/no-such-page");
  await state(page, "not-found");

  // The error screen: a release replaced the code while the tab was open, and the page the
  // applicant goes to next cannot be fetched even after the one reload that would fix it.
  const broken = await context.newPage();
  await open(broken, form.tenant.default_route);
  await broken.evaluate(() => sessionStorage.setItem("formengine.chunkReload", "1"));
  await broken.route(
    (url) => url.pathname.startsWith("/static/assets/") && url.pathname.endsWith(".js"),
    (route) => route.abort(),
  );
  await broken.getByRole("button", { name: T.shell_account }).click();
  await broken.getByText(T.shell_sign_in, { exact: true }).first().click();
  await broken.locator(".error-screen").waitFor({ timeout: 15000 });
  await state(broken, "error-screen");
  await broken.close();

  // A wrong password: the server's answer, in a toast, is the tenant's too.
  await open(page, "/login");
  await page.locator("input[name=username]").fill(username);
  await page.locator("input[name=password]").fill(`${password}-wrong`);
  await page.locator("form button[type=submit]").click();
  await page.locator(".toast-error").waitFor({ timeout: 15000 });
  await state(page, "login-error", [username]);

  // The applicant: every page, the account menu, the errors of a submit too early.
  await open(page, "/login");
  await page.locator("input[name=username]").fill(username);
  await page.locator("input[name=password]").fill(password);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 15000 });
  for (const [index, formPage] of form.pages.entries()) {
    await page.locator("nav.nav a").nth(index).click();
    await page.waitForURL((url) => url.pathname === formPage.route, { timeout: 15000 });
    await page.locator("h1#page-title").waitFor();
    await page.waitForLoadState("networkidle");
    await state(page, `page-${index + 1}`, [username]);
  }
  await page.getByRole("button", { name: T.form_submit }).click();
  await page.locator("#summary-title").waitFor({ timeout: 15000 });
  await state(page, "errors", [username]);
  await page.getByRole("button", { name: T.shell_account }).click();
  await state(page, "account-menu", [username]);
  await page.keyboard.press("Escape");

  // The idle prompt, its minutes passed at once.
  const idle = form.settings.idle;
  await page.clock.fastForward(idle.timeout_ms - idle.prompt_ms + 1000);
  await page.getByRole("alertdialog").waitFor({ timeout: 5000 });
  await state(page, "idle-prompt", [username]);
  await page.getByRole("button", { name: T.idle_stay }).click();

  // A file question: uploading, converting, the file uploaded (its name is the applicant's).
  const fileField = FIELDS.find((field) => field.widget === "file_upload");
  const uploaded = fileField ? [upload.split("/").at(-1)] : []; // the file's name is the applicant's
  if (fileField) {
    const filePage = form.pages.find((formPage) =>
      JSON.stringify(formPage).includes(`"key":"${fileField.key}"`),
    );
    await page.locator("nav.nav a").nth(form.pages.indexOf(filePage)).click();
    await page.waitForURL((url) => url.pathname === filePage.route, { timeout: 15000 });
    await page.locator("h1#page-title").waitFor();
    const tab = filePage.sections
      .flatMap((section) => section.tabs?.options ?? [])
      .find((option) => option.fields?.some((field) => field.key === fileField.key));
    if (tab) await page.getByRole("tab", { name: tab.label }).click();
    const [uploading, converting] = [gate(), gate()];
    await page.route("**/api/presigned-url", async (route) => {
      await uploading.opened;
      await route.continue();
    });
    await page.route(`**/api/pdf/document-answer/${fileField.key}`, async (route) => {
      if (route.request().method() === "POST") await converting.opened;
      await route.continue();
    });
    await page.locator(`[id="${fileField.key}"] input[type=file]`).setInputFiles(upload);
    const busy = page.locator(`[id="${fileField.key}"] .file-busy`);
    await busy
      .or(page.locator(`[id="${fileField.key}"] .field-errors`))
      .first()
      .waitFor({ timeout: 15000 });
    check(
      await busy.isVisible(),
      `${tenant}: the file is taken (${await page.locator(`[id="${fileField.key}"]`).innerText()})`,
    );
    await state(page, "file-uploading", [username]);
    uploading.open();
    await page.getByRole("status").filter({ hasText: T.file_converting }).waitFor({ timeout: 15000 });
    await state(page, "file-converting", [username]);
    converting.open();
    await page.locator(`[id="${fileField.key}"] .file-answer`).waitFor({ timeout: 60000 });
    await state(page, "file-uploaded", [username, ...uploaded]);
    await page.unrouteAll();
  }

  // The author publishes a new version while the page is open: the next save says so.
  const [editFile, from, to] = edit;
  writeFileSync(editFile, readFileSync(editFile, "utf8").replace(from, to));
  const typed = "Zed Quill";
  const textField = FIELDS.find((field) => field.widget === "text" && !field.visible_when);
  const textPage = form.pages.find((formPage) =>
    JSON.stringify(formPage).includes(`"key":"${textField.key}"`),
  );
  await page.locator("nav.nav a").nth(form.pages.indexOf(textPage)).click();
  await page.waitForURL((url) => url.pathname === textPage.route, { timeout: 15000 });
  const save = page.waitForResponse(
    (r) =>
      r.url().endsWith("/api/answer") &&
      r.request().method() === "PUT" &&
      r.request().postData()?.includes(typed),
  );
  await page.locator(`[id="${textField.key}"] input`).fill(typed);
  const saved = await save;
  console.log(`     the save answered ${saved.status()} ${(await saved.text()).slice(0, 200)}`);
  await page.getByText(T.new_version_title).waitFor({ timeout: 15000 });
  await state(page, "form-updated", [username, typed, ...uploaded]);

  // Check your answers and the receipt, for a tenant whose whole form a few answers complete.
  const answers = COMPLETE[tenant]?.();
  if (answers) {
    const saved = await page.evaluate(async (answers) => {
      const response = await fetch("/api/answer", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(answers),
      });
      return response.status;
    }, answers);
    check(saved === 200, `${tenant}: the answers are saved (${saved})`);
    await page.reload({ waitUntil: "networkidle" }); // the saved answers loaded
    await page.locator("nav.nav a").last().click();
    await page.waitForURL((url) => url.pathname === form.pages.at(-1).route, { timeout: 15000 });
    await page.locator("h1#page-title").waitFor();
    await page.getByRole("button", { name: T.form_submit }).click();
    await page.getByRole("button", { name: T.review_confirm }).waitFor({ timeout: 15000 });
    const shown = [...typedIn(answers), ...uploaded];
    await state(page, "review", [username, ...shown]);
    await page.getByRole("button", { name: T.review_confirm }).click();
    await page.locator(".receipt-reference").waitFor({ timeout: 30000 });
    await state(page, "receipt", [username, ...shown]);
  }

  // The print view of the application (a staff link; its headings are the engine's words too), in
  // the applicant's language (staff read the form's default unless they switch).
  await page.goto(lang ? `${printUrl}&print_language=${lang}` : printUrl, { waitUntil: "networkidle" });
  await page.locator(".print-application").waitFor({ timeout: 15000 });
  const printed = [...(answers ? typedIn(answers) : []), ...uploaded];
  await state(page, "print", [username, ...printed]);
  await context.close();
} catch (error) {
  failures.push(String(error?.stack || error));
  console.log(`FAIL ${error}`);
} finally {
  await browser.close();
}
if (failures.length) {
  console.log(`\n${failures.length} failure(s)`);
  process.exit(1);
}
