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
import { assertBuilt, ROOT } from "../support/cli.ts";

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
  // A vm.Script from a code cache cannot import(): the CLI proper is a CommonJS bundle the loader loads too.
  assert.doesNotMatch(text, /\bimport\(/);
  assert.deepEqual(
    [...text.matchAll(/__brainImport\("([^"]+)"\)/g)].map((m) => m[1]),
    [],
  );
  assert.match(text, /"\.\/cli-main\.cjs"/);
  const cli = read("cli-main.cjs");
  assert.doesNotMatch(cli, /\bimport\((?!\$\{)/, "every import() of the CLI is routed through the loader");
  assert.ok(modulesOf(cli).has("src/cli/program.ts"), "the command table is in the CLI's bundle");
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
