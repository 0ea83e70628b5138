/**
 * The learning loop with the real pi, headless (`pi -p --no-session`), and the brain extension: session 1's
 * prompt states a fact and the model only answers "Noted." (no brain tool call); agent_end queues the turn,
 * session_shutdown drains the queue and starts the detached learner, which asks the extraction model — the
 * same fake OpenAI-compatible server, configured as `extraction` in the settings file BRAIN_CONFIG names —
 * and stores its answer; session 2's system prompt carries that memory.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { childEnv, ROOT, readLines, removeSandbox, type Sandbox, sandbox } from "../support/cli.ts";
import { type FakeOpenAI, startFakeOpenAI } from "./_fake-openai.ts";
import { missing, PI, PI_ARGS, piAgentDir, runHost } from "./_hosts.ts";
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
let api: FakeOpenAI;
let agentDir: string;

before(async () => {
  if (missing(PI)) return;
  sb = sandbox("brain-e2e-pi-learn-");
  api = await startFakeOpenAI((body) =>
    isExtraction(body) ? { text: JSON.stringify(extractionAnswer) } : { text: "Noted." },
  );
  agentDir = piAgentDir(sb, api.baseUrl);
});
after(async () => {
  await api?.close();
  if (sb) removeSandbox(sb);
});

/** One headless pi session; returns the lifecycle events pi fired (recorded by _pi-events.ts). */
async function session(prompt: string, name: string): Promise<string[]> {
  const events = join(sb.dir, `${name}.events`);
  const env = childEnv(sb, {
    BRAIN_E2E_PI_EVENTS: events,
    PI_OFFLINE: "1",
    PI_CODING_AGENT_DIR: agentDir,
    BRAIN_CONFIG: extractionConfig(sb, "openai", api.baseUrl),
    BRAIN_E2E_KEY: "sk-fake-extraction-key",
  });
  const args = [...PI_ARGS, "-e", join(ROOT, "test", "e2e", "_pi-events.ts"), prompt];
  const r = await runHost(PI, args, { env, cwd: sb.dir });
  assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout, /Noted\./);
  return fs.readFileSync(events, "utf8").split("\n").filter(Boolean);
}

type ChatMessage = { role: string; content: unknown };
const agentRequests = (from: number) => api.requests.slice(from).filter((b) => !isExtraction(b));
const systemPrompt = (body: Record<string, unknown>) =>
  String((body.messages as ChatMessage[]).find((m) => m.role === "system")?.content ?? "");

describe("pi learns from a headless session by itself", { skip: missing(PI) }, () => {
  it("session 1 states a fact, agent_end/session_shutdown start the learner, session 2's system prompt carries the memory", async () => {
    const fired = await session(STATED, "s1");
    assert.deepEqual(
      fired,
      ["before_agent_start", "agent_end", "session_shutdown"],
      "pi fired them headlessly",
    );
    const s1 = agentRequests(0);
    assert.equal(s1.length, 1, "one model call, no tool call");
    assert.match(JSON.stringify(s1[0]), /Heads up: the staging server listens on port 8443/);
    assert.doesNotMatch(JSON.stringify(s1[0]), /Staging server port is 8443/);

    const stored = await waitLearned(sb);
    assert.equal(stored.type, "learning");
    assert.equal(stored.source, "auto");
    const queued = readLines(join(sb.dir, "brain", ".brain", "transcripts.jsonl"));
    assert.deepEqual(
      queued.map((q) => q.event),
      ["agent_end"],
      "agent_end queued the turn (drained on session_shutdown)",
    );
    const calls = api.requests.filter(isExtraction);
    assert.equal(calls.length, 1, "one extraction call");
    assert.equal(calls[0]?.model, "fake-extractor");
    assert.notEqual(calls[0]?.stream, true, "the extraction call is not streamed");
    assert.match(JSON.stringify(calls[0]), /staging server listens on port 8443/, "it read the turn");

    const from = api.requests.length;
    await session(ASKED, "s2");
    const main = agentRequests(from).find((b) => JSON.stringify(b).includes(ASKED));
    assert.ok(main, "session 2's prompt reached the model");
    const system = systemPrompt(main);
    assert.ok(system.includes(LEARNED), `the learned memory is in session 2's system prompt:\n${system}`);
    // The brain context's learnings (the per-prompt memories leave out what the context already holds).
    assert.match(system, /## Learnings\n[^#]*- Staging server port is 8443 \(changed in the migration\)/);
    // "Recently in this project" lists session 1 by the model's summary, once (not again as a prompt memory).
    assert.match(system, new RegExp(`## Recently in this project\\n- \\d{4}-\\d{2}-\\d{2}: ${SUMMARIZED}`));
    assert.equal(system.split(SUMMARIZED).length - 1, 1, system);
    await waitIdle(sb); // session 2's own learner, before the sandbox goes
  });
});
