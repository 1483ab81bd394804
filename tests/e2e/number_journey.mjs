// A number question in Debian's Chromium against a real `formengine run` of example_scholarship:
// text that reads as no number is said wrong in the tenant's words, "2,500" is stored as the number
// 2500 and the review reads it as money; in French "2 512,5" is read and said off the steps.
// usage: node tests/e2e/number_journey.mjs BASE_URL OUTBOX_DIR SCREENSHOT_DIR
import { axe, baseUrl, check, form, newPage, run, shotBoth, signUpAndConfirm } from "./auth_helpers.mjs";

const AMOUNT = "Amount Requested";
const year = form.options.award_years.options.find((option) => option.value).value;
const OTHERS = {
  applicant_given_name: "Ann",
  applicant_family_name: "Lee",
  applicant_email: "ann.lee@example.org",
  applicant_phone: "+44 20 7946 0958",
  applicant_dob: "2000-01-02",
  study_level: "secondary",
  study_level_desc: "Secondary School",
  institution_name: "Hill School",
  award_year: year,
  referee_full_name: "Bo Chen",
  referee_contact_email: "bo.chen@example.org",
  personal_statement: "I would study engineering.",
  consent_terms: true,
};

async function stored(page) {
  return page.evaluate(async () => (await (await fetch("/api/profile")).json()).answer.amount_requested);
}

async function saveOthers(page) {
  const status = await page.evaluate(async (answers) => {
    const response = await fetch("/api/answer", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(answers),
    });
    return response.status;
  }, OTHERS);
  check(status === 200, "the other answers are saved");
}

async function submitTry(page) {
  await page
    .getByRole("button", { name: /Submit Application|Envoyer la candidature/ })
    .first()
    .click();
}

await run(async () => {
  const page = await newPage();
  await signUpAndConfirm(page, "number.journey@example.org");
  await saveOthers(page);
  await page.goto(`${baseUrl}/statement`);
  const amount = page.getByLabel(AMOUNT);
  await amount.waitFor({ timeout: 20000 });
  check((await page.locator(".number-unit").innerText()) === "$", "the dollar sign stands beside the box");

  await amount.fill("12abc");
  await submitTry(page);
  // The summary names the question in the tenant's words; its link goes back to the question.
  const summary = page.locator(".summary").filter({ hasText: "Please enter a number." });
  await summary.first().waitFor({ timeout: 15000 });
  check(true, 'typed "12abc": the summary says "Amount Requested: Please enter a number."');
  await page.waitForTimeout(1500); // the submit's own move to the summary's page settles first
  await page.locator(".summary").getByRole("link", { name: AMOUNT }).click();
  await page.waitForURL((url) => url.pathname === "/statement");
  await amount.waitFor({ timeout: 15000 });
  const wrong = page.locator(".field", { has: amount }).getByText("Please enter a number.");
  check(
    await wrong.waitFor({ timeout: 20000 }).then(
      () => true,
      () => false,
    ),
    "the same words stand beside the question",
  );
  check((await stored(page)) === "12abc", "the text is kept in the draft as typed");
  await axe(page, "the statement page with a number message");
  await shotBoth(page, "number-error");

  await amount.fill("2,500");
  await page.waitForTimeout(1500); // the autosave
  check((await stored(page)) === 2500, 'typed "2,500": stored as the number 2500');
  await submitTry(page);
  const review = page.getByRole("heading", { level: 1, name: "Check your answers" });
  await review.waitFor({ timeout: 15000 });
  const text = await page.locator(".review").innerText();
  check(text.includes("$2,500"), "the review reads the amount as money: $2,500");
  await axe(page, "the review with an amount");
  await shotBoth(page, "number-review");

  await page.goto(`${baseUrl}/statement?lang=fr`);
  const montant = page.getByLabel("Montant demandé");
  await montant.waitFor({ timeout: 20000 });
  check((await montant.inputValue()) === "2500", "French shows the stored amount to edit: 2500");
  await montant.fill("2 512,5");
  await page.waitForTimeout(1500);
  check((await stored(page)) === 2512.5, 'French "2 512,5" is stored as 2512.5');
  await submitTry(page);
  await page.locator(".summary").first().waitFor({ timeout: 15000 });
  await page.waitForTimeout(1500);
  await page.locator(".summary").getByRole("link", { name: "Montant demandé" }).click();
  await page.waitForURL((url) => url.pathname === "/statement");
  await montant.waitFor({ timeout: 15000 });
  const step = page
    .locator(".field", { has: montant })
    .getByText("Veuillez saisir un nombre par tranches de 50\u00a0$US.");
  await step.waitFor({ timeout: 15000 });
  check(true, "off the steps, said in French with the step as French writes money");
  await shotBoth(page, "number-error-fr");
  check(page.errors.length === 0, `no page errors${page.errors.length ? `: ${page.errors.join("; ")}` : ""}`);
});
