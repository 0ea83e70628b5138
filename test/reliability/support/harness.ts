/**
 * Shared pieces of the reliability suite: temp brains, child processes running the library, and strict
 * checks of the log's framing.
 *
 * Children run a bundle of their TypeScript entry point (esbuild, packages left external) instead of
 * `node --import tsx`: a tsx child spends ~1 s of CPU loading the engine, a bundled one ~0.1 s, and the
 * crash test starts over a hundred of them. The bundle is rebuilt from the current sources on every run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { TestContext } from "node:test";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

export { prng } from "./common.ts";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const BIN = join(ROOT, "dist", "cli", "main.js");
const BUNDLES = join(ROOT, "node_modules", ".cache", "brain-reliability");

/** A fresh temp directory, removed after the test. */
export function tempDir(t: TestContext, prefix = "brain-rel-"): string {
  const dir = fs.mkdtempSync(join(tmpdir(), prefix));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const built = new Map<string, string>();

/**
 * Bundle test/reliability/support/<name>.ts into ESM (placed under node_modules/.cache so its package
 * imports resolve to the project's node_modules) and return the entry file's path.
 */
export function bundle(name: string): string {
  const cached = built.get(name);
  if (cached) return cached;
  const outdir = join(BUNDLES, `${name}-${process.pid}`);
  fs.rmSync(outdir, { recursive: true, force: true });
  // Code splitting keeps the engine's lazy imports (schema + zod, the secret scanner) lazy, as in the app.
  buildSync({
    entryPoints: [join(ROOT, "test", "reliability", "support", `${name}.ts`)],
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outdir,
    outExtension: { ".js": ".mjs" },
    logLevel: "error",
  });
  const out = join(outdir, `${name}.mjs`);
  built.set(name, out);
  process.once("exit", () => fs.rmSync(outdir, { recursive: true, force: true }));
  return out;
}

/** Environment for a child: ours without anything that could pick another brain or config. */
export function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(BRAIN_|RHO_)/.test(k) || k === "NODE_OPTIONS" || k.startsWith("NODE_TEST")) continue;
    out[k] = v;
  }
  out.TZ = "UTC";
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

export interface Child {
  child: ChildProcess;
  /** Complete stdout lines so far. */
  lines: string[];
  stderr(): string;
  /** Resolves with the first stdout line matching `re`; rejects if the child exits first. */
  waitFor(re: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves when the child has exited and its pipes are drained. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Start a bundled support script. */
export function startChild(
  name: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Child {
  const child = spawn(process.execPath, [bundle(name), ...args], {
    env: childEnv(env),
    cwd: ROOT,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let partial = "";
  let err = "";
  const waiters: { re: RegExp; resolve: (l: string) => void }[] = [];
  child.stdout?.setEncoding("utf8").on("data", (d: string) => {
    const parts = (partial + d).split("\n");
    partial = parts.pop() as string;
    for (const l of parts) {
      lines.push(l);
      for (const w of [...waiters]) {
        if (w.re.test(l)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(l);
        }
      }
    }
  });
  child.stderr?.setEncoding("utf8").on("data", (d: string) => {
    err += d;
  });
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => {
    child.on("close", (code, signal) => res({ code, signal }));
  });
  return {
    child,
    lines,
    stderr: () => err,
    done,
    waitFor(re, timeoutMs = 30_000) {
      const hit = lines.find((l) => re.test(l));
      if (hit !== undefined) return Promise.resolve(hit);
      return new Promise((res, rej) => {
        const timer = setTimeout(
          () => rej(new Error(`${name}: no line matching ${re} within ${timeoutMs}ms\n${err}`)),
          timeoutMs,
        );
        waiters.push({
          re,
          resolve: (l) => {
            clearTimeout(timer);
            res(l);
          },
        });
        void done.then(({ code, signal }) => {
          clearTimeout(timer);
          rej(new Error(`${name} exited (${code ?? signal}) before printing ${re}\n${err}`));
        });
      });
    },
  };
}

/** Kill every child still running when the test ends. */
export function reap(t: TestContext, children: Child[]): void {
  t.after(() => {
    for (const c of children)
      if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill("SIGKILL");
  });
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The built CLI (`npm test` builds it first). */
export function cli(
  args: string[],
  env: Record<string, string | undefined> = {},
  cwd = ROOT,
): Promise<CliResult> {
  if (!fs.existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first (npm test does)`);
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: childEnv({ BRAIN_FSYNC: "0", ...env }),
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("error", rej);
    child.on("close", (code) => {
      clearTimeout(timer);
      res({ code: code ?? -1, stdout, stderr });
    });
  });
}

export function show(r: CliResult): string {
  return `exit ${r.code}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`;
}

/**
 * Every line of the log, each required to be exactly one JSON object with nothing glued before or after
 * it, and the file to end with a newline. Returns the parsed lines.
 */
export function strictLines(path: string): Record<string, unknown>[] {
  const text = fs.readFileSync(path, "utf8");
  if (text === "") return [];
  if (!text.endsWith("\n")) throw new Error(`${path} does not end with a newline`);
  return text
    .slice(0, -1)
    .split("\n")
    .map((l, i) => {
      let v: unknown;
      try {
        v = JSON.parse(l);
      } catch {
        throw new Error(`${path}:${i + 1} is not one whole JSON line: ${l.slice(0, 300)}`);
      }
      if (v === null || typeof v !== "object" || Array.isArray(v) || !l.startsWith("{") || !l.endsWith("}")) {
        throw new Error(`${path}:${i + 1} is not one JSON object: ${l.slice(0, 300)}`);
      }
      return v as Record<string, unknown>;
    });
}

/** File mode bits (0o777 part). */
export function mode(path: string): number {
  return fs.statSync(path).mode & 0o777;
}
