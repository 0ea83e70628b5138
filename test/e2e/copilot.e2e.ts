/**
 * The real Copilot CLI (@github/copilot 1.0.102, `copilot -p`) with Brain installed by `brain install copilot`
 * into a temp HOME, against a fake Chat Completions API (its custom provider) on 127.0.0.1 and a proxy that
 * refuses everything else: the session-start context reaches the model's request exactly once, the prompt's
 * memory too, a `brain` tool call through MCP stores a memory, and the turn's end queues Copilot's own
 * events.jsonl, which the learner reads. Then the cross-firing case: a project whose `.claude/settings.json`
 * runs Brain's hooks (for Claude Code), opened in Copilot, which runs those beside its own: context once, each
 * turn queued once.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { brain, childEnv, readLines, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { learnFiles } from "../support/learner.ts";
import { type FakeOpenAI, type Reply, startFakeOpenAI } from "./_fake-openai.ts";
import { COPILOT, COPILOT_ARGS, copilotEnv, missing, runHost } from "./_hosts.ts";
import { extractionAnswer, extractionConfig, isExtraction, LEARNED, waitIdle } from "./_learning.ts";
import { type NoEgress, startNoEgress } from "./_no-egress.ts";

const REMEMBER = "Release branches are cut on Thursdays";
const PROMPT = "Which cluster is kite?";
let sb: Sandbox;
let project: string;
let api: FakeOpenAI;
let egress: NoEgress;

function brainTool(body: Record<string, unknown>): string | undefined {
  const names = ((body.tools ?? []) as { function?: { name?: string } }[]).map((t) => t.function?.name ?? "");
  return names.find((n) => /(^|[-_])brain$/.test(n) && n !== "brain");
}

function script(body: Record<string, unknown>): Reply {
  if (isExtraction(body)) return { text: JSON.stringify(extractionAnswer) };
  const text = JSON.stringify(body.messages ?? []);
  const tool = brainTool(body);
  if (tool && text.includes(PROMPT) && !text.includes('"role":"tool"'))
    return { toolCall: { name: tool, arguments: { action: "add", type: "learning", text: REMEMBER } } };
  return { text: "Noted." };
}

const agentRequests = () => api.requests.filter((b) => !isExtraction(b));
const count = (text: string, needle: string) => text.split(needle).length - 1;

before(async () => {
  if (missing(COPILOT)) return;
  sb = sandbox("brain-e2e-copilot-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  const add = await brain(sb, ["add", "type=learning", "text=The staging cluster is called kite"]);
  assert.equal(add.code, 0, show(add));
  api = await startFakeOpenAI(script);
  egress = await startNoEgress();
  const inst = await brain(sb, ["install", "copilot"]);
  assert.equal(inst.code, 0, show(inst));
});
after(async () => {
  if (sb) await waitIdle(sb).catch(() => {});
  await api?.close();
  await egress?.close();
  if (sb) removeSandbox(sb);
});

const env = () =>
  childEnv(sb, {
    ...copilotEnv(api.baseUrl),
    BRAIN_CONFIG: extractionConfig(sb, "openai", api.baseUrl),
    BRAIN_E2E_KEY: "sk-fake-extraction-key",
    ...egress.env,
  });

describe("Copilot CLI end to end (copilot -p, @github/copilot 1.0.102)", { skip: missing(COPILOT) }, () => {
  it("context once, the relevant memory, a brain tool call stored, events.jsonl queued and learned", async () => {
    const r = await runHost(COPILOT, ["-p", PROMPT, ...COPILOT_ARGS], { env: env(), cwd: project });
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    assert.deepEqual(egress.attempts, [], "Copilot reached only the fake model");

    const main = agentRequests().find((b) => JSON.stringify(b.messages).includes(PROMPT));
    assert.ok(main, `no request carried the prompt (${api.requests.length})\n${r.stderr}`);
    const text = JSON.stringify(main);
    assert.equal(count(text, "# Brain: what you remember"), 1, "the session-start context exactly once");
    assert.match(text, /Relevant memories \(brain\)/);
    assert.ok(brainTool(main), `the brain MCP tool offered\n${r.stderr}`);
    assert.ok(
      readLines(sb.brainPath).some((e) => e.text === REMEMBER),
      "the brain tool call through MCP stored it",
    );

    const queued = readLines(learnFiles(sb.brainPath).queue).filter((q) => q.host === "copilot");
    assert.ok(queued.length > 0, "Copilot's turn end queued its transcript");
    assert.match(String(queued[0]?.transcript_path), /session-state\/[^/]+\/events\.jsonl$/);
    await waitIdle(sb);
    const episodes = readLines(learnFiles(sb.brainPath).episodes).filter((e) => e.type === "episode");
    assert.ok(
      episodes.some((e) => e.text === PROMPT),
      JSON.stringify(episodes.map((e) => e.text)),
    );
    assert.ok(
      readLines(sb.brainPath).some((e) => e.text === LEARNED),
      "the learner stored the extracted memory",
    );
  });

  it("a project with Brain's Claude Code hooks, run under Copilot too: context once, each turn queued once", async () => {
    const entry = join(sb.home, ".brain", "bin", "brain");
    const claudeHook = (event: string) => [
      { hooks: [{ type: "command", command: `${entry} hook ${event}` }] },
    ];
    fs.mkdirSync(join(project, ".claude"), { recursive: true });
    fs.writeFileSync(
      join(project, ".claude", "settings.json"),
      JSON.stringify({
        hooks: {
          SessionStart: claudeHook("session-start"),
          UserPromptSubmit: claudeHook("user-prompt-submit"),
          Stop: claudeHook("stop"),
          SessionEnd: claudeHook("session-end"),
        },
      }),
    );
    const queue = learnFiles(sb.brainPath).queue;
    const before = readLines(queue).length;
    const from = api.requests.length;
    const r = await runHost(COPILOT, ["-p", "hello there", ...COPILOT_ARGS], { env: env(), cwd: project });
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    const main = api.requests
      .slice(from)
      .find((b) => !isExtraction(b) && JSON.stringify(b.messages).includes("hello there"));
    assert.ok(main, "the prompt reached the fake");
    assert.equal(
      count(JSON.stringify(main), "# Brain: what you remember"),
      1,
      "the context once, not once per hook file",
    );
    const added = readLines(queue).slice(before);
    const session = added[0]?.session_id;
    assert.ok(session, JSON.stringify(added));
    const stops = added.filter((q) => q.session_id === session && q.event === "stop");
    assert.equal(stops.length, 1, `one queue record for the turn's end: ${JSON.stringify(added)}`);
    await waitIdle(sb);
    const turns = readLines(learnFiles(sb.brainPath).episodes).filter(
      (e) => e.type === "episode" && e.text === "hello there",
    );
    assert.equal(turns.length, 1, "the turn stored once");
  });
});
