// The idle session in a real browser: the prompt "Still working?" before the limit, "Yes" keeps the
// session, the automatic logout at the limit (also on the server), and the logout on coming back
// after the limit. The app runs with a shortened idle setting (60 s, prompt 50 s before) and the
// page gets Playwright's fake clock, so the minutes pass at once.
// usage: node tests/e2e/auth_idle.mjs BASE_URL OUTBOX_DIR SCREENSHOT_DIR
import {
  shotBoth,
  check,
  defaultRoute,
  expectToast,
  form,
  logIn,
  MSG,
  newPage,
  run,
  signUpAndConfirm,
  waitForPath,
} from "./auth_helpers.mjs";

const username = `idle-${Date.now().toString(36)}@example.edu`;
await run(async () => {
  {
    const page = await newPage();
    await signUpAndConfirm(page, username);
    check(true, "idle: account created and confirmed");
    await page.context().close();
  }
  // --- idle prompt and automatic logout (fake clock, shortened setting) ------------------------
  {
    const idle = form.settings.idle;
    const page = await newPage({ clock: true });
    await logIn(page, username);
    await waitForPath(page, defaultRoute, "idle: login");
    await page.getByRole("navigation", { name: "Application sections" }).waitFor();
    await page.clock.fastForward(idle.timeout_ms - idle.prompt_ms + 1000);
    const prompt = page.getByRole("alertdialog", { name: "Still working?" });
    await prompt.waitFor({ timeout: 5000 }).catch(() => {});
    check(await prompt.isVisible(), "idle: the prompt appears before the limit");
    check(await prompt.getByText(MSG.idleText).isVisible(), "idle: the prompt's text");
    await shotBoth(page, "idle-prompt");
    await prompt.getByRole("button", { name: "Yes - Take me back to my application" }).click();
    check(!(await prompt.isVisible()), "idle: Yes closes the prompt");
    check(new URL(page.url()).pathname === defaultRoute, `idle: still on the form (${page.url()})`);
    await page.clock.fastForward(idle.timeout_ms - idle.prompt_ms + 1000);
    await prompt.waitFor({ timeout: 5000 }).catch(() => {});
    check(
      await prompt.getByRole("button", { name: "No - Please log me out" }).isVisible(),
      "idle: the prompt again, with its No button",
    );
    await page.clock.fastForward(idle.prompt_ms + 1000);
    await waitForPath(page, "/login", "idle: automatic logout");
    await expectToast(page, "Logged Out", MSG.idle, "idle: automatic logout");
    await shotBoth(page, "idle-logged-out");
    const status = await page.evaluate(async () => (await fetch("/api/profile")).status);
    check(status === 401, `idle: the server session ended too (${status})`);

    // Coming back after the limit (the computer slept): logged out at once.
    await logIn(page, username);
    await waitForPath(page, defaultRoute, "idle: login again");
    await page.getByRole("navigation", { name: "Application sections" }).waitFor();
    const pageNow = await page.evaluate(() => Date.now());
    await page.clock.setSystemTime(pageNow + idle.timeout_ms + 5000);
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await waitForPath(page, "/login", "idle: back after the limit");
    await expectToast(page, "Logged Out", MSG.idle, "idle: back after the limit");
    await page.context().close();
  }
});
