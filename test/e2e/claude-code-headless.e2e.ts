/**
 * The learner's model as the host's own headless mode (issue 23), with the real Claude Code CLI (Node 22)
 * against the fake Anthropic server, and no extraction key: the settings say `extraction.provider:
 * "claude-code"`. Brain's hooks are in the user's ~/.claude/settings.json, so every Claude Code session —
 * the learner's own `claude -p` too, unless the guard works — would run them. Session 1 states a fact; its
 * Stop/SessionEnd hooks start the learner, which runs `claude -p --json-schema …`; the fake model answers
 * Claude Code's StructuredOutput tool call; the memory is stored. Brain's hooks fired only for session 1.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { BIN, readLines, removeSandbox, type Sandbox, sandbox } from "../support/cli.ts";
import { type FakeAnthropic, startFakeAnthropic } from "./_fake-anthropic.ts";
import { CLAUDE, claudeEnv, missing, NODE22_DIR, runHost } from "./_hosts.ts";
import { extractionAnswer, isExtraction, STATED, waitLearned } from "./_learning.ts";

let sb: Sandbox;
let project: string;
let api: FakeAnthropic;

/** Brain's hooks as a user could write them in ~/.claude/settings.json (the installed bin, this brain). */
function userHooks(): void {
  const hook = (event: string) => [
    { hooks: [{ type: "command", command: `"${process.execPath}" "${BIN}" hook ${event}` }] },
  ];
  const settings = {
    hooks: {
      SessionStart: hook("session-start"),
      UserPromptSubmit: hook("user-prompt-submit"),
      Stop: hook("stop"),
      SessionEnd: hook("session-end"),
    },
  };
  const file = join(sb.home, ".claude", "settings.json");
  fs.mkdirSync(dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(settings));
}

before(async () => {
  if (missing(CLAUDE, NODE22_DIR)) return;
  sb = sandbox("brain-e2e-claude-headless-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  userHooks();
  // The learner's call: Claude Code asks for the StructuredOutput tool; the fake model calls it once.
  api = await startFakeAnthropic("Noted.", undefined, (body) =>
    isExtraction(body) && !JSON.stringify(body.messages).includes("tool_result")
      ? { id: "toolu_learn", name: "StructuredOutput", input: extractionAnswer }
      : undefined,
  );
});
after(async () => {
  await api?.close();
  if (sb) removeSandbox(sb);
});

describe("Claude Code headless as the learner's model", { skip: missing(CLAUDE, NODE22_DIR) }, () => {
  it("no API key for Brain: the learner's claude -p extracts the memory, and Brain's hooks do not fire inside it", async () => {
    const config = join(sb.dir, "config.json");
    fs.writeFileSync(config, JSON.stringify({ extraction: { provider: "claude-code", timeoutMs: 120_000 } }));
    const env = claudeEnv(sb, api.baseUrl, {
      BRAIN_CONFIG: config,
      // The learner finds `claude` on PATH, as a user's shell does.
      PATH: `${NODE22_DIR}:${dirname(CLAUDE)}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    });
    const r = await runHost(CLAUDE, ["-p", STATED, "--output-format", "json"], { env, cwd: project });
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    const first = JSON.parse(r.stdout) as { session_id: string; result: string };
    assert.equal(first.result, "Noted.");

    const stored = await waitLearned(sb);
    assert.equal(stored.source, "auto");

    const calls = api.requests.filter((q) => q.method === "POST" && isExtraction(q.body));
    assert.equal(calls.length, 1, "one extraction call");
    const call = calls[0]?.body as Record<string, unknown>;
    assert.match(JSON.stringify(call.system), /cc_version=2\.1\.\d+/, "it came from Claude Code itself");
    assert.match(String(call.model), /haiku/, "the smallest model was asked for");
    assert.match(
      JSON.stringify(call.messages),
      /staging server listens on port 8443/,
      "it read the transcript",
    );
    assert.deepEqual(
      (call.tools as { name: string }[]).map((t) => t.name),
      ["StructuredOutput"],
      "no tools but the structured answer",
    );
    assert.doesNotMatch(
      JSON.stringify(call),
      /# Brain: what you remember/,
      "no Brain context was injected into it",
    );

    // Brain's hooks fired for session 1 only: the queue and the hooks' dedup log name no other session.
    const home = join(sb.dir, "brain", ".brain");
    const queued = readLines(join(home, "transcripts.jsonl"));
    assert.deepEqual(
      [...new Set(queued.map((q) => q.session_id))],
      [first.session_id],
      "only session 1 was queued",
    );
    assert.deepEqual(
      queued.map((q) => q.event),
      ["stop", "session-end"],
    );
    assert.ok(fs.readdirSync(join(home, "hook-seen")).length > 0, "the hooks did run for session 1");
    const hostCalls = JSON.parse(fs.readFileSync(join(home, "host-calls.json"), "utf8")) as { calls: number };
    assert.equal(hostCalls.calls, 1, "one call counted against the day's budget");
    const run = readLines(join(home, "learn-log.jsonl")).find(
      (l) => (l.stored as { memories: number }).memories,
    );
    process.stderr.write(`learner run with claude -p: ${run?.ms} ms\n`);
  });
});
