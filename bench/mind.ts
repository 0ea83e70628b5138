/**
 * The agent's mind (issue 27): `npm run bench:mind [-- --ticks 10000 --runs 15]` (after `npm run build`).
 *
 * 1. A tick loop through the library (`brain.mind.tick`: one locked append per tick, compaction as the caps
 *    fill): p50 / p99 / max per tick, against a plain baseline in the same run — the same JSON line appended
 *    with fs.appendFileSync (no lock, no fold) — and the files' sizes after it. Twice: a loop that never
 *    yields, and one that lets the event loop turn between ticks as an agent awaiting its model does (the
 *    tick's call timed alone; a due compaction runs in between). `--ticks-only` stops after this part.
 * 2. `decisionContext()` with every collection at seed 001's cap (a memory.json at the caps, imported): warm
 *    p50 (the view in memory) and cold p50 (a fresh Brain.open, the view loaded from its snapshot), sizes.
 * 3. The prompt hook through the installed bin (whole process, in process, no resident server): a brain with
 *    the mind at its caps (the anchors in the block) against the same brain without a mind and `node -e 0`.
 * Nothing here asserts on time (the tests check behaviour: test/mind/).
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Brain } from "../src/engine/brain.ts";
import { MIND_CAPS } from "../src/mind/caps.ts";
import { median, ms, quantile, table } from "./stats.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const BIN = join(ROOT, "dist", "cli", "brain.cjs");
const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const TICKS = arg("--ticks", 10_000);
const RUNS = arg("--runs", 15);
const dir = fs.mkdtempSync(join(tmpdir(), "brain-bench-mind-"));
const kb = (f: string) => (fs.existsSync(f) ? `${(fs.statSync(f).size / 1024).toFixed(0)} KiB` : "-");
const row = (what: string, xs: number[]) => ({
  what,
  n: String(xs.length),
  p50: ms(median(xs)),
  p99: ms(quantile(xs, 0.99)),
  max: ms(Math.max(...xs)),
});
const HEAD = { what: "what", n: "n", p50: "p50", p99: "p99", max: "max" };

// 1. The tick loop.
const loopDir = join(dir, "loop");
fs.mkdirSync(loopDir);
const loop = Brain.open({ path: join(loopDir, "brain.jsonl"), cwd: loopDir });
const input = (i: number) => ({
  action: { type: "read_file", what: `src/file${i % 300}.ts`, summary: "read the module and its tests" },
  outcome: i % 7 === 0 ? ("failure" as const) : ("success" as const),
  thought: `tick ${i}: the next step follows from what the file said`,
  ...(i % 7 === 0 ? { error: `ENOENT: no such file src/file${i % 300}.ts` } : {}),
  novel: i % 11 === 0,
});
loop.mind.tick(input(0));
const ticks: number[] = [];
for (let i = 1; i <= TICKS; i++) {
  const t0 = performance.now();
  loop.mind.tick(input(i));
  ticks.push(performance.now() - t0);
}
const syncCompactions = (loop.mind as { compactions?: number }).compactions;
loop.close();
const yieldDir = join(dir, "yield");
fs.mkdirSync(yieldDir);
const agent = Brain.open({ path: join(yieldDir, "brain.jsonl"), cwd: yieldDir });
agent.mind.tick(input(0));
const yielded: number[] = [];
for (let i = 1; i <= TICKS; i++) {
  const t0 = performance.now();
  agent.mind.tick(input(i));
  yielded.push(performance.now() - t0);
  await new Promise((r) => setImmediate(r));
}
const yieldCompactions = (agent.mind as { compactions?: number }).compactions;
agent.close();
const plain = join(loopDir, "plain.jsonl");
const appends: number[] = [];
for (let i = 1; i <= TICKS; i++) {
  const line = `${JSON.stringify({ n: i, at: new Date().toISOString(), label: "tick", ...input(i) })}\n`;
  const t0 = performance.now();
  fs.appendFileSync(plain, line);
  appends.push(performance.now() - t0);
}
const mindFile = join(loopDir, ".brain", "mind.jsonl");
const viewFile = join(loopDir, ".brain", "mind-view.json");
console.log(`\n## ${TICKS} ticks through brain.mind.tick\n`);
console.log(
  table(HEAD, [
    row("brain.mind.tick, a loop that never yields", ticks),
    row("brain.mind.tick, yielding between ticks", yielded),
    row("baseline: fs.appendFileSync of a line", appends),
  ]),
);
console.log(`\ncompactions: ${syncCompactions} never yielding, ${yieldCompactions} yielding`);
console.log(`\nmind.jsonl ${kb(mindFile)}, mind-view.json ${kb(viewFile)}, plain.jsonl ${kb(plain)}`);
if (process.argv.includes("--ticks-only")) {
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

// 2. decisionContext() with every collection at its cap.
const capsDir = join(dir, "caps");
fs.mkdirSync(capsDir);
const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
const n = (k: keyof typeof MIND_CAPS) => Array.from({ length: MIND_CAPS[k] }, (_, i) => i);
const paths = (p: string) =>
  Object.fromEntries(n("exploredPaths").map((i) => [`${p}${i}`, { at: at(i), summary: `entry ${i}` }]));
const memory = {
  thoughts: n("thoughts").map((i) => ({
    at: at(i),
    text: `thought ${i} about the palette and its contrast`,
  })),
  innerThoughts: n("innerThoughts").map((i) => ({ at: at(i), text: `inner ${i}` })),
  episodes: n("actions").map((i) => ({
    at: at(i),
    type: "read_file",
    what: `src/f${i}.ts`,
    summary: `palette step ${i}`,
  })),
  semanticFacts: n("facts").map((i) => ({ at: at(i), text: `fact ${i}: the theme has ${i} colours` })),
  exploredPaths: paths("/srv/app/src/f"),
  exploredUrls: paths("https://example.org/page"),
  chatHistory: n("chat").map((i) => ({
    at: at(i),
    role: i % 2 ? "assistant" : "user",
    text: `message ${i}`,
  })),
  logs: n("logs").map((i) => ({ at: at(i), kind: "tick", text: `log ${i}` })),
  userModel: { lastMessages: n("userMessages").map((i) => `user message ${i}`) },
  state: {
    goals: n("goals").map((i) => ({
      id: `g${i}`,
      text: `goal ${i}`,
      status: "active",
      createdAt: at(i),
      by: "user",
    })),
    plan: { steps: ["find the theme", "add a dark palette", "test contrast"], current: 1, setAt: at(0) },
    selfSummary: "I am a careful agent. ".repeat(90),
    selfInstructions: n("selfInstructions").map((i) => `rule ${i}`),
    lastUserMessage: "please add a dark mode",
    lastError: "",
  },
};
const capsBrain = Brain.open({ path: join(capsDir, "brain.jsonl"), cwd: capsDir });
let t0 = performance.now();
capsBrain.mind.importHer(memory, { key: "bench" });
const importMs = performance.now() - t0;
capsBrain.close();
const warm: number[] = [];
const cold: number[] = [];
for (let r = 0; r < RUNS; r++) {
  const b = Brain.open({ path: join(capsDir, "brain.jsonl"), cwd: capsDir });
  t0 = performance.now();
  b.mind.decisionContext();
  cold.push(performance.now() - t0);
  for (let i = 0; i < 10; i++) {
    t0 = performance.now();
    b.mind.decisionContext({ query: `palette step ${i * 37}` });
    warm.push(performance.now() - t0);
  }
  b.close();
}
const capFile = join(capsDir, ".brain", "mind.jsonl");
console.log(`\n## decisionContext() with every collection at its cap (import: ${ms(importMs)})\n`);
console.log(
  table(HEAD, [
    row("warm (view in memory, with a query)", warm),
    row("cold (Brain.open + first read)", cold),
  ]),
);
console.log(`\nmind.jsonl ${kb(capFile)}, mind-view.json ${kb(join(capsDir, ".brain", "mind-view.json"))}`);

// 3. The prompt hook, whole process.
if (!fs.existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first`);
const bare = join(dir, "bare");
fs.mkdirSync(bare);
fs.copyFileSync(join(capsDir, "brain.jsonl"), join(bare, "brain.jsonl"));
const home = join(dir, "home");
const project = join(dir, "project");
fs.mkdirSync(home);
fs.mkdirSync(join(project, ".git"), { recursive: true });
function spawnTimed(
  args: string[],
  env: Record<string, string>,
  stdin: string,
): Promise<{ ms: number; out: string }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const c = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? "", HOME: home, ...env } });
    let out = "";
    c.stdout.on("data", (d) => {
      out += d;
    });
    c.on("error", reject);
    c.on("close", () => resolve({ ms: performance.now() - t, out }));
    c.stdin.end(stdin);
  });
}
const hook = async (brainDir: string, r: number) => {
  const payload = {
    session_id: `bench-${brainDir.length}-${r}`,
    transcript_path: join(dir, "t.jsonl"),
    cwd: project,
    hook_event_name: "UserPromptSubmit",
    prompt: `what is the next step for the dark palette ${r}`,
  };
  const env = { BRAIN_PATH: join(brainDir, "brain.jsonl"), BRAIN_SERVE_AUTOSTART: "0" };
  return spawnTimed([BIN, "hook", "user-prompt-submit"], env, JSON.stringify(payload));
};
const times: Record<string, number[]> = { node: [], bare: [], mind: [] };
let block = "";
for (let r = 0; r < RUNS + 1; r++) {
  const a = await spawnTimed(["-e", "0"], {}, "");
  const b = await hook(bare, r);
  const m = await hook(capsDir, r);
  if (r === 0) {
    block = m.out;
    continue; // warm-up round
  }
  times.node?.push(a.ms);
  times.bare?.push(b.ms);
  times.mind?.push(m.ms);
}
console.log(`\n## The prompt hook (installed bin, in process), ${RUNS} runs each, interleaved\n`);
console.log(
  table(HEAD, [
    row("baseline: node -e 0", times.node ?? []),
    row("prompt hook, no mind", times.bare ?? []),
    row("prompt hook, mind at its caps", times.mind ?? []),
  ]),
);
console.log(
  `\nanchors in the block: ${/Active plan \(brain\)/.test(block) ? "yes" : "NO"} (${block.length} chars)`,
);
fs.rmSync(dir, { recursive: true, force: true });
