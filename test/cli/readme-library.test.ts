/**
 * The README's library example, taken from README.md itself and run as a consumer would: a project whose
 * node_modules/agent-brain is this package, importing "agent-brain" (package.json's exports → dist/index.js). If the
 * README or the public API drift apart, this fails.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { assertBuilt, childEnv, freshSandbox, ROOT, readLines, show } from "../support/cli.ts";
import { spawnProcess } from "../support/spawn.ts";

/** The first ```ts block under the README's "## Library" heading. */
function libraryExample(): string {
  const readme = fs.readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("\n## Library\n"));
  const m = /```ts\n([\s\S]*?)```/.exec(section);
  assert.ok(readme.includes("\n## Library\n") && m, "README.md has a ## Library section with a ts example");
  return m[1] as string;
}

test("the README's library example runs against the package entry and does what it says", async (t) => {
  assertBuilt();
  const code = libraryExample();
  assert.match(code, /from "agent-brain"/, "the example imports the package by its name");
  const pkg = JSON.parse(fs.readFileSync(join(ROOT, "package.json"), "utf8")) as {
    name: string;
    exports: { ".": { import: string } };
  };
  assert.equal(pkg.name, "agent-brain");
  assert.ok(fs.existsSync(join(ROOT, pkg.exports["."].import)), "the package entry is built");

  const sb = freshSandbox(t, "brain-readme-");
  const app = join(sb.dir, "app");
  fs.mkdirSync(join(app, "node_modules"), { recursive: true });
  fs.symlinkSync(ROOT, join(app, "node_modules", "agent-brain"), "dir");
  fs.writeFileSync(join(app, "package.json"), '{ "private": true, "type": "module" }\n');
  // Plain JavaScript as written (the block is tagged ts but needs no types): node runs it as is.
  fs.writeFileSync(join(app, "example.mjs"), code);
  const r = await spawnProcess(process.execPath, ["example.mjs"], { env: childEnv(sb), cwd: app });
  assert.equal(r.code, 0, show(r));
  assert.equal(r.stderr, "");
  assert.match(r.stdout, /^## /m, "prints the context");
  assert.match(r.stdout, /This repo uses pnpm not npm/, "with the learning it just added");
  // Run again, as after the README's own CLI examples added the same learning: no crash, nothing doubled.
  const again = await spawnProcess(process.execPath, ["example.mjs"], { env: childEnv(sb), cwd: app });
  assert.equal(again.code, 0, show(again));
  assert.match(again.stdout, /This repo uses pnpm not npm/);
  const stored = readLines(sb.brainPath).filter((e) => e.text === "This repo uses pnpm not npm");
  assert.equal(stored.length, 1, "written once to the brain loadConfig() chose (BRAIN_PATH)");
});
