// Firefox for the engine smoke (e2e/engines.py): puppeteer-core over WebDriver BiDi, driven by
// one JSON command a line on standard input, one JSON answer a line on standard output.
// Commands: {op: "goto"|"reload"|"evaluate"|"click"|"events"|"close", ...}. Every console
// error, page error and request is kept and handed over by "events".
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.env.FIREFOX || "/usr/bin/firefox-esr",
  headless: true,
  protocol: "webDriverBiDi",
  // Firefox ESR's first start beside the other browser tests on a loaded 2-core machine took
  // over puppeteer's default 30 s once (CI, 2026-12-03): its start is given 2 minutes
  timeout: 120_000,
});
const page = await browser.newPage();
const events = { errors: [], requests: [] };
page.on("console", (m) => {
  if (m.type() === "error") events.errors.push("console error: " + m.text());
});
page.on("pageerror", (e) => events.errors.push("page error: " + ((e && e.message) || e)));
page.on("request", (r) => events.requests.push(r.url()));

async function run(command) {
  switch (command.op) {
    case "goto":
      await page.goto(command.url, { waitUntil: "load", timeout: 120000 });
      return null;
    case "reload":
      await page.reload({ waitUntil: "load", timeout: 120000 });
      return null;
    case "evaluate":
      return await page.evaluate(`(${command.fn})(${JSON.stringify(command.arg ?? null)})`);
    case "click":
      await page.click(command.selector);
      return null;
    case "events": {
      const taken = { errors: events.errors.splice(0), requests: events.requests.splice(0) };
      return taken;
    }
    case "close":
      await browser.close();
      return null;
    default:
      throw new Error("unknown op " + command.op);
  }
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const command = JSON.parse(line);
  let answer;
  try {
    answer = { ok: true, value: await run(command) };
  } catch (error) {
    answer = { ok: false, error: String((error && error.message) || error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (command.op === "close") break;
}
process.exit(0);
