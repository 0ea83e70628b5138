/**
 * Test helper: runs the real `brain` CLI (dist/cli/main.js, built by `npm run build`) in a child process
 * against a temp HOME and BRAIN_PATH, and returns {code, stdout, stderr}.
 */
import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BIN = join(ROOT, "dist", "cli", "main.js");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Sandbox {
  /** The fresh temp directory everything of this test lives in. */
  dir: string;
  /** HOME for the child (so ~/.rho is dir/home/.rho). */
  home: string;
  /** BRAIN_PATH given to the child (unless a test removes it). */
  brainPath: string;
}

let checked = false;
/** Fail loudly when the CLI has not been built (npm test builds it first). */
export function assertBuilt(): void {
  if (checked) return;
  if (!fs.existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first (npm test does)`);
  checked = true;
}

/** A fresh temp dir under os.tmpdir() with home/ and the brain path inside it. */
export function sandbox(prefix = "brain-test-"): Sandbox {
  const dir = fs.mkdtempSync(join(tmpdir(), prefix));
  const home = join(dir, "home");
  fs.mkdirSync(home);
  return { dir, home, brainPath: join(dir, "brain", "brain.jsonl") };
}

export function removeSandbox(sb: Sandbox): void {
  fs.rmSync(sb.dir, { recursive: true, force: true });
}

/**
 * The child's environment: the parent's minus every variable that could choose another brain or config,
 * plus HOME, BRAIN_PATH, TZ=UTC (daily cadences are local time), BRAIN_FSYNC=0 (speed; a test that wants
 * fsync passes BRAIN_FSYNC: undefined) and the test's own variables. A variable set to undefined in `env`
 * is removed.
 */
export function childEnv(sb: Sandbox, env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(BRAIN_|RHO_)/.test(k) || k === "NODE_OPTIONS" || k.startsWith("NODE_TEST")) continue;
    out[k] = v;
  }
  out.HOME = sb.home;
  out.BRAIN_PATH = sb.brainPath;
  out.TZ = "UTC";
  out.BRAIN_FSYNC = "0";
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Spawn this instead of `node dist/cli/main.js` (e.g. bash -c "brain …"). */
  command?: { file: string; args: string[] };
  timeoutMs?: number;
  /** Written to the child's stdin (which stays closed when absent). */
  stdin?: string;
  /** Leave stdin open after writing (a host that never closes it). */
  keepStdinOpen?: boolean;
}

export function run(file: string, args: string[], sb: Sandbox, opts: RunOptions = {}): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, {
      env: childEnv(sb, opts.env),
      cwd: opts.cwd ?? sb.dir,
      stdio: ["pipe", "pipe", "pipe"],
    });
    if (opts.stdin !== undefined) child.stdin.write(opts.stdin);
    if (!opts.keepStdinOpen) child.stdin.end();
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 60_000);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? (signal ? 128 : -1), stdout, stderr });
    });
  });
}

/** `brain <args…>`: the built CLI, one argv element per array element. */
export function brain(sb: Sandbox, args: string[], opts: RunOptions = {}): Promise<CliResult> {
  assertBuilt();
  return run(process.execPath, [BIN, ...args], sb, opts);
}

/**
 * Run a command line exactly as a user would type it into bash, with `brain` on PATH (a shim that runs
 * the built CLI). Quotes, brace expansion and word splitting are bash's own.
 */
export function bashBrain(sb: Sandbox, line: string, opts: RunOptions = {}): Promise<CliResult> {
  assertBuilt();
  const bin = join(sb.dir, "bin");
  const shim = join(bin, "brain");
  if (!fs.existsSync(shim)) {
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
  }
  const env = { PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`, ...opts.env };
  return run("bash", ["-c", line], sb, { ...opts, env });
}

/** Parse stdout as JSON, with the output in the failure message when it is not. */
export function json<T = Record<string, unknown>>(r: CliResult): T {
  try {
    return JSON.parse(r.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${r.code}):\n${r.stdout}\nstderr:\n${r.stderr}`);
  }
}

/** Every line of a JSONL file, parsed (throws on a line that does not parse). */
export function readLines(path: string): Record<string, unknown>[] {
  const text = fs.readFileSync(path, "utf8");
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l, i) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        throw new Error(`${path}:${i + 1} does not parse: ${l}`);
      }
    });
}

/** The last line of the log, parsed. */
export function lastLine(path: string): Record<string, unknown> {
  const lines = readLines(path);
  const last = lines[lines.length - 1];
  if (!last) throw new Error(`${path} is empty`);
  return last;
}

/** A short human description of a run, for assertion messages. */
export function show(r: CliResult): string {
  return `exit ${r.code}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`;
}

export interface ScriptChild {
  child: ChildProcess;
  /** Resolves with the first stdout line matching `re` (rejects if the child exits first). */
  waitForLine(re: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves when the child exits. */
  done: Promise<CliResult>;
}

/** Start a TypeScript helper under test/support with `node --import tsx`, stdin piped. */
export function startScript(
  sb: Sandbox,
  script: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): ScriptChild {
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "test", "support", script), ...args], {
    env: childEnv(sb, env),
    cwd: ROOT,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const waiters: { re: RegExp; resolve: (l: string) => void }[] = [];
  const check = () => {
    const lines = stdout.split("\n");
    for (const w of [...waiters]) {
      const hit = lines.find((l) => w.re.test(l));
      if (hit !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(hit);
      }
    }
  };
  child.stdout?.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
    check();
  });
  child.stderr?.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  const done = new Promise<CliResult>((resolvePromise) => {
    child.on("close", (code, signal) =>
      resolvePromise({ code: code ?? (signal ? 128 : -1), stdout, stderr }),
    );
  });
  return {
    child,
    done,
    waitForLine(re, timeoutMs = 60_000) {
      return new Promise((resolvePromise, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no line matching ${re} within ${timeoutMs}ms\n${stdout}\n${stderr}`)),
          timeoutMs,
        );
        waiters.push({
          re,
          resolve: (l) => {
            clearTimeout(timer);
            resolvePromise(l);
          },
        });
        check();
        void done.then((r) => {
          clearTimeout(timer);
          reject(new Error(`${script} exited before printing ${re}:\n${show(r)}`));
        });
      });
    },
  };
}
