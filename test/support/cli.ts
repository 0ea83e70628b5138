/**
 * Test helper: runs the real `brain` CLI (dist/cli/brain.cjs, built by `npm run build`) in a child process
 * against a temp HOME and BRAIN_PATH, and returns {code, stdout, stderr}. Child environments come from
 * env.ts and every child is started by spawn.ts (which also refuses a missing or stale build).
 */
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { BrainHome } from "../../src/store/home.ts";
import { cleanEnv, type EnvPatch } from "./env.ts";
import { assertBuilt, BIN, type CliResult, ROOT, type Started, spawnProcess, startProcess } from "./spawn.ts";

export { assertBuilt, BIN, type CliResult, ROOT };

export interface Sandbox {
  /** The fresh temp directory everything of this test lives in. */
  dir: string;
  /** HOME for the child (so ~/.rho is dir/home/.rho). */
  home: string;
  /** BRAIN_PATH given to the child (unless a test removes it). */
  brainPath: string;
}

/** A fresh temp dir under os.tmpdir() with home/ and the brain path inside it. */
export function sandbox(prefix = "brain-test-"): Sandbox {
  const dir = fs.mkdtempSync(join(tmpdir(), prefix));
  const home = join(dir, "home");
  fs.mkdirSync(home);
  return { dir, home, brainPath: join(dir, "brain", "brain.jsonl") };
}

export function removeSandbox(sb: Sandbox): void {
  // Retried: a learner a hook started in the background may still be writing its last file in there (on a
  // loaded machine it can take seconds to finish; rmSync's backoff grows with each try).
  try {
    fs.rmSync(sb.dir, { recursive: true, force: true, maxRetries: 12, retryDelay: 100 });
  } catch (e) {
    // Still written to after ~8 s: a background process the test started outlived it. That is reported (with
    // what it is writing) but does not fail the test, whose own assertions passed; the temp directory stays.
    if ((e as NodeJS.ErrnoException).code !== "ENOTEMPTY") throw e;
    const left = fs.readdirSync(sb.dir, { recursive: true }).slice(0, 10).join(", ");
    process.stderr.write(`removeSandbox: ${sb.dir} still being written (${left}); left in place\n`);
  }
}

/** A sandbox removed when the test `t` ends. */
export function freshSandbox(t: { after: (fn: () => void) => void }, prefix?: string): Sandbox {
  const sb = sandbox(prefix);
  t.after(() => removeSandbox(sb));
  return sb;
}

/** Write the settings file the CLI reads by default (~/.rho/config.json in the sandbox's HOME). */
export function writeConfig(sb: Sandbox, value: unknown): string {
  const p = join(sb.home, ".rho", "config.json");
  fs.mkdirSync(dirname(p), { recursive: true });
  fs.writeFileSync(p, typeof value === "string" ? value : JSON.stringify(value));
  return p;
}

/**
 * A child's environment in a sandbox: env.ts's clean environment plus HOME, BRAIN_PATH, BRAIN_FSYNC=0
 * (speed; a test that wants fsync passes BRAIN_FSYNC: undefined) and the test's own variables.
 */
export function childEnv(sb: Sandbox, env: EnvPatch = {}): NodeJS.ProcessEnv {
  return cleanEnv({ HOME: sb.home, BRAIN_PATH: sb.brainPath, BRAIN_FSYNC: "0", ...env });
}

/** The home of the sandbox's brain as the CLI would find it with `env` (a team store's local directory too). */
export function homeFor(sb: Sandbox, env: EnvPatch = {}): BrainHome {
  return BrainHome.of(loadConfig(childEnv(sb, env), undefined, sb.home, sb.dir));
}

export interface RunOptions {
  env?: EnvPatch;
  cwd?: string;
  timeoutMs?: number;
  /** Written to the child's stdin (which stays closed when absent). */
  stdin?: string;
  /** Leave stdin open after writing (a host that never closes it). */
  keepStdinOpen?: boolean;
}

export function run(file: string, args: string[], sb: Sandbox, opts: RunOptions = {}): Promise<CliResult> {
  return spawnProcess(file, args, {
    env: childEnv(sb, opts.env),
    cwd: opts.cwd ?? sb.dir,
    ...(opts.stdin !== undefined ? { stdin: opts.stdin } : {}),
    ...(opts.keepStdinOpen ? { keepStdinOpen: true } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
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

/** `brain <args…>` that must exit `code` (0 by default), with the whole run in the failure message. */
export async function brainOk(
  sb: Sandbox,
  args: string[],
  opts: RunOptions = {},
  code = 0,
): Promise<CliResult> {
  const r = await brain(sb, args, opts);
  if (r.code !== code) throw new Error(`brain ${args.join(" ")}: expected exit ${code}\n${show(r)}`);
  return r;
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
  child: Started["child"];
  /** Resolves with the first stdout line matching `re` (rejects if the child exits first). */
  waitForLine(re: RegExp, _ignored?: number): Promise<string>;
  /** Resolves when the child exits. */
  done: Promise<CliResult>;
}

/** Start a TypeScript helper under test/support with `node --import tsx`, stdin piped. */
export function startScript(sb: Sandbox, script: string, args: string[], env: EnvPatch = {}): ScriptChild {
  return startProcess(process.execPath, ["--import", "tsx", join(ROOT, "test", "support", script), ...args], {
    env: childEnv(sb, env),
    cwd: ROOT,
  });
}
