import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { datedBanners, welcomeBanner, welcomeName, windowState } from "./banners.js";

// The golden cases pytest runs too (tests/unit/definition/test_banners.py).
const GOLDEN = JSON.parse(
  readFileSync(
    resolve(dirname(fileURLToPath(import.meta.url)), "../../../tests/golden/banners.json"),
    "utf8",
  ),
);

const banners = {
  welcome: {
    max_logins: 2,
    name_keys: ["preferred_name", "first_name"],
    first_login: {
      title: "Welcome, {name}!",
      text: "Welcome to your application... designed to be submitted in one sitting.",
    },
    returning: { title: "Your application is our priority, {name}", text: "Pick up." },
    anonymous: {
      title: "First time here?",
      text: "Look around.",
      link: { label: "Log in", route: "/login" },
    },
    submitted: { title: "Thanks {name}!", text: "Congratulations on completing the online portion..." },
  },
  dated: [
    { id: "a", text: "Apply by January 15", from: "2024-12-16", to: "2025-01-16" },
    { id: "b", text: "Urgent: March 1", from: "2025-02-01", to: "2025-03-02" },
  ],
};
const user = { is_logged_in: true, web_status: "started", has_changed_page: false, num_logins: 1 };
const show = (snapshot, answers = {}) =>
  welcomeBanner(banners, { ...user, ...snapshot }, welcomeName(banners, answers));

describe("banners", () => {
  it("welcomes by login count, with the first answered of the tenant's name keys", () => {
    expect(show({}, { first_name: "Ann" }).title).toBe("Welcome, Ann!");
    expect(show({ num_logins: 2 }, { first_name: "Ann", preferred_name: "Annie" }).title).toBe(
      "Your application is our priority, Annie",
    );
    expect(show({ num_logins: 3 })).toBeNull();
    expect(show({ has_changed_page: true })).toBeNull();
    expect(show({}).title).toBe("Welcome!");
  });

  it("shows the anonymous and submitted variants whatever the logins", () => {
    expect(show({ is_logged_in: false, num_logins: 5, has_changed_page: true }).variant).toBe("anonymous");
    expect(show({ web_status: "submitted", num_logins: 9 }, { first_name: "Ann" }).title).toBe("Thanks Ann!");
  });

  it("shows a dated banner from its first to its last day", () => {
    const ids = (day) => datedBanners(banners, day).map((b) => b.id);
    expect(ids("2024-12-15")).toEqual([]);
    expect(ids("2024-12-16")).toEqual(["a"]);
    expect(ids("2025-01-16")).toEqual(["a"]);
    expect(ids("2025-01-17")).toEqual([]);
    expect(ids("2025-03-02")).toEqual(["b"]);
    expect(ids("2025-03-03")).toEqual([]);
  });

  describe.each(GOLDEN.shows)("golden: $name", ({ welcome, logins }) => {
    it.each(Object.entries(logins))("login %s sees %s", (login, variant) => {
      const snapshot = { ...user, num_logins: Number(login) };
      expect(welcomeBanner({ welcome }, snapshot, "")?.variant ?? null).toBe(variant);
    });
  });

  describe.each(GOLDEN.never)("golden, never shown: $name", ({ welcome, variant }) => {
    it("no login sees it, as formengine validate says", () => {
      for (let login = 1; login <= 12; login += 1) {
        expect(welcomeBanner({ welcome }, { ...user, num_logins: login }, "")?.variant).not.toBe(variant);
      }
    });
  });
});

describe("the application window", () => {
  const window = { opens: "2027-03-01T15:00:00Z", closes: "2027-03-31T22:15:00Z" };
  const at = (iso) => new Date(iso);

  it("is not open yet before it opens, open until it closes, closed after", () => {
    expect(windowState(window, null, at("2027-03-01T14:59:59Z"))).toBe("not_open");
    expect(windowState(window, null, at("2027-03-01T15:00:00Z"))).toBe("open");
    expect(windowState(window, null, at("2027-03-31T22:14:59Z"))).toBe("open");
    expect(windowState(window, null, at("2027-03-31T22:15:00Z"))).toBe("closed");
  });

  it("takes the server's word for a signed-in applicant (an extended deadline)", () => {
    expect(windowState(window, "open", at("2027-04-02T00:00:00Z"))).toBe("open");
    expect(windowState(undefined, null)).toBe("open");
  });
});

describe("the welcome banner outside the application window", () => {
  const windowed = {
    welcome: {
      ...banners.welcome,
      not_open: { title: "Applications open soon", text: "Read the questions now." },
      closed: { title: "Applications are closed", text: "You can still read your answers." },
    },
  };
  const visitor = { is_logged_in: false, num_logins: 0 };
  const applicant = { is_logged_in: true, num_logins: 1, has_changed_page: false };

  it("never invites a visitor to save answers while nothing can be saved", () => {
    expect(welcomeBanner(windowed, visitor, "", "open").variant).toBe("anonymous");
    expect(welcomeBanner(windowed, visitor, "", "closed")).toMatchObject({
      variant: "closed",
      title: "Applications are closed",
    });
    expect(welcomeBanner(windowed, applicant, "Ada", "not_open").variant).toBe("not_open");
  });

  it("shows none when the tenant wrote no variant for it, and a submitted one keeps its own", () => {
    expect(welcomeBanner(banners, visitor, "", "closed")).toBeNull();
    expect(welcomeBanner(banners, applicant, "Ada", "not_open")).toBeNull();
    const submitted = { ...applicant, web_status: "submitted" };
    expect(welcomeBanner(windowed, submitted, "Ada", "closed").variant).toBe("submitted");
  });
});
