/**
 * `npm run build`: the library and the CLI.
 *
 * 1. tsc (tsconfig.build.json) emits dist/ module by module with .d.ts: dist/index.js is the library entry.
 * 2. esbuild then replaces dist/cli/main.js, the `brain` bin, with a bundle split into chunks beside it
 *    (dist/cli/chunk-*.js). Every command is reached through a dynamic import() in src/cli/cli.ts, so a
 *    command loads only its own chunks: start-up pays for a dozen files instead of ~70 modules, and never
 *    for the MCP SDK, secretlint or the parsers unless the command uses them.
 *
 * The chunks live in dist/cli/, two levels below the package root like every module tsc emits, so code that
 * finds files relative to import.meta.url (package.json, skills/) resolves the same in both builds.
 * Packages stay external (resolved from node_modules at run time) except the small ones every command
 * loads anyway (BUNDLED), whose separate files would each cost a module load.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const DIST = join(ROOT, "dist");
const BUNDLED = new Set(["commander", "stemmer"]);
/** `node scripts/build.mjs --meta <file>`: also write esbuild's metafile (what every chunk holds and imports). */
const metaAt = process.argv.indexOf("--meta");
const META = metaAt > 0 ? process.argv[metaAt + 1] : undefined;

function tsc() {
  const bin = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const r = spawnSync(process.execPath, [bin, "-p", join(ROOT, "tsconfig.build.json")], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Bare imports (packages) are external unless listed in `bundled`; Node's built-ins are always external. */
const externalOf = (bundled) => ({
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const name = args.path.startsWith("@")
        ? args.path.split("/").slice(0, 2).join("/")
        : args.path.split("/")[0];
      return bundled.has(name) ? undefined : { path: args.path, external: true };
    });
  },
});
const externalPackages = externalOf(BUNDLED);
/** secretlint and the packages it requires (see secretlintBundled). */
const SECRETLINT_BUNDLED = [
  "@secretlint/core",
  "@secretlint/secretlint-rule-preset-recommend",
  "structured-source",
  "boundary",
];
/**
 * The CommonJS CLI also bundles zod: the write gate's schemas load it on every `brain add`, and from
 * node_modules its ~60 files were compiled from source each time (most of a cold add); bundled, it comes from
 * the code cache. A second copy beside the SDKs' is what zod 4 is made for (its registry lives on globalThis).
 */
const cliPackages = externalOf(new Set([...BUNDLED, "zod", ...SECRETLINT_BUNDLED]));

/**
 * The CommonJS CLI bundles secretlint too: the write gate scans every `brain add` with it, and loaded from
 * node_modules as ES modules (with `debug` through Node's CommonJS export lexer) it was ~40 ms of a cold add
 * (CPU profile): compiling ~30 files from source each time. Bundled, it comes from the code cache, and its
 * modules run only when a command first scans (a lazy init like any import()). The whole preset, as before.
 * Its profiler is a module the bundle would hold its own copy of, out of reach of src/guards/secretlint-profiler.ts
 * (which finds node_modules' copy), so in the bundle it is one whose `mark` does nothing — what that module
 * does to the real one — and that module a no-op.
 */
const SECRETLINT_PROFILER = join(ROOT, "src", "guards", "secretlint-profiler.ts");
const secretlintBundled = {
  name: "secretlint-bundled",
  setup(b) {
    b.onResolve({ filter: /^@secretlint\/profiler$/ }, () => ({
      path: "profiler",
      namespace: "secretlint-off",
    }));
    b.onResolve({ filter: /secretlint-profiler\.ts$/ }, (args) =>
      join(args.resolveDir, args.path) === SECRETLINT_PROFILER
        ? { path: "silence", namespace: "secretlint-off" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "secretlint-off" }, (args) => ({
      contents:
        args.path === "profiler"
          ? "export const secretLintProfiler = { mark() {} };\n"
          : "export async function silenceProfiler() {}\n",
      loader: "js",
    }));
  },
};

/**
 * Two parts of bundled packages that no brain command uses, cut from the CLI bundle because every `brain add`
 * paid for them (cachegrind, in process at 100k entries: bench/cli-instructions.sh):
 * - zod's `locales` namespace builds the messages of ~60 languages when zod loads; brain uses the English ones
 *   zod configures by default, so the namespace holds only `en`.
 * - secretlint's core logs through `debug`, whose Node half requires tty (and with it net and streams) to ask
 *   whether stderr is a terminal; nothing here turns that log on, so its `debug` is one that logs nothing.
 */
const trimmedPackages = {
  name: "trimmed-packages",
  setup(b) {
    b.onResolve({ filter: /[\\/]locales[\\/]index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer)
        ? {
            path: "zod/v4/locales",
            namespace: "zod-english",
            pluginData: join(args.resolveDir, "..", "locales", "en.js"),
          }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-english" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.pluginData)};\n`,
      loader: "js",
      resolveDir: ROOT,
    }));
    b.onResolve({ filter: /^debug$/ }, (args) =>
      /[\\/]node_modules[\\/]@secretlint[\\/]core[\\/]/.test(args.importer)
        ? { path: "debug", namespace: "quiet-debug" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "quiet-debug" }, () => ({
      contents:
        "export default function debug() {\n  const log = () => {};\n  log.enabled = false;\n" +
        "  log.extend = debug;\n  return log;\n}\n",
      loader: "js",
    }));
  },
};

/**
 * commander requires node:child_process at load time, only to spawn executable subcommands (brain has
 * none), and loading it costs several milliseconds on every start (it pulls in net, dgram and streams).
 * commander gets a stand-in that requires the real module on first use instead.
 */
const lazyChildProcess = {
  name: "lazy-child-process",
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: "child_process", namespace: "lazy-builtin" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "lazy-builtin" }, () => ({
      contents:
        "let real;\nmodule.exports = new Proxy({}, {\n" +
        '  get: (_, key) => (real ??= require("node:child_process"))[key],\n});\n',
      loader: "js",
    }));
  },
};

/**
 * The hooks' shortest path (src/hooks/entry.ts: answers from the resident server, the learner's queue, the
 * tool-event log) is its own single-file bundle, dist/cli/fast-hook.js, which main.js imports by that name:
 * one module load instead of a chunk and its small imports, ~3 ms on every prompt (bench/serve.ts).
 */
const FAST_HOOK = join(ROOT, "src", "hooks", "entry.ts");
const fastHookApart = {
  name: "fast-hook-apart",
  setup(b) {
    b.onResolve({ filter: /entry\.ts$/ }, (args) =>
      join(args.resolveDir, args.path) === FAST_HOOK ? { path: "./fast-hook.js", external: true } : undefined,
    );
  },
};

async function bundleFastHook(outdir) {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { "fast-hook": FAST_HOOK },
    outdir,
    bundle: true,
    // What it imports dynamically (the learner's spawn, node:child_process) stays out of the prompt's path.
    splitting: true,
    chunkNames: "chunk-[hash]",
    format: "esm",
    platform: "node",
    target: "node20",
    plugins: [externalPackages],
    legalComments: "none",
    logLevel: "warning",
  });
  if (result.errors.length) process.exit(1);
}

/**
 * The installed bin, dist/cli/brain.cjs (src/cli/bin.ts), is a few lines that load the bin proper,
 * dist/cli/bin-main.cjs (src/cli/bin-main.ts: the hooks' fast path and the served commands), the in-process
 * hook, dist/cli/hook-main.cjs (src/cli/hook-main.ts: a prompt or session start no resident server answered),
 * and the CLI proper, dist/cli/cli-main.cjs (src/cli/cli.ts: every other command), through V8's code cache
 * (src/cli/code-cache.ts). All are CommonJS (Node starts a CommonJS entry ~4 ms sooner than an ES module, and
 * a vm.Script takes a code cache where an ES module cannot on Node 20) and one file each: with the cache, the
 * code a bundle holds but a run never calls costs almost nothing (each command's modules are reached through
 * import(), which a single bundle turns into a lazy init), so splitting it into chunks (each an ES module load
 * and its URL resolution) no longer pays. dist/cli/main.js (`node dist/cli/main.js`) stays the ES-module
 * build with its chunks. Bundled ES modules that read import.meta.url get the file's URL.
 */
const BIN = join(ROOT, "src", "cli", "bin.ts");
const BIN_MAIN = join(ROOT, "src", "cli", "bin-main.ts");
const CLI = join(ROOT, "src", "cli", "cli.ts");
const HOOK_MAIN = join(ROOT, "src", "cli", "hook-main.ts");
/** The packages the CLI imports when a command needs them (the AI SDKs, secretlint): all routed. */
const PACKAGES = Object.keys(JSON.parse(fs.readFileSync(join(ROOT, "package.json"), "utf8")).dependencies);
const SECRETLINT = ["@secretlint/core", "@secretlint/secretlint-rule-preset-recommend"];
/** One CommonJS bundle of `entry` at `out`, its built-ins taken as they are (plainBuiltins). */
async function bundleCommonJs(entry, out, plugins, imports = []) {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    plugins,
    define: { "import.meta.url": "__brainFileUrl" },
    banner: { js: 'const __brainFileUrl = require("node:url").pathToFileURL(__filename).href;' },
    // The team store's worker reads import.meta.resolve only when run from its TypeScript source.
    logOverride: { "empty-import-meta": "silent" },
    legalComments: "none",
    logLevel: "warning",
  });
  if (result.errors.length) process.exit(1);
  plainBuiltins(out);
  if (imports !== null) routeImports(out, imports);
  asciiOnly(out);
}

/**
 * A bundle loaded from V8's code cache (src/cli/code-cache.ts) cannot call `import()` itself: each of its
 * `import(…)` of an ES module (the CLI proper, secretlint and its profiler) becomes `__brainImport(…)`, which the
 * loader hands in. `imports` lists the literal specifiers expected; an `import(${…` is the text of a template
 * (the team store's worker source), left as it is. Anything unexpected fails the build.
 */
function routeImports(file, imports) {
  const code = fs.readFileSync(file, "utf8");
  const literal = [...new Set([...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]))];
  const unexpected = literal.filter((f) => !imports.includes(f) && !isBuiltin(f));
  if (unexpected.length)
    throw new Error(`${file}: an import() the loader does not expect: ${unexpected.join(", ")}`);
  fs.writeFileSync(file, code.replace(/\bimport\((?!\$\{)/g, "__brainImport("));
}

/**
 * V8 keeps a script that is all ASCII as one byte per character; one other character anywhere (a "—" in a
 * comment, "логин" in a regex) makes Node decode the whole file to two bytes per character and V8 hash and
 * scan it that way: the in-process prompt hook cost 244 M instructions with the bundles as esbuild writes them,
 * 219 M with every character above 127 written as a \uXXXX escape (cachegrind; `brain stats` 200 → 172 M,
 * `node -e 0` 86 M). The escape means the same character in a string, a template, a regex (with or without
 * the u flag: a pair of surrogate escapes is one code point there), an identifier and a comment. It does not in
 * a raw template, whose text a tag sees as written: the one such template with other characters,
 * String.raw in src/guards/prose.ts, builds a RegExp, which reads the escape as the character. An escaped
 * character (a backslash before it) would become a backslash and "uXXXX": the build fails instead.
 */
function asciiOnly(file) {
  const code = fs.readFileSync(file, "utf8");
  if (/\\[^\x00-\x7f]/.test(code)) throw new Error(`${file}: a backslash before a non-ASCII character`);
  const esc = (unit) => `\\u${unit.toString(16).padStart(4, "0")}`;
  fs.writeFileSync(
    file,
    // Without the u flag a character beyond U+FFFF is two code units: two escapes, a surrogate pair.
    code.replace(/[^\x00-\x7f]/g, (c) => esc(c.charCodeAt(0))),
  );
}

/**
 * In a CommonJS bundle esbuild gives every `import * as fs from "node:fs"` its own copy of the module's
 * properties (`__toESM(require("node:fs"), 1)`): 19 copies of fs on every hook, ~3 ms of the bin's start
 * (bench/hooks.ts, CPU profile). A built-in's namespace is the module object itself, and Brain never reads a
 * built-in's `default`, so the bin takes the module as it is. A bundled package that does read it (secretlint's
 * preset: `import path from "node:path"`) keeps esbuild's wrapper for that one binding.
 */
function plainBuiltins(file) {
  const code = fs.readFileSync(file, "utf8");
  const plain = code.replace(
    /\b([A-Za-z_$][\w$]*) = __toESM\(require\("(node:[a-z_/]+)"\), ?1\)/g,
    (whole, name, mod) => (code.includes(`${name}.default`) ? whole : `${name} = require("${mod}")`),
  );
  const wrapped = [...plain.matchAll(/\b([A-Za-z_$][\w$]*) = __toESM\(require\("node:/g)].map((m) => m[1]);
  if ((plain.match(/__toESM\(require\("node:/g) ?? []).length !== wrapped.length)
    throw new Error(`${file}: a built-in import esbuild wrapped otherwise`);
  // Each wrapper kept is a default import: only where a package of node_modules reads it, never in Brain's code.
  for (const name of wrapped)
    if (!fromPackage(plain, name))
      throw new Error(`${file}: a built-in's default import (${name}.default): import it as a namespace`);
  fs.writeFileSync(file, plain);
}

/** Whether the binding `name` is declared in a bundled package's module (esbuild's `// node_modules/…` mark). */
function fromPackage(code, name) {
  const at = code.indexOf(`${name} = __toESM(`);
  const mark = code.lastIndexOf("\n// ", at);
  return code.startsWith("\n// node_modules/", mark);
}

async function bundleBin(outdir) {
  // The bin is compiled by Node itself, so its own import() works as usual (null: nothing to route).
  await bundleCommonJs(BIN, join(outdir, "brain.cjs"), [externalPackages], null);
  fs.chmodSync(join(outdir, "brain.cjs"), 0o755);
  await bundleCommonJs(BIN_MAIN, join(outdir, "bin-main.cjs"), [externalPackages], []);
  await bundleCommonJs(
    CLI,
    join(outdir, "cli-main.cjs"),
    [lazyChildProcess, secretlintBundled, trimmedPackages, cliPackages],
    PACKAGES,
  );
  await bundleCommonJs(
    HOOK_MAIN,
    join(outdir, "hook-main.cjs"),
    [lazyChildProcess, externalPackages],
    SECRETLINT,
  );
}

async function bundleCli() {
  const outdir = join(DIST, "cli");
  const result = await build({
    absWorkingDir: ROOT,
    // The team store's worker thread is its own entry: the store starts it from ./pg-worker.js beside its chunk.
    entryPoints: {
      main: join(ROOT, "src", "cli", "main.ts"),
      "pg-worker": join(ROOT, "src", "store", "postgres", "pg-worker.ts"),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    chunkNames: "chunk-[hash]",
    plugins: [fastHookApart, lazyChildProcess, externalPackages],
    // Bundled CommonJS (commander) calls require() for node: built-ins; ESM has no require of its own.
    banner: {
      js: 'import { createRequire as __brainRequire } from "node:module";\nconst require = __brainRequire(import.meta.url);',
    },
    legalComments: "none",
    logLevel: "warning",
    metafile: META !== undefined,
  });
  if (result.errors.length) process.exit(1);
  if (META !== undefined) fs.writeFileSync(META, JSON.stringify(result.metafile));
  fs.chmodSync(join(outdir, "main.js"), 0o755);
  await bundleFastHook(outdir);
  await bundleBin(outdir);
}

/**
 * The web viewer `brain serve` shows (src/viewer/, Preact + TSX): one minified browser bundle and its CSS in
 * dist/viewer/ beside index.html. Preact is bundled into app.js, so nothing is fetched at run time.
 */
async function bundleViewer() {
  const outdir = join(DIST, "viewer");
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { app: join(ROOT, "src", "viewer", "main.tsx") },
    outdir,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    jsxImportSource: "preact",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
  });
  if (result.errors.length) process.exit(1);
  fs.copyFileSync(join(ROOT, "src", "viewer", "index.html"), join(outdir, "index.html"));
}

fs.rmSync(DIST, { recursive: true, force: true });
tsc();
await bundleCli();
await bundleViewer();
