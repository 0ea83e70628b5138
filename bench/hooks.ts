/**
 * Claude Code hook timings, whole process: `npm run bench:hooks` (after `npm run build`), or
 * `node --import tsx bench/hooks.ts --runs 20`. Each case spawns `node dist/cli/brain.cjs hook <event>` with
 * the hook's JSON on stdin against a fresh brain in a temp HOME; `node -e 0` is measured the same way in the
 * same run as a baseline. Prints a table: case | runs | median | p90 | max | Claude Code's budget. Nothing
 * here asserts on time (the tests check behaviour only: test/hooks/claude-hooks.test.ts).
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const BIN = join(ROOT, "dist", "cli", "brain.cjs");
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 10;

if (!fs.existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first`);
const dir = fs.mkdtempSync(join(tmpdir(), "brain-bench-hooks-"));
const home = join(dir, "home");
const project = join(dir, "project");
fs.mkdirSync(home);
fs.mkdirSync(join(project, ".git"), { recursive: true });
fs.writeFileSync(join(dir, "transcript.jsonl"), '{"type":"user"}\n');
// Hooks in process: no resident server started by the session-start hook (serve.autoStart is on by default).
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: home,
  TZ: "UTC",
  BRAIN_FSYNC: "0",
  BRAIN_SERVE_AUTOSTART: "0",
};
env.BRAIN_PATH = join(dir, "brain", "brain.jsonl");

const input = (event: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    session_id: "bench-session",
    transcript_path: join(dir, "transcript.jsonl"),
    cwd: project,
    hook_event_name: event,
    ...extra,
  });

/** Wall time of one child process from spawn to exit, in ms. */
function time(args: string[], stdin: string | undefined, keepOpen = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { env, cwd: project, stdio: ["pipe", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.stdin.on("error", () => {});
    if (stdin !== undefined) child.stdin.write(stdin);
    if (!keepOpen) child.stdin.end();
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`${args.join(" ")} exited ${code}: ${err}`));
      else resolve(performance.now() - t0);
    });
  });
}

interface Case {
  name: string;
  args: string[];
  stdin?: string;
  keepOpen?: boolean;
  budget: string;
}

const hook = (event: string) => [BIN, "hook", event];
const CASES: Case[] = [
  { name: "node -e 0 (baseline)", args: ["-e", "0"], budget: "" },
  {
    name: "session-start",
    args: hook("session-start"),
    stdin: input("SessionStart", { source: "startup" }),
    budget: "",
  },
  {
    name: "user-prompt-submit",
    args: hook("user-prompt-submit"),
    stdin: input("UserPromptSubmit", { prompt: "how do we run the tests?" }),
    budget: "",
  },
  { name: "stop", args: hook("stop"), stdin: input("Stop", { stop_hook_active: false }), budget: "" },
  {
    name: "session-end",
    args: hook("session-end"),
    stdin: input("SessionEnd", { reason: "clear" }),
    budget: "1500 ms",
  },
  {
    name: "session-end, stdin left open",
    args: hook("session-end"),
    stdin: input("SessionEnd", { reason: "clear" }),
    keepOpen: true,
    budget: "1500 ms",
  },
];

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] as number;
const rows: string[][] = [["case", "runs", "median", "p90", "max", "budget"]];
try {
  for (const c of CASES) {
    await time(c.args, c.stdin, c.keepOpen); // warm the file cache
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) ms.push(await time(c.args, c.stdin, c.keepOpen));
    ms.sort((a, b) => a - b);
    const f = (x: number) => `${x.toFixed(0)} ms`;
    rows.push([c.name, String(RUNS), f(pct(ms, 0.5)), f(pct(ms, 0.9)), f(ms.at(-1) as number), c.budget]);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] as string).length))) ?? [];
for (const r of rows)
  console.log(
    r
      .map((cell, i) => cell.padEnd(widths[i] as number))
      .join("  ")
      .trimEnd(),
  );
