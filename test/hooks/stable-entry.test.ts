/**
 * The stable entry point (src/hooks/entry-point.ts): what `brain install` writes into a host's config names
 * `~/.brain/bin/brain`, never the node binary or the install's path, so an upgrade — another install
 * directory, Node under another path — leaves the host's files byte for byte (hosts that trust a hook by
 * its command's hash keep running it) while the hooks run the new install.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { freshSandbox, ROOT, run, type Sandbox, show } from "../support/cli.ts";
import { INSTALLED } from "./_support.ts";

/** A copy of this package elsewhere, as a newer version installed into another directory would be. */
function otherInstall(sb: Sandbox, version: string): string {
  const root = join(sb.dir, "upgraded", "node_modules", "brain");
  fs.mkdirSync(root, { recursive: true });
  for (const d of ["dist", "plugins", "skills"]) fs.cpSync(join(ROOT, d), join(root, d), { recursive: true });
  const pkg = JSON.parse(fs.readFileSync(join(ROOT, "package.json"), "utf8")) as Record<string, unknown>;
  fs.writeFileSync(join(root, "package.json"), JSON.stringify({ ...pkg, version }));
  fs.symlinkSync(join(ROOT, "node_modules"), join(root, "node_modules"));
  return join(root, "dist", "cli", "brain.cjs");
}

test("an upgrade from another directory and another node path leaves the host's config byte for byte; its hooks run the new install", async (t) => {
  const sb = freshSandbox(t, "brain-entry-point-");
  const market = join(sb.dir, "market");
  const hostFiles = () =>
    ["hooks/hooks.json", ".mcp.json"].map((f) => fs.readFileSync(join(market, "brain", f)));
  const install = async (node: string, bin: string) => {
    const r = await run(node, [bin, "--brain", sb.brainPath, "install", "claude", "--dir", market], sb);
    assert.equal(r.code, 0, show(r));
  };
  await install(process.execPath, INSTALLED);
  const before = hostFiles();
  const entry = join(sb.home, ".brain", "bin", "brain");
  assert.match(before[0]?.toString() ?? "", new RegExp(`"command": "${entry} --brain `));

  // A newer version in another directory, run by a node binary under another path.
  const upgraded = otherInstall(sb, "9.9.9-upgraded");
  const nodeDir = join(sb.dir, "node-next", "bin");
  fs.mkdirSync(nodeDir, { recursive: true });
  // The same node under another path (a symlink would not do: Node reports the resolved path as execPath).
  try {
    fs.linkSync(process.execPath, join(nodeDir, "node"));
  } catch {
    fs.copyFileSync(process.execPath, join(nodeDir, "node"));
    fs.chmodSync(join(nodeDir, "node"), 0o755);
  }
  await install(join(nodeDir, "node"), upgraded);
  assert.deepEqual(hostFiles(), before, "the host's hooks.json and .mcp.json changed");
  assert.equal(fs.readFileSync(`${entry}.install`, "utf8"), `${join(nodeDir, "node")}\n${upgraded}\n`);

  // The hook as the host runs it: its command line, through a shell.
  const hooks = JSON.parse(before[0]?.toString() ?? "") as {
    hooks: Record<string, { hooks: { command: string }[] }[]>;
  };
  const cmd = hooks.hooks.SessionStart?.[0]?.hooks[0]?.command ?? "";
  const hook = await run("sh", ["-c", cmd], sb, {
    env: { BRAIN_PATH: undefined },
    stdin: JSON.stringify({
      session_id: "s",
      cwd: sb.dir,
      hook_event_name: "SessionStart",
      source: "startup",
    }),
  });
  assert.equal(hook.code, 0, show(hook));
  assert.match(hook.stdout, /"hookEventName":"SessionStart"/);
  const version = await run("sh", ["-c", `${entry} --version`], sb);
  assert.equal(version.stdout.trim(), "9.9.9-upgraded", "the entry point runs the upgraded install");

  // Node switched again and the recorded binary is gone: the node on PATH runs it.
  fs.rmSync(join(nodeDir, "node"));
  const onPath = await run("sh", ["-c", `${entry} --version`], sb, {
    env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin` },
  });
  assert.equal(onPath.stdout.trim(), "9.9.9-upgraded", show(onPath));

  // Installing again changes nothing the host reads.
  await install(process.execPath, INSTALLED);
  assert.deepEqual(hostFiles(), before);
  const back = await run("sh", ["-c", `${entry} --version`], sb);
  assert.notEqual(back.stdout.trim(), "9.9.9-upgraded");
});

test("with no install recorded, the entry point says so and exits 1 (a hook error hosts show, never a block)", async (t) => {
  const sb = freshSandbox(t, "brain-entry-point-");
  const r1 = await run(process.execPath, [INSTALLED, "install", "claude", "--dir", join(sb.dir, "m")], sb);
  assert.equal(r1.code, 0, show(r1));
  const entry = join(sb.home, ".brain", "bin", "brain");
  fs.rmSync(`${entry}.install`);
  const r = await run("sh", ["-c", `${entry} hook stop`], sb, { stdin: "{}" });
  assert.equal(r.code, 1, show(r));
  assert.match(r.stderr, /no install recorded in .*brain\.install: run `brain install` again/);
});
