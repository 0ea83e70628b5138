/**
 * The learning loop with the real Claude Code CLI (Node 22) and the brain plugin: session 1's prompt states
 * a fact and the model only answers "Noted." (no brain tool call); Stop and SessionEnd fire, the detached
 * learner sends the transcript to the extraction model — the same fake Anthropic server, configured as
 * `extraction` in the settings file BRAIN_CONFIG names — and stores its answer; session 2's model request
 * carries that memory.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { brain, readLines, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { type FakeAnthropic, startFakeAnthropic } from "./_fake-anthropic.ts";
import { CLAUDE, claudeEnv, missing, NODE22_DIR, runHost } from "./_hosts.ts";
import {
  ASKED,
  extractionAnswer,
  extractionConfig,
  isExtraction,
  LEARNED,
  STATED,
  SUMMARIZED,
  waitIdle,
  waitLearned,
} from "./_learning.ts";

let sb: Sandbox;
let project: string;
let api: FakeAnthropic;
let plugin: string;

before(async () => {
  if (missing(CLAUDE, NODE22_DIR)) return;
  sb = sandbox("brain-e2e-claude-learn-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  const market = join(sb.dir, "market");
  const inst = await brain(sb, ["--brain", sb.brainPath, "install", "claude", "--dir", market]);
  assert.equal(inst.code, 0, show(inst));
  plugin = join(market, "brain");
  api = await startFakeAnthropic("Noted.", (body) => (isExtraction(body) ? extractionAnswer : undefined));
});
after(async () => {
  await api?.close();
  if (sb) removeSandbox(sb);
});

async function session(prompt: string): Promise<{ session_id: string; result: string }> {
  const env = claudeEnv(sb, api.baseUrl, {
    BRAIN_CONFIG: extractionConfig(sb, "anthropic", `${api.baseUrl}/v1`),
    BRAIN_E2E_KEY: "sk-ant-fake-extraction-key",
  });
  const args = ["-p", prompt, "--output-format", "json", "--plugin-dir", plugin];
  const r = await runHost(CLAUDE, args, { env, cwd: project });
  assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
  const out = JSON.parse(r.stdout) as { session_id: string; result: string; is_error: boolean };
  assert.equal(out.is_error, false);
  return out;
}

const agentRequests = (from: number) =>
  api.requests
    .slice(from)
    .filter((r) => r.method === "POST" && /\/v1\/messages(\?|$)/.test(r.url) && !isExtraction(r.body))
    .map((r) => JSON.stringify(r.body));

describe("Claude Code learns from a session by itself", { skip: missing(CLAUDE, NODE22_DIR) }, () => {
  it("session 1 states a fact, Stop/SessionEnd start the learner, session 2's model request carries the memory", async () => {
    const first = await session(STATED);
    assert.equal(first.result, "Noted.");
    const s1 = agentRequests(0);
    assert.ok(
      s1.some((t) => t.includes(STATED)),
      "session 1's prompt reached the model",
    );
    assert.ok(!s1.some((t) => t.includes(LEARNED)), "the memory did not exist yet in session 1");

    const stored = await waitLearned(sb);
    assert.equal(stored.type, "learning");
    assert.equal(stored.source, "auto");
    const queued = readLines(join(sb.dir, "brain", ".brain", "transcripts.jsonl"));
    assert.deepEqual(
      queued.filter((q) => q.session_id === first.session_id).map((q) => q.event),
      ["stop", "session-end"],
      "both hooks fired for real",
    );
    const calls = api.requests.filter((r) => isExtraction(r.body));
    assert.equal(calls.length, 1, "one extraction call");
    assert.equal(calls[0]?.body.model, "fake-extractor");
    assert.match(
      JSON.stringify(calls[0]?.body),
      /staging server listens on port 8443/,
      "it read the transcript",
    );

    const from = api.requests.length;
    const second = await session(ASKED);
    assert.notEqual(second.session_id, first.session_id);
    const main = agentRequests(from).find((t) => t.includes(ASKED));
    assert.ok(main, "session 2's prompt reached the model");
    assert.ok(
      main.includes(LEARNED),
      `the learned memory is in session 2's model request: ${main.slice(0, 4000)}`,
    );
    // SessionStart's context lists it among the learnings; UserPromptSubmit brings it back as relevant.
    assert.match(main, /## Learnings\\n[^#]*- Staging server port is 8443 \(changed in the migration\)/);
    assert.match(
      main,
      /## Relevant memories \(brain\)\\n[^#]*\[learning [0-9a-f]{4,8}\] Staging server port is 8443 \(changed/,
    );
    // SessionStart's "Recently in this project" lists session 1 by the model's summary.
    assert.match(main, new RegExp(`## Recently in this project\\\\n- \\d{4}-\\d{2}-\\d{2}: ${SUMMARIZED}`));
    await waitIdle(sb); // session 2's own learner, before the sandbox goes
  });
});
