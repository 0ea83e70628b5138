/**
 * A failure fixed by an edit (issue 28): the tool-event log keeps an excerpt of each edit's change (the text
 * replaced → the new text, `hooks.toolChangeChars` of each, secrets redacted), so when the same failure comes
 * back the hint says which edit made the command pass — through the installed bin's hooks, as Claude Code
 * sends them: `npm test` fails after a library changed its API, an Edit changes the call, `npm test` passes;
 * the ledger reads the session; a later session's same failure gets the edit's change in its hint. The
 * PostToolUse hook itself only appends (it answers nothing).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { FAILURE_HINT_HEADER } from "../../src/improve/failure-lookup.ts";
import { brain, freshSandbox, readLines, type Sandbox, show, writeConfig } from "../support/cli.ts";
import { common, runHook, writeClaudeProject } from "./_support.ts";

const A = "0b5e6c1e-0000-4000-8000-00000000000a";
const B = "0b5e6c1e-0000-4000-8000-00000000000b";
const KEY = `sk-ant-api03-${"Q7x".repeat(12)}`;
const FAILED = (file: string) =>
  `Exit code 1\nFAIL ${file}\nTypeError: db.query is not a function\n    at loadUser (${file}:14:19)\n    at Object.<anonymous> (test/users.test.ts:8:5)`;
let n = 0;

async function hook(
  sb: Sandbox,
  project: string,
  session: string,
  at: string,
  tool: string,
  input: unknown,
  error?: string,
) {
  n++;
  const payload = {
    ...common(sb, project, error ? "PostToolUseFailure" : "PostToolUse"),
    session_id: session,
    tool_name: tool,
    tool_input: input,
    tool_use_id: `toolu_edit_${n}`,
    ...(error
      ? { error, is_interrupt: false }
      : {
          tool_response:
            tool === "Bash"
              ? { stdout: "ok", stderr: "", interrupted: false }
              : { filePath: (input as { file_path: string }).file_path },
          duration_ms: 30,
        }),
  };
  const r = await runHook(sb, error ? "post-tool-use-failure" : "post-tool-use", payload, {
    env: { BRAIN_NOW: at },
  });
  assert.equal(r.code, 0, show(r));
  return r.stdout.trim();
}

describe("a failure fixed by an edit: the hint names the edit's change", () => {
  it("fail, edit, pass; later the same failure → the hint quotes the change, capped and redacted", async (t) => {
    const sb = freshSandbox(t, "brain-edit-hint-");
    const project = writeClaudeProject(sb);
    // A small cap, just above which the new text goes (the default is 200 characters of each side).
    writeConfig(sb, { hooks: { toolChangeChars: 60 } });
    const file = join(project, "src", "users.ts");
    const before = "const rows = db.query(sql, [id]);";
    const after = `const rows = await db.execute(sql, [id]); // key ${KEY} ${"x".repeat(40)}`;
    assert.equal(
      await hook(
        sb,
        project,
        A,
        "2026-03-01T10:00:00.000Z",
        "Bash",
        { command: "npm test" },
        FAILED("src/users.ts"),
      ),
      "",
    );
    const edit = await hook(sb, project, A, "2026-03-01T10:02:00.000Z", "Edit", {
      file_path: file,
      old_string: before,
      new_string: after,
      replace_all: false,
    });
    assert.equal(edit, "", "PostToolUse answers nothing: it appends");
    assert.equal(await hook(sb, project, A, "2026-03-01T10:03:00.000Z", "Bash", { command: "npm test" }), "");

    const events = readLines(join(sb.dir, "brain", ".brain", "tool-events.jsonl"));
    const e = events.find((x) => x.tool === "Edit");
    assert.equal(e?.before, before, "under the cap: whole");
    assert.equal(String(e?.after).length, 60, "over the cap: its first characters");
    assert.ok(
      String(e?.after).startsWith("const rows = await db.execute(sql, [id]); // key "),
      String(e?.after),
    );
    assert.ok(!JSON.stringify(events).includes(KEY.slice(0, 24)), "the key is redacted before the cut");

    const r = await brain(sb, ["improve", "--dry-run", "--json"], {
      env: { BRAIN_NOW: "2026-03-01T11:00:00.000Z" },
    });
    assert.equal(r.code, 0, show(r));

    // A week later, another session: the same failure in another file.
    const out = await hook(
      sb,
      project,
      B,
      "2026-03-08T09:00:00.000Z",
      "Bash",
      { command: "npm test" },
      FAILED("src/orders.ts"),
    );
    assert.notEqual(out, "", "a hint for the repeated failure");
    const hint = (JSON.parse(out) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput
      .additionalContext;
    assert.ok(hint.startsWith(FAILURE_HINT_HEADER), hint);
    assert.ok(
      hint.includes(`\`${file}\`: \`${before}\` → \`const rows = await db.execute(sql, [id]);`),
      hint,
    );
    assert.match(
      hint,
      /`npm test` \(2026-03-01, session 0b5e6c1e-000/,
      "then the command that passed, cited",
    );
    assert.ok(!hint.includes(KEY.slice(0, 24)), "no secret in the hint");
    assert.ok(hint.length <= 800, "within the hint's size");
  });
});
