// The engine's own check before submit (client/src/form/validation: what the application runs
// before it submits), timed over a complete answer set of the large form, beside the peers' checks.
import { validateAnswers } from "../../../client/src/form/validation/validate.js";
import { crashed, loadJson, publish } from "./common.js";

async function main() {
  const [compiled, fairness] = await Promise.all([loadJson("engine_form.json"), loadJson("fairness.json")]);
  let set = fairness.sets[0]; // complete: every question answered
  publish({
    system: "engine",
    load(next) {
      set = next;
    },
    check() {
      return validateAnswers(compiled, set.answers, { tabs: set.tabs, addAnother: set.add_another });
    },
  });
}
main().catch(crashed);
