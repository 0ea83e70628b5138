import * as fs from "node:fs";
import { basename } from "node:path";
import { BrainError } from "../../core/errors.ts";
import { assertRegularFile } from "../../store/file-kind.ts";
import { isSqliteFile, parseOpenCodeDb } from "./opencode-db.ts";
import { FORMATS, type Parsed, parseTranscript, type TranscriptFormat } from "./parse.ts";

export interface IngestOptions {
  /** Force a format instead of detecting it. */
  format?: string;
  /** Session name for transcripts that carry none (default: the file name without extension). */
  session?: string;
  /** Called as episodes are written: (written so far, total). */
  progress?: (done: number, total: number) => void;
}

export interface IngestResult {
  file: string;
  format: TranscriptFormat;
  /** Turns read from the transcript. */
  turns: number;
  /** Episodes written (turns not already in the log). */
  added: number;
  /** Turns already in the log (an earlier import of the same transcript). */
  existing: number;
  /** Turns not added because they were forgotten (`brain forget`): a forgotten turn is never re-imported. */
  forgotten: number;
  /** Records that were not conversation (tool calls, metadata, empty text). */
  skipped: number;
  sessions: number;
  problems: { line: number; reason: string }[];
  /** Secrets found in the transcript and stored redacted. */
  redacted: number;
}

export function checkFormat(format: string | undefined): TranscriptFormat | undefined {
  if (format === undefined) return undefined;
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new BrainError("INVALID", `--format must be one of: ${FORMATS.join(", ")} (got "${format}")`, {
      field: "format",
    });
  }
  return format as TranscriptFormat;
}

/** Read and parse a transcript file (the date of a turn without one is the file's modification time). */
export function readTranscript(path: string, opts: IngestOptions = {}): Parsed {
  const format = checkFormat(opts.format);
  // A fifo would block the read forever and /dev/zero would never end: only regular files are read.
  const mtime = assertRegularFile(path, "a transcript").mtime;
  // OpenCode keeps its sessions in SQLite (sql.js must be loaded: appendTranscript does it).
  if (format === "opencode" || (!format && isSqliteFile(path))) {
    const parsed: Parsed = { format: "opencode", turns: [], problems: [], skipped: 0 };
    parseOpenCodeDb(path, { session: opts.session ?? "opencode", fallbackDate: mtime.toISOString() }, parsed);
    return parsed;
  }
  let text: string;
  try {
    text = fs.readFileSync(path, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new BrainError(
      code === "ENOENT" ? "NOT_FOUND" : "IO",
      `cannot read ${path}: ${(err as Error).message}`,
    );
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const parsed = parseTranscript(text, {
    ...(format ? { format } : {}),
    session: opts.session ?? basename(path).replace(/\.[^.]+$/, ""),
    fallbackDate: mtime.toISOString(),
  });
  if (!parsed) {
    throw new BrainError(
      "INVALID",
      `cannot tell the format of ${path}; pass --format (${FORMATS.join(", ")})`,
      { field: "format" },
    );
  }
  if (format && parsed.turns.length === 0 && (parsed.skipped > 0 || parsed.problems.length > 0)) {
    // The wrong --format reads nothing and would exit 0 with "0 turns": when the file reads as another format,
    // say so. (A file of this format whose records are all unusable is not an error: they are reported.)
    const guess = parseTranscript(text, { session: "detect", fallbackDate: mtime.toISOString() });
    if (guess && guess.format !== format && guess.turns.length > 0)
      throw new BrainError(
        "INVALID",
        `no conversation turns as --format ${format} in ${path} (${parsed.skipped} records skipped, ` +
          `${parsed.problems.length} problems); it looks like ${guess.format}: pass --format ${guess.format} or leave --format out`,
        { field: "format" },
      );
  }
  return parsed;
}
