// A French applicant of a form in English and French, in Debian's Chromium against a real
// `formengine run`: she signs up on the French page, types her first name, switches to English at
// once (before the save's pause is over) and finds it still there, switches back, and on another
// browser whose language is English, signing in reads the form in French (her account's).
// usage: node tests/e2e/language_journey.mjs BASE_URL OUTBOX_DIR SCREENSHOT_DIR
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { axe, baseUrl, check, newPage, outbox, PASSWORD, run, shotBoth } from "./auth_helpers.mjs";

const words = async (language) =>
  (await (await fetch(`${baseUrl}/public/form?lang=${language}`)).json()).texts;
const [fr, en] = [await words("fr"), await words("en")];
const username = `camille-${Date.now().toString(36)}@example.com`;
const given = (page) => page.locator('[id="applicant_given_name"] input');
const label = async (page) =>
  (await page.locator('[id="applicant_given_name"] label').first().textContent())?.trim();

/** The code of the newest mail to `to` (written in French: its body may be base64 or quoted-printable). */
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

async function signUpInFrench(page) {
  await page.goto(`${baseUrl}/signup?lang=fr`);
  await page.getByLabel(fr.auth_email).fill(username);
  await page.getByLabel(fr.auth_password, { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: fr.auth_submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/confirm");
  await page.getByLabel(fr.auth_code).fill(codeFor(username));
  await page.getByRole("button", { name: fr.auth_submit, exact: true }).click();
  await page.waitForURL((url) => !["/signup", "/confirm", "/login"].includes(url.pathname));
}

async function switchTo(page, name, lang) {
  await page
    .getByRole("navigation", { name: lang === "fr" ? en.languages : fr.languages })
    .getByRole("link", { name })
    .click();
  await page.waitForFunction((code) => document.documentElement.lang === code, lang);
  await given(page).waitFor();
}

await run(async () => {
  const page = await newPage();
  await signUpInFrench(page);
  await given(page).waitFor();
  check((await page.getAttribute("html", "lang")) === "fr", "signed up and confirmed on the French pages");
  await given(page).fill("Camille");
  await switchTo(page, "English", "en"); // at once: the save's pause is not over
  check(
    (await given(page).inputValue()) === "Camille",
    "after the switch to English her first name is still there",
  );
  check((await label(page)).startsWith("Given Name"), `the label is English (${await label(page)})`);
  await shotBoth(page, "language-english");
  await switchTo(page, "Français", "fr");
  check((await given(page).inputValue()) === "Camille", "and after the switch back to French");
  check((await label(page)).startsWith("Prénom"), `the label is French (${await label(page)})`);
  await page.waitForLoadState("networkidle");
  await shotBoth(page, "language-french");
  await axe(page, "the French page");
  check(page.errors.length === 0, `no page errors (${page.errors.join("; ")})`);
  await page.context().close();

  // Another browser, in English: signing in turns it to her account's French.
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
  await other.waitForFunction(() => document.documentElement.lang === "fr");
  check(
    (await label(other)).startsWith("Prénom"),
    `signed in, the form reads French (${await label(other)})`,
  );
  check((await given(other).inputValue()) === "Camille", "with her saved first name");
  await other.context().close();
});
