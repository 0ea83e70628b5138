/**
 * The README's quick start, run as a newcomer runs it (issue 25): exactly two commands, the second `npm test`;
 * the first run as written in a fresh copy of the repository's files with an empty HOME and npm cache. Its
 * `npm install` resolves through a registry on 127.0.0.1 serving the packages this checkout installed
 * (test/support/local-registry.ts), so the test reaches no network. That registry re-packs each package, so
 * the tarballs' hashes are not the lockfile's: the copy is installed without its lockfile (the versions are the
 * same — the registry holds only the installed ones). `npm test` itself is what `.ci/run` runs.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { freshSandbox, ROOT, show } from "../support/cli.ts";
import { startLocalRegistry } from "../support/local-registry.ts";
import { spawnProcess } from "../support/spawn.ts";

function quickStart(): string[] {
  const readme = fs.readFileSync(join(ROOT, "README.md"), "utf8");
  const at = readme.indexOf("\n## Quick start\n");
  assert.ok(at >= 0, "README.md has a ## Quick start section");
  assert.ok(readme.slice(0, at).split("\n").length < 60, "within the README's first 60 lines");
  const m = /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  assert.ok(m, "with a sh block");
  return (m[1] as string).split("\n").filter((l) => l.trim() && !l.trim().startsWith("#"));
}

test("the README's quick start: two commands; the first installs and runs the brain in a fresh HOME", async (t) => {
  const commands = quickStart();
  assert.equal(commands.length, 2, `exactly two commands:\n${commands.join("\n")}`);
  assert.equal(commands[1], "npm test");
  const first = commands[0] as string;
  assert.match(first, /^npm install && /);

  const files = spawnSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" });
  if (files.status !== 0) return t.skip("not a git checkout: nothing to copy the repository's files from");
  const sb = freshSandbox(t, "brain-quick-start-");
  const app = join(sb.dir, "repo");
  for (const rel of files.stdout.split("\0").filter(Boolean)) {
    if (rel === "package-lock.json" || !fs.existsSync(join(ROOT, rel))) continue;
    fs.mkdirSync(dirname(join(app, rel)), { recursive: true });
    fs.copyFileSync(join(ROOT, rel), join(app, rel));
  }
  const registry = await startLocalRegistry(join(ROOT, "node_modules"), join(sb.dir, "tarballs"));
  t.after(() => registry.close());
  const r = await spawnProcess("bash", ["-c", first], {
    cwd: app,
    timeoutMs: 15 * 60_000,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: sb.home,
      npm_config_registry: registry.url,
      npm_config_cache: join(sb.dir, "npm-cache"),
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_update_notifier: "false",
    },
  });
  assert.equal(r.code, 0, show(r));
  assert.ok(registry.asked.has("esbuild"), "dependencies came through the loopback registry");
  const brain = join(sb.home, ".rho", "brain", "brain.jsonl");
  assert.match(
    r.stdout,
    new RegExp(`Brain ready at ${brain}`),
    "brain init made the brain in the fresh HOME",
  );
  assert.ok(fs.existsSync(brain));
  assert.match(r.stdout, /## Tasks and reminders/, "brain context printed the context");
});
