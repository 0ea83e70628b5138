/**
 * A resumed Claude Code session compacted before the model answered again (issue 27): Claude Code 2.1.197
 * keeps the newest API round verbatim — the resume's SessionStart context is in it — so the `compact`
 * SessionStart answers nothing instead of sending the context a second time; compacted after another answer
 * (the resume's context summarised away), it answers with the recovered context as before. Through the
 * installed bin, with transcripts in the records' shape a real 2.1.197 run wrote (the real host's case is in
 * test/e2e/claude-mind.e2e.ts).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { SESSION_HEADER } from "../../src/hooks/text.ts";
import { freshSandbox, type Sandbox, show } from "../support/cli.ts";
import { common, runHook, writeClaudeProject } from "./_support.ts";

let uuid = 0;
const rec = (o: Record<string, unknown>) => JSON.stringify({ uuid: `u-${++uuid}`, sessionId: "s", ...o });
const attachment = (type: string, content: unknown, hookEvent?: string) =>
  rec({ type: "attachment", attachment: { type, content, ...(hookEvent ? { hookEvent } : {}) } });
const user = (text: string) => rec({ type: "user", message: { role: "user", content: text } });
const answer = () =>
  rec({ type: "assistant", message: { role: "assistant", content: [{ type: "text", text: "Noted." }] } });
const brainContext = () =>
  attachment("hook_additional_context", [`${SESSION_HEADER}\n\n## Runtime\n- now: …`], "SessionStart");
/** A session's first turn, as its transcript holds it when the session is resumed. */
const history = () => [
  attachment("hook_success", "", "SessionStart"),
  brainContext(),
  user("first prompt"),
  attachment("skill_listing", "- deep-research: …"),
  answer(),
  rec({ type: "last-prompt" }),
];

async function start(sb: Sandbox, project: string, source: string, session: string, lines: string[] | null) {
  const base = { ...common(sb, project, "SessionStart"), session_id: session };
  if (lines) fs.writeFileSync(base.transcript_path, `${lines.join("\n")}\n`);
  else fs.rmSync(base.transcript_path, { force: true });
  const r = await runHook(
    sb,
    "session-start",
    { ...base, source },
    { env: { BRAIN_NOW: "2026-03-01T12:00:00.000Z" } },
  );
  assert.equal(r.code, 0, show(r));
  const out = r.stdout.trim()
    ? (JSON.parse(r.stdout) as { hookSpecificOutput?: { additionalContext?: string } })
    : {};
  return out.hookSpecificOutput?.additionalContext ?? "";
}

const RECOVERED = /^# Brain: memory recovered after compaction/;

describe("SessionStart compact after a resume", () => {
  it("answers nothing when the compaction keeps the resume's context; the recovered context otherwise", async (t) => {
    const sb = freshSandbox(t, "brain-compact-carry-");
    const project = writeClaudeProject(sb);
    // The transcript as it is when Claude Code resumes (the resume's own records are written later).
    const before = history();
    assert.match(await start(sb, project, "resume", "s-1", before), /^# Brain: what you remember/);
    // /compact before another answer (the queue records it writes): the resume's context is in the kept round.
    const compacting = [...before, rec({ type: "queue-operation" }), rec({ type: "mode" })];
    assert.equal(await start(sb, project, "compact", "s-1", compacting), "", "not sent a second time");
    // The note is used once: a later compaction answers in full (its transcript has grown: another firing).
    assert.match(
      await start(sb, project, "compact", "s-1", [...compacting, rec({ type: "mode" })]),
      RECOVERED,
    );

    // Resumed, then a turn answered before the compaction: the resume's context went into the summary.
    await start(sb, project, "resume", "s-2", before);
    assert.match(await start(sb, project, "compact", "s-2", [...before, user("go on"), answer()]), RECOVERED);
    // A session compacted without a resume, or resumed without a transcript to read: in full.
    assert.match(await start(sb, project, "compact", "s-3", before), RECOVERED);
    await start(sb, project, "resume", "s-4", null);
    assert.match(await start(sb, project, "compact", "s-4", before), RECOVERED);
    // The note holds hashes only: no session id in the file.
    const notes = fs.readFileSync(join(sb.dir, "brain", ".brain", "session-resumes.json"), "utf8");
    assert.ok(!notes.includes("s-2"), notes);
  });
});
