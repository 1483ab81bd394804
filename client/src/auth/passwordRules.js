// The new-password rules of platform section 5, as the live checklist shows them. The special
// character set and the messages are the server's (engine/accounts/passwords.py); a test reads that
// file so the two cannot drift.
export const MIN_LENGTH = 12;
export const SPECIAL_CHARACTERS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
export const MESSAGE_MATCH = "Passwords must match.";
export const MESSAGE_REQUIRED = "Password is required.";

const has = (set) => (password) => [...password].some((c) => set.includes(c));

export const PASSWORD_RULES = [
  {
    id: "length",
    label: `At least ${MIN_LENGTH} characters`,
    message: `Password must be at least ${MIN_LENGTH} characters long.`,
    test: (p) => p.length >= MIN_LENGTH,
  },
  {
    id: "uppercase",
    label: "One uppercase letter",
    message: "Password must contain at least one uppercase letter.",
    test: has("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
  },
  {
    id: "lowercase",
    label: "One lowercase letter",
    message: "Password must contain at least one lowercase letter.",
    test: has("abcdefghijklmnopqrstuvwxyz"),
  },
  {
    id: "number",
    label: "One number",
    message: "Password must contain at least one number.",
    test: has("0123456789"),
  },
  {
    id: "special",
    label: `One special character: ${SPECIAL_CHARACTERS}`,
    message: `Password must contain at least one special character (${SPECIAL_CHARACTERS}).`,
    test: has(SPECIAL_CHARACTERS),
  },
  {
    id: "whitespace",
    label: "No space at the start or end",
    message: "Password must not begin or end with a space.",
    test: (p) => p.length > 0 && p === p.trim(),
  },
];

export const MATCH_RULE = { id: "match", label: "Passwords match", message: MESSAGE_MATCH };

/** The checklist: [{id, label, met}] for a password (and, on reset, the matching rule). */
export function passwordChecklist(password, { confirm, withMatch = false } = {}) {
  const items = PASSWORD_RULES.map(({ id, label, test }) => ({ id, label, met: test(password || "") }));
  if (withMatch)
    items.push({
      id: MATCH_RULE.id,
      label: MATCH_RULE.label,
      met: Boolean(password) && password === confirm,
    });
  return items;
}

/** The messages for a new password ([] when it is fine). */
export function passwordErrors(password) {
  if (!password) return [MESSAGE_REQUIRED];
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}
