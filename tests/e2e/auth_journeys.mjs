// Browser journeys of the shell and the auth cards, against a real `formengine run`:
// every auth page (headers, screenshots at 1280 and 375 px, axe), the sign-up checklist, login
// messages, sign-up -> unconfirmed login -> code from the outbox -> confirm -> wrong password ->
// login -> account menu -> logout, the logged-in shell, a 401 mid-session, an unknown route,
// /completion before and after submission, and the error screen.
// usage: node tests/e2e/auth_journeys.mjs BASE_URL OUTBOX_DIR SCREENSHOT_DIR
import {
  axe,
  shotBoth,
  baseUrl,
  check,
  confirmationCode,
  defaultRoute,
  dismissToasts,
  expectToast,
  form,
  logIn,
  MSG,
  newPage,
  PASSWORD,
  run,
  shot,
  waitForPath,
} from "./auth_helpers.mjs";

const stamp = Date.now().toString(36);
await run(async () => {
  // --- every auth page: header, screenshots at 1280 and 375, axe -------------------------------
  const cards = [
    ["/login", "Log In", "login"],
    ["/signup", "Sign Up", "signup"],
    ["/confirm", "Confirm Your Account", "confirm"],
    ["/forgot", "Forgot Password", "forgot"],
    ["/reset?username=a%40example.edu&id=x", "Reset Password", "reset"],
  ];
  for (const width of [1280, 375]) {
    const page = await newPage({ width });
    for (const [route, header, name] of cards) {
      await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
      const h1 = await page.getByRole("heading", { level: 1 }).textContent();
      check(h1 === header, `${width}px ${route}: header "${header}" (${h1})`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 0, `${width}px ${route}: no sideways scrolling (${overflow}px)`);
      await shot(page, `auth-${name}`);
      if (width === 1280) await axe(page, route);
    }
    check(page.errors.length === 0, `${width}px: no page errors (${page.errors.join("; ")})`);
    await page.context().close();
  }

  // --- sign-up card: live checklist and validation messages ------------------------------------
  {
    const page = await newPage();
    await page.goto(`${baseUrl}/signup`);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("abc");
    check(
      await page.getByText("Your email address must be valid.").isVisible(),
      "sign-up: e-mail message while typing",
    );
    const met = async () =>
      page.locator(".checklist li.met").evaluateAll((items) => items.map((i) => i.dataset.rule));
    check(
      JSON.stringify(await met()) === JSON.stringify(["lowercase", "whitespace"]),
      `sign-up: checklist for "abc" (${await met()})`,
    );
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    check((await met()).length === 6, "sign-up: every rule ticked for a good password");
    const toggle = page.getByRole("button", { name: "Show password" });
    await toggle.click();
    check(
      (await page.getByLabel("Password", { exact: true }).getAttribute("type")) === "text",
      "sign-up: show/hide toggle shows the password",
    );
    await shot(page, "auth-signup-checklist");
    await page.context().close();
  }

  // --- login card: messages on submit only; resend needs an e-mail ------------------------------
  {
    const page = await newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("Email").fill("x");
    check((await page.locator(".field-errors li").count()) === 0, "login: nothing checked while typing");
    await page.getByRole("button", { name: "Submit" }).click();
    check(
      await page.getByText("Please provide a valid email address.").isVisible(),
      "login: e-mail message on submit",
    );
    check(await page.getByText("Password is required.").isVisible(), "login: password message on submit");
    check(
      await page.getByLabel("Email").evaluate((el) => el === document.activeElement),
      "login: focus on the first invalid field",
    );
    await page.getByRole("button", { name: "Resend confirmation code?" }).click();
    await expectToast(page, "Resend Confirmation Code Error", MSG.resend, "resend without e-mail");
    await shot(page, "auth-login-errors");
    await page.context().close();
  }

  // --- sign-up -> unconfirmed login -> code from the outbox -> confirm -> wrong password -> login -> logout
  const username = `journey-${stamp}@example.edu`;
  {
    const page = await newPage();
    await page.goto(`${baseUrl}/signup`);
    await page.getByLabel("Email").fill(username);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Submit" }).click();
    await waitForPath(page, "/confirm", "sign-up");
    await expectToast(page, "Success", MSG.signedUp, "sign-up");
    check(
      (await page.getByLabel("Email").inputValue()) === username,
      "confirm: username carried from sign-up",
    );
    await shotBoth(page, "journey-confirm");

    await page.getByRole("link", { name: "Log In" }).click();
    await page.getByRole("heading", { name: "Log In" }).waitFor();
    await page.getByLabel("Email").fill(username);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Submit" }).click();
    await expectToast(page, "Login Card Error", MSG.unconfirmed, "unconfirmed account");
    await shotBoth(page, "journey-unconfirmed");
    await dismissToasts(page);

    await page.goto(`${baseUrl}/confirm`);
    await page.getByLabel("Email").fill(username);
    await page.getByLabel("Confirmation Code").fill("12ab");
    check(
      await page.getByText("The confirmation code must be exactly 6 numbers.").isVisible(),
      "confirm: code message",
    );
    const code = confirmationCode(username);
    check(Boolean(code), `the confirmation code was read from the outbox (${code})`);
    await page.getByLabel("Confirmation Code").fill(code ?? "");
    await page.getByRole("button", { name: "Submit" }).click();
    // The code signs in (no second trip through the login card): the form opens.
    await waitForPath(page, defaultRoute, "confirm signs in");
    await expectToast(page, "Success", MSG.confirmed, "confirm");
    const signedIn = await page.evaluate(async () => (await fetch("/api/profile")).status);
    check(signedIn === 200, `after confirming the server knows the session (${signedIn})`);
    await dismissToasts(page);
    await page.getByRole("button", { name: "Account" }).click();
    const menu = page.getByRole("dialog", { name: "Account" });
    check(await menu.getByText(username).isVisible(), "account menu shows the username");
    await shotBoth(page, "journey-account-menu");
    await menu.getByRole("button", { name: "Log Out" }).click();
    await waitForPath(page, "/login", "logout");
    await expectToast(page, "Logged Out", MSG.loggedOut, "logout");
    const after = await page.evaluate(async () => (await fetch("/api/profile")).status);
    check(after === 401, `after logout the server refuses the profile (${after})`);
    await dismissToasts(page);

    await page.getByLabel("Email").fill(username);
    await page.getByLabel("Password", { exact: true }).fill("Wrong-Password-123");
    await page.getByRole("button", { name: "Submit" }).click();
    await expectToast(page, "Login Card Error", MSG.wrong, "wrong password");
    await shotBoth(page, "journey-wrong-password");
    await dismissToasts(page);
    check(page.errors.length === 0, `sign-up journey: no page errors (${page.errors.join("; ")})`);
    await page.context().close();
  }

  // --- the shell for a logged-in user; help modal; nav; a 401 mid-session ----------------------
  {
    const page = await newPage();
    await logIn(page, username);
    await waitForPath(page, defaultRoute, "second login");
    const nav = page.getByRole("navigation", { name: "Application sections" });
    await nav.waitFor();
    for (const [index, p] of form.pages.entries()) {
      check(
        await nav.getByRole("link", { name: `${index + 1} ${p.nav_label}` }).isVisible(),
        `nav item ${index + 1} "${p.nav_label}"`,
      );
    }
    check(
      await page.getByText(form.banners.welcome.returning.title.split(",")[0]).isVisible(),
      "welcome banner for the 2nd login",
    );
    await page.getByRole("heading", { level: 1 }).waitFor();
    await shotBoth(page, "shell-logged-in");
    await page.getByRole("button", { name: "Help" }).click();
    const help = page.getByRole("dialog", { name: form.modals.help.title });
    check(await help.isVisible(), `Help modal titled "${form.modals.help.title}"`);
    await shotBoth(page, "shell-help-modal");
    await page.keyboard.press("Escape");
    check(!(await help.isVisible()), "Escape closes the Help modal");

    const lastPageSaved = page.waitForResponse(
      (r) => r.url().endsWith("/api/last-page") && r.request().method() === "PUT",
    );
    await nav.getByRole("link", { name: `2 ${form.pages[1].nav_label}` }).click();
    await waitForPath(page, form.pages[1].route, "nav while logged in");
    const saved = await lastPageSaved;
    check(
      JSON.parse(saved.request().postData()).last_page === form.pages[1].route && saved.status() === 200,
      "nav while logged in: last_page saved",
    );

    // The server forgets the session (the readable companion cookie stays): the next call is a 401.
    const cookies = await page.context().cookies();
    await page.context().clearCookies();
    await page.context().addCookies(cookies.filter((c) => c.httpOnly === false));
    await nav.getByRole("link", { name: `3 ${form.pages[2].nav_label}` }).click();
    await waitForPath(page, "/login", "401 mid-session");
    await expectToast(page, "Session Error", MSG.sessionInvalid, "401 mid-session");
    await shotBoth(page, "shell-401");
    await page.context().close();
  }

  // --- answers are never lost: a dropped save is shown, kept on the device and sent after a reload --
  {
    const field = form.pages[0].sections
      .flatMap((section) => section.fields || [])
      .find((f) => f.widget === "text");
    const page = await newPage();
    await logIn(page, username);
    // The saved last page is restored first; the navigation brings the first page back.
    await page.waitForURL((url) => url.pathname === form.pages[1].route);
    check(true, `answers: login restores the last page ${form.pages[1].route}`);
    // The third login: max_logins counts the logins that see the welcome banner.
    const third = form.banners.welcome.max_logins >= 3;
    await page.getByRole("heading", { level: 1 }).waitFor();
    check(
      (await page.locator(".banner-welcome").isVisible()) === third,
      `3rd login: welcome banner ${third ? "shown" : "not shown"} (max_logins ${form.banners.welcome.max_logins})`,
    );
    await page
      .getByRole("navigation", { name: "Application sections" })
      .getByRole("link", { name: `1 ${form.pages[0].nav_label}` })
      .click();
    await waitForPath(page, form.pages[0].route, "answers: back to the first page");
    const input = page.getByLabel(field.label, { exact: false }).first();
    await input.waitFor();
    await page.route("**/api/answer", (route) => route.abort("internetdisconnected"));
    await input.fill("Ada");
    const failed = page.locator(".save-status.save-failed");
    await failed.waitFor({ timeout: 10000 }).catch(() => {});
    check(
      await failed.isVisible(),
      `answers: a failed background save is shown (${await page.locator(".save-status").textContent()})`,
    );
    const kept = await page.evaluate(() => localStorage.getItem("formengine.pendingAnswers") || "");
    check(kept.includes('"Ada"'), "answers: the unsent answer is kept on the device");
    await shotBoth(page, "answers-not-saved");
    await page.unroute("**/api/answer");
    const resent = page.waitForResponse(
      (r) => r.url().endsWith("/api/answer") && r.request().method() === "PUT",
      { timeout: 15000 },
    );
    await page.reload();
    const response = await resent.catch(() => null);
    check(
      response?.status() === 200 && JSON.parse(response.request().postData())[field.key] === "Ada",
      "answers: sent after the reload",
    );
    await input.waitFor();
    check((await input.inputValue()) === "Ada", "answers: shown again after the reload");
    const saved = await page.evaluate(async () => (await (await fetch("/api/profile")).json()).answer);
    check(saved[field.key] === "Ada", "answers: the server has the answer");
    await page.context().close();
  }

  // --- the validation summary while validating: tenant title and text, grouped by page, links ---
  {
    const page = await newPage();
    await page.route("**/api/profile", async (route) => {
      const real = await route.fetch();
      const profile = await real.json();
      profile.web_status = ["started", "validating"].map((web_status) => ({
        web_status,
      }));
      await route.fulfill({ response: real, json: profile });
    });
    await logIn(page, username);
    const summary = page.getByRole("region", {
      name: form.settings.validation_summary.title,
    });
    await summary.waitFor({ timeout: 15000 }).catch(() => {});
    check(await summary.isVisible(), "summary: shown while validating, titled by the tenant");
    check(
      await summary.getByText(form.settings.validation_summary.text).isVisible(),
      "summary: the tenant's text",
    );
    const groups = await summary.locator("h3").allTextContents();
    check(
      groups.length >= 2 && groups[0] === form.pages[0].title,
      `summary: grouped by page in page order (${groups.join(", ")})`,
    );
    const link = summary.locator(".summary-group").nth(1).getByRole("link").first();
    const href = await link.getAttribute("href");
    check(href?.startsWith(`${form.pages[1].route}#`), `summary: items link to page#question (${href})`);
    await shotBoth(page, "summary");
    await link.click();
    await page
      .waitForURL((url) => `${url.pathname}${url.hash}` === href, {
        timeout: 10000,
      })
      .catch(() => {});
    check(
      new URL(page.url()).pathname + new URL(page.url()).hash === href,
      `summary: the link goes to ${href} (${page.url()})`,
    );
    await page.waitForTimeout(500);
    const focused = await page.evaluate(
      () => document.activeElement?.closest("[id]")?.id || document.activeElement?.tagName,
    );
    check(Boolean(focused) && focused !== "main", `summary: focus moved to the question (${focused})`);
    await page.context().close();
  }

  // --- unknown route, /completion before submission, completion page, error screen -------------
  for (const width of [1280, 375]) {
    const page = await newPage({ width });
    await page.goto(`${baseUrl}/no-such-page?ref=mail`);
    await page.waitForURL((url) => url.pathname === defaultRoute);
    check(
      new URL(page.url()).search === "?ref=mail",
      `${width}px unknown route -> ${defaultRoute} keeping the query (${page.url()})`,
    );
    await page.getByRole("heading", { level: 1 }).waitFor();
    check(
      await page.getByText(form.banners.welcome.anonymous.title).isVisible(),
      `${width}px anonymous welcome banner`,
    );
    await shot(page, "shell-anonymous");

    await page.goto(`${baseUrl}/completion`);
    await waitForPath(page, defaultRoute, `${width}px /completion before submission`);

    // A submitted application (profile answered by the test): forced to /completion.
    await logIn(page, username);
    await page.waitForURL((url) => url.pathname === defaultRoute);
    await page.route("**/api/profile", async (route) => {
      const real = await route.fetch();
      const profile = await real.json();
      profile.web_status = ["started", "validating", "submitted"].map((web_status) => ({ web_status }));
      profile.answer = { ...profile.answer, first_name: "Ada" };
      await route.fulfill({ response: real, json: profile });
    });
    await page.goto(`${baseUrl}/education`);
    await waitForPath(page, "/completion", `${width}px submitted -> /completion`);
    check(await page.getByText("Thanks Ada!").isVisible(), `${width}px completion: the submitted banner`);
    await shot(page, "completion");
    if (width === 1280) await axe(page, "/completion");
    await page.unroute("**/api/profile");

    await page.route("**/api/profile", (route) =>
      route.fulfill({
        status: 500,
        json: { message: "Database unavailable." },
      }),
    );
    await page.goto(`${baseUrl}/about`);
    await page
      .getByText("Something went wrong.")
      .waitFor({ timeout: 10000 })
      .catch(() => {});
    check(
      await page
        .getByText("The issue that caused you to see this has been logged.", {
          exact: false,
        })
        .isVisible(),
      `${width}px error screen`,
    );
    await shot(page, "error-screen");
    await page.context().close();
  }
});
