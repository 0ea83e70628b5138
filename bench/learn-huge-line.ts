/**
 * One huge line in a transcript (issue 21 §4): a Claude Code transcript whose one user message is a single
 * `--mb` MB line (a pasted dump) between two ordinary turns. Measures `brain learn` (wall time, peak RSS, whether
 * its cursor got past the line) and then the prompt hook `brain hook user-prompt-submit` (wall time, peak RSS,
 * median of `--hooks` runs), each through /usr/bin/time. `--bin` picks the built CLI, so the same script
 * measures a build from before the fix (a worktree of an older commit) and this one. Never part of npm test.
 *
 *   npm run build && node --import tsx bench/learn-huge-line.ts [--mb 50] [--hooks 3] [--bin dist/cli/main.js]
 *       [--timeout-s 900]
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const MB = Number(arg("mb", "50"));
const HOOKS = Number(arg("hooks", "3"));
const BIN = resolve(arg("bin", "dist/cli/main.js"));
const TIMEOUT_S = Number(arg("timeout-s", "900"));
const SESSION = "33333333-0000-4000-8000-000000000003";

/** A log-like, JSON-safe text: words recall will index, no quote or backslash. */
function* logText(bytes: number): Generator<string> {
  let x = 12345;
  const r = () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
  const paths = ["/api/orders", "/api/users", "/health", "/api/search", "/static/app.js"];
  let written = 0;
  while (written < bytes) {
    let chunk = "";
    while (chunk.length < 1 << 20) {
      chunk += `2026-03-02T10:${String(Math.floor(r() * 60)).padStart(2, "0")} INFO req=${Math.floor(r() * 1e6)} path=${paths[Math.floor(r() * paths.length)]} status=${r() < 0.9 ? 200 : 500} ms=${Math.floor(r() * 900)} `;
    }
    chunk = chunk.slice(0, Math.min(chunk.length, bytes - written));
    written += chunk.length;
    yield chunk;
  }
}

function record(role: "user" | "assistant", text: string, uuid: string): string {
  const content = role === "user" ? text : [{ type: "text", text }];
  return `${JSON.stringify({ type: role, message: { role, content }, sessionId: SESSION, uuid, timestamp: "2026-03-02T10:00:00.000Z", cwd: "/tmp" })}\n`;
}

function writeTranscript(file: string): void {
  const fd = fs.openSync(file, "w");
  fs.writeSync(
    fd,
    record("user", "Here is the production log from this morning, can you look at it?", "u-1"),
  );
  const head = record("user", "HUGE", "u-2");
  const [before, after] = head.split("HUGE") as [string, string];
  fs.writeSync(fd, before);
  for (const chunk of logText(MB * 1024 * 1024)) fs.writeSync(fd, chunk);
  fs.writeSync(fd, after);
  fs.writeSync(fd, record("assistant", "The 500s all come from /api/search after 10:40.", "a-3"));
  fs.closeSync(fd);
}

interface Measured {
  code: number | null;
  seconds: number;
  /** CPU seconds, user + system (the machine may be shared: wall time alone says little). */
  cpu: number;
  maxRssMb: number;
  timedOut: boolean;
  stderr: string;
}

/**
 * `node BIN args…` under /usr/bin/time, killed after TIMEOUT_S by `timeout` (so /usr/bin/time still reports
 * its peak RSS: wait4 counts the reaped grandchild): wall seconds, CPU seconds and peak RSS.
 */
function measure(args: string[], env: NodeJS.ProcessEnv, stdin = ""): Promise<Measured> {
  return new Promise((done) => {
    const child = spawn(
      "/usr/bin/time",
      ["-f", "TIME %e %M %U %S", "timeout", "-s", "KILL", String(TIMEOUT_S), process.execPath, BIN, ...args],
      { env, stdio: ["pipe", "ignore", "pipe"] },
    );
    let err = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      err += d;
    });
    child.stdin.end(stdin);
    child.on("close", (code) => {
      const m = /TIME ([\d.]+) (\d+) ([\d.]+) ([\d.]+)/.exec(err);
      done({
        code,
        seconds: m ? Number(m[1]) : Number.NaN,
        cpu: m ? Number(m[3]) + Number(m[4]) : Number.NaN,
        maxRssMb: m ? Math.round(Number(m[2]) / 1024) : Number.NaN,
        timedOut: /terminated by signal 9/.test(err),
        stderr: err.replace(/TIME [\d. ]+\n?/, "").slice(-400),
      });
    });
  });
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-huge-line-"));
  try {
    const home = join(dir, "home");
    const brainPath = join(dir, "brain", "brain.jsonl");
    fs.mkdirSync(join(dir, "brain", ".brain"), { recursive: true });
    fs.mkdirSync(home);
    const transcript = join(dir, "session.jsonl");
    writeTranscript(transcript);
    const size = fs.statSync(transcript).size;
    fs.writeFileSync(
      join(dir, "brain", ".brain", "transcripts.jsonl"),
      `${JSON.stringify({ host: "claude", event: "stop", at: "2026-03-02T10:00:00.000Z", session_id: SESSION, transcript_path: transcript, cwd: dir })}\n`,
    );
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: home,
      BRAIN_PATH: brainPath,
      BRAIN_SERVE_AUTOSTART: "0",
    };
    console.log(`# learn-huge-line: ${BIN}`);
    console.log(
      `# transcript ${(size / 2 ** 20).toFixed(1)} MiB, one line of ${MB} MiB; ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}`,
    );
    const learn = await measure(["learn"], env);
    const cursors = join(dir, "brain", ".brain", "learn-cursors.json");
    const offset = fs.existsSync(cursors)
      ? (Object.values(JSON.parse(fs.readFileSync(cursors, "utf8")).sessions)[0] as { offset: number }).offset
      : 0;
    const episodes = join(dir, "brain", "episodes.jsonl");
    const episodesMb = fs.existsSync(episodes) ? fs.statSync(episodes).size / 2 ** 20 : 0;
    console.log(
      `learn:  ${learn.timedOut ? `killed after ${TIMEOUT_S} s` : `${learn.seconds.toFixed(2)} s`} (CPU ${learn.cpu.toFixed(2)} s), peak RSS ${learn.maxRssMb} MB, exit ${learn.code}; cursor at ${offset} of ${size} bytes; episodes.jsonl ${episodesMb.toFixed(2)} MiB`,
    );
    if (learn.code !== 0) console.log(`  stderr: ${learn.stderr.trim()}`);
    const hooks: Measured[] = [];
    const prompt = JSON.stringify({
      session_id: "44444444-0000-4000-8000-000000000004",
      cwd: dir,
      hook_event_name: "UserPromptSubmit",
      prompt: "which path returned status 500 in the production log?",
    });
    for (let i = 0; i < HOOKS; i++) hooks.push(await measure(["hook", "user-prompt-submit"], env, prompt));
    const sorted = [...hooks].sort((a, b) => a.seconds - b.seconds);
    const median = sorted[Math.floor(sorted.length / 2)] as Measured;
    console.log(
      `prompt hook (median of ${HOOKS}): ${median.seconds.toFixed(2)} s (CPU ${median.cpu.toFixed(2)} s), peak RSS ${median.maxRssMb} MB; all: ${hooks.map((h) => `${h.seconds.toFixed(2)} s`).join(", ")}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
