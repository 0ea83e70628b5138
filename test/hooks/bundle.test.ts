/**
 * The hooks' paths as built: the installed bin (dist/cli/brain.cjs) is a few lines that load the bin proper
 * (dist/cli/bin-main.cjs: src/hooks/entry.ts and what it imports — Node's built-ins and Brain's own small
 * modules, never a package, never the engine, the context, recall or the tools) and the in-process hook
 * (dist/cli/hook-main.cjs, one file) through V8's code cache (src/cli/code-cache.ts). Hosts start it on every
 * prompt, tool call and stop; what it loads is its start-up (bench/hooks.ts measures it).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { assertBuilt, brain, brainOk, freshSandbox, ROOT, show } from "../support/cli.ts";

const DIR = join(ROOT, "dist", "cli");
const read = (f: string) => fs.readFileSync(join(DIR, f), "utf8");
const packagesRequired = (text: string) =>
  [...new Set([...text.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1] as string))].filter(
    (r) => !r.startsWith("node:"),
  );
/** esbuild marks each bundled module with its path. */
const modulesOf = (text: string) =>
  new Set([...text.matchAll(/^\/\/ (src\/\S+)$/gm)].map((m) => m[1] as string));

test("the installed bin is the loader alone: built-ins and the code cache, nothing to parse on every hook", () => {
  assertBuilt();
  const text = read("brain.cjs");
  assert.deepEqual(packagesRequired(text), [], "only Node's built-ins are required");
  assert.deepEqual([...modulesOf(text)].sort(), [
    "src/cli/argv.ts",
    "src/cli/bin.ts",
    "src/cli/code-cache-config.ts",
    "src/cli/code-cache.ts",
  ]);
  assert.ok(text.length < 8000, `${text.length} bytes`);
});

test("the bin proper holds the fast path: built-ins and small modules of ours, no package and no engine", () => {
  assertBuilt();
  const text = read("bin-main.cjs");
  assert.deepEqual(packagesRequired(text), [], "only Node's built-ins are required");
  // A vm.Script from a code cache cannot import(): the CLI proper is a bundle the loader loads.
  assert.doesNotMatch(text, /\bimport\(/);
  assert.doesNotMatch(text, /__brainImport\(/);
  assert.match(text, /"\.\/cli-main\.cjs"/);
  const modules = modulesOf(text);
  assert.ok(modules.has("src/hooks/entry.ts") && modules.has("src/store/log.ts"), [...modules].join(" "));
  const heavy = [...modules].filter(
    (m) =>
      m.startsWith("src/engine/") ||
      /^src\/(context|mcp|brainfiles|portable|viewer)\//.test(m) ||
      (m.startsWith("src/recall/") && m !== "src/recall/embeddings/config.ts") ||
      // The secret guard redacts tool events on the fast path: its detectors, prose credentials among them.
      (m.startsWith("src/guards/") && m !== "src/guards/detectors.ts" && m !== "src/guards/prose.ts") ||
      m === "src/store/jsonl/file-store.ts" ||
      m === "src/store/jsonl/maintenance.ts",
  );
  assert.deepEqual(heavy, [], "modules the hooks' fast path must not load");
});

test("the CLI proper is one CommonJS file: commander bundled, packages required or routed, every command lazy", () => {
  assertBuilt();
  const text = read("cli-main.cjs");
  assert.ok(modulesOf(text).has("src/cli/program.ts"), "the command table is in it");
  assert.match(text, /^\/\/ node_modules\/commander\//m);
  // zod too: from node_modules its ~60 files would be compiled from source on every `brain add`.
  assert.doesNotMatch(text, /\brequire\("zod"\)/);
  // And secretlint, which the write gate loads on every `brain add` (~30 ES modules compiled from source).
  assert.match(text, /^\/\/ node_modules\/@secretlint\/secretlint-rule-preset-recommend\//m);
  assert.doesNotMatch(text, /__brainImport\("@secretlint\//);
  // Its profiler keeps a mark of every lint for the life of the process (a server): a no-op in the bundle.
  assert.doesNotMatch(text, /^\/\/ node_modules\/@secretlint\/core\/node_modules\/@secretlint\/profiler\//m);
  assert.match(text, /secretLintProfiler = \{ mark\(\) \{\s*\} \}/);
  assert.deepEqual([...text.matchAll(/\bimport\((?!\$\{)/g)].length, 0, "every import() routed");
  // A command's modules run when it runs: the MCP server's are initialised only by `brain mcp`.
  assert.match(text, /^var init_server\d* = __esm\(\{\n {2}"src\/mcp\/server\.ts"/m);
});

test("the bundles the code cache loads are ASCII: V8 keeps them one byte a character", () => {
  assertBuilt();
  for (const f of ["brain.cjs", "bin-main.cjs", "hook-main.cjs", "cli-main.cjs"])
    assert.doesNotMatch(read(f), /[^\x00-\x7f]/, f);
});

test("the escaped bundles read other scripts as the sources do: credentials said in Russian and Chinese are refused", async (t) => {
  const sb = freshSandbox(t, "brain-bundle-ascii-");
  await brainOk(sb, ["init"]);
  for (const text of ["логин admin, пароль Hunter42!", "数据库的账号是 admin 密码是 Hunter42!"]) {
    const r = await brain(sb, ["add", "type=learning", `text=${text}`]);
    assert.equal(r.code, 2, show(r));
    assert.match(r.stderr, /looks like it contains a secret/);
  }
  // And a word of another script is kept and found as it was written.
  await brainOk(sb, ["add", "type=learning", "text=Сборка идёт через pnpm — не через npm"]);
  const found = await brainOk(sb, ["search", "сборка"]);
  assert.match(found.stdout, /Сборка идёт через pnpm — не через npm/);
});

test("the in-process hook is one file of its own: the hook command, no CLI framework, ES modules routed", () => {
  assertBuilt();
  const text = read("hook-main.cjs");
  assert.ok(modulesOf(text).has("src/cli/hook.ts"), "the hook command is in it");
  assert.doesNotMatch(text, /^\/\/ node_modules\/commander\//m, "commander is the CLI's, not the hook's");
  assert.doesNotMatch(text, /^\/\/ src\/cli\/program\.ts$/m, "the command table is the CLI's");
  // Only the team store's worker source (a template's text) still says import(.
  assert.deepEqual([...text.matchAll(/\bimport\((?!\$\{)/g)].length, 0);
  assert.ok(/__brainImport\("@secretlint\/core"\)/.test(text), "secretlint through the loader");
});
