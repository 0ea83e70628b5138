import * as fs from "node:fs";
import { shapeProblem } from "../core/entry-shape.ts";
import { isEntryType } from "../core/entry-types.ts";
import type { BadLine } from "../core/health.ts";
import { flagsOf, Rec } from "../core/rec.ts";
import { parseJson } from "../core/safe-json.ts";

export interface Position {
  /** Byte offset just past the last consumed line. */
  offset: number;
  /** Physical lines consumed so far (1-based number of the last one). */
  line: number;
  /** False when the last consumed line was a complete entry that had no newline yet. */
  endsWithNewline: boolean;
}

/** Where a record's line lies in the log, and its parsed value (for a sink that keeps only what it needs). */
export interface LineAt {
  offset: number;
  bytes: number;
  value: Record<string, unknown>;
}

export interface ScanSink {
  rec(rec: Rec, at?: LineAt): void;
  bad(bad: BadLine): void;
  unknownType(line: number, type: string): void;
  warning(line: number, message: string): void;
  /** Types outside brain.jsonl's this sink folds too (the episode log accepts "episode"). */
  accepts?(type: string): boolean;
  /**
   * A log that is not made of brain entries (src/engine/log.ts): every line holding a JSON object comes here
   * as it is, with no entry checks (id, type, field kinds); lines that are not JSON objects are still `bad`.
   */
  record?(value: Record<string, unknown>, line: number, text: string, offset: number): void;
  /** Asked after each complete line: true stops the scan there (its `end` is just past that line). */
  enough?(): boolean;
}

export interface ScanResult {
  end: Position;
  /** Set when the file ends in a line that is incomplete and does not parse (a torn write). */
  tornTail: { line: number; offset: number; text: string } | null;
  bytesRead: number;
  linesRead: number;
}

const CHUNK = 1 << 22;
const NL = 0x0a;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
/** Whitespace JSON allows after a value (so "\u2028" or "\u00a0" glued to an entry is not "blank"). */
const JSON_SPACE = /^[ \t\r]*$/;

function preview(s: string): string {
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

/**
 * Streams the log from `from` to EOF in fixed-size chunks (memory stays flat however large the file), hands
 * every record, bad line and unknown type to `sink`, and never throws on content. JSONL framing splits on
 * "\n" only, so U+2028 and "\r" inside a line are content, not line ends.
 */
export function scanLog(path: string, from: Position, sink: ScanSink): ScanResult {
  let fd: number;
  try {
    fd = fs.openSync(path, "r");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") {
      return { end: from, tornTail: null, bytesRead: 0, linesRead: 0 };
    }
    throw err;
  }
  try {
    const size = fs.fstatSync(fd).size;
    return scanSource({ size, read: (b, len, pos) => fs.readSync(fd, b, 0, len, pos) }, from, sink);
  } finally {
    fs.closeSync(fd);
  }
}

/** Anything scanLog can read: a file, or a buffer for the in-memory store. */
export interface ByteSource {
  size: number;
  read(into: Buffer, length: number, position: number): number;
}

export function scanSource(src: ByteSource, from: Position, sink: ScanSink): ScanResult {
  {
    const size = src.size;
    let pos = from.offset;
    let line = from.line;
    let endsWithNewline = from.endsWithNewline;
    let carry: Buffer | null = null;
    let carryStart = pos;
    let linesRead = 0;
    // Sized to what is left to read: a refresh that finds one new line must not allocate 4 MiB (twice per
    // write, that was most of a writer's time, spent in the garbage collector).
    const buf = Buffer.allocUnsafe(Math.max(0, Math.min(CHUNK, size - pos)));
    while (pos < size) {
      const n = src.read(buf, Math.min(CHUNK, size - pos), pos);
      if (n <= 0) break;
      let chunk = buf.subarray(0, n);
      let chunkStart = pos;
      if (carry) {
        chunk = Buffer.concat([carry, chunk]);
        chunkStart = carryStart;
        carry = null;
      }
      pos += n;
      let start = 0;
      for (;;) {
        const nl = chunk.indexOf(NL, start);
        if (nl < 0) break;
        if (!endsWithNewline) {
          // This newline ends the physical line of an entry we already applied without one, so it adds no
          // line: whitespace before it (the "\r" of a CRLF written in two steps) is part of that line, and
          // anything else glued onto the entry is reported on the entry's own line number.
          endsWithNewline = true;
          const rest = chunk.toString("utf8", start, nl);
          if (!JSON_SPACE.test(rest))
            sink.bad({ line, reason: "text after an entry on the same line", text: preview(rest) });
          start = nl + 1;
          continue;
        }
        line++;
        linesRead++;
        handleLine(chunk, start, nl, line, sink, chunkStart + start);
        start = nl + 1;
        if (sink.enough?.()) {
          // The reader has what it wants: stop just past this line (a later scan goes on from there).
          return {
            end: { offset: chunkStart + start, line, endsWithNewline },
            tornTail: null,
            bytesRead: chunkStart + start - from.offset,
            linesRead,
          };
        }
      }
      if (start < chunk.length) {
        carry = Buffer.from(chunk.subarray(start));
        carryStart = chunkStart + start;
      }
    }
    const consumedTo = carry ? carryStart : pos;
    let tornTail: ScanResult["tornTail"] = null;
    let end: Position = { offset: consumedTo, line, endsWithNewline };
    if (carry) {
      const text = carry.toString("utf8");
      const rec = (sink.record ? parseObject : parseEntry)(
        text.charCodeAt(0) === 0xfeff ? text.slice(1) : text,
      );
      if (rec.kind === "rec" && endsWithNewline) {
        // A complete entry whose newline has not been written (hand-edited file): load it as Rho does,
        // through the same path as any other line (BOM, UTF-8 check, unknown types).
        line++;
        linesRead++;
        handleLine(carry, 0, carry.length, line, sink, carryStart);
        end = { offset: pos, line, endsWithNewline: false };
      } else if (endsWithNewline ? text.trim() !== "" : !JSON_SPACE.test(text)) {
        // After an entry applied without its newline, the unfinished text continues that same line.
        tornTail = { line: endsWithNewline ? line + 1 : line, offset: carryStart, text: preview(text) };
      }
    }
    return { end, tornTail, bytesRead: pos - from.offset, linesRead };
  }
}

type Parsed =
  | { kind: "rec"; value: Record<string, unknown> }
  | { kind: "blank" }
  | { kind: "bad"; reason: string };

/** A line's JSON object (no entry checks). */
function parseObject(text: string): Parsed {
  if (text.trim() === "") return { kind: "blank" };
  const parsed = parseJson(text);
  if (!parsed.ok) return { kind: "bad", reason: parsed.reason };
  const value = parsed.value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return {
      kind: "bad",
      reason: `not an object (${value === null ? "null" : Array.isArray(value) ? "array" : typeof value})`,
    };
  }
  return { kind: "rec", value: value as Record<string, unknown> };
}

function parseEntry(text: string): Parsed {
  const p = parseObject(text);
  if (p.kind !== "rec") return p;
  const o = p.value;
  if (typeof o.type !== "string" || o.type === "") return { kind: "bad", reason: "missing type" };
  if (typeof o.id !== "string" || o.id === "") return { kind: "bad", reason: "missing id" };
  return { kind: "rec", value: o };
}

/** Types whose fold needs the parsed fields right away (keys and tombstone targets); all others keep only
 *  the line's text and parse again on demand, which holds a large brain in about half the memory. */
const KEEP_PARSED = new Set(["tombstone", "identity", "user", "meta"]);

function toRec(o: Record<string, unknown>, line: number, text: string): Rec {
  const created = typeof o.created === "string" ? Date.parse(o.created) : Number.NaN;
  const type = o.type as string;
  if (KEEP_PARSED.has(type)) return new Rec(o.id as string, type, line, created, undefined, o as never);
  const flags = flagsOf(o);
  const projectPath = typeof o.projectPath === "string" ? o.projectPath : undefined;
  const last = text.charCodeAt(text.length - 1);
  const raw = last === 0x0d || last === 0x20 || last === 0x09 ? text.trimEnd() : text;
  return new Rec(o.id as string, type, line, created, raw, undefined, flags, projectPath);
}

function handleLine(
  chunk: Buffer,
  start: number,
  end: number,
  line: number,
  sink: ScanSink,
  offset: number,
): void {
  let text = chunk.toString("utf8", start, end);
  if (text.includes("\uFFFD")) {
    try {
      strictUtf8.decode(chunk.subarray(start, end));
    } catch {
      sink.bad({ line, reason: "invalid UTF-8", text: preview(text) });
      return;
    }
  }
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
    sink.warning(line, "UTF-8 byte order mark ignored");
  }
  if (sink.record) {
    const v = parseObject(text);
    if (v.kind === "rec") sink.record(v.value, line, text, offset);
    else if (v.kind === "bad") sink.bad({ line, reason: v.reason, text: preview(text) });
    return;
  }
  const p = parseEntry(text);
  if (p.kind === "blank") return;
  if (p.kind === "bad") {
    sink.bad({ line, reason: p.reason, text: preview(text) });
    return;
  }
  if (!isEntryType(p.value.type) && !sink.accepts?.(p.value.type as string)) {
    sink.unknownType(line, p.value.type as string);
    return;
  }
  // A field of the wrong JSON type would reach readers that assume the registry's types.
  const wrong = shapeProblem(p.value);
  if (wrong) {
    sink.bad({ line, reason: wrong, text: preview(text) });
    return;
  }
  sink.rec(toRec(p.value, line, text), { offset, bytes: end - start, value: p.value });
}

/**
 * Why a reader would not fold this line as an entry of a known type (null when it would): the write gate's
 * last check, so no line the scanner would report as bad is ever appended — an acknowledged write stays
 * readable.
 */
export function lineProblem(text: string): string | null {
  const p = parseEntry(text);
  if (p.kind === "blank") return "empty line";
  if (p.kind === "bad") return p.reason;
  if (!isEntryType(p.value.type)) return `unknown type "${String(p.value.type)}"`;
  return shapeProblem(p.value);
}
