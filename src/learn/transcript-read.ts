import * as fs from "node:fs";
import { basename } from "node:path";
import type { Turn } from "../core/episode.ts";
import { parseTranscript, type TranscriptFormat } from "../recall/ingest/parse.ts";
import { readPiece } from "./byte-range.ts";
import { type Change, changedSince, seenAt } from "./cursor-identity.ts";
import type { SessionCursor } from "./cursors.ts";
import { capTurnText, DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_TURN_CHARS } from "./turn-cap.ts";

/**
 * The learner's next delta of a transcript, read within its caps (src/learn/turn-cap.ts): the turns of the
 * complete lines after the cursor, lines over `maxLineBytes` passed over, texts over `maxTurnChars` cut — and
 * the cursor checked first against the file it was reading (src/learn/cursor-identity.ts).
 */
export interface Caps {
  maxLineBytes: number;
  maxTurnChars: number;
}

export const DEFAULT_CAPS: Caps = {
  maxLineBytes: DEFAULT_MAX_LINE_BYTES,
  maxTurnChars: DEFAULT_MAX_TURN_CHARS,
};

export interface Delta {
  /** Bytes and lines the cursor moves by. */
  bytes: number;
  lines: number;
  turns: Turn[];
  /** Lines passed over (line numbers in the transcript, lengths in bytes). */
  skipped: { line: number; bytes: number }[];
  /** Turns whose text was cut. */
  cut: number;
  inLongLine?: number;
}

/** When the file no longer holds what the cursor read, the cursor goes back to the start; the change is returned. */
export function restartIfChanged(c: SessionCursor): Change | undefined {
  const change = changedSince(c.transcript, c.offset, c.seen, c.pending?.to);
  if (!change) return undefined;
  c.offset = 0;
  c.line = 0;
  delete c.recent;
  delete c.seen;
  delete c.inLongLine;
  delete c.pending;
  return change;
}

/** The next delta within `budget` bytes; a delta an interrupted learner had begun is read again as it was. */
export function readDelta(c: SessionCursor, budget: number, caps: Caps): Delta {
  const begun = c.pending?.from === c.offset ? c.pending.to : undefined;
  const piece = readPiece(c.transcript, c.offset, {
    max: begun !== undefined && begun > c.offset ? begun - c.offset : budget,
    maxLine: caps.maxLineBytes,
    ...(c.inLongLine !== undefined ? { inLongLine: c.inLongLine } : {}),
  });
  const turns = piece.text ? turnsOf(c, piece.text) : [];
  let cut = 0;
  for (const t of turns) {
    const r = capTurnText(t.text, caps.maxTurnChars);
    if (r.cut) {
      t.text = r.text;
      cut++;
    }
  }
  return {
    bytes: piece.bytes,
    lines: piece.lines,
    turns,
    skipped: piece.skipped.map((s) => ({ line: c.line + s.index + 1, bytes: s.bytes })),
    cut,
    ...(piece.inLongLine !== undefined ? { inLongLine: piece.inLongLine } : {}),
  };
}

/** Move the cursor past the delta and remember what the file held there. */
export function advance(c: SessionCursor, d: Delta): void {
  c.offset += d.bytes;
  c.line += d.lines;
  if (d.inLongLine !== undefined) c.inLongLine = d.inLongLine;
  else delete c.inLongLine;
  c.seen = seenAt(c.transcript, c.offset);
  delete c.pending;
}

/** Each host's own transcript format; a host not named here (Cursor) is detected from the text. */
const HOST_FORMATS: Record<string, TranscriptFormat> = {
  claude: "claude",
  pi: "pi",
  codex: "codex",
  gemini: "gemini",
  copilot: "copilot",
};

function turnsOf(c: SessionCursor, text: string): Turn[] {
  const format = HOST_FORMATS[c.host];
  const parsed = parseTranscript(text, {
    ...(format ? { format } : {}),
    session: c.session_id ?? basename(c.transcript).replace(/\.[^.]+$/, ""),
    fallbackDate: fs.statSync(c.transcript).mtime.toISOString(),
    lineOffset: c.line,
    withTools: true,
  });
  return parsed?.turns ?? [];
}
