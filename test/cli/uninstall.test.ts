/**
 * `brain uninstall claude|pi` (issue 13) removes exactly what `brain install` wrote: its files, then the
 * directories that leaves empty; the user's own files (and ours edited past recognition) stay. Built CLI.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { brain, brainOk, freshSandbox, json, show } from "../support/cli.ts";

/** Every file under `dir`, relative, sorted. */
function tree(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((p) => fs.statSync(join(dir, p)).isFile())
    .sort();
}

test("uninstall claude removes the marketplace brain install wrote and nothing of the user's", async (t) => {
  const sb = freshSandbox(t);
  const dir = join(sb.dir, "market place");
  fs.mkdirSync(join(dir, "brain", "hooks"), { recursive: true });
  fs.writeFileSync(join(dir, "notes.txt"), "mine");
  fs.writeFileSync(join(dir, "brain", "hooks", "mine.json"), "{}");
  const installed = json<{ files: string[] }>(
    await brainOk(sb, ["--brain", sb.brainPath, "--json", "install", "claude", "--dir", dir]),
  );
  assert.ok(installed.files.length >= 4);
  const before = tree(dir);

  const dry = await brainOk(sb, ["uninstall", "claude", "--dir", dir, "--dry-run"]);
  assert.match(dry.stdout, /^Would remove \(claude\):\n/);
  for (const f of installed.files) assert.ok(dry.stdout.includes(f), `${f} not listed:\n${dry.stdout}`);
  assert.match(
    dry.stdout,
    /claude plugin uninstall brain@brain-local\n {2}claude plugin marketplace remove brain-local/,
  );
  assert.deepEqual(tree(dir), before, "a dry run removed something");

  const r = json<{ removed: string[]; kept: string[] }>(
    await brainOk(sb, ["--json", "uninstall", "claude", "--dir", dir]),
  );
  assert.deepEqual(r.removed.sort(), [...installed.files].sort());
  assert.deepEqual(tree(dir), ["brain/hooks/mine.json", "notes.txt"]);
  assert.ok(!fs.existsSync(join(dir, ".claude-plugin")), "an emptied directory stayed");
  const again = await brainOk(sb, ["uninstall", "claude", "--dir", dir]);
  assert.match(again.stdout, /^Nothing to remove/);
});

test("uninstall claude into a fresh directory leaves nothing; an edited file of ours is kept", async (t) => {
  const sb = freshSandbox(t);
  const dir = join(sb.dir, "m");
  await brainOk(sb, ["install", "claude", "--dir", dir]);
  fs.writeFileSync(join(dir, "brain", ".mcp.json"), '{"mcpServers":{"mine":{}}}\n');
  const r = await brainOk(sb, ["uninstall", "claude", "--dir", dir]);
  assert.match(r.stdout, /Left in place \(not written by brain install\):\n {2}.*\.mcp\.json/);
  assert.deepEqual(tree(dir), ["brain/.mcp.json"]);
  fs.rmSync(join(dir, "brain", ".mcp.json"));
  await brainOk(sb, ["install", "claude", "--dir", dir]);
  await brainOk(sb, ["uninstall", "claude", "--dir", dir]);
  assert.ok(!fs.existsSync(dir), "the marketplace directory brain install created stayed");
});

test("uninstall pi removes the extension stub only; the extensions directory and others stay", async (t) => {
  const sb = freshSandbox(t);
  const dir = join(sb.dir, "extensions");
  fs.mkdirSync(dir);
  fs.writeFileSync(join(dir, "other.ts"), "export default () => {};\n");
  await brainOk(sb, ["install", "pi", "--dir", dir]);
  await brainOk(sb, ["uninstall", "pi", "--dir", dir]);
  assert.deepEqual(tree(dir), ["other.ts"]);
  fs.writeFileSync(join(dir, "brain.ts"), "// my own brain.ts\n");
  const r = await brainOk(sb, ["uninstall", "pi", "--dir", dir]);
  assert.match(r.stdout, /Left in place/);
  assert.ok(fs.existsSync(join(dir, "brain.ts")));
  const bad = await brain(sb, ["uninstall", "vscode"]);
  assert.equal(bad.code, 2, show(bad));
});
