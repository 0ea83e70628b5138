/**
 * What Claude Code tells the agent's mind without a model, through the installed bin: the tool hooks record
 * the calls once (PostToolUse / PostToolUseFailure into the tool-event log), Stop starts the learner, and
 * the learner feeds the mind from that log and the transcript — a file read → an explored path, a fetch → an
 * explored URL, a failing command → the last error, TodoWrite → the plan and its step, the prompt → the last
 * user message. The next prompt's anchors then re-state the plan.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { common, runHook, writeClaudeProject } from "../hooks/_support.ts";
import { turn } from "../learn/_support.ts";
import { brainOk, freshSandbox, type Sandbox, show } from "../support/cli.ts";
import { waitSettled } from "../support/learner.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };
let n = 0;

async function tool(
  sb: Sandbox,
  cwd: string,
  name: string,
  input: unknown,
  error?: string,
  response: unknown = { stdout: "", stderr: "", interrupted: false },
) {
  n++;
  const payload = {
    ...common(sb, cwd, error ? "PostToolUseFailure" : "PostToolUse"),
    tool_name: name,
    tool_input: input,
    tool_use_id: `toolu_${n}`,
    ...(error ? { error, is_interrupt: false } : { tool_response: response, duration_ms: 5 }),
  };
  const r = await runHook(sb, error ? "post-tool-use-failure" : "post-tool-use", payload, { env });
  assert.equal(r.code, 0, show(r));
}

describe("Claude Code feeds the mind without a model", () => {
  it("explored paths and URLs, the last error, the plan from TodoWrite and the last user message", async (t) => {
    const sb = freshSandbox(t, "brain-mindfeed-");
    const project = writeClaudeProject(sb);
    const base = common(sb, project, "Stop");
    await tool(sb, project, "Read", { file_path: join(project, "src", "theme.ts") });
    await tool(sb, project, "WebFetch", { url: "https://example.com/palette", prompt: "colors" });
    await tool(sb, project, "Bash", { command: "npm test" }, "Exit code 1\n2 failing");
    await tool(sb, project, "TodoWrite", {
      todos: [
        { content: "Find the theme file", status: "completed", activeForm: "Finding" },
        { content: "Add a dark palette", status: "in_progress", activeForm: "Adding" },
        { content: "Test the contrast", status: "pending", activeForm: "Testing" },
      ],
    });
    fs.writeFileSync(
      base.transcript_path,
      turn(base.session_id, "user", "Please add a dark mode to the settings page", project) +
        turn(base.session_id, "assistant", "On it.", project),
    );
    const stop = await runHook(sb, "stop", { ...base, stop_hook_active: false }, { env });
    assert.equal(stop.code, 0, show(stop));
    await waitSettled(sb.brainPath);

    const r = await brainOk(sb, ["mind", "show", "--json"], { env });
    const m = JSON.parse(r.stdout) as {
      plan: { steps: string[]; current: number } | null;
      lastError: string;
      lastUserMessage: string;
      text: string;
    };
    assert.deepEqual(m.plan?.steps, ["Find the theme file", "Add a dark palette", "Test the contrast"]);
    assert.equal(m.plan?.current, 1);
    assert.match(m.lastError, /^Bash npm test: Exit code 1 2 failing/);
    assert.equal(m.lastUserMessage, "Please add a dark mode to the settings page");
    const all = JSON.stringify(m);
    assert.ok(all.includes(join(project, "src", "theme.ts")), all);
    assert.ok(all.includes("https://example.com/palette"), all);

    const prompt = await runHook(
      sb,
      "user-prompt-submit",
      { ...common(sb, project, "UserPromptSubmit"), prompt: "go on" },
      { env },
    );
    assert.equal(prompt.code, 0, show(prompt));
    assert.match(prompt.stdout, /Active plan \(brain\): step 2 of 3: Add a dark palette/);
    assert.match(prompt.stdout, /src\/theme\.ts/);
  });

  // Claude Code 2.1 offers no TodoWrite (the real 2.1.197 answers "TodoWrite exists but is not enabled"): its
  // task list is TaskCreate (one task; the response names its id) and TaskUpdate (by id), payloads as it sends them.
  it("the plan from Claude Code 2.1's task list (TaskCreate, TaskUpdate), across learner runs", async (t) => {
    const sb = freshSandbox(t, "brain-mindfeed-tasks-");
    const project = writeClaudeProject(sb);
    const base = common(sb, project, "Stop");
    const create = async (id: string, subject: string) =>
      tool(sb, project, "TaskCreate", { subject, description: subject, activeForm: subject }, undefined, {
        task: { id, subject },
      });
    const update = async (taskId: string, status: string) =>
      tool(sb, project, "TaskUpdate", { taskId, status }, undefined, {
        success: true,
        taskId,
        updatedFields: ["status"],
      });
    const stop = async () => {
      const r = await runHook(sb, "stop", { ...base, stop_hook_active: false }, { env });
      assert.equal(r.code, 0, show(r));
      await waitSettled(sb.brainPath);
    };
    const plan = async () =>
      (
        JSON.parse((await brainOk(sb, ["mind", "show", "--json"], { env })).stdout) as {
          plan: { steps: string[]; current: number } | null;
        }
      ).plan;
    fs.writeFileSync(base.transcript_path, turn(base.session_id, "user", "Fix the parser", project));
    await create("1", "Reproduce the failure");
    await create("2", "Fix the off-by-one");
    await create("3", "Run the tests");
    await update("1", "completed");
    await stop();
    const first = await plan();
    assert.deepEqual(
      [first?.steps, first?.current],
      [["Reproduce the failure", "Fix the off-by-one", "Run the tests"], 1],
    );
    // A later turn (another learner run) updates the list the mind kept: the step moves on, a task goes.
    await update("2", "completed");
    await update("3", "deleted");
    await create("4", "Write the changelog");
    fs.appendFileSync(base.transcript_path, turn(base.session_id, "user", "And the changelog", project));
    await stop();
    const p = await plan();
    assert.deepEqual(
      [p?.steps, p?.current],
      [["Reproduce the failure", "Fix the off-by-one", "Write the changelog"], 2],
    );
    const prompt = await runHook(
      sb,
      "user-prompt-submit",
      { ...common(sb, project, "UserPromptSubmit"), prompt: "go on" },
      { env },
    );
    assert.match(prompt.stdout, /Active plan \(brain\): step 3 of 3: Write the changelog/);
  });
});
