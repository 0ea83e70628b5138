import { isCommandWrapper, typedText, untypedReason } from "./harness.ts";
import {
  isObj,
  isoDate,
  type Json,
  jsonLines,
  type Parsed,
  type ParseOptions,
  str,
  textOf,
} from "./transcript.ts";

/** A tool call of an assistant message, in one short line ("Bash: pnpm test"), for the learner's context. */
const TOOL_LINE_CHARS = 300;

function toolLines(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  const out: string[] = [];
  for (const p of content) {
    if (!isObj(p) || p.type !== "tool_use") continue;
    const input = isObj(p.input) ? p.input : {};
    const arg =
      str(input.command) || str(input.file_path) || str(input.path) || str(input.pattern) || str(input.url);
    out.push(`${str(p.name) || "tool"}: ${arg}`.replace(/\s+/gu, " ").slice(0, TOOL_LINE_CHARS));
  }
  return out;
}

const hasToolResult = (content: unknown): boolean =>
  Array.isArray(content) && content.some((p) => isObj(p) && p.type === "tool_result");

/**
 * Claude Code transcripts (`~/.claude/projects/<dir>/<session>.jsonl`): one record a line; user and
 * assistant records carry `message: {role, content}`, `sessionId`, `uuid`, `timestamp`. Only what the user
 * typed becomes a user turn (src/recall/ingest/harness.ts): tool results, meta records, side chains
 * (sub-agents), slash-command wrappers and the template right after one, hook output and interrupt markers
 * are skipped, host notes inside a typed message are cut out, and a compaction summary (a restatement of
 * turns already in the file) is skipped too. With `withTools`, an assistant's tool calls become
 * turns marked `origin: "tool"` (the learner's context, never stored as episodes).
 */
export function parseClaude(text: string, opts: ParseOptions, out: Parsed): void {
  let afterCommand = false;
  for (const { line, value: v } of jsonLines(text, out.problems, opts.lineOffset)) {
    const templateNext = afterCommand;
    afterCommand = false;
    if ((v.type !== "user" && v.type !== "assistant") || v.isSidechain === true) {
      out.skipped++;
      continue;
    }
    const msg = isObj(v.message) ? v.message : undefined;
    const session = str(v.sessionId) || opts.session;
    const role = msg && typeof msg.role === "string" ? msg.role : String(v.type);
    const base = (n: number, extra: Json = {}) => ({
      session,
      turn: n === 0 ? str(v.uuid) || `${session}:${line}` : `${str(v.uuid) || `${session}:${line}`}#${n}`,
      date: isoDate(v.timestamp) ?? opts.fallbackDate,
      ...extra,
    });
    if (v.type === "assistant") {
      const body = textOf(msg?.content);
      if (body) out.turns.push({ ...base(0), speaker: role, role, text: body });
      if (opts.withTools) {
        const tools = toolLines(msg?.content);
        for (const [i, t] of tools.entries())
          out.turns.push({
            ...base(i + 1),
            speaker: "tool call",
            role: "assistant",
            text: t,
            origin: "tool",
          });
      }
      if (!body) out.skipped++;
      continue;
    }
    const raw = hasToolResult(msg?.content) || v.isMeta === true ? "" : textOf(msg?.content);
    const why = raw ? (v.isCompactSummary === true ? "summary" : untypedReason(raw)) : undefined;
    // A compaction summary restates turns already in the file: recalled, it crowded out the turns themselves.
    if (why === "summary") {
      out.skipped++;
      continue;
    }
    if (why === "command" && isCommandWrapper(raw)) afterCommand = true;
    const body = !raw || why || templateNext ? "" : typedText(raw);
    if (!body) {
      out.skipped++;
      continue;
    }
    out.turns.push({ ...base(0), speaker: role, role, text: body });
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
