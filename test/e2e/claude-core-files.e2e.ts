/**
 * The real Claude Code with the brain plugin and a seed-sized AGENTS.md (84 hard-rule lines) against a fake
 * Anthropic server (issue 23): through the session-start hook alone the core files are cut at Claude Code's
 * 10 000-character cap on a hook's context; with `brain install claude --core-files` (one `@` import line in
 * ~/.claude/CLAUDE.md) every line reaches the model request, once. The counts are printed as the measurement.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { brain, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { type FakeAnthropic, startFakeAnthropic } from "./_fake-anthropic.ts";
import { CLAUDE, claudeEnv, missing, NODE22_DIR, runHost } from "./_hosts.ts";

const RULES = 84;
const rule = (tag: string, i: number) =>
  `- ${tag}-${i}: never change the ${["deploy", "schema", "auth", "billing"][i % 4]} code path ${i} without its test, a migration note and the owner's review first`;
const file = (title: string, tag: string, n: number) =>
  `# ${title}\n${Array.from({ length: n }, (_, i) => rule(tag, i + 1)).join("\n")}\n`;

let sb: Sandbox;
let project: string;
let api: FakeAnthropic;
let market: string;

before(async () => {
  if (missing(CLAUDE)) return;
  sb = sandbox("brain-e2e-core-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  const dir = join(sb.dir, "brain");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(join(dir, "AGENTS.md"), file("Agents", "HARD", RULES));
  fs.writeFileSync(join(dir, "SOUL.md"), file("Soul", "SOUL", 12));
  fs.writeFileSync(join(dir, "USER.md"), file("User", "USER", 12));
  for (let i = 0; i < 20; i++) {
    const r = await brain(sb, [
      "add",
      "type=learning",
      `text=Service number ${i} listens on port ${8000 + i}`,
    ]);
    assert.equal(r.code, 0, show(r));
  }
  market = join(sb.dir, "market");
  api = await startFakeAnthropic("Noted.");
});
after(async () => {
  await api?.close();
  if (sb) removeSandbox(sb);
});

/** Run one `claude -p` with the plugin; how many distinct HARD rules the model request carried, and how often. */
async function session(prompt: string): Promise<{ distinct: number; copies: number; text: string }> {
  const from = api.requests.length;
  const r = await runHost(
    CLAUDE,
    ["-p", prompt, "--output-format", "json", "--plugin-dir", join(market, "brain")],
    { env: claudeEnv(sb, api.baseUrl), cwd: project },
  );
  assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
  const main = api.requests
    .slice(from)
    .filter((q) => q.method === "POST" && /\/v1\/messages(\?|$)/.test(q.url))
    .map((q) => JSON.stringify(q.body))
    .find((t) => t.includes(prompt));
  assert.ok(main, "a model request carried the prompt");
  const hits = main.match(/HARD-\d+:/g) ?? [];
  return { distinct: new Set(hits).size, copies: hits.length, text: main };
}

describe("core files reach Claude Code whole", { skip: missing(CLAUDE, NODE22_DIR) }, () => {
  it("hook only: cut at 10 000 characters; with the import line: all 84 rules, once", async () => {
    const plain = await brain(sb, ["--brain", sb.brainPath, "install", "claude", "--dir", market]);
    assert.equal(plain.code, 0, show(plain));
    const hookOnly = await session("What are the hard rules? (hook only)");

    const yes = await brain(sb, [
      "--brain",
      sb.brainPath,
      "install",
      "claude",
      "--dir",
      market,
      "--core-files",
    ]);
    assert.equal(yes.code, 0, show(yes));
    const imported = await session("What are the hard rules? (imported)");
    process.stdout.write(
      `# AGENTS.md rules reaching the model: hook only ${hookOnly.distinct}/${RULES}, ` +
        `with the CLAUDE.md import ${imported.distinct}/${RULES} (${imported.copies} copies)\n`,
    );
    assert.ok(hookOnly.distinct < RULES, `the hook alone is cut (${hookOnly.distinct}/${RULES})`);
    assert.equal(imported.distinct, RULES, "every rule arrives through the import");
    assert.equal(imported.copies, RULES, "and once: the hook leaves the core files to Claude Code");
    assert.match(imported.text, /Service number \d+ listens/, "the hook still brings the memories");
  });
});
