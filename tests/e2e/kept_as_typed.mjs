// Nothing typed is silently changed, in Debian's Chromium against a real `formengine run` serving a
// copy of intl_undergrad whose home phone keeps a national mask (the cell phone is international):
// a number beyond the mask is kept with the field's message, the international field keeps it whole,
// 31 February stays with the date message, all saved as typed; a typed page address opens that page.
// usage: node tests/e2e/kept_as_typed.mjs BASE_URL OUTBOX_DIR SCREENSHOT_DIR
import {
  baseUrl,
  check,
  form,
  newPage,
  run,
  shotBoth,
  signUpAndConfirm,
  waitForPath,
} from "./auth_helpers.mjs";

const NIGERIAN_MOBILE = "+234 803 555 0123";
const username = `kept-${Date.now().toString(36)}@example.edu`;
const [about, second] = form.pages;
const field = (page, key) => page.locator(`[id="${key}"]`);
const messageOf = (page, key) => field(page, key).locator('[role="alert"]');

/** The label-named message a field shows, or "" (waits a moment for it to appear). */
async function shownMessage(page, key) {
  await messageOf(page, key)
    .first()
    .waitFor({ timeout: 3000 })
    .catch(() => {});
  return (await messageOf(page, key).allTextContents()).join(" ");
}

await run(async () => {
  const page = await newPage();
  await signUpAndConfirm(page, username);
  check(true, "account created; the confirmation code signed in");
  await page.goto(`${baseUrl}${about.route}`, { waitUntil: "networkidle" });
  const home = field(page, "phone_home").locator("input");
  const mobile = field(page, "phone_mobile").locator("input");
  await home.waitFor();

  await home.pressSequentially(NIGERIAN_MOBILE, { delay: 10 });
  check(
    (await home.inputValue()) === NIGERIAN_MOBILE,
    `the masked field keeps what was typed (${await home.inputValue()})`,
  );
  const homeMessage = await shownMessage(page, "phone_home");
  check(
    homeMessage === "Please enter a valid international home phone number.",
    `and shows the field's message instead of changing the number (${homeMessage})`,
  );

  await mobile.pressSequentially(NIGERIAN_MOBILE, { delay: 10 });
  check((await mobile.inputValue()) === NIGERIAN_MOBILE, "the international field keeps the whole number");
  check((await messageOf(page, "phone_mobile").count()) === 0, "with no message");

  const birth = field(page, "birth_date");
  await birth.getByRole("textbox", { name: "Day" }).fill("31");
  await birth.getByRole("combobox", { name: "Month" }).selectOption("02");
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/answer") && r.request().method() === "PUT",
  );
  await birth.getByRole("textbox", { name: "Year" }).fill("2008");
  const dateMessage = await shownMessage(page, "birth_date");
  check(
    dateMessage === "Please enter a valid date.",
    `31 February stays with the date message (${dateMessage})`,
  );
  await shotBoth(page, "kept-as-typed");
  await saved;
  await page.waitForLoadState("networkidle");

  // Saved as typed: a reload shows the same.
  await page.reload({ waitUntil: "networkidle" });
  await home.waitFor();
  check(
    (await home.inputValue()) === NIGERIAN_MOBILE,
    "after a reload the masked field holds the number as typed",
  );
  check((await mobile.inputValue()) === NIGERIAN_MOBILE, "and the international field too");
  const parts = [
    await birth.getByRole("textbox", { name: "Day" }).inputValue(),
    await birth.getByRole("combobox", { name: "Month" }).inputValue(),
    await birth.getByRole("textbox", { name: "Year" }).inputValue(),
  ];
  check(parts.join("/") === "31/02/2008", `and the date as entered (${parts.join("/")})`);
  check((await shownMessage(page, "phone_home")).length > 0, "with the phone's message still shown");

  // A typed address opens its page, though the last page saved is another.
  await page.goto(`${baseUrl}${second.route}`, { waitUntil: "networkidle" });
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.waitForTimeout(500);
  await waitForPath(page, second.route, "a typed page address opens that page");
  check(page.errors.length === 0, `no page errors (${page.errors.join("; ")})`);
  await page.context().close();
});
