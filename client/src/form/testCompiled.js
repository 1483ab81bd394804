// The real compiled form of a shipped tenant, from the engine's own compiler (as the golden tests do).
import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const cache = new Map();

export function compiledTenant(tenant) {
  if (!cache.has(tenant)) {
    const code = `import sys; from engine.definition import load_and_compile; sys.stdout.write(load_and_compile('tenants/${tenant}').json_bytes.decode())`;
    cache.set(tenant, JSON.parse(execFileSync(join(ROOT, ".venv/bin/python"), ["-c", code], { cwd: ROOT, maxBuffer: 64 << 20 }).toString()));
  }
  return cache.get(tenant);
}
