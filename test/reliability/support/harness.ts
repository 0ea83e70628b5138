/**
 * Shared pieces of the reliability suite: temp brains, child processes running the library, and strict
 * checks of the log's framing.
 *
 * Children run a bundle of their TypeScript entry point (esbuild, packages left external) instead of
 * `node --import tsx`: a tsx child spends ~1 s of CPU loading the engine, a bundled one ~0.1 s, and the
 * crash test starts over a hundred of them. The bundle is rebuilt from the current sources on every run.
 */
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestContext } from "node:test";
import { buildSync } from "esbuild";
import { cleanEnv, type EnvPatch } from "../../support/env.ts";
import {
  assertBuilt,
  BIN,
  type CliResult,
  ROOT,
  type Started,
  spawnProcess,
  startProcess,
} from "../../support/spawn.ts";

export { show } from "../../support/cli.ts";
export { prng } from "./common.ts";
export { BIN, type CliResult, ROOT };

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

/** Environment for a child: the suite's one clean child environment (test/support/env.ts). */
export const childEnv = cleanEnv;

/** A started support script: its stdout lines, and `waitFor` (the first line matching a pattern). */
export interface Child extends Started {
  waitFor(re: RegExp, _ignored?: number): Promise<string>;
}

/** Start a bundled support script. */
export function startChild(name: string, args: string[], env: EnvPatch = {}): Child {
  const started = startProcess(process.execPath, [bundle(name), ...args], { env: cleanEnv(env), cwd: ROOT });
  return { ...started, waitFor: started.waitForLine };
}

/** Kill every child still running when the test ends. */
export function reap(t: TestContext, children: Child[]): void {
  t.after(() => {
    for (const c of children)
      if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill("SIGKILL");
  });
}

/** The built CLI (`npm test` builds it first; a missing or stale build fails here). */
export function cli(args: string[], env: EnvPatch = {}, cwd = ROOT): Promise<CliResult> {
  assertBuilt();
  return spawnProcess(process.execPath, [BIN, ...args], { env: cleanEnv({ BRAIN_FSYNC: "0", ...env }), cwd });
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
