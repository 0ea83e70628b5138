/**
 * The real pi (headless, offline) with the brain extension, against a fake OpenAI-compatible server on
 * 127.0.0.1 whose model calls the `brain` tool: the learning must land in brain.jsonl, the brain context must
 * be in the system prompt the server received, and the turn must be queued for extraction.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { brain, childEnv, readLines, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { type FakeOpenAI, startFakeOpenAI } from "./_fake-openai.ts";
import { missing, PI, PI_ARGS, piAgentDir, runHost } from "./_hosts.ts";

let sb: Sandbox;
let api: FakeOpenAI;
let agentDir: string;

before(async () => {
  if (missing(PI)) return;
  sb = sandbox("brain-e2e-pi-");
  const seed = await brain(sb, ["add", "type=preference", "category=Code", "text=Prefer early returns"]);
  assert.equal(seed.code, 0, show(seed));
  api = await startFakeOpenAI((_body, n) =>
    n === 0
      ? {
          toolCall: {
            name: "brain",
            arguments: { action: "add", type: "learning", text: "The deploy key lives in the team vault" },
          },
        }
      : { text: "Stored." },
  );
  agentDir = piAgentDir(sb, api.baseUrl);
});
after(async () => {
  await api?.close();
  if (sb) removeSandbox(sb);
});

type ChatMessage = { role: string; content: unknown };

describe("pi end to end", { skip: missing(PI) }, () => {
  it("the fake model stores a learning through the brain tool; the context was in the system prompt", async () => {
    const env = childEnv(sb, { PI_OFFLINE: "1", PI_CODING_AGENT_DIR: agentDir });
    const r = await runHost(PI, [...PI_ARGS, "Remember where the deploy key lives"], { env, cwd: sb.dir });
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /Stored\./);

    const added = readLines(sb.brainPath).find((e) => e.text === "The deploy key lives in the team vault");
    assert.equal(added?.type, "learning", "the tool call landed in brain.jsonl");

    assert.equal(api.requests.length, 2, "one request for the tool call, one after its result");
    const first = api.requests[0] as { messages: ChatMessage[]; tools?: { function: { name: string } }[] };
    const system = first.messages.find((m) => m.role === "system" || m.role === "developer");
    assert.ok(system, "a system message was sent");
    assert.match(String(system.content), /# Brain: what you remember/);
    assert.match(String(system.content), /\[Code\] Prefer early returns|Prefer early returns/);
    const tools = (first.tools ?? []).map((t) => t.function.name);
    assert.ok(tools.includes("brain") && tools.includes("brain_search") && tools.includes("load_brain_file"));
    const second = JSON.stringify(api.requests[1]);
    assert.match(
      second,
      /Added learning: The deploy key lives in the team vault/,
      "the tool result went back",
    );

    const queued = readLines(join(sb.dir, "brain", ".brain", "transcripts.jsonl"));
    const end = queued.find((q) => q.host === "pi" && q.event === "agent_end");
    assert.ok(end, "agent_end was queued and drained before pi exited");
    assert.match(JSON.stringify(end.messages), /Remember where the deploy key lives/);
  });
});
