// The new-password rules, as the live checklist shows them. The special
// character set, the minimum length and the rules are the server's (engine/accounts/passwords.py);
// a test reads that file so the two cannot drift. Labels and messages are text ids (strings/strings.js).
import { t } from "../strings/strings.js";

export const MIN_LENGTH = 12;
export const SPECIAL_CHARACTERS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

const has = (set) => (password) => [...password].some((c) => set.includes(c));

// Each rule's label is the text `password_<id>`, its message `password_<id>_message`.
export const PASSWORD_RULES = [
  { id: "length", test: (p) => p.length >= MIN_LENGTH },
  { id: "uppercase", test: has("ABCDEFGHIJKLMNOPQRSTUVWXYZ") },
  { id: "lowercase", test: has("abcdefghijklmnopqrstuvwxyz") },
  { id: "number", test: has("0123456789") },
  { id: "special", test: has(SPECIAL_CHARACTERS) },
  { id: "whitespace", test: (p) => p.length > 0 && p === p.trim() },
];

const VALUES = { min: MIN_LENGTH, characters: SPECIAL_CHARACTERS };

/** The checklist: [{id, label, met}] for a password (and, on reset, the matching rule). */
export function passwordChecklist(password, { confirm, withMatch = false } = {}) {
  const items = PASSWORD_RULES.map(({ id, test }) => ({
    id,
    label: t(`password_${id}`, VALUES),
    met: test(password || ""),
  }));
  if (withMatch)
    items.push({
      id: "match",
      label: t("auth_passwords_match"),
      met: Boolean(password) && password === confirm,
    });
  return items;
}

/** The messages for a new password ([] when it is fine). */
export function passwordErrors(password) {
  if (!password) return [t("auth_password_required")];
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) =>
    t(`password_${rule.id}_message`, VALUES),
  );
}
