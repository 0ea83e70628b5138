/**
 * The learning loop's whole-process timings (issue 11 "Measure"), against the build (`npm run build` first):
 *  - the Stop hook on a 50 MB transcript, `node dist/cli/main.js hook stop` spawned with the hook's JSON,
 *    beside `node -e 0` in the same run (goal: node + 30 ms; the learning itself is detached). The bench holds
 *    the learner's lock meanwhile, so the learners the hooks start exit at once instead of loading the machine
 *    while later runs are timed (the hook's own cost, spawn included, is what is measured);
 *  - Stop → stored: a session states a new fact, `brain hook stop` runs, the detached learner asks the fake
 *    OpenAI-compatible server (test/support/fake-llm.ts, a real HTTP server on 127.0.0.1) and stores the
 *    learning; time from spawning the hook to the learning being in brain.jsonl (polled every 5 ms), p50/p99,
 *    and the extraction prompt's size per pass (characters / 4; the fake's own token counts are fixed).
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { learnLockTarget } from "../../src/learn/worker.ts";
import { FileLock } from "../../src/store/jsonl/lock.ts";
import { startFakeLlm } from "../../test/support/fake-llm.ts";

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const BIN = join(ROOT, "dist", "cli", "main.js");

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

function sandbox() {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-bench-loop-"));
  const home = join(dir, "home");
  const project = join(dir, "project");
  fs.mkdirSync(home);
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  const brainPath = join(dir, "brain", "brain.jsonl");
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    TZ: "UTC",
    BRAIN_FSYNC: "0",
    BRAIN_PATH: brainPath,
  };
  return { dir, project, brainPath, env };
}

function spawnTimed(args: string[], env: NodeJS.ProcessEnv, cwd: string, stdin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { env, cwd, stdio: ["pipe", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.stdin.on("error", () => {});
    if (stdin !== undefined) child.stdin.write(stdin);
    child.stdin.end();
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(performance.now() - t0) : reject(new Error(`${args.join(" ")}: ${code} ${err}`)),
    );
  });
}

function record(session: string, role: "user" | "assistant", text: string, cwd: string, i: number): string {
  const content = role === "user" ? text : [{ type: "text", text }];
  return `${JSON.stringify({ type: role, sessionId: session, uuid: `u-${session}-${i}`, timestamp: "2026-03-02T10:00:00.000Z", cwd, message: { role, content } })}\n`;
}

/** Stop hook, whole process, on a transcript of `mb` megabytes, beside `node -e 0`. */
export async function stopHookBench(runs: number, mb = 50): Promise<string[][]> {
  const sb = sandbox();
  try {
    const transcript = join(sb.dir, "big.jsonl");
    const fd = fs.openSync(transcript, "w");
    const filler = "The billing job retries failed invoices three times before paging anyone. ".repeat(20);
    let size = 0;
    for (let i = 0; size < mb * 1e6; i++) {
      const line = record("big", i % 2 ? "assistant" : "user", `${i}: ${filler}`, sb.project, i);
      fs.writeSync(fd, line);
      size += line.length;
    }
    fs.closeSync(fd);
    await spawnTimed([BIN, "stats"], sb.env, sb.project); // the default brain, written once
    const lock = new FileLock(learnLockTarget(sb.brainPath));
    fs.mkdirSync(dirname(learnLockTarget(sb.brainPath)), { recursive: true });
    lock.acquire({ purpose: "bench" });
    const input = JSON.stringify({
      session_id: "big",
      transcript_path: transcript,
      cwd: sb.project,
      hook_event_name: "Stop",
    });
    const node: number[] = [];
    const hook: number[] = [];
    try {
      for (let i = 0; i < runs; i++) {
        node.push(await spawnTimed(["-e", "0"], sb.env, sb.project));
        hook.push(await spawnTimed([BIN, "hook", "stop"], sb.env, sb.project, input));
      }
    } finally {
      lock.release();
    }
    const row = (name: string, xs: number[]) => [
      name,
      String(runs),
      `${pct(xs, 50).toFixed(1)} ms`,
      `${pct(xs, 90).toFixed(1)} ms`,
    ];
    return [
      row("`node -e 0`", node),
      row(`\`brain hook stop\`, ${mb} MB transcript`, hook),
      ["difference (median)", "", `+${(pct(hook, 50) - pct(node, 50)).toFixed(1)} ms`, "goal: +30 ms"],
    ];
  } finally {
    fs.rmSync(sb.dir, { recursive: true, force: true });
  }
}

function logLines(brainPath: string): number {
  try {
    return fs.readFileSync(join(dirname(brainPath), ".brain", "learn-log.jsonl"), "utf8").split("\n").length;
  } catch {
    return 0;
  }
}

/** Distinct facts (near-duplicates would reinforce instead of being stored). */
const SUBJECTS = [
  "staging",
  "billing",
  "search",
  "auth",
  "invoices",
  "exports",
  "webhooks",
  "reports",
  "mailer",
  "cache",
];
const ACTS = [
  "listens on port {n}",
  "is deployed by the {w} pipeline every night",
  "keeps its secrets in the {w} vault",
  "must be restarted after schema changes to {w}",
  "writes its logs to /var/log/{w}",
];
const FACTS = SUBJECTS.flatMap((s, i) =>
  ACTS.map(
    (a, j) =>
      `The ${s} service ${a.replace("{n}", String(8000 + 17 * i + j)).replace("{w}", SUBJECTS[(i + j + 1) % SUBJECTS.length] as string)}`,
  ),
);

/** Stop → the fact stored by the detached learner through the fake provider, `runs` times. */
export async function stopToStoredBench(runs: number): Promise<string[][]> {
  const sb = sandbox();
  const fake = await startFakeLlm("openai");
  try {
    const config = join(sb.dir, "config.json");
    fs.writeFileSync(
      config,
      JSON.stringify({
        extraction: { provider: "openai", baseUrl: fake.baseUrl, model: "tiny", maxRetries: 0 },
      }),
    );
    const env = { ...sb.env, BRAIN_CONFIG: config };
    const transcript = join(sb.dir, "s.jsonl");
    fs.writeFileSync(transcript, "");
    await spawnTimed([BIN, "stats"], env, sb.project);
    const ms: number[] = [];
    const promptTokens: number[] = [];
    const answerTokens: number[] = [];
    let gated = 0;
    for (let i = 0; i < runs; i++) {
      const fact = FACTS[i % FACTS.length] as string;
      fs.appendFileSync(
        transcript,
        record("s", "user", `Heads up: ${fact.toLowerCase()}.`, sb.project, 2 * i) +
          record("s", "assistant", "Noted, I will keep that in mind.", sb.project, 2 * i + 1),
      );
      const answer = { items: [{ type: "learning", text: fact, importance: "high" }] };
      fake.script({ answer });
      const input = JSON.stringify({
        session_id: "s",
        transcript_path: transcript,
        cwd: sb.project,
        hook_event_name: "Stop",
      });
      const t0 = performance.now();
      await spawnTimed([BIN, "hook", "stop"], env, sb.project, input);
      let stored = false;
      const runsBefore = logLines(sb.brainPath);
      for (let polls = 0; polls < 4000 && !stored; polls++) {
        stored = fs.readFileSync(sb.brainPath, "utf8").includes(fact);
        if (stored || logLines(sb.brainPath) > runsBefore) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      stored ||= fs.readFileSync(sb.brainPath, "utf8").includes(fact);
      // The curator may gate a fact (the run is logged, nothing stored): counted, not timed.
      if (!stored) {
        gated++;
        continue;
      }
      ms.push(performance.now() - t0);
      const req = fake.requests.at(-1)?.body as { messages?: { content: unknown }[] } | undefined;
      promptTokens.push(Math.ceil(JSON.stringify(req?.messages ?? []).length / 4));
      answerTokens.push(Math.ceil(JSON.stringify(answer).length / 4));
      // Let the learner finish (its lock gone) before the next session ends.
      for (let polls = 0; polls < 4000 && fs.existsSync(`${learnLockTarget(sb.brainPath)}.lock`); polls++)
        await new Promise((r) => setTimeout(r, 5));
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    return [
      [
        `Stop → learning stored (fake provider; ${gated} of ${runs} facts gated by the curator at 0.82, not timed)`,
        String(ms.length),
        `${pct(ms, 50).toFixed(0)} ms`,
        `${pct(ms, 99).toFixed(0)} ms`,
      ],
      [
        "tokens per pass (chars/4): prompt in / answer out",
        String(runs),
        `${mean(promptTokens).toFixed(0)} / ${mean(answerTokens).toFixed(0)}`,
        "",
      ],
    ];
  } finally {
    await fake.close();
    fs.rmSync(sb.dir, { recursive: true, force: true });
  }
}
