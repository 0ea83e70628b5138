/**
 * The real Gemini CLI (@google/gemini-cli 0.61.0, `gemini -p`) with Brain installed by `brain install gemini`
 * into a temp HOME, against a fake Gemini API on 127.0.0.1 and a proxy that refuses everything else: the
 * session-start context reaches the model's request exactly once, the prompt's memory too, a `brain` tool call
 * through MCP stores a memory, and the turn's end queues Gemini's own chat file, which the learner reads.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { brain, childEnv, readLines, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { learnFiles } from "../support/learner.ts";
import { type FakeGemini, type GeminiRequest, startFakeGemini } from "./_fake-gemini.ts";
import type { Reply } from "./_fake-openai.ts";
import { type FakeOpenAI, startFakeOpenAI } from "./_fake-openai.ts";
import { GEMINI, GEMINI_ARGS, geminiEnv, geminiSettings, missing, runHost } from "./_hosts.ts";
import { extractionAnswer, extractionConfig, LEARNED, waitIdle } from "./_learning.ts";
import { type NoEgress, startNoEgress } from "./_no-egress.ts";

const REMEMBER = "Release branches are cut on Thursdays";
const PROMPT = "Which cluster is kite?";
let sb: Sandbox;
let project: string;
let api: FakeGemini;
let extractor: FakeOpenAI;
let egress: NoEgress;

const textOf = (q: GeminiRequest) => JSON.stringify(q.body);
/** Gemini CLI names an MCP tool by its server and name; the one of server `brain` called `brain`. */
export function brainToolOf(q: GeminiRequest): string | undefined {
  const tools = (q.body.tools ?? []) as { functionDeclarations?: { name: string }[] }[];
  const names = tools.flatMap((t) => (t.functionDeclarations ?? []).map((f) => f.name));
  return names.find((n) => /^(mcp_)?brain(__|_)brain$/.test(n)) ?? names.find((n) => n === "brain");
}

function script(q: GeminiRequest): Reply {
  const tool = brainToolOf(q);
  const text = textOf(q);
  if (tool && text.includes(PROMPT) && !text.includes("functionResponse"))
    return { toolCall: { name: tool, arguments: { action: "add", type: "learning", text: REMEMBER } } };
  return { text: "Noted." };
}

before(async () => {
  if (missing(GEMINI)) return;
  sb = sandbox("brain-e2e-gemini-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  const add = await brain(sb, ["add", "type=learning", "text=The staging cluster is called kite"]);
  assert.equal(add.code, 0, show(add));
  api = await startFakeGemini(script);
  extractor = await startFakeOpenAI(() => ({ text: JSON.stringify(extractionAnswer) }));
  egress = await startNoEgress();
  fs.mkdirSync(join(sb.home, ".gemini"), { recursive: true });
  fs.writeFileSync(join(sb.home, ".gemini", "settings.json"), geminiSettings());
  const inst = await brain(sb, ["install", "gemini"]);
  assert.equal(inst.code, 0, show(inst));
});
after(async () => {
  // a learner the hooks started may still be writing into the sandbox
  if (sb) await waitIdle(sb).catch(() => {});
  await api?.close();
  await extractor?.close();
  await egress?.close();
  if (sb) removeSandbox(sb);
});

describe("Gemini CLI end to end (gemini -p, @google/gemini-cli 0.61.0)", { skip: missing(GEMINI) }, () => {
  it("context once, the relevant memory, a brain tool call stored, the chat queued and learned", async () => {
    const env = childEnv(sb, {
      ...geminiEnv(api.baseUrl),
      BRAIN_CONFIG: extractionConfig(sb, "openai", extractor.baseUrl),
      BRAIN_E2E_KEY: "sk-fake-extraction-key",
      ...egress.env,
    });
    const r = await runHost(GEMINI, ["-p", PROMPT, ...GEMINI_ARGS], { env, cwd: project });
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    assert.deepEqual(egress.attempts, [], "Gemini CLI reached only the fake model");

    const main = api.requests.find((q) => textOf(q).includes(PROMPT) && brainToolOf(q));
    assert.ok(main, `no request carried the prompt and the brain tool (${api.seen.join(", ")})\n${r.stderr}`);
    const text = textOf(main);
    assert.equal(
      text.split("# Brain: what you remember").length - 1,
      1,
      "the session-start context exactly once",
    );
    assert.match(text, /Relevant memories \(brain\)/);
    assert.match(text, /The staging cluster is called kite/);
    assert.ok(
      readLines(sb.brainPath).some((e) => e.text === REMEMBER),
      "the brain tool call through MCP stored it",
    );

    const queued = readLines(learnFiles(sb.brainPath).queue).filter((q) => q.host === "gemini");
    assert.ok(queued.length > 0, "Gemini's turn end queued its transcript");
    const chat = String(queued[0]?.transcript_path);
    assert.match(chat, /\.gemini\/tmp\/.*\/chats\/session-.*\.jsonl$/);

    await waitIdle(sb);
    const episodes = readLines(learnFiles(sb.brainPath).episodes).filter((e) => e.type === "episode");
    assert.ok(
      episodes.some((e) => e.text === PROMPT),
      JSON.stringify(episodes.map((e) => e.text)),
    );
    assert.ok(!episodes.some((e) => /Brain: what you remember|hook_context/.test(String(e.text))));
    assert.ok(
      readLines(sb.brainPath).some((e) => e.text === LEARNED),
      "the learner stored the extracted memory",
    );
  });
});
