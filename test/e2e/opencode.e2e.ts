/**
 * The real OpenCode (opencode-ai 1.18.33, `opencode run`) with Brain installed by `brain install opencode`
 * (its plugin and MCP entry) into a temp HOME, against a fake Chat Completions API on 127.0.0.1 and a proxy
 * that refuses everything else: the session-start context reaches the model's request exactly once, the
 * prompt's memory too, a `brain` tool call through MCP stores a memory, and the idle session is queued as
 * `<opencode.db>#<session>` and learned from OpenCode's SQLite store.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { brain, childEnv, readLines, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { learnFiles } from "../support/learner.ts";
import { type FakeOpenAI, type Reply, startFakeOpenAI } from "./_fake-openai.ts";
import { missing, OPENCODE, OPENCODE_ENV, opencodeConfig, runHost } from "./_hosts.ts";
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
  return names.find((n) => /^brain[_-]brain$/.test(n));
}

function script(body: Record<string, unknown>): Reply {
  if (isExtraction(body)) return { text: JSON.stringify(extractionAnswer) };
  const text = JSON.stringify(body.messages ?? []);
  const tool = brainTool(body);
  if (tool && text.includes(PROMPT) && !text.includes('"role":"tool"'))
    return { toolCall: { name: tool, arguments: { action: "add", type: "learning", text: REMEMBER } } };
  return { text: "Noted." };
}

before(async () => {
  if (missing(OPENCODE)) return;
  sb = sandbox("brain-e2e-opencode-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  const add = await brain(sb, ["add", "type=learning", "text=The staging cluster is called kite"]);
  assert.equal(add.code, 0, show(add));
  api = await startFakeOpenAI(script);
  egress = await startNoEgress();
  fs.mkdirSync(join(sb.home, ".config", "opencode"), { recursive: true });
  fs.writeFileSync(join(sb.home, ".config", "opencode", "opencode.json"), opencodeConfig(api.baseUrl));
  const inst = await brain(sb, ["install", "opencode"]);
  assert.equal(inst.code, 0, show(inst));
});
after(async () => {
  if (sb) await waitIdle(sb).catch(() => {});
  await api?.close();
  await egress?.close();
  if (sb) removeSandbox(sb);
});

describe("OpenCode end to end (opencode run, opencode-ai 1.18.33)", { skip: missing(OPENCODE) }, () => {
  it("context once, the relevant memory, a brain tool call stored, the session queued and learned", async () => {
    const env = childEnv(sb, {
      ...OPENCODE_ENV,
      BRAIN_CONFIG: extractionConfig(sb, "openai", api.baseUrl),
      BRAIN_E2E_KEY: "sk-fake-extraction-key",
      ...egress.env,
    });
    const r = await runHost(OPENCODE, ["run", "--format", "json", PROMPT], { env, cwd: project });
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    // OpenCode 1.18 installs its plugin SDK (@opencode-ai/plugin) into a config directory that holds plugins,
    // in the background, whichever plugin is there: refused here, logged by OpenCode as a warning, harmless.
    // Nothing else may leave loopback.
    assert.deepEqual(
      egress.attempts.filter((a) => a !== "CONNECT registry.npmjs.org:443"),
      [],
      "OpenCode reached only the fake model (and npm for its own SDK)",
    );

    const agent = api.requests.filter((b) => !isExtraction(b));
    const main = agent.find((b) => JSON.stringify(b.messages).includes(PROMPT) && brainTool(b));
    assert.ok(
      main,
      `no request carried the prompt and the brain tool (${agent.length})\n${r.stderr.slice(-2000)}`,
    );
    const text = JSON.stringify(main);
    assert.equal(
      text.split("# Brain: what you remember").length - 1,
      1,
      "the session-start context exactly once",
    );
    assert.match(text, /Relevant memories \(brain\)/);
    assert.ok(
      readLines(sb.brainPath).some((e) => e.text === REMEMBER),
      "the brain tool call through MCP stored it",
    );

    const queued = readLines(learnFiles(sb.brainPath).queue).filter((q) => q.host === "opencode");
    assert.ok(queued.length > 0, "the idle session was queued");
    assert.match(String(queued[0]?.transcript_path), /opencode\/opencode\.db#ses_/);
    await waitIdle(sb);
    const episodes = readLines(learnFiles(sb.brainPath).episodes).filter((e) => e.type === "episode");
    // OpenCode 1.18's `run` stores the user's message quoted ("\"Which cluster is kite?\""): kept as it stored it
    assert.ok(
      episodes.some((e) => String(e.text).includes(PROMPT)),
      JSON.stringify(episodes.map((e) => e.text)),
    );
    assert.ok(!episodes.some((e) => /Relevant memories|Brain: what you remember/.test(String(e.text))));
    assert.ok(
      readLines(sb.brainPath).some((e) => e.text === LEARNED),
      "the learner stored the extracted memory",
    );
  });
});
