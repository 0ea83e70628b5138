import * as fs from "node:fs";
import { parseJson } from "../../core/safe-json.ts";

/**
 * JSONL framing for text that is not one of the brain's logs (a host's transcript read in memory, the tail of
 * a log read for a glance): split on "\n" only, each line parsed with the depth limit every reader uses,
 * objects kept, anything else a problem with its line number. The brain's own logs go through scan.ts.
 */
export interface TextLine {
  line: number;
  value: Record<string, unknown>;
}

export function jsonObjectLines(
  text: string,
  problem: (line: number, reason: string) => void,
  lineOffset = 0,
): TextLine[] {
  const out: TextLine[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] as string).trim();
    if (!raw) continue;
    const line = lineOffset + i + 1;
    const r = parseJson(raw);
    if (!r.ok) problem(line, r.reason);
    else if (r.value && typeof r.value === "object" && !Array.isArray(r.value))
      out.push({ line, value: r.value as Record<string, unknown> });
    else problem(line, "not a JSON object");
  }
  return out;
}

/** The JSON objects on the whole lines in the last `bytes` of a file (bad lines skipped); [] when unreadable. */
export function tailObjects(path: string, bytes: number): Record<string, unknown>[] {
  let fd: number;
  try {
    fd = fs.openSync(path, "r");
  } catch {
    return [];
  }
  try {
    const size = fs.fstatSync(fd).size;
    const start = Math.max(0, size - bytes);
    const buf = Buffer.alloc(size - start);
    let got = 0;
    while (got < buf.length) {
      const n = fs.readSync(fd, buf, got, buf.length - got, start + got);
      if (n === 0) break;
      got += n;
    }
    let text = buf.toString("utf8", 0, got);
    if (start > 0) text = text.slice(text.indexOf("\n") + 1); // the first line is cut: skip it
    return jsonObjectLines(text, () => {}).map((l) => l.value);
  } finally {
    fs.closeSync(fd);
  }
}
