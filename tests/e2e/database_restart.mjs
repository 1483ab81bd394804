// A PostgreSQL restart under applicants who keep typing, in Debian's Chromium against a real
// `formengine run` (test_database_restart.py stops and starts the database server).
// usage: node tests/e2e/database_restart.mjs BASE_URL OUTBOX_DIR SCREENSHOT_DIR SIGNAL_DIR
// Each applicant signs up and types a new value into a question every 1.6 s (each is saved). The test is told
// "ready" (a file in SIGNAL_DIR), restarts the database and writes "restarted"; the applicants type
// on for a while, stop, and then: every page's save status settles on "saved" by itself (no stuck
// "saving", no "not saved" left), the last value each typed is what the server holds, and it is
// what the page shows after a reload. Prints the save states each page went through.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";

import { baseUrl, check, form, newPage, run, shotBoth, signUpAndConfirm } from "./auth_helpers.mjs";

const signals = process.argv[5];
const APPLICANTS = 3;
const KEY = "first_name";
const TYPE_EVERY_MS = 1600; // over the client's pause before it saves (1.2 s): each value is sent
const TYPE_ON_AFTER_MS = 5000; // typing goes on this long after the restart
const SETTLE_MS = 45000; // what "by itself" may take: the client's retry after the 503's Retry-After

const control = (page, key) => page.locator(`[id="${key}"]`).locator("input, textarea").first();
const route = form.pages.find((page) => JSON.stringify(page).includes(`"${KEY}"`)).route;
const signalled = async (name, timeoutMs) => {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(path.join(signals, name))) {
    if (Date.now() > deadline) throw new Error(`no "${name}" from the test within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
const saveState = (page) =>
  page.locator(".save-status").evaluate((element) => {
    const state = [...element.classList].find((name) => name.startsWith("save-") && name !== "save-status");
    return state ? state.slice(5) : "idle";
  });

await run(async () => {
  const applicants = [];
  for (let index = 0; index < APPLICANTS; index += 1) {
    const page = await newPage();
    const username = `restart${index}@example.com`;
    await signUpAndConfirm(page, username);
    await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
    await control(page, KEY).waitFor();
    applicants.push({ page, username, typed: [], states: [] });
  }

  let typing = true;
  const type = async (applicant, index) => {
    for (let count = 0; typing; count += 1) {
      const value = `Ada${index}x${count}`;
      await control(applicant.page, KEY).fill(value);
      applicant.typed.push(value);
      const state = await saveState(applicant.page);
      if (applicant.states.at(-1) !== state) applicant.states.push(state);
      await applicant.page.waitForTimeout(TYPE_EVERY_MS);
    }
  };
  const typists = applicants.map(type);
  writeFileSync(path.join(signals, "ready"), "");
  await signalled("stopped", 60000);
  // While the database is down: the first applicant's page says the answers are kept.
  const first = applicants[0].page;
  await first
    .locator(".save-status.save-failed")
    .waitFor({ timeout: 20000 })
    .then(
      () => check(true, "while the database is down, the page says the answers are not saved yet"),
      () => check(false, `while the database is down, the page says so (it says ${applicants[0].states})`),
    );
  await shotBoth(first, "database-restart-outage");
  await signalled("restarted", 120000);
  await first.waitForTimeout(TYPE_ON_AFTER_MS);
  typing = false;
  await Promise.all(typists);

  for (const [index, applicant] of applicants.entries()) {
    const { page, typed, states } = applicant;
    const last = typed.at(-1);
    const settled = await page
      .locator(".save-status.save-saved")
      .waitFor({ timeout: SETTLE_MS })
      .then(
        () => true,
        () => false,
      );
    const final = await saveState(page);
    if (states.at(-1) !== final) states.push(final);
    console.log(`applicant ${index}: typed ${typed.length} values; save states ${states.join(" -> ")}`);
    check(settled, `applicant ${index}: the save status settles on "saved" by itself (it says ${final})`);
    const profile = await (await page.request.get(`${baseUrl}/api/profile`)).json();
    check(
      profile.answer?.[KEY] === last,
      `applicant ${index}: the server holds the last value typed (${last}; holds ${profile.answer?.[KEY]})`,
    );
    await page.reload({ waitUntil: "networkidle" });
    await control(page, KEY).waitFor();
    const shown = await control(page, KEY).inputValue();
    check(shown === last, `applicant ${index}: after a reload the page shows ${last} (shows ${shown})`);
    check(page.errors.length === 0, `applicant ${index}: no script error (${page.errors.join("; ")})`);
  }
  await shotBoth(first, "database-restart-after");
  writeFileSync(
    path.join(signals, "final.json"),
    JSON.stringify(Object.fromEntries(applicants.map((a) => [a.username, a.typed.at(-1)]))),
  );
});
