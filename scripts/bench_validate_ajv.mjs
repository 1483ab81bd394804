// ajv side of scripts/bench_validate.py: the client's own validator (ajv, compiled once) on the
// same compiled form and answers. Prints {"median_us", "runs"} as JSON.
import { readFileSync } from "node:fs";
import { compileSchema, prepareInstance, tabDefaults, validateAnswers } from "../client/src/form/validation/validate.js";

const [compiledPath, answersPath, today, runs] = process.argv.slice(2);
const compiled = JSON.parse(readFileSync(compiledPath, "utf8"));
const answers = JSON.parse(readFileSync(answersPath, "utf8"));
const n = Number(runs || 2000);
const first = validateAnswers(compiled, answers, { today }); // compiles every page schema once
for (let i = 0; i < 200; i++) validateAnswers(compiled, answers, { today });
const times = [];
for (let i = 0; i < n; i++) {
  const start = process.hrtime.bigint();
  validateAnswers(compiled, answers, { today });
  times.push(Number(process.hrtime.bigint() - start) / 1000);
}
times.sort((a, b) => a - b);

// ajv alone: only the compiled validate functions on a prepared instance, no error mapping.
const instance = prepareInstance(answers, {}, tabDefaults(compiled));
const validators = compiled.pages.map((page) => compileSchema(page.schema, today));
const raw = [];
for (let i = 0; i < n; i++) {
  const start = process.hrtime.bigint();
  for (const validate of validators) validate(instance);
  raw.push(Number(process.hrtime.bigint() - start) / 1000);
}
raw.sort((a, b) => a - b);
process.stdout.write(JSON.stringify({
  median_us: times[Math.floor(n / 2)], raw_median_us: raw[Math.floor(n / 2)], runs: n, errors: Object.keys(first).length,
}));
