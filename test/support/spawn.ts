/**
 * The one way tests start a child process: `spawnProcess` (run to the end, collect its output),
 * `spawnProcessSync` (the same, blocking, for synchronous properties) and `startProcess` (a long-running
 * child whose stdout lines a test waits for). `assertBuilt` refuses to run the built CLI when it is missing
 * or older than any file in src/ (a stale dist/ would test yesterday's code).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The bin users get (package.json "bin"): what every test that runs the CLI runs. */
export const BIN = join(ROOT, "dist", "cli", "brain.cjs");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The newest regular file under `dir` (path and mtime), or undefined when there is none. */
export function newestFile(dir: string): { path: string; mtimeMs: number } | undefined {
  let best: { path: string; mtimeMs: number } | undefined;
  for (const ent of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!ent.isFile()) continue;
    const path = join(ent.parentPath, ent.name);
    const { mtimeMs } = fs.statSync(path);
    if (!best || mtimeMs > best.mtimeMs) best = { path, mtimeMs };
  }
  return best;
}

/** Why dist/ cannot be trusted for the sources in `root` (missing, or older than a source), else null. */
export function staleBuild(root = ROOT): string | null {
  const bin = join(root, "dist", "cli", "brain.cjs");
  if (!fs.existsSync(bin)) return `${bin} is missing: run \`npm run build\` first (npm test does)`;
  const src = newestFile(join(root, "src"));
  const dist = newestFile(join(root, "dist"));
  if (src && dist && src.mtimeMs > dist.mtimeMs) {
    const rel = src.path.slice(root.length + 1);
    return `dist/ is older than ${rel}: the tests would run a stale build; run \`npm run build\` (npm test does)`;
  }
  return null;
}

let built = false;
/** Fail loudly when the CLI has not been built, or was built before the latest change in src/. */
export function assertBuilt(): void {
  if (built) return;
  const why = staleBuild();
  if (why) throw new Error(why);
  built = true;
}

export interface SpawnOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Written to the child's stdin (which is closed afterwards unless keepStdinOpen). */
  stdin?: string;
  keepStdinOpen?: boolean;
  /** A child still running after this long is killed (a hang then fails the test with exit 128). */
  timeoutMs?: number;
}

export function spawnProcess(file: string, args: string[], opts: SpawnOptions): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, { env: opts.env, cwd: opts.cwd, stdio: ["pipe", "pipe", "pipe"] });
    child.stdin.on("error", () => {}); // a child that exits without reading its stdin
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
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 120_000);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? (signal ? 128 : -1), stdout, stderr });
    });
  });
}

export function spawnProcessSync(file: string, args: string[], opts: SpawnOptions): CliResult {
  const r = spawnSync(file, args, {
    env: opts.env,
    cwd: opts.cwd,
    encoding: "utf8",
    input: opts.stdin ?? "",
    timeout: opts.timeoutMs ?? 120_000,
  });
  if (r.error) throw r.error;
  return { code: r.status ?? (r.signal ? 128 : -1), stdout: r.stdout, stderr: r.stderr };
}

/** The pid of a process that has exited (for stale-lock tests). */
export function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "0"]);
  return r.pid as number;
}

export interface Started {
  child: ChildProcess;
  /** Complete stdout lines so far. */
  lines: string[];
  stderr(): string;
  /**
   * Resolves with the first stdout line matching `re`; rejects if the child exits first. (A second argument,
   * once a timeout, is accepted and ignored: no test waits against the clock.)
   */
  waitForLine(re: RegExp, _ignored?: number): Promise<string>;
  /** Resolves with stdout line number `n` (0-based) once it is complete; rejects if the child exits first. */
  lineAt(n: number): Promise<string>;
  /** Resolves when the child has exited and its pipes are drained. */
  done: Promise<CliResult & { signal: NodeJS.Signals | null }>;
}

/** Start a long-running child (stdin piped). It is up to the test to end it. */
export function startProcess(file: string, args: string[], opts: SpawnOptions): Started {
  const child = spawn(file, args, { env: opts.env, cwd: opts.cwd, stdio: ["pipe", "pipe", "pipe"] });
  child.stdin?.on("error", () => {});
  const lines: string[] = [];
  let stdout = "";
  let partial = "";
  let err = "";
  type Match = (line: string, index: number) => boolean;
  const waiters: { match: Match; resolve: (l: string) => void }[] = [];
  child.stdout?.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
    const parts = (partial + d).split("\n");
    partial = parts.pop() as string;
    for (const l of parts) {
      lines.push(l);
      for (const w of [...waiters]) {
        if (!w.match(l, lines.length - 1)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(l);
      }
    }
  });
  child.stderr?.setEncoding("utf8").on("data", (d: string) => {
    err += d;
  });
  const done = new Promise<CliResult & { signal: NodeJS.Signals | null }>((res) => {
    child.on("close", (code, signal) =>
      res({ code: code ?? (signal ? 128 : -1), signal, stdout, stderr: err }),
    );
  });
  const name = args.find((a) => /\.(m?js|ts)$/.test(a)) ?? file;
  const wait = (match: Match, what: string): Promise<string> => {
    const hit = lines.findIndex((l, i) => match(l, i));
    if (hit >= 0) return Promise.resolve(lines[hit] as string);
    return new Promise((res, rej) => {
      waiters.push({ match, resolve: res });
      void done.then((r) =>
        rej(new Error(`${name} exited (${r.signal ?? r.code}) before printing ${what}\n${stdout}\n${err}`)),
      );
    });
  };
  return {
    child,
    lines,
    stderr: () => err,
    done,
    waitForLine: (re) => wait((l) => re.test(l), `a line matching ${re}`),
    lineAt: (n) => wait((_, i) => i === n, `line ${n + 1}`),
  };
}
