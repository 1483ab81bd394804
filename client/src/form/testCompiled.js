// The real compiled form of a shipped tenant, from the engine's own compiler (as the golden tests do).
import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createAnswerStore } from "../shell/answerStore.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const cache = new Map();

/** A shipped tenant by id, or a tenant folder given relative to the repository ("tests/golden/rules_demo/tenant"). */
export function compiledTenant(tenant) {
  if (!cache.has(tenant)) {
    const folder = tenant.includes("/") ? tenant : `tenants/${tenant}`;
    const code = `import sys; from engine.definition import load_and_compile; sys.stdout.write(load_and_compile(sys.argv[1]).json_bytes.decode())`;
    cache.set(
      tenant,
      JSON.parse(
        execFileSync(join(ROOT, ".venv/bin/python"), ["-c", code, folder], {
          cwd: ROOT,
          maxBuffer: 64 << 20,
        }).toString(),
      ),
    );
  }
  return cache.get(tenant);
}

/**
 * An AppContext value as the shell makes it: one object for the whole test (it does not change as
 * answers change), the answers in a store the page subscribes to; `overrides` replace the rest.
 */
export function testApp({ answers = {}, ...overrides } = {}) {
  const answerStore = createAnswerStore(answers);
  return {
    snapshot: { is_logged_in: false, is_service_user: false, web_status: "started" },
    errors: {},
    answerStore,
    get answers() {
      return answerStore.get();
    },
    updateAnswers: (partial) => answerStore.set({ ...answerStore.get(), ...partial }),
    saveAnswers: async () => true,
    submitApplication: async () => true,
    runValidations: async () => ({}), // Continue's check: no problems unless a test says so
    toast: { error: () => {}, success: () => {} },
    ...overrides,
  };
}

/** Every answer of example_scholarship's /applicant page, each right (this year's award year). */
export function scholarshipApplicantAnswers() {
  return {
    applicant_given_name: "Ada",
    applicant_family_name: "Lovelace",
    applicant_email: "ada@example.org",
    applicant_phone: "+44 20 7946 0958",
    applicant_dob: "2001-05-04",
    study_level: "undergraduate",
    institution_name: "Riverton College",
    gpa: "3.75",
    award_year: String(new Date().getFullYear()),
    referee_full_name: "Dr. Okafor",
    referee_contact_email: "okafor@example.edu",
  };
}
