/**
 * What every transcript parser shares (parse.ts dispatches to agents.ts and chat.ts, which import this, not
 * parse.ts: no import cycle): the formats, the options and result, JSONL framing, and value helpers.
 */

import type { Turn } from "../../core/episode.ts";
import { jsonObjectLines } from "../../store/jsonl/text-lines.ts";

/**
 * Transcript formats `brain ingest` reads, each parsed to turns by a pure function (text in, turns out):
 *  - claude:  Claude Code session transcripts (JSONL; `type` user/assistant, `message`, `sessionId`, `uuid`)
 *  - pi:      pi session files (JSONL; a `session` header, then `message` entries)
 *  - openai:  `{"messages":[{role, content}]}`, a bare array of messages, or one message per line
 *  - locomo:  the LoCoMo benchmark's samples (`conversation.session_N` + `session_N_date_time`)
 *  - generic: JSONL, one turn a line: {"session","date","speaker","text","turn"?}
 *  - codex, gemini, copilot: those hosts' session files (host-transcripts.ts)
 *  - opencode: OpenCode's SQLite database, every session in it (opencode-db.ts)
 */
export const FORMATS = [
  "claude",
  "pi",
  "openai",
  "locomo",
  "generic",
  "codex",
  "gemini",
  "copilot",
  "opencode",
] as const;
export type TranscriptFormat = (typeof FORMATS)[number];

export interface ParseOptions {
  /** Force a format instead of detecting it. */
  format?: TranscriptFormat;
  /** Session name for formats that carry none (defaults to the file name). */
  session: string;
  /** ISO date for turns that carry none (the importer passes the file's modification time). */
  fallbackDate: string;
  /** Lines before the text (a transcript read from a byte offset): line numbers, and ids made from them, go on. */
  lineOffset?: number;
  /** Claude Code: an assistant's tool calls as turns marked `origin: "tool"` (the learner's context). */
  withTools?: boolean;
}

export interface ParseProblem {
  line: number;
  reason: string;
}

export interface Parsed {
  format: TranscriptFormat;
  turns: Turn[];
  /** Lines or records that could not be read (reported, never fatal). */
  problems: ParseProblem[];
  /** Records read but not turned into episodes (tool calls, empty text, metadata lines). */
  skipped: number;
}

export type Json = Record<string, unknown>;

export interface Line {
  line: number;
  value: Json;
}

/** JSONL framing (the store's, src/store/jsonl/text-lines.ts): unparseable or non-object lines become problems. */
export function jsonLines(text: string, problems: ParseProblem[], lineOffset = 0): Line[] {
  return jsonObjectLines(text, (line, reason) => problems.push({ line, reason }), lineOffset);
}

export const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Text of a message `content`: a string, or the text parts of a content array (tool calls, images skipped). */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content.trim();
  if (!Array.isArray(content)) return "";
  const parts: string[] = [];
  for (const p of content) {
    if (typeof p === "string") parts.push(p);
    else if (isObj(p) && (p.type === "text" || p.type === "input_text" || p.type === "output_text")) {
      if (typeof p.text === "string") parts.push(p.text);
    }
  }
  return parts.join("\n").trim();
}

/** An ISO date from a string or epoch number; null when it does not parse. */
export function isoDate(v: unknown): string | null {
  if (typeof v === "number" && Number.isFinite(v)) {
    const ms = v < 1e11 ? v * 1000 : v; // seconds (OpenAI `created`) or milliseconds
    return new Date(ms).toISOString();
  }
  if (typeof v !== "string" || !v.trim()) return null;
  const s = v.trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s))) return s;
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export function str(v: unknown): string {
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : "";
}
