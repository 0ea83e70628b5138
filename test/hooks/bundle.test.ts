/**
 * The hooks' fast path as built: the installed bin (dist/cli/brain.cjs) holds src/hooks/entry.ts and what
 * it imports — Node's built-ins and Brain's own small modules, never a package (zod, the SDKs, secretlint),
 * never the engine, the context, recall or the tools. Hosts start it on every
 * prompt, tool call and stop; what it loads is its start-up (bench/hooks.ts measures it).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { assertBuilt, ROOT } from "../support/cli.ts";

test("the installed bin's fast path loads built-ins and small modules of ours, no package and no engine", () => {
  assertBuilt();
  const text = fs.readFileSync(join(ROOT, "dist", "cli", "brain.cjs"), "utf8");
  const required = new Set([...text.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]));
  const imported = new Set([...text.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]));
  assert.deepEqual(
    [...required].filter((r) => !r?.startsWith("node:")),
    [],
    "only Node's built-ins are required",
  );
  assert.deepEqual(
    [...imported].sort(),
    ["./cli-main.js", "./hook-main.js"],
    "the in-process hook's own bundle, or the CLI proper, only when the fast path hands over",
  );
  // esbuild marks each bundled module with its path.
  const modules = new Set([...text.matchAll(/^\/\/ (src\/\S+)$/gm)].map((m) => m[1] as string));
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

test("the in-process hook is a bundle of its own: the prompt's modules in a few files, no CLI framework", () => {
  assertBuilt();
  const dir = join(ROOT, "dist", "cli");
  const main = fs.readFileSync(join(dir, "hook-main.js"), "utf8");
  assert.match(main, /^\/\/ src\/cli\/hook\.ts$/m, "the hook command is in it");
  // Its chunks are its own (hook-*.js), not the CLI's: the CLI's many entries cut the same modules finer.
  const chunks = [...main.matchAll(/from "\.\/([^"]+)"/g)].map((m) => m[1] as string);
  assert.ok(chunks.length > 0 && chunks.every((c) => c.startsWith("hook-")), chunks.join(" "));
  const all = [
    main,
    ...fs
      .readdirSync(dir)
      .filter((f) => f.startsWith("hook-") && f.endsWith(".js"))
      .map((f) => fs.readFileSync(join(dir, f), "utf8")),
  ].join("\n");
  assert.doesNotMatch(all, /^\/\/ node_modules\/commander\//m, "commander is the CLI's, not the hook's");
  assert.doesNotMatch(all, /^\/\/ src\/cli\/program\.ts$/m, "the command table is the CLI's");
});
