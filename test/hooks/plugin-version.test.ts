/**
 * Claude Code keeps a plugin by its version: it caches `<marketplace>/<plugin>/<version>/` and answers "already
 * at the latest version" to an update whose version did not change (issue 25 §2). So the plugin's version is
 * its contents': a re-install that writes different files (another brain, other hooks) gives another version,
 * the same files give the same version, and the marketplace entry names the plugin's own version. The install
 * says how to apply a new version to an installed plugin.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { marketplaceFiles, pluginFiles } from "../../src/hosts/claude/plugin.ts";
import { packageVersion } from "../../src/package-root.ts";
import { brainOk, freshSandbox, json } from "../support/cli.ts";
import { fc } from "../support/fc.ts";

const versionOf = (files: Record<string, string>, rel: string) =>
  (JSON.parse(files[rel] as string) as { version: string }).version;

const path = fc.stringMatching(/^\/[a-z ]{1,12}\/brain\.jsonl$/);

test("the plugin's version follows its contents: other files, another version; the same files, the same", () => {
  fc.assert(
    fc.property(path, path, (a, b) => {
      const va = versionOf(
        pluginFiles({ command: ["/x/brain"], globalArgs: ["--brain", a] }),
        ".claude-plugin/plugin.json",
      );
      const vb = versionOf(
        pluginFiles({ command: ["/x/brain"], globalArgs: ["--brain", b] }),
        ".claude-plugin/plugin.json",
      );
      assert.equal(va === vb, a === b, `${a} → ${va}, ${b} → ${vb}`);
      assert.ok(va.startsWith(`${packageVersion()}+`), va);
      // The marketplace entry names the same version as the plugin it holds.
      const m = marketplaceFiles({ command: ["/x/brain"], globalArgs: ["--brain", a] });
      const entry = JSON.parse(m[".claude-plugin/marketplace.json"] as string) as {
        plugins: { version: string }[];
      };
      assert.equal(entry.plugins[0]?.version, va);
      assert.equal(versionOf(m, "brain/.claude-plugin/plugin.json"), va);
    }),
  );
});

test("re-running brain install claude for another brain gives Claude Code a new version, and says how to apply it", async (t) => {
  const sb = freshSandbox(t);
  const dir = join(sb.dir, "market");
  const install = async (brainPath: string) =>
    json<{ commands: string[]; update: string[] }>(
      await brainOk(sb, ["--json", "--brain", brainPath, "install", "claude", "--dir", dir]),
    );
  const manifest = () =>
    (
      JSON.parse(fs.readFileSync(join(dir, "brain", ".claude-plugin", "plugin.json"), "utf8")) as {
        version: string;
      }
    ).version;
  const first = await install(join(sb.dir, "one", "brain.jsonl"));
  const v1 = manifest();
  await install(join(sb.dir, "one", "brain.jsonl"));
  assert.equal(manifest(), v1, "the same install, the same version");
  const again = await install(join(sb.dir, "two", "brain.jsonl"));
  assert.notEqual(manifest(), v1, "another brain: Claude Code would keep the old hooks");
  assert.deepEqual(again.update, [
    "claude plugin marketplace update brain-local",
    "claude plugin update brain@brain-local",
  ]);
  assert.deepEqual(first.commands, again.commands);
  const text = (await brainOk(sb, ["install", "claude", "--dir", dir])).stdout;
  assert.match(text, /claude plugin update brain@brain-local/);
});
