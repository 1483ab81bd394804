// Node side of scripts/bench_validate.py, on the same compiled form and answers: ajv 8 (compiled
// once), the ajv functions alone, and the client's shipped interpreter; and the client's condition
// evaluator on every layout condition of the form for a new answer snapshot (what a keystroke asks).
// Prints medians as JSON.
import { readFileSync } from "node:fs";
import { conditionsFor } from "../client/src/form/conditions.js";
import { compileSchema, validateAnswersAjv } from "../client/src/form/validation/ajv.js";
import { prepareInstance, tabDefaults, validateAnswers } from "../client/src/form/validation/validate.js";

const [compiledPath, answersPath, today, runs] = process.argv.slice(2);
const compiled = JSON.parse(readFileSync(compiledPath, "utf8"));
const answers = JSON.parse(readFileSync(answersPath, "utf8"));
const n = Number(runs || 2000);

function median(fn) {
  for (let i = 0; i < 200; i++) fn();
  const times = [];
  for (let i = 0; i < n; i++) {
    const start = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(n / 2)];
}

const errors = Object.keys(validateAnswersAjv(compiled, answers, { today })).length
  + Object.keys(validateAnswers(compiled, answers, { today })).length;
const instance = prepareInstance(answers, {}, tabDefaults(compiled));
const validators = compiled.pages.map((page) => compileSchema(page.schema, today));
const conditions = [];
(function collect(node) {
  if (Array.isArray(node)) node.forEach(collect);
  else if (node && typeof node === "object")
    for (const [key, value] of Object.entries(node)) {
      if ((key === "visible_when" || key === "required_when") && value) conditions.push(value);
      else collect(value);
    }
})(compiled.pages);
let typed = 0;
function keystroke() {
  const holds = conditionsFor({ ...answers, first_name: `Mei${typed++ % 7}` }); // a new snapshot
  for (const condition of conditions) holds(condition);
}
process.stdout.write(JSON.stringify({
  median_us: median(() => validateAnswersAjv(compiled, answers, { today })),
  raw_median_us: median(() => { for (const validate of validators) validate(instance); }),
  interpreter_median_us: median(() => validateAnswers(compiled, answers, { today })),
  conditions: conditions.length,
  conditions_median_us: median(keystroke),
  runs: n,
  errors,
}));
