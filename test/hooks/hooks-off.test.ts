/**
 * BRAIN_HOOKS=off (issue 23's recursion guard): the learner runs the agent host as its extraction model with
 * this set, and every Brain hook must then exit 0 with no output and no write — no answer, no queued
 * transcript, no tool event, no learner started, no server. Through the installed bin, for every event
 * Claude Code fires, on a brain where the same hooks without the flag do write (so the test can fail).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join, relative } from "node:path";
import { after, before, describe, it } from "node:test";
import { brain, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { common, runHook, writeClaudeProject } from "./_support.ts";

let sb: Sandbox;
let project: string;

before(async () => {
  sb = sandbox("brain-hooks-off-");
  project = writeClaudeProject(sb);
  assert.equal((await brain(sb, ["init"])).code, 0);
  fs.writeFileSync(join(sb.dir, "transcript.jsonl"), '{"type":"user"}\n');
});
after(() => removeSandbox(sb));

/** Every file under the sandbox with its size and modification time (what a write would change). */
function snapshot(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const st = fs.statSync(p);
        out.set(relative(sb.dir, p), `${st.size}:${st.mtimeMs}`);
      }
    }
  };
  walk(sb.dir);
  return out;
}

const EVENTS: [string, string, Record<string, unknown>][] = [
  ["session-start", "SessionStart", { source: "startup" }],
  ["user-prompt-submit", "UserPromptSubmit", { prompt: "Remember: always use pnpm, never npm." }],
  [
    "post-tool-use",
    "PostToolUse",
    { tool_name: "Bash", tool_input: { command: "pnpm test" }, tool_response: {} },
  ],
  ["stop", "Stop", { stop_hook_active: false }],
  ["pre-compact", "PreCompact", { trigger: "auto" }],
  ["session-end", "SessionEnd", { reason: "exit" }],
];

const env = { BRAIN_HOOKS: "off", BRAIN_SERVE_AUTOSTART: "1" };

describe("BRAIN_HOOKS=off", () => {
  for (const [cli, name, extra] of EVENTS) {
    it(`${cli}: exit 0, no output, no file written`, async () => {
      const before = snapshot();
      const r = await runHook(sb, cli, { ...common(sb, project, name), ...extra }, { cwd: project, env });
      assert.equal(r.code, 0, show(r));
      assert.equal(r.stdout, "", "nothing printed");
      assert.equal(r.stderr, "", "nothing on stderr");
      assert.deepEqual(snapshot(), before, "no file created or changed");
    });
  }

  it("without the flag the same hooks answer and queue (the checks above can fail)", async () => {
    const plain = { BRAIN_SERVE_AUTOSTART: "0" };
    const r = await runHook(
      sb,
      "session-start",
      { ...common(sb, project, "SessionStart"), source: "startup" },
      {
        cwd: project,
        env: plain,
      },
    );
    assert.match(r.stdout, /additionalContext/, "the hook answers when not suppressed");
    const queue = join(sb.dir, "brain", ".brain", "transcripts.jsonl");
    assert.equal(fs.existsSync(queue), false);
    const s = await runHook(
      sb,
      "stop",
      { ...common(sb, project, "Stop"), stop_hook_active: false },
      {
        cwd: project,
        env: plain,
      },
    );
    assert.equal(s.code, 0, show(s));
    assert.ok(fs.existsSync(queue), "Stop queued the transcript");
  });
});
