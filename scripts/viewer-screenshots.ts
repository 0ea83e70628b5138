/**
 * Screenshots of every view of the viewer, at 1280×800 and 400×800, on a small seeded brain:
 * `npm run build && node --import tsx scripts/viewer-screenshots.ts [--out DIR] [--readme]`.
 *
 * Seeds a brain in a temp directory through the built CLI (fixed clock: BRAIN_NOW), starts `brain serve` on
 * it, opens the viewer in Debian's Chromium (test/support/viewer.ts) and writes `viewer-<view>-<width>.png`
 * for each view to DIR (default .tmp/viewer-screenshots). `--readme` also writes the README's two images,
 * docs/img/viewer-1280.png and docs/img/viewer-400.png (Entries under a small budget), and History and Episodes
 * at 1280 for docs/serve.md. Nothing leaves 127.0.0.1.
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { launchBrowser } from "../test/support/viewer.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const BIN = join(ROOT, "dist", "cli", "main.js");
const argAt = process.argv.indexOf("--out");
const OUT = argAt >= 0 ? (process.argv[argAt + 1] as string) : join(ROOT, ".tmp", "viewer-screenshots");
const README = process.argv.includes("--readme");
const WIDTHS = [1280, 400] as const;

const work = fs.mkdtempSync(join(tmpdir(), "brain-shots-"));
const brainPath = join(work, "brain", "brain.jsonl");
fs.mkdirSync(join(work, "home"));
fs.writeFileSync(join(work, "config.json"), "{}");
const env = (now: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: join(work, "home"),
  BRAIN_PATH: brainPath,
  BRAIN_CONFIG: join(work, "config.json"),
  BRAIN_NOW: now,
  BRAIN_FSYNC: "0",
  BRAIN_SERVE_AUTOSTART: "0",
});

/** One CLI command on the fixed clock; its output (a failure stops the script). */
function cli(args: string[], now = "2026-03-02T09:00:00Z"): string {
  const r = spawnSync(process.execPath, [BIN, ...args], { env: env(now), cwd: work, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`brain ${args.join(" ")}: exit ${r.status}\n${r.stderr}`);
  return r.stdout;
}

function seed(): void {
  cli(["init"]);
  cli(["add", "type=learning", "text=This repo uses pnpm, not npm"], "2026-03-02T09:05:00Z");
  cli(["add", "type=learning", "text=Never force-push main", "importance=high", "pinned=true"]);
  cli(["add", "type=learning", "text=Deploys go out on Tuesdays after the 10:00 stand-up"]);
  cli(["add", "type=learning", "text=The staging database is reset every Monday night"]);
  cli(["add", "type=preference", "category=Code", "text=Prefer small pure functions and early returns"]);
  cli([
    "add",
    "type=preference",
    "category=Communication",
    "text=Answer in short paragraphs, no bullet soup",
  ]);
  cli(["add", "type=task", "description=Fix the flaky CI test in test/serve", "priority=high"]);
  const turns: string[] = [];
  const topics = ["the release checklist", "a flaky CI test", "the staging reset", "pnpm workspaces"];
  topics.forEach((topic, s) => {
    for (let t = 0; t < 3; t++)
      turns.push(
        JSON.stringify({
          session: `session-${s + 1}`,
          date: `2026-02-${String(20 + s).padStart(2, "0")}T1${t}:15:00Z`,
          speaker: t % 2 === 0 ? "user" : "assistant",
          text: [
            `Can you look at ${topic}?`,
            `I checked ${topic}; here is what I found.`,
            "Thanks, that settles it.",
          ][t],
        }),
      );
  });
  fs.writeFileSync(join(work, "sessions.jsonl"), `${turns.join("\n")}\n`);
  cli(["ingest", join(work, "sessions.jsonl")]);
  cli(["mind", "goal", "add", "Make the release checklist pass"]);
  cli(["mind", "plan", "Read the failing test", "Fix the race", "Run the suite"]);
  const ticks: [string, string, string][] = [
    ["failure", "2026-03-02T09:10:00Z", "The race is in the watcher, not the test"],
    ["neutral", "2026-03-02T09:20:00Z", "The fix needs the lock held across the read"],
    ["success", "2026-03-02T09:30:00Z", "The suite passes three times in a row"],
  ];
  for (const [outcome, at, thought] of ticks)
    cli(
      [
        "mind",
        "tick",
        "--type",
        "run_tests",
        "--what",
        "test/serve",
        "--outcome",
        outcome,
        "--thought",
        thought,
      ],
      at,
    );
  // The last event: an edit, so History opens on a field-level change.
  const lines = fs.readFileSync(brainPath, "utf8").trim().split("\n");
  const id = lines
    .map((l) => JSON.parse(l) as { id: string; text?: string })
    .find((e) => e.text?.includes("pnpm"))?.id;
  if (!id) throw new Error("the seeded pnpm learning is missing");
  cli(["update", `id=${id}`, "text=This repo uses pnpm 9 (not npm or yarn)"], "2026-03-02T10:30:00Z");
}

async function serve(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [BIN, "serve", "--idle-minutes", "0"], {
    env: env("2026-03-02T11:00:00Z"),
    cwd: work,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((r) => child.on("close", () => r()));
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      if (out.includes("listening on")) resolve();
    });
    child.on("close", (code) => reject(new Error(`brain serve exited ${code}: ${out}`)));
  });
  const info = JSON.parse(fs.readFileSync(join(dirname(brainPath), ".brain", "serve.json"), "utf8")) as {
    port: number;
    token: string;
  };
  return {
    url: `http://127.0.0.1:${info.port}/#token=${info.token}`,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A view whose panel has rendered and says no "Loading…". */
async function loaded(p: Page): Promise<void> {
  await p.locator("[role=tabpanel] > *").first().waitFor();
  await p.getByText("Loading…").first().waitFor({ state: "detached" });
}

/** Each view: the tab to click and what to wait for (and do) before the picture. */
interface View {
  name: string;
  tab: string;
  ready: (p: Page) => Promise<void>;
  /** Keep the scroll position `ready` left (default: the top of the page). */
  scrolled?: boolean;
  /** Undo what `ready` changed, after the picture. */
  after?: (p: Page) => Promise<void>;
}

const VIEWS: View[] = [
  { name: "entries", tab: "Entries", ready: (p) => p.locator("li.entry").first().waitFor() },
  {
    // A small budget: some of the user's memories are cut, and the page says why in words.
    name: "cuts",
    tab: "Entries",
    ready: async (p) => {
      await p.getByLabel("Token budget").fill("150");
      await p.getByRole("button", { name: "Build context" }).click();
      await p.locator("li.entry .reason", { hasText: "cut: budget full" }).first().waitFor();
    },
  },
  {
    name: "episodes",
    tab: "Episodes",
    ready: async (p) => {
      await p.locator("details.session summary").first().click();
      await p.locator("ol.turns li").first().waitFor();
    },
  },
  { name: "inbox", tab: "Inbox", ready: loaded },
  { name: "rules", tab: "Rules & brain files", ready: loaded },
  { name: "history", tab: "History", ready: (p) => p.locator(".field-change").first().waitFor() },
  { name: "graph", tab: "Graph", ready: loaded },
  { name: "mind", tab: "Mind", ready: loaded },
  {
    // The defaults group opened, and the undo toast after a removal far down the page.
    name: "undo",
    tab: "Entries",
    scrolled: true,
    ready: async (p) => {
      await p.locator("details.defaults summary").click();
      const row = p.locator("li.entry", { hasText: "staging database" });
      await row.getByRole("button", { name: "Remove" }).click();
      await p.getByRole("button", { name: "Undo" }).waitFor();
      await p.locator("details.defaults").scrollIntoViewIfNeeded();
    },
    after: async (p) => {
      await p.getByRole("button", { name: "Undo" }).click();
      await p.locator("li.entry", { hasText: "staging database" }).waitFor();
    },
  },
];

/** The pictures docs/ shows: Entries under a small budget at both widths, History and Episodes wide. */
function readmeName(view: string, width: number): string | null {
  const img = join(ROOT, "docs", "img");
  if (view === "cuts") return join(img, `viewer-${width}.png`);
  if ((view === "history" || view === "episodes") && width === 1280)
    return join(img, `viewer-${view}-1280.png`);
  return null;
}

async function main(): Promise<void> {
  if (!fs.existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build first`);
  seed();
  const server = await serve();
  const b = await launchBrowser(join(work, "profile"));
  b.context.setDefaultTimeout(30_000); // a script, not a test: a view that never renders is an error
  try {
    fs.mkdirSync(OUT, { recursive: true });
    // View by view (the last one changes the brain and undoes it), each at both widths on a fresh load.
    for (const v of VIEWS) {
      for (const width of WIDTHS) {
        await b.page.setViewportSize({ width, height: 800 });
        await b.page.goto("about:blank"); // the URL differs only by its fragment: without this, no reload
        await b.page.goto(server.url);
        await b.page.getByRole("tab", { name: v.tab }).click();
        await v.ready(b.page);
        if (!v.scrolled) await b.page.evaluate("window.scrollTo(0, 0)");
        const file = join(OUT, `viewer-${v.name}-${width}.png`);
        await b.page.screenshot({ path: file });
        process.stdout.write(`${file}\n`);
        await v.after?.(b.page);
        const doc = README ? readmeName(v.name, width) : null;
        if (doc) {
          fs.mkdirSync(dirname(doc), { recursive: true });
          fs.copyFileSync(file, doc);
          process.stdout.write(`${doc}\n`);
        }
      }
    }
    const foreign = b.requests.filter((u) => !u.startsWith("http://127.0.0.1:"));
    if (foreign.length > 0) throw new Error(`requests left 127.0.0.1: ${foreign.join(", ")}`);
  } finally {
    await b.close();
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
