// The staff list in Debian's Chromium against a real `formengine run`: a reader signs in (local
// account, the TOTP code computed here), search, pages, a row's print view and PDF, an export refused,
// sign-out (which ends the print view opened in the session); then an administrator sees exactly those actions in the audit trail. axe-core on each
// state and screenshots at 1280 and 375 px.
// usage: node tests/e2e/staff_journey.mjs BASE_URL OUTBOX_DIR SCREENSHOT_DIR FIXTURE_JSON
import { totp } from "./totp.mjs";
import { axe, baseUrl, browser, check, failures, newPage, shotBoth } from "./auth_helpers.mjs";

const fixture = JSON.parse(process.argv[5]);
const { reader, admin, total, mei, drafts } = fixture;

async function signIn(page, member) {
  await page.getByLabel("E-mail address").fill(member.email);
  await page.getByLabel("Password").fill(member.password);
  await page.getByLabel("Authenticator code").fill(totp(member.secret));
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function rows(page) {
  return page.locator("tbody tr").count();
}

async function waitForRows(page, label) {
  try {
    await page.locator("tbody tr").first().waitFor({ timeout: 15000 });
  } catch {
    check(false, `${label}: rows appear`);
  }
}

async function search(page, text, status = "all") {
  await page.getByLabel("Search by reference, name or e-mail").fill(text);
  await page.getByLabel("Status").selectOption(status);
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === (text || null) || (!text && !url.search));
  await page.waitForFunction(
    (expected) => document.querySelector("caption")?.textContent.includes(expected) ?? true,
    text ? `matching “${text}”` : "application",
  );
}

// 1. Not signed in: the sign-in form, no error.
const page = await newPage();
await page.goto(`${baseUrl}/staff`);
await page.getByLabel("E-mail address").waitFor();
check((await page.getByRole("alert").count()) === 0, "not signed in: the sign-in form without an error");
await axe(page, "the staff sign-in");
await shotBoth(page, "staff-sign-in");

// 2. A wrong password is refused with the server's message; nothing is listed.
await page.getByLabel("E-mail address").fill(reader.email);
await page.getByLabel("Password").fill("Not-The-Password-1!");
await page.getByLabel("Authenticator code").fill("000000");
await page.getByRole("button", { name: "Sign in" }).click();
const refused = await page.getByRole("alert").textContent({ timeout: 10000 });
check(
  refused.startsWith("The e-mail address, password or code is not right"),
  `a wrong password: "${refused}"`,
);
check((await page.locator("table").count()) === 0, "a refused sign-in lists nothing");

// 3. The reader signs in and sees applications, submitted first; no export, no audit.
await signIn(page, reader);
await waitForRows(page, "the reader's sign-in");
check((await rows(page)) === 25, "25 rows on the first page");
const caption = await page.locator("caption").textContent();
check(caption.includes(`${total} applications`), `the caption counts every application: "${caption}"`);
const firstRow = await page.locator("tbody tr").first().innerText();
check(
  firstRow.includes(mei.reference) && firstRow.includes("Mei Lin Chen"),
  `newest submission first, named: ${firstRow}`,
);
const who = await page.locator(".staff-who").innerText();
check(who.includes(reader.email) && who.includes("reader"), `the header names the reader: "${who}"`);
check((await page.getByRole("heading", { name: "Export" }).count()) === 0, "a reader is offered no export");
await axe(page, "the staff list");
await shotBoth(page, "staff-list");

// 4. Pages are cut by the server.
await page.getByRole("button", { name: "Next" }).click();
await page.waitForURL((url) => url.searchParams.get("page") === "2");
await page.getByText("Page 2 of 2").waitFor();
check((await rows(page)) === total - 25, `page 2 holds the other ${total - 25}`);
await page.goBack();
await page.getByText("Page 1 of 2").waitFor();
check(true, "Back returns to page 1");

// 5. Search by reference, name and e-mail; the drafts filter.
for (const [text, label] of [
  [mei.reference.toLowerCase(), "reference"],
  ["mei chen", "name"],
  [mei.email, "e-mail"],
]) {
  await search(page, text);
  const found = await page.locator("tbody tr").allInnerTexts();
  check(
    found.length === 1 && found[0].includes(mei.reference),
    `search by ${label} finds Mei (${found.length} rows)`,
  );
}
await search(page, "nobody-at-all");
check(
  (await page.getByText("No application matches “nobody-at-all”.").count()) === 1,
  "a search that finds nothing says so",
);
await search(page, "", "draft");
await page.getByText(`${drafts} applications`).waitFor();
check(true, `the drafts filter lists the ${drafts} drafts`);
await axe(page, "the staff list filtered");
await search(page, mei.reference);

// 6. A row opens the print view (a new tab) with the applicant's answers; the print-view token it
// opened with leaves the address bar (and so the history) once the page has read it, and a reload
// still shows the print view (the tab keeps the token).
const navigations = [];
page.context().on("request", (request) => {
  if (request.isNavigationRequest()) navigations.push(request.url());
});
const [printView] = await Promise.all([
  page.context().waitForEvent("page"),
  page
    .getByRole("link", {
      name: `Print view of ${mei.reference} (opens in a new tab)`,
    })
    .click(),
]);
await printView.waitForLoadState();
try {
  await printView.getByText("Mei", { exact: true }).first().waitFor({ timeout: 20000 });
  check(true, "the print view shows the applicant's answers");
} catch {
  check(false, `the print view shows the applicant's answers (at ${printView.url()})`);
}
check(
  (await printView.locator(".print-reference").textContent()) === mei.reference,
  "the print view's header names the reference",
);
check(
  (await printView.locator(".print-record").innerText()).includes("Submitted"),
  "and says when it was submitted",
);
const printViewToken = navigations.map((url) => new URL(url).searchParams.get("service_token")).find(Boolean);
check(Boolean(printViewToken), "the print view opened with a print-view token");
await printView.waitForURL((url) => !url.searchParams.has("service_token"));
check(
  !printView.url().includes("service_token"),
  `the print-view token leaves the address bar (${printView.url()})`,
);
await printView.reload();
try {
  await printView.getByText("Mei", { exact: true }).first().waitFor({ timeout: 20000 });
  check(true, "a reload of the print view still shows the answers");
} catch {
  check(false, `a reload of the print view still shows the answers (at ${printView.url()})`);
}
await shotBoth(printView, "staff-print-view");
await printView.close();

// 7. The PDF button prepares the PDF (a real worker renders it) and downloads it.
const downloadWait = page.waitForEvent("download", { timeout: 90000 });
await page.getByRole("button", { name: `PDF of ${mei.reference}` }).click();
const status = await page.getByRole("status").textContent();
check(status.includes("PDF of"), `the PDF button says what it does: "${status}"`);
try {
  const download = await downloadWait;
  const stream = await download.createReadStream();
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  check(bytes.subarray(0, 5).toString() === "%PDF-", `the download is a PDF (${bytes.length} bytes)`);
} catch (error) {
  check(false, `the PDF downloads: ${error}`);
}

// 8. An export is refused: 403 naming the role needed.
const exportAnswer = await page.evaluate(async () => {
  const response = await fetch("/staff/api/exports?format=csv");
  return { status: response.status, body: await response.json() };
});
check(
  exportAnswer.status === 403 &&
    exportAnswer.body.message === "This needs the exporter role. Ask an administrator.",
  `a reader's export is refused: ${JSON.stringify(exportAnswer)}`,
);

// 9. A phone-width screen of the list; then sign out.
await search(page, "");
await page.setViewportSize({ width: 375, height: 740 });
await axe(page, "the staff list at 375 px");
await page.setViewportSize({ width: 1280, height: 800 });
await page.getByRole("button", { name: "Sign out" }).click();
await page.getByLabel("E-mail address").waitFor();
await page.reload();
await page.getByLabel("E-mail address").waitFor();
check((await page.locator("table").count()) === 0, "after signing out a reload shows the sign-in form");
const afterSignOut = await page.evaluate(
  async (serviceToken) =>
    (await fetch(`/service/tmp-pdf?service_token=${encodeURIComponent(serviceToken)}`)).status,
  printViewToken,
);
check(afterSignOut === 401, `signing out ends the print view opened in the session (${afterSignOut})`);

// 10. An administrator sees the reader's actions in the audit trail, with the reader's e-mail.
const adminPage = await newPage();
await adminPage.goto(`${baseUrl}/staff`);
await signIn(adminPage, admin);
await adminPage.getByRole("heading", { name: "Audit trail" }).waitFor({ timeout: 15000 });
await adminPage.getByLabel("Staff e-mail").fill(reader.email);
await adminPage.getByRole("button", { name: "Show" }).click();
await adminPage.waitForFunction(
  (email) => {
    const cells = [...document.querySelectorAll(".staff-audit tbody td[data-label='Who']")];
    return cells.length > 0 && cells.every((cell) => cell.textContent === email);
  },
  reader.email,
  { timeout: 15000 },
);
const actions = await adminPage.locator(".staff-audit tbody td[data-label='What']").allInnerTexts();
const expected = [
  "Signed out",
  "Refused (role)",
  "Downloaded the PDF",
  "Opened the print view",
  "Signed in",
  "Failed sign-in",
];
check(
  JSON.stringify(actions) === JSON.stringify(expected),
  `the audit shows exactly the reader's actions, newest first: ${actions.join(", ")}`,
);
await adminPage.getByLabel(`Role of ${reader.email}`).selectOption("exporter");
await adminPage.getByText(`${reader.email} is now exporter.`).waitFor({ timeout: 10000 });
check(true, "an administrator makes the reader an exporter from the page");
await axe(adminPage, "the audit trail and staff members");
await search(adminPage, mei.reference); // one row above: the whole page, the audit in it, is shot
await shotBoth(adminPage, "staff-audit");

check(
  page.errors.length === 0 && adminPage.errors.length === 0,
  `no page errors (${page.errors.join("; ")})`,
);
await browser.close();
if (failures.length) {
  console.log(`${failures.length} check(s) failed`);
  process.exit(1);
}
