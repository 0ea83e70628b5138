/**
 * Seed 004's per-turn anchors: the active plan and the recently used paths re-stated with every prompt, as
 * the last items of the prompt hook's block — the same text whether the hook works in process or the
 * resident server answers, within the hook's size (PROMPT_MAX_CHARS).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { PROMPT_MAX_CHARS } from "../../src/hooks/text.ts";
import { anchorLines } from "../../src/mind/anchors.ts";
import { emptyMind } from "../../src/mind/fold.ts";
import { common, runHook, writeClaudeProject } from "../hooks/_support.ts";
import { startServe } from "../serve/_support.ts";
import { brainOk, freshSandbox, writeConfig } from "../support/cli.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z", BRAIN_HOOK_TIMING: "1" };
const context = (stdout: string) =>
  (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput
    .additionalContext;

describe("per-turn anchors", () => {
  it("state the plan's step and the newest paths inside the project, relative to its root", () => {
    const s = emptyMind();
    s.plan = { steps: ["find the theme", "add a dark palette", "test contrast"], current: 1, setAt: "" };
    for (const [i, ref] of ["/p/a.ts", "/elsewhere/x.ts", "/p/src/b.ts", "https://x.org", "/p"].entries())
      s.exploredPaths.set(ref, { n: i, at: "", ref });
    assert.equal(
      anchorLines(s, "/p"),
      "Active plan (brain): step 2 of 3: add a dark palette; then: test contrast\nRecently used paths: ., src/b.ts, a.ts",
    );
    s.plan.current = 3;
    assert.equal(
      anchorLines(s, "/p"),
      "Recently used paths: ., src/b.ts, a.ts",
      "a finished plan is not re-stated",
    );
    assert.equal(anchorLines(emptyMind(), "/p"), "");
  });

  it("come with every prompt, in process and from the resident server alike, within the hook's size", async (t) => {
    const sb = freshSandbox(t, "brain-anchors-");
    // One prompt fired again on purpose (in process, then served): not a repeat to skip (src/hooks/seen.ts).
    writeConfig(sb, { hooks: { dedupSeconds: 0 } });
    const project = writeClaudeProject(sb);
    await brainOk(sb, ["init"], { env });
    await brainOk(sb, ["add", "type=learning", "text=This repo uses pnpm not npm"], { env });
    await brainOk(sb, ["mind", "plan", "find the theme file", "add a dark palette"], { env });
    await brainOk(sb, ["mind", "explored", join(project, "src", "theme.ts")], { env });
    await brainOk(sb, ["mind", "explored", "/somewhere/else.ts"], { env });
    const prompt = {
      ...common(sb, project, "UserPromptSubmit"),
      prompt: "which package manager, pnpm or npm?",
    };
    const direct = await runHook(sb, "user-prompt-submit", prompt, { env });
    assert.match(direct.stderr, /in process/);
    const text = context(direct.stdout);
    assert.match(
      text,
      /^## Relevant memories \(brain\)\n.*\n- \[learning [0-9a-f]+\] This repo uses pnpm not npm\n- Active plan \(brain\): step 1 of 2: find the theme file; then: add a dark palette\n- Recently used paths: src\/theme.ts$/,
    );
    assert.ok(text.length <= PROMPT_MAX_CHARS);
    // Nothing relevant among the memories: the anchors still come, under the block's heading.
    const quiet = context(
      (await runHook(sb, "user-prompt-submit", { ...prompt, prompt: "what time is it?" }, { env })).stdout,
    );
    assert.match(quiet, /^## Relevant memories \(brain\)\n.*\n- Active plan \(brain\): step 1 of 2/);
    await startServe(sb, t, { env });
    const served = await runHook(sb, "user-prompt-submit", prompt, { env });
    assert.match(served.stderr, /answered by the server/);
    assert.equal(served.stdout, direct.stdout);
  });
});
