/**
 * The real Codex CLI (@openai/codex 0.171.0, `codex exec`) with Brain installed by `brain install codex`
 * into a temp HOME, against a fake Responses API on 127.0.0.1 and a proxy that refuses everything else:
 * the session-start context reaches the model's request exactly once, the prompt's relevant memory too, a
 * `brain` tool call through MCP stores a memory, and Stop / SessionEnd queue Codex's own rollout file, which
 * the learner turns into episodes and an extracted memory.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { brain, childEnv, readLines, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { learnFiles } from "../support/learner.ts";
import { type FakeOpenAI, startFakeOpenAI } from "./_fake-openai.ts";
import { type FakeResponses, type Reply, startFakeResponses } from "./_fake-responses.ts";
import { CODEX, codexConfig, missing, runHost } from "./_hosts.ts";
import { extractionAnswer, extractionConfig, LEARNED, waitIdle } from "./_learning.ts";
import { type NoEgress, startNoEgress } from "./_no-egress.ts";

const REMEMBER = "Release branches are cut on Thursdays";
const PROMPT = "Which cluster is kite?";
let sb: Sandbox;
let project: string;
let api: FakeResponses;
let extractor: FakeOpenAI;
let egress: NoEgress;

/** The first request with the user's prompt gets a `brain` tool call (when offered); every other one, text. */
function script(body: Record<string, unknown>): Reply {
  const text = JSON.stringify(body.input ?? []);
  if (brainOffered(body) && text.includes(PROMPT) && !text.includes("function_call_output"))
    return {
      toolCall: {
        namespace: "mcp__brain",
        name: "brain",
        arguments: { action: "add", type: "learning", text: REMEMBER },
      },
    };
  return { text: "Noted." };
}

/** Codex offers an MCP server's tools as a namespace `mcp__<server>` holding them. */
function brainOffered(body: Record<string, unknown>): boolean {
  const tools = (body.tools ?? []) as { name?: string; tools?: { name?: string }[] }[];
  return tools.some((t) => t.name === "mcp__brain" && (t.tools ?? []).some((f) => f.name === "brain"));
}

before(async () => {
  if (missing(CODEX)) return;
  sb = sandbox("brain-e2e-codex-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  const add = await brain(sb, ["add", "type=learning", "text=The staging cluster is called kite"]);
  assert.equal(add.code, 0, show(add));
  api = await startFakeResponses(script);
  extractor = await startFakeOpenAI(() => ({ text: JSON.stringify(extractionAnswer) }));
  egress = await startNoEgress();
  fs.mkdirSync(join(sb.home, ".codex"), { recursive: true });
  fs.writeFileSync(join(sb.home, ".codex", "config.toml"), codexConfig(api.baseUrl));
  const inst = await brain(sb, ["install", "codex"]);
  assert.equal(inst.code, 0, show(inst));
});
after(async () => {
  await api?.close();
  await extractor?.close();
  await egress?.close();
  if (sb) removeSandbox(sb);
});

describe("Codex end to end (codex exec, @openai/codex 0.171.0)", { skip: missing(CODEX) }, () => {
  it("context once, the relevant memory, a brain tool call stored, the rollout queued and learned", async () => {
    const env = childEnv(sb, {
      CODEX_HOME: join(sb.home, ".codex"),
      FAKE_MODEL_KEY: "sk-fake",
      BRAIN_CONFIG: extractionConfig(sb, "openai", extractor.baseUrl),
      BRAIN_E2E_KEY: "sk-fake-extraction-key",
      ...egress.env,
    });
    const r = await runHost(
      CODEX,
      [
        "exec",
        "--skip-git-repo-check",
        "--dangerously-bypass-hook-trust",
        "--dangerously-bypass-approvals-and-sandbox",
        PROMPT,
      ],
      { env, cwd: project },
    );
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    assert.deepEqual(egress.attempts, [], "Codex reached only the fake model");

    const main = api.requests.find((b) => JSON.stringify(b.input).includes(PROMPT));
    assert.ok(main, `no request carried the prompt (${api.requests.length}; seen ${api.seen.join(", ")})`);
    const text = JSON.stringify(main);
    assert.equal(
      text.split("# Brain: what you remember").length - 1,
      1,
      "the session-start context exactly once",
    );
    assert.match(text, /Relevant memories \(brain\)/);
    assert.match(text, /The staging cluster is called kite/);
    assert.ok(brainOffered(main), `the brain MCP tool offered\n${r.stderr}`);

    const entries = readLines(sb.brainPath);
    assert.ok(
      entries.some((e) => e.text === REMEMBER),
      "the brain tool call through MCP stored the memory",
    );

    const queued = readLines(learnFiles(sb.brainPath).queue).filter((q) => q.host === "codex");
    assert.ok(
      queued.some((q) => q.event === "stop"),
      JSON.stringify(queued),
    );
    const rollout = String(queued[0]?.transcript_path);
    assert.match(rollout, /\/sessions\/.*rollout-.*\.jsonl$/);
    assert.ok(fs.existsSync(rollout), "the rollout Codex named exists");

    await waitIdle(sb);
    const episodes = readLines(learnFiles(sb.brainPath).episodes).filter((e) => e.type === "episode");
    assert.ok(
      episodes.some((e) => String(e.text).includes(PROMPT)),
      "the user's words became an episode",
    );
    assert.ok(
      !episodes.some((e) => /# Brain: what you remember/.test(String(e.text))),
      "Brain's own context is no episode",
    );
    assert.ok(
      readLines(sb.brainPath).some((e) => e.text === LEARNED),
      "the learner stored the extracted memory",
    );
  });

  it("brain doctor tells which of Brain's hooks Codex fired, and when", async () => {
    const d = await brain(sb, ["doctor", "--json"]);
    const hooks = (
      JSON.parse(d.stdout) as {
        hooks: {
          host: string;
          installed: { file: string }[];
          fired: { event: string; last: string | null }[];
          attention?: string;
        }[];
      }
    ).hooks;
    const codex = hooks.find((h) => h.host === "codex");
    assert.deepEqual(
      codex?.installed.map((i) => i.file),
      [join(sb.home, ".codex", "hooks.json")],
    );
    const last = Object.fromEntries(codex?.fired.map((f) => [f.event, f.last]) ?? []);
    for (const e of ["session-start", "user-prompt-submit", "stop"])
      assert.ok(last[e] && Date.now() - Date.parse(last[e]) >= 0, `${e} fired: ${JSON.stringify(codex)}`);
    assert.equal(codex?.attention, undefined, JSON.stringify(codex));
  });
});
