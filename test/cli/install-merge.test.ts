/**
 * A user's own edits to the plugin's hooks.json and .mcp.json survive `brain install` and `brain uninstall`
 * (issue 25 §2): install replaces only Brain's entries (the user's hooks and MCP servers merged in), uninstall
 * removes only Brain's, each backs the file up before changing it and lists it. Built CLI, real files; and a
 * property of the merge itself over arbitrary user hooks.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { HOOK_EVENTS } from "../../src/hooks/events.ts";
import { hooksJson } from "../../src/hosts/claude/plugin.ts";
import { isBrainHookCommand, mergeUsers, usersPart } from "../../src/hosts/claude/plugin-merge.ts";
import { brainOk, freshSandbox, json } from "../support/cli.ts";
import { fc } from "../support/fc.ts";

type Hooks = { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]> };
const read = <T>(f: string) => JSON.parse(fs.readFileSync(f, "utf8")) as T;
const commands = (h: Hooks) =>
  Object.values(h.hooks).flatMap((gs) => gs.flatMap((g) => g.hooks.map((x) => x.command)));

test("install and uninstall keep the user's own hooks and MCP servers, back the files up and list them", async (t) => {
  const sb = freshSandbox(t);
  const dir = join(sb.dir, "market");
  const hooksFile = join(dir, "brain", "hooks", "hooks.json");
  const mcpFile = join(dir, "brain", ".mcp.json");
  const install = async (b: string) =>
    json<{ kept: { file: string; backup: string; how: string }[] }>(
      await brainOk(sb, [
        "--json",
        "--brain",
        join(sb.dir, b, "brain.jsonl"),
        "install",
        "claude",
        "--dir",
        dir,
      ]),
    );
  await install("one");
  // The user's own: a hook on an event Brain also hooks, one on an event it does not, another MCP server.
  const h = read<Hooks>(hooksFile);
  h.hooks.Stop?.push({ hooks: [{ command: "/home/me/bin/notify done" }] });
  h.hooks.Notification = [{ matcher: "idle", hooks: [{ command: "say hello" }] }];
  const edited = `${JSON.stringify(h, null, 2)}\n`;
  fs.writeFileSync(hooksFile, edited);
  const m = read<{ mcpServers: Record<string, unknown> }>(mcpFile);
  m.mcpServers.mine = { command: "mine-mcp", args: ["--stdio"] };
  const editedMcp = `${JSON.stringify(m)}\n`;
  fs.writeFileSync(mcpFile, editedMcp);

  const r = await install("two");
  assert.deepEqual(
    r.kept.map((k) => [k.file, k.backup, k.how]),
    [
      [hooksFile, `${hooksFile}.bak`, "merged"],
      [mcpFile, `${mcpFile}.bak`, "merged"],
    ],
  );
  assert.equal(fs.readFileSync(`${hooksFile}.bak`, "utf8"), edited);
  assert.equal(fs.readFileSync(`${mcpFile}.bak`, "utf8"), editedMcp);
  const after = read<Hooks>(hooksFile);
  const all = commands(after);
  assert.ok(all.includes("/home/me/bin/notify done") && all.includes("say hello"), all.join("\n"));
  assert.equal(after.hooks.Notification?.[0]?.matcher, "idle");
  const ours = all.filter(isBrainHookCommand);
  assert.equal(ours.length, HOOK_EVENTS.length, ours.join("\n"));
  assert.ok(ours.every((c) => c.includes(join(sb.dir, "two")) && !c.includes(join(sb.dir, "one"))));
  const mcp = read<{ mcpServers: Record<string, { args: string[] }> }>(mcpFile);
  assert.deepEqual(mcp.mcpServers.mine, { command: "mine-mcp", args: ["--stdio"] });
  assert.ok(mcp.mcpServers.brain?.args.includes(join(sb.dir, "two", "brain.jsonl")));
  // The same install again changes nothing: no backup, nothing listed.
  assert.deepEqual((await install("two")).kept, []);
  assert.ok(!fs.existsSync(`${hooksFile}.bak.2`));

  const u = await brainOk(sb, ["uninstall", "claude", "--dir", dir]);
  assert.match(u.stdout, /Files that held your own edits/);
  assert.ok(
    u.stdout.includes(`${hooksFile}: your entries kept, Brain's removed (was: ${hooksFile}.bak.2)`),
    u.stdout,
  );
  assert.deepEqual(commands(read<Hooks>(hooksFile)).sort(), ["/home/me/bin/notify done", "say hello"]);
  assert.deepEqual(Object.keys(read<{ mcpServers: object }>(mcpFile).mcpServers), ["mine"]);
  assert.ok(!fs.existsSync(join(dir, "brain", ".claude-plugin", "plugin.json")), "Brain's own files stayed");
});

/** Commands a user might write, never of the shape Brain's hooks have. */
const userCommand = fc.stringMatching(/^[a-z/ .-]{1,20}$/).filter((c) => !isBrainHookCommand(c));
const userHooks = fc.dictionary(
  fc.constantFrom("Stop", "SessionStart", "Notification", "PostToolUse", "Custom"),
  fc.array(
    fc.record({
      hooks: fc.array(fc.record({ type: fc.constant("command"), command: userCommand }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
    { minLength: 1, maxLength: 2 },
  ),
);

test("the merge keeps every user hook, holds Brain's once per event, and is stable", () => {
  fc.assert(
    fc.property(userHooks, fc.stringMatching(/^\/[a-z ]{1,10}$/), (mine, brainDir) => {
      const ours = `${JSON.stringify(hooksJson({ command: [`${brainDir}/brain`] }), null, 2)}\n`;
      const users = usersPart("hooks/hooks.json", JSON.stringify({ hooks: mine }));
      assert.equal(users.brains, false);
      const merged = mergeUsers("hooks/hooks.json", ours, users.rest ?? { hooks: {} });
      const all = commands(JSON.parse(merged) as Hooks);
      const theirs = Object.values(mine).flatMap((gs) => gs.flatMap((g) => g.hooks.map((x) => x.command)));
      assert.deepEqual(all.filter((c) => !isBrainHookCommand(c)).sort(), theirs.sort());
      assert.equal(all.filter(isBrainHookCommand).length, HOOK_EVENTS.length);
      // Installing again over the merged file gives the same file.
      const again = usersPart("hooks/hooks.json", merged);
      assert.equal(again.brains, true);
      assert.equal(mergeUsers("hooks/hooks.json", ours, again.rest ?? { hooks: {} }), merged);
    }),
  );
});
