import * as fs from "node:fs";
import * as nodeModule from "node:module";
import { basename, dirname, join } from "node:path";
import * as vm from "node:vm";

// The class itself (a built-in is taken as it is in the bin: no `default`, scripts/build.mjs plainBuiltins).
const Module = nodeModule.Module;

/**
 * Loading a CommonJS bundle of ours from V8's code cache (the bin's fast path, the in-process hook). A hook
 * runs on every prompt, tool call and stop, and a fresh Node compiles the bundle's code on each: parsing it
 * (every function is pre-parsed, every called one compiled to bytecode) was most of what a hook cost above
 * `node -e 0` (cachegrind: ~60 M of the in-process prompt's ~380 M instructions over node). V8 can save the
 * bytecode it made and take it back next time (what Node 22's module.enableCompileCache does; Node 20 has
 * only vm.Script's cachedData), so each (bundle, kind of run) keeps one cache file, written after the first
 * run of that kind and used from then on.
 *
 * Safety: the cache lives in a directory of the user's own (src/cli/code-cache-config.ts), used only when it
 * is theirs and no one else can write to it — cached bytecode runs as it is, so a file another local user could
 * plant must never be read. A cache file is named by the bundle's size, mtime and inode, the Node version and
 * the architecture: a rebuilt or upgraded bundle gets a new name (V8 itself checks only the source's length
 * and its own version and flags, and rejects the rest). Anything that fails — no directory, a full disk, a
 * rejected or cut file — only means compiling as usual; a rejected cache is written again.
 */
export interface CodeCache {
  /** The cache directory; undefined: compile as usual. */
  dir: string | undefined;
  /** What kind of run this is ("hook-user-prompt-submit", "cli"): each compiles other functions. */
  kind: string;
}

export type LoadBundle = (file: string) => Record<string, unknown>;

/** `import()` of the bin's own module (dist/cli/brain.cjs): the bundles' ES-module imports go through it. */
export type ImportModule = (specifier: string) => Promise<unknown>;

/**
 * A loader of our CommonJS bundles for this run. A vm.Script's own `import()` fails once the script comes from
 * a code cache (Node 20: "A dynamic import callback was not specified"), so the build rewrites the bundles'
 * few `import("…")` (the CLI proper, secretlint) into `__brainImport("…")` (scripts/build.mjs routeImports),
 * a parameter of the module's wrapper, given here.
 */
export function bundleLoader(cache: CodeCache, importModule: ImportModule): LoadBundle {
  return (file) => loadBundle(file, cache, importModule);
}

/** Node's CommonJS wrapper with one more parameter; on the first line, so line numbers stay the file's. */
const HEAD = "(function (exports, require, module, __filename, __dirname, __brainImport) { ";

function loadBundle(file: string, cache: CodeCache, importModule: ImportModule): Record<string, unknown> {
  const source = fs.readFileSync(file, "utf8");
  const name = cacheName(file, cache.kind);
  const firstName = name.replace(/\.v8$/, ".first.v8");
  const dir = cache.dir !== undefined && ownDirectory(cache.dir) ? cache.dir : undefined;
  let cachedData = dir !== undefined ? readOrNothing(join(dir, name)) : undefined;
  const fromFirst = cachedData === undefined;
  if (fromFirst && dir !== undefined) cachedData = readOrNothing(join(dir, firstName));
  const script = new vm.Script(`${HEAD}${source}\n})`, { filename: file, cachedData });
  const mod = new Module(file);
  mod.filename = file;
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(mod.exports, mod.exports, Module.createRequire(file), mod, file, dirname(file), importModule);
  mod.loaded = true;
  if (cache.dir === undefined) return mod.exports as Record<string, unknown>;
  const accepted = cachedData !== undefined && script.cachedDataRejected !== true;
  // The cache holds what its run compiled, and a first run is seldom a usual one (a cold open builds the fold
  // snapshot; V8 flushes bytecode it stopped using): a warm `brain add` at 100k compiled 117 M instructions'
  // worth of functions from source on every run with the first run's cache (cachegrind: 496 M against 379 M).
  // So the first run writes `.first.v8`, the second, taking that back, writes the cache kept from then on.
  // Rejected or none: written again under the name it was looked up by; a first run's taken back: the kept one.
  const target = accepted ? (fromFirst ? name : undefined) : fromFirst ? firstName : name;
  if (target !== undefined) {
    const at = cache.dir;
    // After the run: the functions it compiled are in the cache too.
    process.once("exit", () => {
      try {
        if (target === name) fs.rmSync(join(at, firstName), { force: true }); // not one of the three kept
      } catch {
        // Only a cache: a first-run file left behind is replaced or pruned by a later save.
      }
      save(at, target, `${basename(file)}-${cache.kind}-`, script);
    });
  }
  return mod.exports as Record<string, unknown>;
}

function cacheName(file: string, kind: string): string {
  const s = fs.statSync(file);
  return `${basename(file)}-${kind}-${s.size}-${Math.trunc(s.mtimeMs)}-${s.ino}-${process.version}-${process.arch}.v8`;
}

/** Whether `dir` is a directory of this user that no one else can write to. */
export function ownDirectory(dir: string): boolean {
  try {
    const s = fs.lstatSync(dir);
    const uid = process.getuid?.();
    return s.isDirectory() && (uid === undefined || s.uid === uid) && (s.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

function readOrNothing(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Cache files kept per bundle and kind, and in all (a mistyped command is a kind of its own). */
const KEEP = 3;
const KEEP_ALL = 60;

/** Writes the cache (a temp file completely, then renamed) and removes the oldest ones beyond the limits. */
function save(dir: string, name: string, prefix: string, script: vm.Script): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!ownDirectory(dir)) return;
    const tmp = join(dir, `.${name}.${process.pid}.tmp`);
    fs.writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
    fs.renameSync(tmp, join(dir, name));
    // The newest few of this bundle and kind stay (two installs or Node versions in use keep theirs).
    const others = fs
      .readdirSync(dir)
      .filter((f) => f !== name && f.endsWith(".v8"))
      .map((f) => ({ f, at: fs.statSync(join(dir, f)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    const mine = others.filter((o) => o.f.startsWith(prefix));
    const old = new Set([...mine.slice(KEEP - 1), ...others.slice(KEEP_ALL - 1)].map((o) => o.f));
    for (const f of old) fs.rmSync(join(dir, f), { force: true });
  } catch {
    // Only a cache: the next run compiles as usual and tries again.
  }
}
