/**
 * The pi extension in process, against a recording stand-in for pi's ExtensionAPI (the real pi runs it in
 * test/e2e/pi.test.ts): tools, the /brain command, the system prompt, and the extraction queue drained on
 * shutdown even when shutdown comes right after agent_end.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, afterEach, before, describe, it } from "node:test";
import { createBrainExtension } from "../../src/hosts/pi/extension.ts";
import type { PiApi, PiCommand, PiContext, PiTool } from "../../src/hosts/pi/types.ts";
import { addCandidates, candidateId } from "../../src/learn/inbox.ts";
import { addNotice, takeNotice } from "../../src/learn/notice.ts";
import { BrainHome } from "../../src/store/home.ts";
import { readLines, removeSandbox, type Sandbox, sandbox } from "../support/cli.ts";
import { learnFiles, waitSettled } from "../support/learner.ts";

type Handler = (event: unknown, ctx: PiContext) => unknown;

function fakePi() {
  const tools = new Map<string, PiTool>();
  const commands = new Map<string, PiCommand>();
  const handlers = new Map<string, Handler>();
  const api: PiApi = {
    on: (event, handler) => handlers.set(event, handler as Handler),
    registerTool: (t) => tools.set(t.name, t),
    registerCommand: (name, c) => commands.set(name, c),
  };
  return { api, tools, commands, handlers };
}

let sb: Sandbox;
let project: string;
let pi: ReturnType<typeof fakePi>;
const notes: string[] = [];
let ctx: PiContext;
const saved = { RHO_SUBAGENT: process.env.RHO_SUBAGENT };

before(() => {
  sb = sandbox("brain-pi-ext-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  fs.writeFileSync(join(project, "AGENTS.md"), "AGENTS-RULE: keep functions short.\n");
  pi = fakePi();
  createBrainExtension({ brainPath: sb.brainPath, now: () => new Date("2026-03-01T12:00:00.000Z") })(pi.api);
  ctx = {
    cwd: project,
    ui: { notify: (m) => notes.push(m) },
    sessionManager: { getSessionId: () => "pi-session-1" },
  };
});
afterEach(() => {
  process.env.RHO_SUBAGENT = saved.RHO_SUBAGENT;
  if (saved.RHO_SUBAGENT === undefined) delete process.env.RHO_SUBAGENT;
});
after(() => removeSandbox(sb));

const exec = (name: string, params: Record<string, unknown>) =>
  pi.tools.get(name)!.execute("call-1", params, undefined, undefined, ctx);
const queueFile = () => join(sb.dir, "brain", ".brain", "transcripts.jsonl");

describe("pi extension", () => {
  it("registers the brain, load_brain_file, write_brain_file, brain_inbox, brain_proposals, brain_mind, brain_graph and brain_search tools and the /brain command", () => {
    assert.deepEqual([...pi.tools.keys()].sort(), [
      "brain",
      "brain_graph",
      "brain_inbox",
      "brain_mind",
      "brain_proposals",
      "brain_search",
      "load_brain_file",
      "write_brain_file",
    ]);
    assert.deepEqual([...pi.commands.keys()], ["brain"]);
    const params = pi.tools.get("brain")!.parameters as { properties: Record<string, { enum?: string[] }> };
    assert.ok(params.properties.action?.enum?.includes("reminder_run"));
  });

  it("brain_mind keeps the agent's working state; a bad call throws with its code and field", async () => {
    await exec("brain_mind", { action: "goal_add", text: "Ship dark mode" });
    await exec("brain_mind", { action: "replan", steps: ["find the theme", "add a palette"] });
    const t = (await exec("brain_mind", { action: "tick", type: "read", outcome: "success" })) as {
      content: { text: string }[];
    };
    assert.equal(t.content[0]?.text, "Tick 1 (success); next: add a palette");
    const c = (await exec("brain_mind", { action: "context" })) as { content: { text: string }[] };
    assert.match(c.content[0]?.text ?? "", /Primary goal: Ship dark mode/);
    await assert.rejects(
      Promise.resolve(exec("brain_mind", { action: "goal_complete", id: "none" })),
      /NOT_FOUND/,
    );
  });

  it("the brain tool writes to brain.jsonl; an error throws with its code and field", async () => {
    const r = await exec("brain", {
      action: "add",
      type: "learning",
      text: "The staging cluster is called kite",
    });
    assert.equal(r.content[0]?.text, "Added learning: The staging cluster is called kite");
    assert.ok(readLines(sb.brainPath).some((e) => e.text === "The staging cluster is called kite"));
    await assert.rejects(
      exec("brain", { action: "add", type: "learning" }),
      /^Error: INVALID \(field "text"\)/,
    );
    const found = await exec("brain_search", { query: "kite" });
    assert.match(found.content[0]?.text ?? "", /\[learning [0-9a-f]{8}\] The staging cluster is called kite/);
  });

  it("before_agent_start appends the context and relevant memories, minus the context files pi loaded", async () => {
    const handler = pi.handlers.get("before_agent_start")!;
    const base = { prompt: "deploy to kite", systemPrompt: "You are pi." };
    const withAgents = (await handler({ ...base, systemPromptOptions: { cwd: project } }, ctx)) as {
      systemPrompt: string;
    };
    assert.ok(withAgents.systemPrompt.startsWith("You are pi.\n\n# Brain: what you remember"));
    assert.match(withAgents.systemPrompt, /The staging cluster is called kite/);
    assert.match(withAgents.systemPrompt, /AGENTS-RULE/);
    const loaded = { cwd: project, contextFiles: [{ path: join(project, "AGENTS.md"), content: "…" }] };
    const without = (await handler({ ...base, systemPromptOptions: loaded }, ctx)) as {
      systemPrompt: string;
    };
    assert.doesNotMatch(without.systemPrompt, /AGENTS-RULE/, "pi already put AGENTS.md in its prompt");
  });

  it("queues agent_end work and drains it on session_shutdown, even with no tick in between", () => {
    const before = fs.existsSync(queueFile()) ? readLines(queueFile()).length : 0;
    pi.handlers.get("agent_end")!(
      {
        messages: [
          { role: "user", content: "remember kite" },
          {
            role: "assistant",
            content: [
              { type: "text", text: "Stored." },
              { type: "toolCall", name: "brain", arguments: { action: "list" } },
            ],
          },
        ],
      },
      ctx,
    );
    pi.handlers.get("session_before_compact")!(
      { preparation: { messagesToSummarize: [{ role: "user", content: "old turn" }] } },
      ctx,
    );
    pi.handlers.get("session_shutdown")!({ reason: "quit" }, ctx);
    const added = readLines(queueFile()).slice(before);
    assert.deepEqual(
      added.map((q) => q.event),
      ["agent_end", "session_before_compact"],
    );
    assert.equal(added[0]?.session_id, "pi-session-1");
    assert.deepEqual(added[0]?.messages, [
      { role: "user", text: "remember kite" },
      { role: "assistant", text: 'Stored.\n[tool brain {"action":"list"}]' },
    ]);
    assert.deepEqual(added[1]?.messages, [{ role: "user", text: "old turn" }]);
  });

  it("the queued messages reach the episodes through the learner it starts in the background", async () => {
    await waitSettled(sb.brainPath);
    const eps = readLines(learnFiles(sb.brainPath).episodes).filter((e) => e.session === "pi-session-1");
    assert.ok(
      eps.some((e) => e.text === "remember kite" && e.speaker === "user"),
      JSON.stringify(eps),
    );
    assert.ok(eps.every((e) => typeof e.project === "string"));
  });

  it("queues nothing when auto-memory is off (RHO_SUBAGENT=1)", () => {
    process.env.RHO_SUBAGENT = "1";
    const other = fakePi();
    createBrainExtension({ brainPath: sb.brainPath })(other.api);
    const n = readLines(queueFile()).length;
    other.handlers.get("agent_end")!({ messages: [{ role: "user", content: "hello" }] }, ctx);
    other.handlers.get("session_shutdown")!({ reason: "quit" }, ctx);
    assert.equal(readLines(queueFile()).length, n);
  });

  it("/brain runs actions with quoted values, and searches", async () => {
    const cmd = pi.commands.get("brain")!;
    await cmd.handler('add type=preference category=Code text="Prefer small pure functions"', ctx);
    assert.equal(notes.at(-1), "Added preference: [Code] Prefer small pure functions");
    await cmd.handler("search small functions", ctx);
    assert.match(notes.at(-1) ?? "", /Prefer small pure functions/);
    await cmd.handler("", ctx);
    assert.match(notes.at(-1) ?? "", /^🧠 /);
    await cmd.handler("remove id=ffffffff", ctx);
    assert.match(notes.at(-1) ?? "", /^NOT_FOUND: /);
  });

  it("shows the learner's pending notice once, as a notification before the next agent run", async () => {
    takeNotice(BrainHome.ofLog(sb.brainPath)); // what the background learner of an earlier test left
    addNotice(
      BrainHome.ofLog(sb.brainPath),
      { stored: [{ id: "abcd1234", type: "memory", text: "Staging listens on port 8443" }], inboxed: 2 },
      (f, text) => fs.writeFileSync(f, text),
    );
    const handler = pi.handlers.get("before_agent_start")!;
    const event = { prompt: "hello", systemPrompt: "SYSTEM", systemPromptOptions: { cwd: project } };
    const seen = notes.length;
    await handler(event, ctx);
    assert.deepEqual(notes.slice(seen), [
      "🧠 stored 1 memory: Staging listens on port 8443\n🧠 2 new memory candidates in the inbox (brain inbox to review)",
    ]);
    await handler(event, ctx);
    assert.equal(notes.length, seen + 1, "shown once");
  });

  it("the brain_inbox tool lists and rejects the learner's candidates", async () => {
    const text = "The billing job retries failed invoices three times";
    addCandidates(BrainHome.ofLog(sb.brainPath), "2026-03-01T12:00:00.000Z", [
      {
        id: candidateId("learning", text),
        type: "learning",
        text,
        reason: "pattern",
        score: 0.9,
        evidence: ["1"],
      },
    ]);
    const list = await exec("brain_inbox", { action: "list" });
    assert.match(list.content[0]?.text ?? "", /The billing job retries/);
    const rej = await exec("brain_inbox", { action: "reject", id: candidateId("learning", text) });
    assert.match(rej.content[0]?.text ?? "", /^Rejected i[0-9a-f]{7}: The billing job/);
    await assert.rejects(
      exec("brain_inbox", { action: "accept", id: candidateId("learning", text) }),
      /already rejected/,
    );
  });
});

describe("write_brain_file and load_brain_file of a skill (issue 13)", () => {
  it("appends, refuses a rewrite without cleanup_intent, rewrites with a backup and the intent recorded", async () => {
    const dir = join(sb.dir, "brain");
    const first = await exec("write_brain_file", { name: "NOTES", text: "- the CI runs on arm64" });
    assert.match(first.content[0]?.text ?? "", /Appended to NOTES\.md/);
    assert.equal(fs.readFileSync(join(dir, "NOTES.md"), "utf8"), "- the CI runs on arm64\n");
    await assert.rejects(
      Promise.resolve(exec("write_brain_file", { name: "NOTES.md", text: "x", mode: "rewrite" })),
      /cleanup_intent/,
    );
    const r = await exec("write_brain_file", {
      name: "NOTES.md",
      text: "- CI: arm64 and x86",
      mode: "rewrite",
      cleanup_intent: "merge the CI notes",
    });
    const backup = (r.details as { backup: string }).backup;
    assert.equal(fs.readFileSync(backup, "utf8"), "- the CI runs on arm64\n");
    assert.equal(fs.readFileSync(join(dir, "NOTES.md"), "utf8"), "- CI: arm64 and x86\n");
    const log = fs
      .readFileSync(join(dir, ".brain", "rewrites.jsonl"), "utf8")
      .trim()
      .split("\n");
    assert.deepEqual(JSON.parse(log.at(-1) as string).intent, "merge the CI notes");
    const skill = await exec("load_brain_file", { name: "memory-consolidate" });
    assert.equal((skill.details as { kind: string }).kind, "skill");
    assert.match(skill.content[0]?.text ?? "", /brain/);
  });

  it("the brain_graph tool walks the association graph: a word, then a reference it showed", async () => {
    await exec("brain", { action: "add", type: "learning", text: "The quokka cluster runs the billing job" });
    const r = await exec("brain_graph", { node: "quokka" });
    const text = r.content[0]?.text ?? "";
    assert.match(text, /^\[c:quokka\] quokka/);
    const ref = /\[(m:[0-9a-f]+)\] \(memory[^)]*\) The quokka/.exec(text)?.[1];
    assert.ok(ref, text);
    const again = await exec("brain_graph", { node: ref, limit: 3 });
    assert.match(again.content[0]?.text ?? "", /billing/);
    await assert.rejects(exec("brain_graph", { node: "zzzunknownzzz" }), /^Error: NOT_FOUND/);
  });
});
