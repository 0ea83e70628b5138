/**
 * Viewer live-update latency: `npm run bench:viewer -- [--size 0|10k|100k] [--appends 20]` (after `npm run build`).
 *
 * Starts `brain serve` (bench/serve.ts's helper) on a brain — the default brain (--size 0, the default) or a
 * generated one (bench/generate.ts) — opens the viewer in Debian's Chromium (test/support/viewer.ts), types a
 * marker into its search box, then runs `brain add` as a separate process `--appends` times, one after the
 * other. For each append it records, on one clock (Node's Date.now(); the page reports through a binding):
 * when the CLI was started, when it wrote the entry (its `created`, ms resolution, taken just before the locked
 * append) and when the page's list first holds the new entry (a MutationObserver in the page). Prints p50 / p99
 * of "append written → shown" (the server's watch, the SSE message, the page's refetch and render) and of
 * "CLI start → shown" (what a user waits for, node start-up included). Never gates CI.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "../test/support/viewer.ts";
import { cachedBrain, DATA_DIR, parseSize } from "./generate.ts";
import { env, startServer } from "./serve.ts";
import { median, ms, quantile, table } from "./stats.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const BIN = join(ROOT, "dist", "cli", "main.js");
const MARKER = "zqviewerbench";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/**
 * Run `brain add` as its own process on the real clock (its entry's `created` is the moment it was written,
 * to the millisecond, taken just before the locked append); resolves with that moment, read back from the log.
 */
function cliAdd(brainPath: string, text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "add", "type=learning", `text=${text}`], {
      env: { ...env(brainPath), BRAIN_NOW: undefined },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`brain add exited ${code}`));
      const last = JSON.parse(fs.readFileSync(brainPath, "utf8").trimEnd().split("\n").pop() as string);
      if (last.text !== text) return reject(new Error(`the log's last line is not the append: ${last.text}`));
      resolve(Date.parse(last.created));
    });
  });
}

/** In the page: tell Node (window.__shown) the first time each entry text holding the marker is in the list. */
const watchScript = `(() => {
  const seen = new Set();
  const look = () => {
    for (const e of document.querySelectorAll("li.entry .text")) {
      const t = e.textContent;
      if (t.includes(${JSON.stringify(MARKER)}) && !seen.has(t)) { seen.add(t); window.__shown(t); }
    }
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  look();
})()`;

async function main(): Promise<void> {
  if (!fs.existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first`);
  const size = parseSize(arg("size", "0"));
  const appends = Number(arg("appends", "20"));
  const work = join(DATA_DIR, "serve-viewer");
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(join(DATA_DIR, "serve", "home"), { recursive: true });
  const brainPath = join(work, "brain", "brain.jsonl");
  fs.mkdirSync(dirname(brainPath), { recursive: true });
  if (size > 0) fs.copyFileSync(cachedBrain(size).path, brainPath);
  const server = await startServer(brainPath);
  const browser = await launchBrowser(join(work, "profile"));
  try {
    const { page } = browser;
    await page.goto(`http://127.0.0.1:${server.info.port}/#token=${server.info.token}`);
    await page.getByLabel("Search entries").fill(MARKER);
    await page.locator(".live.on").waitFor();
    // One clock for every moment: Date.now() in Node (the CLI's `created` is its Date too; the page's own
    // clock is not comparable across processes), the page reporting through a binding.
    const waiting = new Map<string, (at: number) => void>();
    await page.exposeFunction("__shown", (text: string) => waiting.get(text)?.(Date.now()));
    await page.evaluate(watchScript);
    const afterWrite: number[] = [];
    const afterStart: number[] = [];
    for (let i = 0; i < appends; i++) {
      const text = `${MARKER} ${i} appended from the CLI`;
      const shown = new Promise<number>((resolve) => waiting.set(text, resolve));
      const started = Date.now();
      const written = await cliAdd(brainPath, text);
      const at = await shown;
      afterWrite.push(at - written);
      afterStart.push(at - started);
    }
    const row = (name: string, xs: number[]) => ({
      case: name,
      p50: ms(median(xs)),
      p99: ms(quantile(xs, 0.99)),
      max: ms(Math.max(...xs)),
    });
    process.stdout.write(
      `viewer live update, ${size > 0 ? `${size / 1000}k-entry` : "default"} brain, ${appends} appends\n` +
        `${table({ case: "case", p50: "p50", p99: "p99", max: "max" }, [
          row("append written → shown in the page", afterWrite),
          row("CLI start → shown in the page", afterStart),
        ])}\n`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
