import * as fs from "node:fs";

/**
 * Reading a growing JSONL file from a byte offset in bounded pieces, a fixed-size chunk at a time, so no line
 * is ever loaded whole when it is longer than the cap (issue 21: one 200 MB transcript line took the learner to
 * 5 GB). A piece holds the complete lines from `from` within `max` bytes (or the first line alone, when it is
 * longer than `max` but within `maxLine`); a line longer than `maxLine` is passed over, streamed past without
 * being kept, and leaves an empty line in its place (so line numbers, and turn ids made from them, stay the
 * same). A piece that ends inside such a line with no newline yet moves the cursor into it (`inLongLine`: its
 * bytes so far, to pass to the next read); a line still being written within the cap is left for later.
 */
export interface Piece {
  text: string;
  /** How far the cursor moves. */
  bytes: number;
  /** Newlines passed (passed-over lines included). */
  lines: number;
  /** Lines passed over: their index among this piece's lines and their length (newline not counted). */
  skipped: { index: number; bytes: number }[];
  /** The piece ends inside a line over the cap, with no newline yet: that line's bytes so far. */
  inLongLine?: number;
}

export interface PieceOptions {
  /** Bytes one piece reads at most (beyond one line within the cap). */
  max: number;
  /** Longest line kept, in bytes (newline not counted). */
  maxLine: number;
  /** The previous piece ended inside a line over the cap: its bytes so far. */
  inLongLine?: number;
  /** Bytes read at a time (tests make it small to cross chunk edges). */
  chunk?: number;
}

const CHUNK = 64 * 1024;
const NL = Buffer.from("\n");

export function readPiece(path: string, from: number, o: PieceOptions): Piece {
  const max = Math.max(1, o.max);
  const fd = fs.openSync(path, "r");
  try {
    const size = fs.fstatSync(fd).size;
    const step = Math.max(1, o.chunk ?? CHUNK);
    const chunk = Buffer.allocUnsafe(step);
    const kept: Buffer[] = [];
    const skipped: Piece["skipped"] = [];
    let line: Buffer[] = [];
    let lineBytes = 0;
    let long = o.inLongLine;
    let lines = 0;
    let done = from;
    let pos = from;
    const piece = (bytes: number, inLongLine?: number): Piece => ({
      text: Buffer.concat(kept).toString("utf8"),
      bytes,
      lines,
      skipped,
      ...(inLongLine !== undefined ? { inLongLine } : {}),
    });
    while (pos < size) {
      const n = fs.readSync(fd, chunk, 0, Math.min(step, size - pos), pos);
      if (n === 0) break;
      const view = chunk.subarray(0, n);
      for (let i = 0; i < n; ) {
        const nl = view.indexOf(10, i);
        const end = nl < 0 ? n : nl;
        if (long !== undefined) long += end - i;
        else if (lineBytes + end - i > o.maxLine) {
          long = lineBytes + end - i;
          line = [];
          lineBytes = 0;
        } else if (end > i) {
          line.push(Buffer.from(view.subarray(i, end)));
          lineBytes += end - i;
        }
        if (nl < 0) break;
        const lineEnd = pos + nl + 1;
        if (long !== undefined) {
          skipped.push({ index: lines, bytes: long });
          kept.push(NL);
          long = undefined;
        } else {
          // A complete line that would take the piece past its budget waits for the next piece.
          if (lines > 0 && lineEnd - from > max) return piece(done - from);
          kept.push(...line, NL);
          line = [];
          lineBytes = 0;
        }
        lines++;
        done = lineEnd;
        if (done - from >= max) return piece(done - from);
        i = nl + 1;
      }
      pos += n;
      // Inside a line over the cap: the cursor moves into it once the budget is spent.
      if (long !== undefined && pos - from >= max) return piece(pos - from, long);
    }
    return long !== undefined ? piece(pos - from, long) : piece(done - from);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The complete lines of `path` from byte `from`, at most `max` bytes (or one line, if a single line is
 * longer): a line still being written (no newline yet) is left for the next read. `bytes` is how far the
 * returned text reaches; `lines` how many lines it holds.
 */
export function readLines(
  path: string,
  from: number,
  max: number,
): { text: string; bytes: number; lines: number } {
  const p = readPiece(path, from, { max, maxLine: Number.POSITIVE_INFINITY });
  return { text: p.text, bytes: p.bytes, lines: p.lines };
}
