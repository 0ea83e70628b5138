import { isObj, isoDate, jsonLines, type Parsed, type ParseOptions, str, textOf } from "./transcript.ts";

/**
 * Harness chatter in user turns that is not conversation: slash-command wrappers, local command output,
 * reminders, sub-agent notifications, hook output an older version wrote inline, interrupt markers.
 */
const HARNESS =
  /^(<command-|<local-command-|<system-reminder>|<task-notification>|<user-prompt-submit-hook>|Caveat: The messages below|\[Request interrupted by user)/;

/**
 * Claude Code transcripts (`~/.claude/projects/<dir>/<session>.jsonl`): one record a line; user and
 * assistant records carry `message: {role, content}`, `sessionId`, `uuid`, `timestamp`. Tool calls and
 * results, thinking, meta records, summaries, side chains (sub-agents) and compaction summaries (a user record
 * with `isCompactSummary`: "This session is being continued…", a restatement of turns already in the file)
 * are not conversation and are skipped.
 */
export function parseClaude(text: string, opts: ParseOptions, out: Parsed): void {
  for (const { line, value: v } of jsonLines(text, out.problems, opts.lineOffset)) {
    if (v.type !== "user" && v.type !== "assistant") {
      out.skipped++;
      continue;
    }
    const msg = v.message;
    const body = isObj(msg) ? textOf(msg.content) : "";
    if (
      !body ||
      v.isMeta === true ||
      v.isSidechain === true ||
      v.isCompactSummary === true ||
      HARNESS.test(body)
    ) {
      out.skipped++;
      continue;
    }
    const session = str(v.sessionId) || opts.session;
    const role = isObj(msg) && typeof msg.role === "string" ? msg.role : String(v.type);
    out.turns.push({
      session,
      turn: str(v.uuid) || `${session}:${line}`,
      speaker: role,
      role,
      text: body,
      date: isoDate(v.timestamp) ?? opts.fallbackDate,
    });
  }
}

/**
 * pi sessions (`~/.pi/agent/sessions/…/<ts>_<uuid>.jsonl`): a `session` header ({id, timestamp, cwd}), then
 * entries; `message` entries hold `{role, content}`. User and assistant text is kept; tool results, bash
 * executions, custom and summary entries are skipped.
 */
export function parsePi(text: string, opts: ParseOptions, out: Parsed): void {
  let session = opts.session;
  let sessionDate: string | null = null;
  for (const { line, value: v } of jsonLines(text, out.problems, opts.lineOffset)) {
    if (v.type === "session") {
      if (typeof v.id === "string" && v.id) session = v.id;
      sessionDate = isoDate(v.timestamp);
      continue;
    }
    const msg = v.message;
    if (v.type !== "message" || !isObj(msg) || (msg.role !== "user" && msg.role !== "assistant")) {
      out.skipped++;
      continue;
    }
    const body = textOf(msg.content);
    if (!body) {
      out.skipped++;
      continue;
    }
    out.turns.push({
      session,
      turn: str(v.id) || `${session}:${line}`,
      speaker: msg.role,
      role: msg.role,
      text: body,
      date: isoDate(v.timestamp) ?? isoDate(msg.timestamp) ?? sessionDate ?? opts.fallbackDate,
    });
  }
}
