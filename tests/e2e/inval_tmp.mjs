import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "client", "package.json"));
const { chromium } = require("playwright-core");
const [baseUrl, route] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
const target = page.locator(".form-page .field input[type=text]:not([role=combobox]), .form-page textarea").first();
await target.scrollIntoViewIfNeeded(); await target.click();
await page.waitForTimeout(500);
const cdp = await context.newCDPSession(page);
const events = [];
cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
const done = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.invalidationTracking,blink", transferMode: "ReportEvents" });
await page.evaluate(async (count) => {
  const input = document.activeElement;
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), "value").set;
  for (let i = 0; i < count; i += 1) {
    await nextFrame();
    setter.call(input, `${input.value}${"abcdefghij"[i % 10]}`.slice(-30));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
  await new Promise((r) => setTimeout(r, 100));
}, 10);
await cdp.send("Tracing.end"); await done;
await browser.close();
const agg = new Map();
for (const e of events) {
  if (!/Invalidat/.test(e.name)) continue;
  const d = e.args?.data || {};
  const key = `${e.name} | ${d.reason || ""} | ${d.nodeName || d.nodeId || ""}`;
  agg.set(key, (agg.get(key) || 0) + 1);
}
console.log([...agg.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${v}\t${k}`).join("\n"));
const paints = events.filter((e) => e.name === "Paint" && e.ph === "X");
console.log("paint events", paints.length, paints.slice(0, 5).map((p) => JSON.stringify(p.args?.data?.clip || p.args?.data)).join("\n"));
