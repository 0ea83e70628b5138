import { redactForHook } from "./redact.ts";

/**
 * An edit's change as the tool-event log keeps it (issue 28: a failure hint can then say which edit made the
 * failing command pass, not only which file): the text the edit replaced and the text it put there, the
 * first `max` characters of each, redacted by the hook's secret pass (src/hooks/redact.ts) — a few regular
 * expressions over at most 4×max characters, so PostToolUse stays an append. The arguments as each host's
 * edit tools name them:
 *   Claude Code   Edit { old_string, new_string }, MultiEdit { edits: [{ old_string, new_string }] } (the
 *                 first), Write { content }, NotebookEdit { new_source }
 *   Gemini CLI    replace { old_string, new_string }, write_file { content }
 *   pi            edit { oldText, newText }, write { content }
 *   others        str_replace_editor { old_str, new_str | file_text }
 * A patch (Codex's apply_patch) has no such fields: nothing is kept beyond its target.
 */
export interface ToolChange {
  before?: string;
  after?: string;
}

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** The first `max` characters, redacted (cut to 4×max first so the regexes see a bounded text). */
export function excerpt(s: string, max: number): string {
  const r = redactForHook(s.slice(0, max * 4));
  return r.length <= max ? r : `${r.slice(0, Math.max(0, max - 1))}…`;
}

function sides(o: Record<string, unknown>): { before?: string; after?: string } | undefined {
  const edits = Array.isArray(o.edits) ? o.edits : undefined;
  const first = edits?.[0];
  if (first && typeof first === "object") return sides(first as Record<string, unknown>);
  const before = str(o.old_string) ?? str(o.oldText) ?? str(o.old_str);
  const after =
    str(o.new_string) ??
    str(o.newText) ??
    str(o.new_str) ??
    str(o.content) ??
    str(o.file_text) ??
    str(o.new_source);
  if (after === undefined) return undefined;
  return before !== undefined ? { before, after } : { after };
}

/** The change an edit tool's arguments make, excerpted; undefined when they name none (or `max` is 0). */
export function toolChange(input: unknown, max: number): ToolChange | undefined {
  if (max <= 0 || typeof input !== "object" || input === null) return undefined;
  const s = sides(input as Record<string, unknown>);
  if (!s || (s.after === "" && !s.before)) return undefined;
  return {
    ...(s.before ? { before: excerpt(s.before, max) } : {}),
    after: excerpt(s.after ?? "", max),
  };
}
