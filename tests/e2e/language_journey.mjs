// An applicant of a form in English and her language (a French one of example_scholarship, a
// Spanish one of intl_undergrad: tests/language_journeys.py), in Debian's Chromium against a real
// `formengine run`: she signs up on the page in her language, types her first name, switches to
// English at once (before the save's pause is over) and finds it still there, switches back, and on
// her answers (the rest of a complete application saved as a draft holds them) are submitted from the
// form's last page in her language, and on another browser whose language is English, signing in
// reads the form in hers (her account's). A reader of the staff list sees her language named
// ("Spanish") and opens her print view, read in English with a link to hers.
// usage: node tests/e2e/language_journey.mjs BASE_URL OUTBOX_DIR SCREENSHOT_DIR SPEAKER_JSON
// SPEAKER_JSON: {"id": "spanish", "language": "es", "key": "first_name", "typed": "Lucía",
//                "answers": {...}, "add_another": {"activities": 2}, "name": "Spanish",
//                "staff": {"email", "password", "secret"}}
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { axe, baseUrl, check, newPage, outbox, PASSWORD, run, shotBoth } from "./auth_helpers.mjs";
import { totp } from "./totp.mjs";

const speaker = JSON.parse(process.argv[5]);
const lang = speaker.language;
const formIn = async (language) => (await fetch(`${baseUrl}/public/form?lang=${language}`)).json();
const [hers, english] = [await formIn(lang), await formIn("en")];
const [words, en] = [hers.texts, english.texts];
/** The label of her first question in a language's form. */
const labelIn = (form) =>
  form.pages
    .flatMap((formPage) => formPage.sections.flatMap((section) => section.fields ?? []))
    .find((field) => field.key === speaker.key).label;
const LABEL = { en: labelIn(english), [lang]: labelIn(hers) };
/** A language's name as its link says it: in itself (CLDR's, as the browser has it). */
const ownName = (code) => new Intl.DisplayNames(code, { type: "language" }).of(code);
/** Her answers as valid today: an answer no longer among its list's options (a year now past) is
 * the list's first option. */
function answersToday() {
  const answers = { ...speaker.answers };
  const fields = hers.pages.flatMap((formPage) =>
    formPage.sections.flatMap((section) => [
      ...(section.fields ?? []),
      ...(section.tabs?.options ?? []).flatMap((option) => option.fields ?? []),
    ]),
  );
  for (const field of fields) {
    const list = typeof field.options === "string" ? hers.options[field.options]?.options : null;
    if (!list || !(field.key in answers)) continue;
    if (!list.some((option) => String(option.value) === String(answers[field.key])))
      answers[field.key] = String(list.find((option) => option.value).value);
  }
  return answers;
}

/** Save (as the page does) and answer with the status. */
const put = (page, url, body) =>
  page.evaluate(
    async ([url, body]) =>
      (
        await fetch(url, {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        })
      ).status,
    [url, body],
  );

const username = `${speaker.id}-${Date.now().toString(36)}@example.com`;
const given = (page) => page.locator(`[id="${speaker.key}"] input`);
const label = async (page) =>
  (await page.locator(`[id="${speaker.key}"] label`).first().textContent())?.trim();

/** The code of the newest mail to `to` (written in her language: its body may be base64 or quoted-printable). */
function codeFor(to) {
  for (const file of readdirSync(outbox)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .reverse()) {
    const mail = readFileSync(path.join(outbox, file), "utf8");
    if (!mail.includes(`To: ${to}`)) continue;
    const [, ...parts] = mail.split(/\r?\n\r?\n/);
    const body = parts.join("\n");
    const text = /Content-Transfer-Encoding: base64/i.test(mail)
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : body.replace(/=\r?\n/g, "");
    const found = text.match(/\b(\d{6})\b/);
    if (found) return found[1];
  }
  return "";
}

async function signUpInHerLanguage(page) {
  await page.goto(`${baseUrl}/signup?lang=${lang}`);
  await page.getByLabel(words.auth_email).fill(username);
  await page.getByLabel(words.auth_password, { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: words.auth_submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/confirm");
  await page.getByLabel(words.auth_code).fill(codeFor(username));
  await page.getByRole("button", { name: words.auth_submit, exact: true }).click();
  await page.waitForURL((url) => !["/signup", "/confirm", "/login"].includes(url.pathname));
}

/** Follow the language switch (named in the page's language) to `to`. */
async function switchTo(page, to) {
  await page
    .getByRole("navigation", { name: to === lang ? en.languages : words.languages })
    .getByRole("link", { name: ownName(to) })
    .click();
  await page.waitForFunction((code) => document.documentElement.lang === code, to);
  await given(page).waitFor();
}

await run(async () => {
  const page = await newPage();
  await signUpInHerLanguage(page);
  await given(page).waitFor();
  check((await page.getAttribute("html", "lang")) === lang, `signed up and confirmed on the ${lang} pages`);
  await given(page).fill(speaker.typed);
  await switchTo(page, "en"); // at once: the save's pause is not over
  check(
    (await given(page).inputValue()) === speaker.typed,
    "after the switch to English her first name is still there",
  );
  check((await label(page)).startsWith(LABEL.en), `the label is English (${await label(page)})`);
  await shotBoth(page, `language-${speaker.id}-english`);
  await switchTo(page, lang);
  check((await given(page).inputValue()) === speaker.typed, `and after the switch back to ${lang}`);
  check((await label(page)).startsWith(LABEL[lang]), `the label is hers (${await label(page)})`);
  await page.waitForLoadState("networkidle");
  await shotBoth(page, `language-${speaker.id}`);
  await axe(page, `the ${lang} page`);

  // Another browser, in English: signing in turns it to her account's language.
  const other = await newPage();
  await other.goto(`${baseUrl}/login`);
  check(
    (await other.getAttribute("html", "lang")) === "en",
    "another browser opens the sign-in page in English",
  );
  await other.getByLabel(en.auth_email).fill(username);
  await other.getByLabel(en.auth_password, { exact: true }).fill(PASSWORD);
  await other.getByRole("button", { name: en.auth_submit, exact: true }).click();
  await other.waitForURL((url) => url.pathname !== "/login");
  await given(other).waitFor();
  await other.waitForFunction((code) => document.documentElement.lang === code, lang);
  check(
    (await label(other)).startsWith(LABEL[lang]),
    `signed in, the form reads ${lang} (${await label(other)})`,
  );
  check((await given(other).inputValue()) === speaker.typed, "with her first name");
  await other.context().close();

  // The rest of her application, then the submit from the last page, in her language.
  check((await put(page, "/api/answer", answersToday())) === 200, "the rest of her answers are saved");
  for (const [button, count] of Object.entries(speaker.add_another)) {
    const body = { button_id: button, num_components: count };
    check((await put(page, "/api/add-another", body)) === 200, `${count} entries of ${button}`);
  }
  await page.reload({ waitUntil: "networkidle" });
  await page.locator("nav.nav a").last().click();
  await page.waitForURL((url) => url.pathname === hers.pages.at(-1).route);
  await page.getByRole("button", { name: words.form_submit, exact: true }).click();
  // Check your answers (its button may read as the page's, "Enviar la solicitud" both).
  await page.locator(".review").getByRole("button", { name: words.review_confirm, exact: true }).click();
  await page.locator(".receipt-reference").waitFor({ timeout: 30000 });
  check(
    await page.getByText(words.submitted_message).isVisible(),
    `the completion page says "${words.submitted_message}"`,
  );
  check((await page.getAttribute("html", "lang")) === lang, `and is in ${lang}`);
  console.log(`reference: ${(await page.locator(".receipt-reference").innerText()).trim()}`);
  await page.waitForLoadState("networkidle");
  await shotBoth(page, `language-${speaker.id}-submitted`);
  await axe(page, `the ${lang} completion page`);
  check(page.errors.length === 0, `no page errors (${page.errors.join("; ")})`);
  await page.context().close();

  // Staff (the pages are in English): her language named in the list, her print view in English.
  const staff = await newPage();
  await staff.goto(`${baseUrl}/staff`);
  await staff.getByLabel("E-mail address").fill(speaker.staff.email);
  await staff.getByLabel("Password").fill(speaker.staff.password);
  await staff.getByLabel("Authenticator code").fill(totp(speaker.staff.secret));
  await staff.getByRole("button", { name: "Sign in" }).click();
  const cell = staff.locator('tbody tr td[data-label="Language"]').first();
  await cell.waitFor({ timeout: 20000 });
  check((await cell.innerText()).trim() === speaker.name, `the staff list says "${await cell.innerText()}"`);
  check((await cell.locator("span").getAttribute("title")) === lang, `with the code ${lang} as its title`);
  await shotBoth(staff, `language-${speaker.id}-staff-list`);
  await axe(staff, "the staff list");
  const printErrors = [];
  staff.context().on("page", (opened) => opened.on("pageerror", (error) => printErrors.push(String(error))));
  const [print] = await Promise.all([
    staff.context().waitForEvent("page"),
    staff
      .getByRole("link", { name: /^Print view of / })
      .first()
      .click(),
  ]);
  const record = print.locator(".print-record");
  await record.waitFor({ timeout: 20000 });
  check(
    (await print.locator(".print-application").getAttribute("lang")) === "en",
    "the print view reads in English",
  );
  const fact = print.locator(".print-record-facts > div", { hasText: en.languages });
  check(
    (await fact.locator("dd").innerText()).trim() === speaker.name,
    `its header says "${(await fact.innerText()).replace(/\s+/g, " ")}"`,
  );
  check(await print.getByText(LABEL.en).first().isVisible(), `her answers under "${LABEL.en}"`);
  check(await print.getByRole("link", { name: ownName(lang) }).isVisible(), "with a link to read it in hers");
  await print.waitForLoadState("networkidle");
  await shotBoth(print, `language-${speaker.id}-print-view`);
  const errors = [...staff.errors, ...printErrors];
  check(errors.length === 0, `no page errors on the staff pages (${errors.join("; ")})`);
  await staff.context().close();
});
