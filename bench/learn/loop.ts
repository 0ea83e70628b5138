/**
 * The learning loop's whole-process timings (issue 11 "Measure"), against the build (`npm run build` first):
 *  - the Stop hook on a 50 MB transcript, `node dist/cli/brain.cjs hook stop` (the installed bin) spawned with the hook's JSON,
 *    beside `node -e 0` in the same run (goal: node + 30 ms; the learning itself is detached). The bench holds
 *    the learner's lock meanwhile, so the learners the hooks start exit at once instead of loading the machine
 *    while later runs are timed (the hook's own cost, spawn included, is what is measured);
 *  - Stop → stored: a session states a new fact, `brain hook stop` runs, the detached learner asks the fake
 *    OpenAI-compatible server (test/support/fake-llm.ts, a real HTTP server on 127.0.0.1) and stores the
 *    learning; time from spawning the hook to the learning being in brain.jsonl (polled every 5 ms), p50/p99,
 *    and the extraction prompt's size per pass (characters / 4; the fake's own token counts are fixed), the
 *    scripted answer carrying a session summary as well as the item.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BrainHome } from "../../src/store/home.ts";
import { FileLock } from "../../src/store/jsonl/lock.ts";
import { startFakeLlm } from "../../test/support/fake-llm.ts";

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const BIN = join(ROOT, "dist", "cli", "main.js");
/** What an agent's hook runs: the installed bin (package.json "bin"). */
const HOOK_BIN = join(ROOT, "dist", "cli", "brain.cjs");

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
    BRAIN_SERVE_AUTOSTART: "0",
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

/**
 * Stop hook, whole process, on a transcript of `mb` megabytes, beside `node -e 0`: once while a learner holds
 * the lock (the hook queues and starts none), once starting the learner (the transcript's cursor is already at
 * its end, so each learner started finds nothing to read and exits; the bench waits for it between runs).
 */
export async function stopHookBench(runs: number, mb = 50): Promise<string[][]> {
  const sb = sandbox();
  try {
    const transcript = join(sb.dir, "big.jsonl");
    const fd = fs.openSync(transcript, "w");
    const filler = "The billing job retries failed invoices three times before paging anyone. ".repeat(20);
    let size = 0;
    let lines = 0;
    for (let i = 0; size < mb * 1e6; i++, lines++) {
      const line = record("big", i % 2 ? "assistant" : "user", `${i}: ${filler}`, sb.project, i);
      fs.writeSync(fd, line);
      size += Buffer.byteLength(line);
    }
    fs.closeSync(fd);
    await spawnTimed([BIN, "stats"], sb.env, sb.project); // the default brain, written once
    const dir = dirname(BrainHome.ofLog(sb.brainPath).lock("learner"));
    fs.mkdirSync(dir, { recursive: true });
    const cursor = {
      host: "claude",
      transcript,
      offset: size,
      line: lines,
      attempts: 0,
      updated: new Date().toISOString(),
    };
    fs.writeFileSync(
      join(dir, "learn-cursors.json"),
      JSON.stringify({ version: 1, queueOffset: 0, sessions: { [transcript]: cursor }, items: [] }),
    );
    const input = JSON.stringify({
      session_id: "big",
      transcript_path: transcript,
      cwd: sb.project,
      hook_event_name: "Stop",
    });
    const node: number[] = [];
    const held: number[] = [];
    const starts: number[] = [];
    const lock = new FileLock(BrainHome.ofLog(sb.brainPath).lock("learner"));
    for (let i = 0; i < runs; i++) {
      node.push(await spawnTimed(["-e", "0"], sb.env, sb.project));
      lock.acquire({ purpose: "bench" });
      try {
        held.push(await spawnTimed([HOOK_BIN, "hook", "stop"], sb.env, sb.project, input));
      } finally {
        lock.release();
      }
      starts.push(await spawnTimed([HOOK_BIN, "hook", "stop"], sb.env, sb.project, input));
      await waitForLearner(sb.brainPath);
    }
    const row = (name: string, xs: number[]) => [
      name,
      String(runs),
      `${pct(xs, 50).toFixed(1)} ms`,
      `${pct(xs, 90).toFixed(1)} ms`,
    ];
    const plus = (xs: number[]) => `+${(pct(xs, 50) - pct(node, 50)).toFixed(1)} ms`;
    return [
      row("`node -e 0`", node),
      [
        ...row(`\`brain hook stop\`, ${mb} MB transcript, a learner running`, held).slice(0, 3),
        `${plus(held)} over node (goal +30 ms)`,
      ],
      [
        ...row(`\`brain hook stop\`, ${mb} MB transcript, starting the learner`, starts).slice(0, 3),
        `${plus(starts)} over node (goal +30 ms)`,
      ],
    ];
  } finally {
    fs.rmSync(sb.dir, { recursive: true, force: true });
  }
}

/** Until no learner holds the lock and one has looked at the whole queue (polled, bounded). */
async function waitForLearner(brainPath: string): Promise<void> {
  const dir = dirname(BrainHome.ofLog(brainPath).lock("learner"));
  for (let polls = 0; polls < 4000; polls++) {
    const queued = fs.statSync(join(dir, "transcripts.jsonl")).size;
    const read = (
      JSON.parse(fs.readFileSync(join(dir, "learn-cursors.json"), "utf8")) as { queueOffset: number }
    ).queueOffset;
    if (read === queued && !fs.existsSync(`${BrainHome.ofLog(brainPath).lock("learner")}.lock`)) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error("the learner did not finish");
}

function logLines(brainPath: string): number {
  try {
    return fs.readFileSync(join(dirname(brainPath), ".brain", "learn-log.jsonl"), "utf8").split("\n").length;
  } catch {
    return 0;
  }
}

/** Distinct facts, as a session might state them (near-duplicates would reinforce instead of being stored). */
const FACTS = [
  "The staging server listens on port 8443 since the migration",
  "Releases are tagged vX.Y.Z from the main branch by the release script",
  "Integration tests need the docker compose stack running first",
  "The billing cron job retries failed invoices three times before paging",
  "Feature flags live in config/flags.yaml and are read at boot",
  "Database migrations must be reviewed by the data team before merging",
  "Use pnpm in this repository, never npm or yarn",
  "Customer emails are rendered with MJML templates under mail/templates",
  "The search cluster is reindexed every Sunday at 03:00 UTC",
  "Secrets come from Vault through the sidecar, never from .env files",
  "API responses use snake_case keys for backward compatibility",
  "Logs ship to Loki; Grafana dashboards are in ops/dashboards",
  "The mobile app pins API version 2023-10 until the next major release",
  "Benchmarks run on the dedicated bare-metal runner labelled perf",
  "Translations are managed in Crowdin and synced nightly",
  "Payments go through Stripe in test mode on every non-production host",
  "Images above 2 MB are resized by the upload worker before storage",
  "The on-call rotation changes every Monday at 10:00 Berlin time",
  "Protobuf schemas are the source of truth for the event bus",
  "Frontend builds use Vite; Webpack configs are legacy and unused",
];

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
      // With the one-line session summary a model gives in the same call (src/learn/summary.ts).
      const answer = {
        items: [{ type: "learning", text: fact, importance: "high" }],
        summary: `Went over the setup; noted that ${fact.charAt(0).toLowerCase()}${fact.slice(1)}`.slice(
          0,
          160,
        ),
      };
      fake.script({ answer });
      const input = JSON.stringify({
        session_id: "s",
        transcript_path: transcript,
        cwd: sb.project,
        hook_event_name: "Stop",
      });
      const t0 = performance.now();
      await spawnTimed([HOOK_BIN, "hook", "stop"], env, sb.project, input);
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
      for (
        let polls = 0;
        polls < 4000 && fs.existsSync(`${BrainHome.ofLog(sb.brainPath).lock("learner")}.lock`);
        polls++
      )
        await new Promise((r) => setTimeout(r, 5));
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    return [
      [
        `Stop → learning stored (fake provider; ${gated} of ${runs} facts stopped by the curator at 0.82, not timed)`,
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
