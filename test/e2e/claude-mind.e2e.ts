/**
 * The agent's mind fed by the real Claude Code (issue 27), without a model for the learner: session 1's fake
 * model makes a task list (Claude Code 2.1's TaskCreate/TaskUpdate — it offers no TodoWrite), reads a file
 * and runs a failing command; the hooks record the calls, the learner (no API key: no extraction) feeds the
 * mind from the tool-event log and the transcript. A second session (two turns, /compact: the SessionStart
 * hook with source "compact", then a prompt) gets the working context once after the compaction, with its
 * last user message; a new session's request carries it once too — the plan from the task list, the
 * explored path, the last error — without another session's last user message. (Resuming a session and
 * compacting it in the same process, Claude Code 2.1.197 keeps the resume's SessionStart context beside the
 * recovered one: the context twice, that is Claude Code's carry-over, not tested here.)
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { brain, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { queueLength } from "../support/learner.ts";
import { startProcess } from "../support/spawn.ts";
import { type FakeAnthropic, startFakeAnthropic, type ToolUse } from "./_fake-anthropic.ts";
import { CLAUDE, claudeEnv, missing, NODE22_DIR, runHost } from "./_hosts.ts";
import { waitIdle } from "./_learning.ts";

const PROMPT = "The parser check fails: make a plan, read the parser, run the check.";
const SAID = "Keep the parser plan in mind.";
const SAID_LAST = "The check must pass before the release on Friday.";
const AFTER = "Go on from where we stopped.";
const NEXT = "Where were we with the parser?";
const STEP = "Fix the off-by-one in parse.ts";
let sb: Sandbox;
let project: string;
let plugin: string;
let api: FakeAnthropic;

const create = (n: number, subject: string): ToolUse => ({
  id: `toolu_mind_create${n}`,
  name: "TaskCreate",
  input: { subject, description: subject, activeForm: subject },
});
const update = (n: number, taskId: string, status: string): ToolUse => ({
  id: `toolu_mind_update${n}`,
  name: "TaskUpdate",
  input: { taskId, status },
});

/** Session 1's model: a task list of three (the first done, the second under way), a Read, a failing command. */
const CALLS = (): ToolUse[] => [
  create(1, "Reproduce the failing check"),
  create(2, STEP),
  create(3, "Run the check again"),
  update(1, "1", "completed"),
  update(2, "2", "in_progress"),
  { id: "toolu_mind_read", name: "Read", input: { file_path: join(project, "src", "parse.ts") } },
  {
    id: "toolu_mind_bash",
    name: "Bash",
    input: { command: "echo 'parse check: 1 failing' >&2; exit 7", description: "the parser check" },
  },
];

function script(body: Record<string, unknown>): ToolUse | undefined {
  const tools = Array.isArray(body.tools) ? (body.tools as { name?: string }[]) : [];
  const text = JSON.stringify(body.messages ?? []);
  // Session 1's own prompt (a later context quoting it — "Recently in this project" — is not asked again).
  if (!tools.some((t) => t.name === "TaskCreate") || !text.includes(`"text":${JSON.stringify(PROMPT)}`))
    return undefined;
  return CALLS().find((c) => !text.includes(`"tool_use_id":"${c.id}"`));
}

before(async () => {
  if (missing(CLAUDE, NODE22_DIR)) return;
  sb = sandbox("brain-e2e-claude-mind-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  fs.mkdirSync(join(project, "src"));
  fs.writeFileSync(join(project, "src", "parse.ts"), "export const parse = (s: string) => s.slice(1);\n");
  const market = join(sb.dir, "market");
  const inst = await brain(sb, ["--brain", sb.brainPath, "install", "claude", "--dir", market]);
  assert.equal(inst.code, 0, show(inst));
  plugin = join(market, "brain");
  api = await startFakeAnthropic("Noted.", undefined, script);
});
after(async () => {
  await api?.close();
  if (sb) removeSandbox(sb);
});

/** Claude Code's key as a bearer token: ANTHROPIC_API_KEY unset, so Brain's learner has no model. */
const env = () =>
  claudeEnv(sb, api.baseUrl, { ANTHROPIC_API_KEY: undefined, ANTHROPIC_AUTH_TOKEN: "fake-token" });

async function claude(args: string[]): Promise<{ session_id: string; result: string }> {
  const r = await runHost(CLAUDE, [...args, "--output-format", "json", "--plugin-dir", plugin], {
    env: env(),
    cwd: project,
  });
  assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
  const out = JSON.parse(r.stdout) as { session_id: string; result: string; is_error: boolean };
  assert.equal(out.is_error, false, r.stdout);
  return out;
}

/**
 * One Claude Code process, prompts sent one at a time (stream-json input): each next prompt only once the
 * turn before has its result and the learner the hooks started is idle — as a user would go on typing.
 */
async function conversation(prompts: string[]): Promise<string[]> {
  const args = ["-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"];
  const p = startProcess(CLAUDE, [...args, "--plugin-dir", plugin], { env: env(), cwd: project });
  const results = () => p.lines.filter((l) => l.startsWith('{"type":"result"'));
  try {
    for (const [i, text] of prompts.entries()) {
      const queued = queueLength(sb.brainPath); // each step (a turn's Stop, the compaction) queues one more
      p.child.stdin?.write(`${JSON.stringify({ type: "user", message: { role: "user", content: text } })}\n`);
      for (let polls = 0; results().length <= i && polls < 3000; polls++)
        await new Promise((r) => setTimeout(r, 50));
      assert.ok(results().length > i, `no result for ${JSON.stringify(text)}: ${p.stderr()}`);
      await waitIdle(sb, { queuedPast: queued });
    }
  } catch (e) {
    // A failed step must not leave Claude Code waiting on its stdin: the lane would never finish.
    p.child.kill("SIGKILL");
    throw e;
  }
  p.child.stdin?.end();
  const r = await p.done;
  assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
  return p.lines;
}

/** The agent's model requests since `from` that carry `prompt`, as JSON text. */
const requestsWith = (from: number, prompt: string) =>
  api.requests
    .slice(from)
    .filter((r) => r.method === "POST" && /\/v1\/messages(\?|$)/.test(r.url))
    .map((r) => JSON.stringify(r.body))
    .filter((t) => t.includes(prompt));

const count = (text: string, what: string | RegExp) =>
  typeof what === "string" ? text.split(what).length - 1 : (text.match(new RegExp(what, "g")) ?? []).length;

/** What every request after session 1 must carry once: the plan from the task list, the path, the error. */
function assertWorking(main: string): void {
  const show = main.slice(main.indexOf("## Working context"), main.indexOf("## Working context") + 1500);
  assert.equal(count(main, "## Working context (the agent's own state)"), 1, show);
  assert.equal(count(main, `Plan: step 2 of 3: ${STEP}`), 1, show);
  assert.equal(count(main, "Explored paths: "), 1, show);
  assert.ok(main.includes(`Explored paths: ${join(project, "src", "parse.ts")}`), show);
  assert.equal(
    count(main, "Last error: Bash echo 'parse check: 1 failing' >&2; exit 7: Exit code 7"),
    1,
    show,
  );
}

describe("Claude Code feeds the agent's mind", { skip: missing(CLAUDE, NODE22_DIR) }, () => {
  it("session 1: a task list, a Read and a failing command; the learner feeds the mind without a model", async () => {
    const s1 = await claude(["-p", PROMPT, "--allowedTools", "TaskCreate,TaskUpdate,Read,Bash"]);
    assert.equal(s1.result, "Noted.");
    await waitIdle(sb);
    const m = await brain(sb, ["mind", "show", "--json"]);
    assert.equal(m.code, 0, show(m));
    const mind = JSON.parse(m.stdout) as {
      plan: { steps: string[]; current: number };
      lastUserMessage: string;
    };
    assert.deepEqual(mind.plan.steps, ["Reproduce the failing check", STEP, "Run the check again"]);
    assert.equal(mind.plan.current, 1);
    assert.equal(mind.lastUserMessage, PROMPT);
    assert.ok(
      !api.requests.some((r) => JSON.stringify(r.body).includes("pick out the few things worth remembering")),
      "no extraction call: the learner had no model",
    );
  });

  it("a session compacted (source compact): its next request has the working context once, with its last user message", async () => {
    const from = api.requests.length;
    // Two turns (Claude Code compacts nothing shorter), the compaction, then the prompt after it.
    const out = await conversation([SAID, SAID_LAST, "/compact", AFTER]);
    assert.ok(
      out.some((l) => l.includes('"subtype":"compact_boundary"')),
      "the conversation was compacted",
    );
    const main = requestsWith(from, AFTER).at(-1);
    assert.ok(main, "the prompt after the compaction reached the model");
    assertWorking(main);
    assert.equal(count(main, `Last user message: ${SAID_LAST}`), 1, main.slice(0, 3000));
    assert.equal(count(main, "# Brain: memory recovered after compaction"), 1);
    assert.equal(
      count(main, "# Brain: what you remember"),
      0,
      "the session's first context went with the compaction",
    );
  });

  it("a new session: the working context once, without the other session's last user message", async () => {
    const from = api.requests.length;
    await claude(["-p", NEXT]);
    const main = requestsWith(from, NEXT)[0];
    assert.ok(main, "session 2's prompt reached the model");
    assertWorking(main);
    assert.equal(count(main, "Last user message:"), 0);
    // The prompt hook re-states the plan and the path beside the prompt (seed 004's anchors).
    assert.match(main, new RegExp(`Active plan \\(brain\\): step 2 of 3: ${STEP}`));
    assert.match(main, /Recently used paths: src\/parse\.ts/);
    await waitIdle(sb);
  });
});
